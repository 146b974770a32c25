/**
 * Reads gavel's audit log (NDJSON, one decision a line) of the agent run that produced a change, and
 * counts denials, escalations and flags. Pure.
 * A strict minimal reader of its own: it needs only `surface`, `verdict`, `outcome`, `basis` and
 * `categories`, checks each against core's closed sets, and ignores every other member. A line that is
 * not such a record is refused with its line number: a run log that cannot be read is never "clean".
 */

import { isBasis, isOutcome, isVerdict, SURFACES } from '../../core';
import type { RunLogSummary } from '../types';
import { inputError, isRecord } from './route-input-error';

export function parseRunLog(text: string, file: string): RunLogSummary {
  const summary: RunLogSummary = { lines: 0, denials: 0, escalations: 0, flags: 0, categories: [] };
  const categories = new Set<string>();
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const where = `line ${i + 1}`;
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch {
      throw inputError(file, '', `${where} is not valid JSON`);
    }
    if (!isRecord(doc)) throw inputError(file, '', `${where} is not a JSON object`);
    if (typeof doc.surface !== 'string' || !(SURFACES as readonly string[]).includes(doc.surface)) {
      throw inputError(file, `surface`, `on ${where} must be one of ${SURFACES.join(', ')}`);
    }
    if (!isVerdict(doc.verdict))
      throw inputError(file, 'verdict', `on ${where} must be allow, escalate or deny`);
    if (!isOutcome(doc.outcome)) throw inputError(file, 'outcome', `on ${where} is not a known outcome`);
    if (!isBasis(doc.basis)) throw inputError(file, 'basis', `on ${where} is not a known basis`);
    if (
      !Array.isArray(doc.categories) ||
      !doc.categories.every((c) => typeof c === 'string' && /^[a-z][a-z0-9_.-]{0,63}$/.test(c))
    ) {
      throw inputError(file, 'categories', `on ${where} must be an array of category names`);
    }
    summary.lines++;
    if (doc.outcome === 'block' || doc.verdict === 'deny') {
      summary.denials++;
      for (const c of doc.categories as string[]) categories.add(c);
    } else if (doc.outcome === 'escalate' || doc.verdict === 'escalate') {
      summary.escalations++;
      for (const c of doc.categories as string[]) categories.add(c);
    } else if (doc.outcome === 'approve_with_flag') {
      summary.flags++;
    }
  }
  summary.categories = [...categories].sort();
  return summary;
}
