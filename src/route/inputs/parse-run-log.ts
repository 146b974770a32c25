/**
 * Reads gavel's audit log (NDJSON, one decision a line) of the agent run that produced a change, and
 * counts denials, escalations and flags. Pure: the caller reads the file.
 * Every line goes through the audit module's own reader (parseAuditLine): a whole record of the current
 * format version, every closed set (surface, verdict, outcome, basis, risk) and every bound checked.
 * INVARIANT: a line that is not such a record is refused with its line number, never skipped: a run log
 * whose denials could be hidden by breaking their lines is never read as "clean". No text of the file
 * reaches an error. Lines gavel route wrote itself (surface `route`) are not the run's actions: they
 * are counted apart and do not count as denials, so routing a change twice does not raise its risk.
 * With `run`, only the records of that run or session count; a log with none of them is refused (a
 * mistyped id must not read as a clean run).
 */

import { auditId, isAuditRecord } from '../../audit';
import type { RunLogSummary } from '../types';
import { inputError } from './route-input-error';

export interface RunLogOptions {
  /** A run or session id, as the harness gave it: only records whose runId or sessionId match count. */
  run?: string;
}

export function parseRunLog(text: string, file: string, options: RunLogOptions = {}): RunLogSummary {
  // The log keeps an id that is not id-shaped only as its hash: look it up the same way.
  const run = options.run === undefined ? undefined : auditId(options.run);
  const summary: RunLogSummary = {
    lines: 0,
    denials: 0,
    escalations: 0,
    flags: 0,
    categories: [],
    routeLines: 0,
    otherRuns: 0,
  };
  const categories = new Set<string>();
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const where = `line ${i + 1}`;
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch {
      throw inputError(
        file,
        '',
        `${where} is not valid JSON (a torn or edited line is refused, not skipped)`,
      );
    }
    if (!isAuditRecord(doc)) {
      throw inputError(file, '', `${where} is not a gavel audit record of format version 1`);
    }
    if (doc.surface === 'route') {
      summary.routeLines++;
      continue;
    }
    if (run !== undefined && doc.runId !== run && doc.sessionId !== run) {
      summary.otherRuns++;
      continue;
    }
    summary.lines++;
    switch (doc.outcome) {
      case 'block':
        summary.denials++;
        for (const c of doc.categories) categories.add(c);
        break;
      case 'escalate':
        summary.escalations++;
        for (const c of doc.categories) categories.add(c);
        break;
      case 'approve_with_flag':
        summary.flags++;
        break;
      case 'approve':
        break;
      default: {
        const never: never = doc.outcome;
        throw new Error(`unhandled outcome ${String(never)}`);
      }
    }
  }
  if (run !== undefined && summary.lines === 0) {
    throw inputError(file, '', `holds no record of run \`${run}\` (runId or sessionId)`);
  }
  summary.categories = [...categories].sort();
  return summary;
}
