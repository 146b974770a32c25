/**
 * Masks secret-looking text before any of it reaches a model: the unit's files, the attached conventions,
 * rubric and trap text. Uses the one shared redaction (`redactSecrets` from audit: tokens, keys, JWTs,
 * credential assignments, URL credentials, long encoded runs) line by line, so line numbers stay those of
 * the file, plus the literal values the caller names (the configured API key). The quote verifier checks
 * quotes against the masked text, which is the text really sent. Pure.
 * INVARIANT: never adds or removes a line; never returns a named secret value.
 */

import { redactSecrets } from '../../audit';
import type { Unit } from '../types';

/** Values shorter than this are not masked literally: they would mask ordinary words. */
const MIN_LITERAL = 8;

export function maskText(text: string, literals: readonly string[] = []): string {
  const named = literals.filter((v) => v.length >= MIN_LITERAL);
  return text
    .split('\n')
    .map((line) => {
      let out = line;
      for (const v of named) out = out.split(v).join('[redacted:configured-key]');
      return redactSecrets(out);
    })
    .join('\n');
}

/** The unit as it is sent: every readable file's text masked, nothing else changed. */
export function maskUnit(unit: Unit, literals: readonly string[] = []): Unit {
  return {
    ...unit,
    files: unit.files.map((f) => (f.text === undefined ? f : { ...f, text: maskText(f.text, literals) })),
  };
}
