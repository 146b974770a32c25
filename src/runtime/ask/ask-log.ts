/**
 * The arbiter's records from the project's audit log (readRecords, surface `ask`): the summary of the
 * last LOG_ROWS and the counts over the most recent LOG_WINDOW arbiter records, for `gavel ask log` and any
 * later surface. Opens the config to find the log; reads only; renders nothing.
 */

import { type AskLogSummary, LOG_ROWS, summarizeAskLog } from '../../ask';
import { readRecords } from '../../audit';
import { loadConfig } from '../../config';
import { decisionLogPath } from '../log-location';

/** How many arbiter records the counts look back over. */
export const LOG_WINDOW = 10_000;

export interface AskLogView {
  summary: AskLogSummary;
  /** The audit log read. */
  file: string;
  /** Lines of the log that were not records. */
  unreadable: number;
  /** The log held LOG_WINDOW or more arbiter records: the counts are over the most recent ones. */
  windowed: boolean;
}

export function readAskLog(input: {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  runId?: string | undefined;
}): AskLogView {
  const loaded = loadConfig({ cwd: input.cwd, env: input.env });
  const file = decisionLogPath({
    dir: loaded.ok ? loaded.config.audit.dir : undefined,
    projectRoot: loaded.projectRoot,
    env: input.env,
  });
  const read = readRecords(file, { surface: 'ask', limit: LOG_WINDOW });
  const summary = summarizeAskLog(read.records, {
    ...(input.runId !== undefined ? { runId: input.runId } : {}),
    last: LOG_ROWS,
  });
  return { summary, file, unreadable: read.unreadable, windowed: read.records.length >= LOG_WINDOW };
}
