/**
 * The rules file in force for `gavel ask` (`--rules`, else the project's `.gavel/arbiter-rules.json`,
 * which replaces the bundled one, else the bundled rules) and `gavel ask rules validate [FILE]`.
 * Reads the files; validation is the arbiter's (loadRules, parseRules).
 */

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import bundledRules from '../../../../../rules/arbiter-rules.json' with { type: 'json' };
import { ASK_INPUT_LIMITS, formatRulesProblem, loadRules, parseRules, type RulesLoad } from '../../../../ask';
import { loadConfig } from '../../../../config';
import { EXIT } from '../../../../core';
import { readRegularFile } from '../../../../reader';
import type { CommandContext, ParsedArgs } from '../../command';
import { readText, refusalText } from './ask-files';

export const PROJECT_RULES = join('.gavel', 'arbiter-rules.json');

export function bundledRulesLoad(): RulesLoad {
  return loadRules(bundledRules);
}

/** The rules in force: `--rules`, else the project's file (which replaces the bundled one), else bundled. */
export function rulesInForce(
  ctx: CommandContext,
  root: string,
  flag: string | undefined,
): { load: RulesLoad; label: string } {
  const file = flag !== undefined ? resolve(ctx.cwd, flag) : join(root, PROJECT_RULES);
  if (flag === undefined && !existsSync(file)) return { load: bundledRulesLoad(), label: 'bundled rules' };
  // A FIFO, device or oversized file planted as the rules file is refused before it is read: rules-invalid.
  const read = readRegularFile(file, ASK_INPUT_LIMITS.rules);
  if (!read.ok) {
    const message = refusalText(read, ASK_INPUT_LIMITS.rules);
    return { load: { ok: false, problem: { path: '', message } }, label: file };
  }
  return { load: parseRules(read.text), label: file };
}

export function validateRules(ctx: CommandContext, args: ParsedArgs, fileArg: string | undefined): number {
  const root = loadConfig({ cwd: ctx.cwd, env: ctx.env }).projectRoot;
  const projectFile = join(root, PROJECT_RULES);
  let load: RulesLoad;
  let label: string;
  if (fileArg !== undefined) {
    label = resolve(ctx.cwd, fileArg);
    load = parseRules(readText(label, 'rules file', ASK_INPUT_LIMITS.rules));
  } else if (existsSync(projectFile)) {
    label = projectFile;
    load = rulesInForce(ctx, root, undefined).load;
  } else {
    label = 'bundled rules';
    load = bundledRulesLoad();
  }
  if (!load.ok) {
    ctx.stderr.write(`${label}: ${formatRulesProblem(load.problem)}\n`);
    return EXIT.configInvalid;
  }
  const r = load.rules;
  if (args.values.json === true) {
    ctx.stdout.write(
      `${JSON.stringify({ file: label, version: r.version, sha256: r.sha256, rules: r.rules.length, notices: load.notices })}\n`,
    );
  } else {
    ctx.stdout.write(`${label}: valid, version ${r.version}, sha256 ${r.sha256}, ${r.rules.length} rules\n`);
    for (const n of load.notices) ctx.stderr.write(`${label}: note: ${n}\n`);
  }
  return EXIT.ok;
}
