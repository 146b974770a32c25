/**
 * `gavel ask log [--run-id ID] [--format json]`: prints the arbiter's records the ask runtime reads (readAskLog):
 * the last thirty (time in UTC to the millisecond, kind, verdict, rule, basis, run) and the counts asked /
 * escalated / denied, and an end note when the newest answer was an escalate (a run that stopped there needs a
 * person). `--format json` (`--json`) prints one JSON array of those rows, like `gavel log --json`; the counts
 * and the note then go to stderr. Renders only.
 */

import { EXIT } from '../../../../core';
import { LOG_WINDOW, readAskLog } from '../../../../runtime';
import type { CommandContext, ParsedArgs } from '../../command';
import { renderTable } from '../../table';
import { shortTime } from '../log-command';
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
  const window = windowed ? ` (last ${LOG_WINDOW})` : '';
  const bad = unreadable > 0 ? ` \u00b7 ${unreadable} unreadable lines` : '';
  const counts = `arbiter ${summary.asked} asked \u00b7 ${summary.escalated} escalated \u00b7 ${summary.denied} denied${window}${bad}`;
  if (args.values.json === true) {
    // One JSON array, as `gavel log --json`: every key on every row (`ruleId` null when none).
    const rows = summary.rows.map((r) => ({
      time: r.time,
      kind: r.kind,
      verdict: r.verdict,
      ruleId: r.ruleId ?? null,
      basis: r.basis,
      runId: r.runId,
    }));
    ctx.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    ctx.stderr.write(`gavel ask log: ${counts}\n`);
    if (endNote) ctx.stderr.write(`gavel ask log: ${endNote}\n`);
    return EXIT.ok;
  }
  if (summary.rows.length > 0) {
    ctx.stdout.write(
      renderTable(summary.rows, [
        { header: 'time (UTC)', cell: (r) => shortTime(r.time) },
        { header: 'kind', cell: (r) => r.kind ?? '-' },
        { header: 'verdict', cell: (r) => r.verdict },
        { header: 'rule', cell: (r) => r.ruleId ?? '-' },
        { header: 'basis', cell: (r) => r.basis },
        { header: 'run', cell: (r) => r.runId ?? '-' },
      ]),
    );
  }
  ctx.stdout.write(`${counts}\n`);
  if (endNote) ctx.stdout.write(`${endNote}\n`);
  return EXIT.ok;
}
