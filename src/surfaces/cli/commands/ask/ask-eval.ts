/**
 * `gavel ask eval [--rules FILE] [--model ...]`: runs the ask runtime's eval (runPackageAskEval) and prints
 * the report (text or JSON); exit 10 when the eval fails, 3 when the rules are invalid. Renders only.
 */

import { renderEvalReport } from '../../../../ask';
import { EXIT } from '../../../../core';
import { runPackageAskEval } from '../../../../runtime';
import type { CommandContext, ParsedArgs } from '../../command';
import { str } from './ask-question';

export async function runEval(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const run = await runPackageAskEval({
    cwd: ctx.cwd,
    clock: ctx.clock,
    rulesFile: str(args, 'rules'),
    model: str(args, 'model'),
  });
  if (!run.ok) {
    ctx.stderr.write(`${run.problem}\n`);
    return EXIT.configInvalid;
  }
  const report = run.report;
  ctx.stdout.write(args.values.json === true ? `${JSON.stringify(report)}\n` : renderEvalReport(report));
  return report.passed ? EXIT.ok : EXIT.deny;
}
