/**
 * The permission rules of a compiled policy that can match a target of one kind and tool name, in the policy's
 * order: computed once per policy, kind and tool name (they depend on nothing else), so that a request tests
 * only those (a shell command skipped every bundled bare-tool rule, `TodoWrite`, `Task`, ..., one by one).
 * Pure; the memo is bounded (tool names come from the harness).
 */

import { type RuleTarget, ruleMayMatch } from '../rules/permission-rule';
import type { SourcedRule } from './compiled-policy';

const MAX_KEYS = 64;
const byRules = new WeakMap<readonly SourcedRule[], Map<string, readonly SourcedRule[]>>();

export function candidateRules(rules: readonly SourcedRule[], target: RuleTarget): readonly SourcedRule[] {
  let memo = byRules.get(rules);
  if (!memo) {
    memo = new Map();
    byRules.set(rules, memo);
  }
  const key = `${target.kind}\u0000${target.toolName}`;
  let found = memo.get(key);
  if (!found) {
    found = rules.filter((r) => ruleMayMatch(r.rule, target.kind, target.toolName));
    if (memo.size >= MAX_KEYS) memo.clear();
    memo.set(key, found);
  }
  return found;
}
