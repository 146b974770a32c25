/**
 * `gavel ask log [--run-id ID] [--json]`: prints the arbiter's records the ask runtime reads (readAskLog):
 * the last thirty (time, kind, verdict, rule, basis) and the counts asked / escalated / denied, and an end
 * note when the newest answer was an escalate (a run that stopped there needs a person). Renders only.
 */

import { EXIT } from '../../../../core';
import { LOG_WINDOW, readAskLog } from '../../../../runtime';
import type { CommandContext, ParsedArgs } from '../../command';
import { renderTable } from '../../table';
import { str } from './ask-question';

export function showLog(ctx: CommandContext, args: ParsedArgs): number {
  const runId = str(args, 'run-id');
  const { summary, file, unreadable, windowed } = readAskLog({ cwd: ctx.cwd, env: ctx.env, runId });
  // The end-of-run note: when the newest answer escalated, say so, so an unattended run that stopped there
  // is not mistaken for one that finished.
  const last = summary.rows.at(-1);
  const endNote =
    last?.verdict === 'escalate'
      ? `the arbiter's last answer${runId !== undefined ? ' in this run' : ''} was an escalate: ${last.kind ?? 'unknown'} escalate (${last.basis}); a person has to decide; the records are in \`${file}\``
      : undefined;
  if (args.values.json === true) {
    ctx.stdout.write(`${JSON.stringify({ ...summary, unreadable, endNote: endNote ?? null })}\n`);
    return EXIT.ok;
  }
  if (summary.rows.length > 0) {
    ctx.stdout.write(
      renderTable(summary.rows, [
        { header: 'time', cell: (r) => r.time },
        { header: 'kind', cell: (r) => r.kind ?? '-' },
        { header: 'verdict', cell: (r) => r.verdict },
        { header: 'rule', cell: (r) => r.ruleId ?? '-' },
        { header: 'basis', cell: (r) => r.basis },
      ]),
    );
  }
  const window = windowed ? ` (last ${LOG_WINDOW})` : '';
  const bad = unreadable > 0 ? ` \u00b7 ${unreadable} unreadable lines` : '';
  ctx.stdout.write(
    `arbiter ${summary.asked} asked \u00b7 ${summary.escalated} escalated \u00b7 ${summary.denied} denied${window}${bad}\n`,
  );
  if (endNote) ctx.stdout.write(`${endNote}\n`);
  return EXIT.ok;
}
