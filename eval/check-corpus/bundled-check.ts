/**
 * The decision the corpus scores: the full action-review pipeline, `check()`, with the real shell analyzer,
 * the bundled default policy (rules/check-*.json) and no config (every `[check]` key at its default), as
 * `gavel hook claude-code` runs it in a workspace without gavel.toml. `block` is deny or escalate. Reads the
 * three rule files once.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CheckRequest, type CompiledPolicy, check, compilePolicy, emptyContext } from '../../src/check';
import { type Config, tableSettings } from '../../src/config';
import { systemClock } from '../../src/core';
import { analyzeShell } from '../../src/shell';
import type { Where } from './corpus-case';

export type Decide = (command: string, where: Where) => Promise<'allow' | 'block'>;

function defaultCheckConfig(): Config['check'] {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of tableSettings('check')) out[key] = spec.default;
  return out as Config['check'];
}

/**
 * The bundled policy with every `[check]` key at its default; throws when a bundled rule file does not compile.
 * `byName`: `script_files = "name"`, for cases that describe commands without a workspace (no file is read, a
 * script is judged by its name); a request with no reader under the default is unknown wherever a file counts.
 */
export function bundledPolicy(
  root: string,
  byName = false,
  settings: Partial<Config['check']> = {},
): CompiledPolicy {
  const read = (name: string): unknown => JSON.parse(readFileSync(join(root, 'rules', name), 'utf8'));
  const compiled = compilePolicy({
    policyJson: read('check-policy.json'),
    floorJson: read('check-floor.json'),
    pathsJson: read('check-paths.json'),
    safeJson: read('check-safe.json'),
    check: byName
      ? { ...defaultCheckConfig(), ...settings, script_files: 'name' }
      : { ...defaultCheckConfig(), ...settings },
  });
  if (!compiled.ok) throw new Error(`bundled policy does not compile: ${compiled.problem}`);
  return compiled.policy;
}

/** `check()` on the bundled policy; throws when a bundled rule file does not compile (a broken checkout). */
export function bundledCheck(root: string): Decide {
  // The corpus runs without a file reader: its cases are commands, not workspaces.
  const deps = { analyzeShell, policy: bundledPolicy(root, true), clock: systemClock };
  return async (command, where) => {
    const request: CheckRequest = {
      toolName: 'Bash',
      input: { kind: 'shell', command },
      ...where,
      context: emptyContext(),
    };
    const decision = await check(request, deps);
    return decision.verdict === 'allow' ? 'allow' : 'block';
  };
}
