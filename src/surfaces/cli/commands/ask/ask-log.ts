/**
 * `gavel ask log [--run-id ID] [--json]`: the arbiter's records from the project's audit log
 * (readRecords, surface `ask`), the last thirty (time, kind, verdict, rule, basis) and the counts
 * asked / escalated / denied over the most recent LOG_WINDOW arbiter records, and an end note when the
 * newest answer was an escalate (a run that stopped there needs a person).
 */

import { LOG_ROWS, summarizeAskLog } from '../../../../ask';
import { auditLogPath, readRecords } from '../../../../audit';
import { loadConfig } from '../../../../config';
import { EXIT } from '../../../../core';
import type { CommandContext, ParsedArgs } from '../../command';
import { renderTable } from '../../table';
import { str } from './ask-files';

/** How many arbiter records the counts look back over. */
export const LOG_WINDOW = 10_000;

export function showLog(ctx: CommandContext, args: ParsedArgs): number {
  const loaded = loadConfig({ cwd: ctx.cwd, env: ctx.env });
  const file = auditLogPath({
    dir: loaded.ok ? loaded.config.audit.dir : undefined,
    projectRoot: loaded.projectRoot,
  });
  const read = readRecords(file, { surface: 'ask', limit: LOG_WINDOW });
  const runId = str(args, 'run-id');
  const summary = summarizeAskLog(read.records, {
    ...(runId !== undefined ? { runId } : {}),
    last: LOG_ROWS,
  });
  // The end-of-run note: when the newest answer escalated, say so, so an unattended run that stopped there
  // is not mistaken for one that finished.
  const last = summary.rows.at(-1);
  const endNote =
    last?.verdict === 'escalate'
      ? `the arbiter's last answer${runId !== undefined ? ' in this run' : ''} was an escalate: ${last.kind ?? 'unknown'} escalate (${last.basis}); a person has to decide; the records are in \`${file}\``
      : undefined;
  if (args.values.json === true) {
    ctx.stdout.write(
      `${JSON.stringify({ ...summary, unreadable: read.unreadable, endNote: endNote ?? null })}\n`,
    );
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
  const window = read.records.length >= LOG_WINDOW ? ` (last ${LOG_WINDOW})` : '';
  const unreadable = read.unreadable > 0 ? ` · ${read.unreadable} unreadable lines` : '';
  ctx.stdout.write(
    `arbiter ${summary.asked} asked · ${summary.escalated} escalated · ${summary.denied} denied${window}${unreadable}\n`,
  );
  if (endNote) ctx.stdout.write(`${endNote}\n`);
  return EXIT.ok;
}
