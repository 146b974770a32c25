/**
 * Loads and checks rules/route-signals.json: file classes, lockfiles, scales, floors and the phrase
 * patterns for author uncertainty and approval claims. Pure: takes the parsed JSON, reads no file.
 * INVARIANT: a rules file that fails validation, holds a bad pattern, or whose examples do not hold is
 * refused whole (RouteRulesError), never half used.
 */

import picomatch from 'picomatch';
import * as z from 'zod/mini';
import agentConfigPaths from '../../rules/agent-config-paths.json' with { type: 'json' };
import { GavelError, OUTCOMES, type Outcome } from '../core';
import { SECURITY_KINDS, SIGNAL_IDS, type SignalId } from './types';

type RuleKind = (typeof SECURITY_KINDS)[number];

export class RouteRulesError extends GavelError {
  constructor(message: string) {
    super('rules-invalid', message);
  }
}

export interface PhraseRule {
  id: string;
  pattern: RegExp;
}

export interface SignalRules {
  version: number;
  security: Record<RuleKind, string[]>;
  generated: string[];
  tests: string[];
  docs: string[];
  lockfiles: string[];
  scales: {
    size_lines_low: number;
    size_lines_high: number;
    breadth_files_low: number;
    breadth_files_high: number;
    code_without_tests_min_lines: number;
    per_item_cap: number;
    disagreement_cap: number;
    critical_block_confidence: number;
    sure_finding_confidence: number;
  };
  floors: Partial<Record<SignalId, Outcome>>;
  uncertainty: PhraseRule[];
  approvalClaims: PhraseRule[];
}

const globs = () => z.array(z.string().check(z.minLength(1)));
const phrases = () =>
  z.array(z.strictObject({ id: z.string().check(z.regex(/^[a-z0-9-]+$/)), pattern: z.string() }));
const count = () => z.int().check(z.minimum(0));

const Schema = z.strictObject({
  version: z.int().check(z.minimum(1)),
  classes: z.strictObject({
    security: z.strictObject(
      Object.fromEntries(SECURITY_KINDS.map((k) => [k, globs()])) as Record<
        RuleKind,
        ReturnType<typeof globs>
      >,
    ),
    generated: globs(),
    tests: globs(),
    docs: globs(),
  }),
  lockfiles: globs(),
  scales: z.strictObject({
    size_lines_low: count(),
    size_lines_high: count(),
    breadth_files_low: count(),
    breadth_files_high: count(),
    code_without_tests_min_lines: count(),
    per_item_cap: count(),
    disagreement_cap: count(),
    critical_block_confidence: z.number().check(z.minimum(0), z.maximum(1)),
    sure_finding_confidence: z.number().check(z.minimum(0), z.maximum(1)),
  }),
  floors: z.partialRecord(z.enum(SIGNAL_IDS), z.enum(OUTCOMES)),
  uncertainty: phrases(),
  approval_claims: phrases(),
  examples: z.array(
    z.strictObject({
      text: z.string(),
      uncertainty: z.optional(z.array(z.string())),
      approval_claims: z.optional(z.array(z.string())),
    }),
  ),
});

/** The shared list of agent-configuration paths (rules/agent-config-paths.json): globs and examples. */
export interface AgentConfigPaths {
  paths: readonly { glob: string; examples: readonly string[] }[];
}

/**
 * Loads rules/route-signals.json joined with the one shared list of agent-configuration paths, whose
 * globs join the `agent-config` class (route, judge and check read the same list). Each example of the
 * list must match its glob, else the rules are refused whole.
 */
export function loadSignalRules(
  json: unknown,
  file = 'rules/route-signals.json',
  agentPaths: AgentConfigPaths = agentConfigPaths as AgentConfigPaths,
): SignalRules {
  const parsed = Schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.map(String).join('.') : '';
    throw new RouteRulesError(`\`${file}\`: invalid at \`${where || '(root)'}\``);
  }
  const d = parsed.data;
  if (
    d.scales.size_lines_high <= d.scales.size_lines_low ||
    d.scales.breadth_files_high <= d.scales.breadth_files_low
  ) {
    throw new RouteRulesError(`\`${file}\`: each scale's high end must be above its low end`);
  }
  const security = { ...d.classes.security } as Record<RuleKind, string[]>;
  for (const [i, entry] of agentPaths.paths.entries()) {
    const match = picomatch(entry.glob, { dot: true, nocase: true });
    for (const example of entry.examples)
      if (!match(example))
        throw new RouteRulesError(`\`rules/agent-config-paths.json\`: paths.${i} does not match its example`);
  }
  security['agent-config'] = [
    ...new Set([...(security['agent-config'] ?? []), ...agentPaths.paths.map((p) => p.glob)]),
  ];
  const rules: SignalRules = {
    version: d.version,
    security,
    generated: d.classes.generated,
    tests: d.classes.tests,
    docs: d.classes.docs,
    lockfiles: d.lockfiles,
    scales: d.scales,
    floors: d.floors as Partial<Record<SignalId, Outcome>>,
    uncertainty: compile(d.uncertainty, file, 'uncertainty'),
    approvalClaims: compile(d.approval_claims, file, 'approval_claims'),
  };
  for (const [i, example] of d.examples.entries()) {
    check(rules.uncertainty, example.text, example.uncertainty, `${file}: examples.${i}.uncertainty`);
    check(
      rules.approvalClaims,
      example.text,
      example.approval_claims,
      `${file}: examples.${i}.approval_claims`,
    );
  }
  return rules;
}

function compile(list: { id: string; pattern: string }[], file: string, key: string): PhraseRule[] {
  return list.map((p, i) => {
    try {
      return { id: p.id, pattern: new RegExp(p.pattern, 'giu') };
    } catch {
      throw new RouteRulesError(`\`${file}\`: \`${key}.${i}.pattern\` is not a valid regular expression`);
    }
  });
}

function check(rules: PhraseRule[], text: string, want: string[] | undefined, where: string): void {
  if (want === undefined) return;
  const got = matchPhrases(rules, text)
    .map((m) => m.id)
    .sort();
  const expected = [...new Set(want)].sort();
  if (got.join(',') !== expected.join(',')) {
    throw new RouteRulesError(
      `\`${where}\` does not hold: matched [${got.join(', ')}], expected [${expected.join(', ')}]`,
    );
  }
}

/** Phrase ids found in `text`, each with its first match cut to 40 characters (still untrusted). */
export function matchPhrases(rules: readonly PhraseRule[], text: string): { id: string; match: string }[] {
  const out: { id: string; match: string }[] = [];
  // The whole text: a phrase after any amount of padding still counts. The patterns are held to linear
  // time by src/route/linear-time.test.ts, and every input is bounded where it is read.
  for (const rule of rules) {
    rule.pattern.lastIndex = 0;
    const m = rule.pattern.exec(text);
    if (m) out.push({ id: rule.id, match: m[0].trim().slice(0, 40) });
  }
  return out;
}
