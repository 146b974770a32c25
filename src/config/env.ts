/**
 * GAVEL_* environment variables as a user-scope config document. Pure: takes the environment as a value.
 * An unknown GAVEL_* variable is a problem, not silence: a typo in a security setting must not pass unseen.
 */

import type { ConfigProblem } from './problem';
import { TABLE_NAMES, tableSettings } from './spec';
import { type DocumentResult, validateDocument } from './validate-document';

/** GAVEL_* variables that are not settings: read elsewhere, known here so they are not refused. */
export const OTHER_GAVEL_VARIABLES: readonly string[] = [
  'GAVEL_DEBUG', // print stacks of internal errors
  'GAVEL_RUN_ID', // the run a `gavel ask` question belongs to (call cap, cache, answers file)
  'GAVEL_HOOK_DEADLINE_MS', // lowers a hook's 20 s deadline (src/runtime/check/deadline.ts)
  'GAVEL_HOOK_SOCKET', // `off`, or how long a hook waits for `gavel serve --socket` (ADR 0040)
  'GAVEL_SOCKET_DIR', // the folder of that socket (src/surfaces/harness/socket-path.ts)
  'GAVEL_TEST_FAULT', // fault injection of the hook fail-closed tests; only ever makes an answer stricter
];

export const ENVIRONMENT = 'environment';

export function envVariables(): Map<string, { table: string; key: string; parse: (raw: string) => unknown }> {
  const map = new Map<string, { table: string; key: string; parse: (raw: string) => unknown }>();
  for (const table of TABLE_NAMES) {
    for (const [key, spec] of tableSettings(table)) {
      if (spec.env) map.set(spec.env.name, { table, key, parse: spec.env.parse });
    }
  }
  return map;
}

export function readEnvDocument(env: Readonly<Record<string, string | undefined>>): DocumentResult {
  const known = envVariables();
  const doc: Record<string, Record<string, unknown>> = {};
  const names = Object.keys(env)
    .filter((n) => n.startsWith('GAVEL_'))
    .sort();
  for (const name of names) {
    const raw = env[name];
    if (raw === undefined || OTHER_GAVEL_VARIABLES.includes(name)) continue;
    const target = known.get(name);
    if (!target) {
      const problem: ConfigProblem = {
        file: ENVIRONMENT,
        keyPath: name,
        message: `unknown variable (known: ${[...known.keys(), ...OTHER_GAVEL_VARIABLES].sort().join(', ')})`,
      };
      return { ok: false, problem };
    }
    const table = doc[target.table] ?? {};
    table[target.key] = target.parse(raw);
    doc[target.table] = table;
  }
  const result = validateDocument(doc, ENVIRONMENT, 'user');
  if (result.ok) return result;
  // Name the variable, not the table key, so the person knows what to change.
  const byKey = [...known.entries()].find(([, t]) => `${t.table}.${t.key}` === result.problem.keyPath);
  return byKey ? { ok: false, problem: { ...result.problem, keyPath: byKey[0] } } : result;
}
