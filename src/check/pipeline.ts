/**
 * Action review, in order: shell analysis (injected, on the request's one ShellEnv) -> facts -> sealed floor -> policy -> mode (and the
 * reviewer seam) -> Decision. Holds the order and nothing else; every stage is pure and lives in its folder.
 * Fail closed: a shell analyzer that throws ends in deny with basis `internal-error`.
 */

import { type Clock, type Decision, decide } from '../core';
import type { ShellAnalysis, ShellEnv } from '../shell';
import { argumentCommands, collectFacts, type ShellWrite, shellWriteRequests } from './facts/collect-facts';
import type { Facts } from './facts/facts';
import { scopeTest, shellEnvOf } from './facts/shell-env';
import { decideFloor, type FloorHit } from './floor/decide-floor';
import { applyMode, type ModeInput, type Reviewer } from './mode/apply-mode';
import type { AnalyzeShell } from './policy/check-examples';
import type { CompiledPolicy } from './policy/compiled-policy';
import { type Evaluation, evaluatePolicy } from './policy/evaluate-policy';
import { suggestRule } from './policy/suggest-rule';
import type { CheckRequest } from './request/request';

export interface CheckDeps {
  analyzeShell: AnalyzeShell;
  policy: CompiledPolicy;
  clock: Clock;
  reviewer?: Reviewer;
}

export interface CheckResult {
  decision: Decision;
  analysis?: ShellAnalysis;
  facts?: Facts;
  floor?: FloorHit;
  evaluation?: Evaluation;
  /** Exact rules a user could add to `[check].allow`; empty for floor and uncertainty. Holds the command: never audited. */
  suggestions: string[];
}

/** Every check, traced or not; `trace` adds the suggested rules (`check()` drops them unread). */
async function run(request: CheckRequest, deps: CheckDeps, trace: boolean): Promise<CheckResult> {
  const started = deps.clock.monotonicMs();
  const policy = deps.policy;
  let analysis: ShellAnalysis | undefined;
  let env: ShellEnv | undefined;
  const analyses: ShellAnalysis[] = [];
  const writes: ShellWrite[] = [];
  const commands = argumentCommands(request);
  if (request.input.kind === 'shell' || commands.length > 0) {
    try {
      env = shellEnvOf(request, policy);
      if (request.input.kind === 'shell') analysis = await deps.analyzeShell(request.input.command, env);
      // An MCP or unknown tool's arguments that carry a command are analysed as the shell they are.
      for (const command of commands) analyses.push(await deps.analyzeShell(command, env));
      // Literal text the command writes to a file: what that write adds is analysed as a write tool's would be.
      for (const sub of shellWriteRequests(request, analysis)) {
        const subAnalyses: ShellAnalysis[] = [];
        for (const command of argumentCommands(sub)) subAnalyses.push(await deps.analyzeShell(command, env));
        writes.push({ request: sub, analyses: subAnalyses });
      }
    } catch {
      const decision = decide({
        verdict: 'deny',
        basis: 'internal-error',
        reason: 'the shell analysis failed; nothing is allowed without it',
        policy: policy.ref,
      });
      return done({ decision, suggestions: [] }, deps.clock, started);
    }
  }
  env ??= shellEnvOf(request, policy);
  const inScope = scopeTest(policy, env);
  const facts = collectFacts(request, analysis, policy, env, inScope, analyses, writes);
  const categories = categoriesOf(facts);
  const floor = decideFloor(facts, policy.floor);
  if (floor) {
    const decision = decide({
      verdict: 'deny',
      basis: 'floor',
      reason: `the sealed floor never grants \`${floor.category}\`: ${floor.label} ${floor.reason}`,
      ruleId: `floor:${floor.category}`,
      categories,
      policy: policy.ref,
    });
    return done({ decision, analysis, facts, floor, suggestions: [] }, deps.clock, started);
  }
  const evaluation = evaluatePolicy(facts, policy, request, inScope);
  const mode: ModeInput = { request, facts, evaluation, policy, categories, reviewer: deps.reviewer };
  if (analysis) mode.analysis = analysis;
  const moded = applyMode(mode);
  const decision = moded instanceof Promise ? await moded : moded;
  const suggestions =
    trace && decision.verdict !== 'allow' && evaluation.decider.kind !== 'uncertain'
      ? suggestionsOf(facts, evaluation)
      : [];
  return done({ decision, analysis, facts, evaluation, suggestions }, deps.clock, started);
}

function done(result: CheckResult, clock: Clock, started: number): CheckResult {
  result.decision.ms = Math.max(0, Math.round(clock.monotonicMs() - started));
  return result;
}

/** The categories of every target, in target order (a Decision sorts and deduplicates them). */
function categoriesOf(facts: Facts): string[] {
  const out: string[] = [];
  for (const t of facts.targets) for (const c of t.categories) out.push(c.category);
  return out;
}

/** A rule for every target sent to review, in target order; none for a command read from a file's text. */
function suggestionsOf(facts: Facts, evaluation: Evaluation): string[] {
  const out: string[] = [];
  for (const v of evaluation.targets) {
    if (v.bucket !== 'review') continue;
    const t = facts.targets[v.target];
    const rule = t === undefined || t.fromText ? undefined : suggestRule(t.target);
    if (rule !== undefined) out.push(rule);
  }
  return out;
}

export function checkWithTrace(request: CheckRequest, deps: CheckDeps): Promise<CheckResult> {
  return run(request, deps, true);
}

export async function check(request: CheckRequest, deps: CheckDeps): Promise<Decision> {
  return (await run(request, deps, false)).decision;
}
