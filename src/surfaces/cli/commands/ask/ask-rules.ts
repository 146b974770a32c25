/**
 * `gavel ask rules validate [FILE]`: prints the version and sha256 of the rules the ask runtime names
 * (FILE, else the project's, else the bundled rules), or the problem with exit 3. Decides nothing.
 */

import { formatRulesProblem } from '../../../../ask';
import { EXIT } from '../../../../core';
import { rulesToValidate } from '../../../../runtime';
import type { CommandContext, ParsedArgs } from '../../command';

export function validateRules(ctx: CommandContext, args: ParsedArgs, fileArg: string | undefined): number {
  const { load, label } = rulesToValidate(ctx.cwd, ctx.env, fileArg);
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
