/**
 * Reads gavel's audit log (NDJSON, one decision a line) of the agent run that produced a change, and
 * counts denials, escalations and flags. Pure: the caller reads the file.
 * Every line goes through the audit module's own reader (parseAuditLine): a whole record of the current
 * format version, every closed set (surface, verdict, outcome, basis, risk) and every bound checked.
 * INVARIANT: a line that is not such a record is refused with its line number, never skipped: a run log
 * whose denials could be hidden by breaking their lines is never read as "clean". No text of the file
 * reaches an error. Lines gavel route wrote itself (surface `route`) are not the run's actions: they
 * are counted apart and do not count as denials, so routing a change twice does not raise its risk.
 */

import { isAuditRecord } from '../../audit';
import type { RunLogSummary } from '../types';
import { inputError } from './route-input-error';

export function parseRunLog(text: string, file: string): RunLogSummary {
  const summary: RunLogSummary = {
    lines: 0,
    denials: 0,
    escalations: 0,
    flags: 0,
    categories: [],
    routeLines: 0,
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
  summary.categories = [...categories].sort();
  return summary;
}
