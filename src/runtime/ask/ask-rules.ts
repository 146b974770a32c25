/**
 * The arbiter rules in force for the ask runtime (a rules file named by the caller, else the project's
 * `.gavel/arbiter-rules.json`, which replaces the bundled one, else the bundled rules), and the rules a
 * validation names. Reads the files; validation is the arbiter's (loadRules, parseRules); prints nothing.
 */

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import bundledRules from '../../../rules/arbiter-rules.json' with { type: 'json' };
import { ASK_INPUT_LIMITS, loadRules, parseRules, type RulesLoad } from '../../ask';
import { loadConfig } from '../../config';
import { readRegularFile } from '../../reader';
import { readText, refusalText } from './ask-files';

export const PROJECT_RULES = join('.gavel', 'arbiter-rules.json');

/** A rules load and what to call it in a message: the file's path, or `bundled rules`. */
export interface RulesInForce {
  load: RulesLoad;
  label: string;
}

export function bundledRulesLoad(): RulesLoad {
  return loadRules(bundledRules);
}

/** The rules in force: `file` (from `cwd`), else the project's file (which replaces the bundled one), else bundled. */
export function rulesInForce(cwd: string, root: string, file: string | undefined): RulesInForce {
  const path = file !== undefined ? resolve(cwd, file) : join(root, PROJECT_RULES);
  if (file === undefined && !existsSync(path)) return { load: bundledRulesLoad(), label: 'bundled rules' };
  // A FIFO, device or oversized file planted as the rules file is refused before it is read: rules-invalid.
  const read = readRegularFile(path, ASK_INPUT_LIMITS.rules);
  if (!read.ok) {
    const message = refusalText(read, ASK_INPUT_LIMITS.rules);
    return { load: { ok: false, problem: { path: '', message } }, label: path };
  }
  return { load: parseRules(read.text), label: path };
}

/**
 * The rules `gavel ask rules validate [FILE]` checks: FILE (a file that cannot be read is a usage error),
 * else the project's rules file, else the bundled rules.
 */
export function rulesToValidate(
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
  file: string | undefined,
): RulesInForce {
  if (file !== undefined) {
    const label = resolve(cwd, file);
    return { label, load: parseRules(readText(label, 'rules file', ASK_INPUT_LIMITS.rules)) };
  }
  const root = loadConfig({ cwd, env }).projectRoot;
  const projectFile = join(root, PROJECT_RULES);
  if (existsSync(projectFile)) return { label: projectFile, load: rulesInForce(cwd, root, undefined).load };
  return { label: 'bundled rules', load: bundledRulesLoad() };
}
