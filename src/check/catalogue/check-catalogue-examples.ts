/**
 * Runs the `safe` and `not_safe` examples of every catalogue entry through the real shell analysis and the
 * catalogue: a `safe` example must have every segment known safe (nothing uncertain, no category, no variable that
 * runs code) and the entry must know at least one of them (an earlier entry of the same program may know it first);
 * a `not_safe` example must not be known safe by the catalogue as a whole.
 * The bundled catalogue ships with the package: gavel's test suite runs these on every build, never a hook.
 * Pure apart from the injected analyzer.
 */

import type { ShellAnalysis, ShellEnv } from '../../shell';
import { CATALOGUE_FILE, type Catalogue } from './compile-catalogue';
import { entryMatches, matchSegment, programVariables, segmentArgs, variablesInert } from './match-segment';

export type Analyze = (command: string, env: ShellEnv) => Promise<ShellAnalysis>;

/** Does the catalogue know every segment of the analysed command safe? */
export function knownSafe(catalogue: Catalogue, analysis: ShellAnalysis): boolean {
  if (analysis.uncertain.length > 0 || analysis.hits.length > 0) return false;
  const variables = programVariables(
    catalogue,
    analysis.variables ?? [],
    analysis.unexported,
    analysis.builtinScoped,
  );
  if (!variablesInert(catalogue, variables, analysis.variableValues)) return false;
  if (analysis.segments.length === 0) return false;
  return analysis.segments.every(
    (s, i) => matchSegment(catalogue, s, analysis.segments[i + 1]) !== undefined,
  );
}

export async function checkCatalogueExamples(
  catalogue: Catalogue,
  analyze: Analyze,
  env: ShellEnv,
): Promise<{ ok: true } | { ok: false; problem: string }> {
  for (const e of catalogue.entries) {
    const where = `${CATALOGUE_FILE}: entry \`${e.id}\``;
    for (const [i, example] of e.source.safe.entries()) {
      const analysis = await analyze(example, env);
      const byEntry = analysis.segments.some(
        (s) =>
          s.program !== undefined &&
          e.source.programs.includes(s.program) &&
          entryMatches(e, segmentArgs(s), catalogue),
      );
      if (!knownSafe(catalogue, analysis) || !byEntry)
        return { ok: false, problem: `${where}: example safe[${i}] is not known safe by the entry` };
    }
    for (const [i, example] of (e.source.not_safe ?? []).entries()) {
      if (knownSafe(catalogue, await analyze(example, env)))
        return { ok: false, problem: `${where}: example not_safe[${i}] is known safe` };
    }
  }
  return { ok: true };
}
