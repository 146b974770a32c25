/**
 * Runs the `match`/`not_match` examples of every argument rule through the shell analysis and the rule, so a
 * rule file whose examples fail does not load. A `match` example must have every segment matched by the rule;
 * a `not_match` example must have none. Examples run in a fixed example workspace (below) so they mean the same
 * on every machine. Pure apart from the injected analyzer.
 */

import type { Basis } from '../../core';
import type { AnalyzeShell, ShellEnv } from '../../shell';
import { type InScope, matchArgumentRule } from '../rules/argument-rule';
import type { CompiledPolicy } from './compiled-policy';

/** The example workspace; the path table and sensitive additions come from the policy. */
export const EXAMPLE_ENV: Omit<ShellEnv, 'paths'> = {
  cwd: '/workspace/project',
  home: '/home/user',
  workspaceRoots: ['/workspace/project'],
  tempDirs: ['/tmp'],
};

/**
 * At most this many examples of a config's rules are checked at load, over all its rules (bounded time: each costs a shell
 * analysis, ~0.1 ms of CPU; a repository config of 900 KB held 14,639). More makes the config invalid.
 */
export const MAX_EXAMPLES = 1000;
/** And at most this many characters of them in all (analysis grows with the text: ~1 s of CPU per 100,000). */
export const MAX_EXAMPLE_CHARS = 50_000;

export type { AnalyzeShell };

export type ExamplesResult =
  | { ok: true }
  | { ok: false; basis: Extract<Basis, 'rules-invalid' | 'config-invalid'>; problem: string };

export interface ExamplesOptions {
  /** Whose rules to check; all by default. The hook checks only `config` (see load-runtime.ts). */
  sources?: readonly ('bundled' | 'config')[];
}

export async function checkExamples(
  policy: CompiledPolicy,
  analyzeShell: AnalyzeShell,
  options: ExamplesOptions = {},
): Promise<ExamplesResult> {
  const env: ShellEnv = {
    ...EXAMPLE_ENV,
    paths: policy.paths,
    sensitivePaths: policy.sensitive,
    statedHosts: policy.statedHosts,
    packageSources: policy.packageSources,
  };
  const inScope: InScope = (scope, cls) => scope === cls;
  // The bundled examples are checked by the test suite, never at load: only a config's count is bounded.
  const examples = policy.argumentRules
    .filter(({ source }) => source === 'config' && (!options.sources || options.sources.includes(source)))
    .flatMap(({ spec }) => [...(spec.match ?? []), ...(spec.not_match ?? [])]);
  const chars = examples.reduce((n, e) => n + e.length, 0);
  if (examples.length > MAX_EXAMPLES || chars > MAX_EXAMPLE_CHARS) {
    return {
      ok: false,
      basis: 'config-invalid',
      problem: `\`check.rules\`: ${examples.length} examples of ${chars} characters, more than the ${MAX_EXAMPLES} examples or ${MAX_EXAMPLE_CHARS} characters checked at load`,
    };
  }
  for (const { spec, source } of policy.argumentRules) {
    if (options.sources && !options.sources.includes(source)) continue;
    const where =
      source === 'bundled'
        ? `rules/check-policy.json: rule \`${spec.id}\``
        : `\`check.rules\`: rule \`${spec.id}\``;
    const basis: Extract<Basis, 'rules-invalid' | 'config-invalid'> =
      source === 'bundled' ? 'rules-invalid' : 'config-invalid';
    for (const [examples, want] of [
      [spec.match ?? [], true],
      [spec.not_match ?? [], false],
    ] as const) {
      for (const [i, example] of examples.entries()) {
        const analysis = await analyzeShell(example, env);
        const hits = analysis.segments.map((s) => matchArgumentRule(spec, s, inScope));
        const ok = want ? hits.length > 0 && hits.every(Boolean) : !hits.some(Boolean);
        if (!ok) {
          const list = want ? 'match' : 'not_match';
          return {
            ok: false,
            basis,
            problem: `${where}: example ${list}[${i}] ${want ? 'is not matched' : 'is matched'} by the rule`,
          };
        }
      }
    }
  }
  return { ok: true };
}
