/**
 * Suppressions pinned to the quote: a finding is suppressed only when its code, path and normalized
 * quote equal an entry's, the entry has a reason, and its expiry is today or later and at most 366 days
 * ahead. An expired or too-distant entry no longer applies and becomes a notice. Pure; today comes from
 * the clock the caller holds.
 */

import { normalizeQuote } from '../findings/finding-id';
import type { Finding, SuppressedFinding } from '../types';

export interface Suppression {
  code: string;
  path: string;
  quote: string;
  reason: string;
  /** YYYY-MM-DD. */
  expires: string;
}

export const MAX_SUPPRESSION_DAYS = 366;

const DAY_MS = 86_400_000;

function dayNumber(date: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const t = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(t) ? undefined : Math.floor(t / DAY_MS);
}

export interface SuppressResult {
  kept: Finding[];
  suppressed: SuppressedFinding[];
  notices: string[];
}

/** Which entries apply today; the others become notices. */
export function activeSuppressions(
  entries: readonly Suppression[],
  today: Date,
): { active: Suppression[]; notices: string[] } {
  const now = Math.floor(today.getTime() / DAY_MS);
  const active: Suppression[] = [];
  const notices: string[] = [];
  entries.forEach((e, i) => {
    const day = dayNumber(e.expires);
    const label = `suppression ${i + 1} (\`${e.code}\` in \`${e.path}\`)`;
    if (day === undefined) notices.push(`${label} has no valid \`expires\` date and does not apply`);
    else if (day < now) notices.push(`${label} expired on ${e.expires} and no longer applies`);
    else if (day - now > MAX_SUPPRESSION_DAYS)
      notices.push(`${label} expires more than ${MAX_SUPPRESSION_DAYS} days ahead and does not apply`);
    else if (e.reason.trim() === '') notices.push(`${label} has no reason and does not apply`);
    else active.push(e);
  });
  return { active, notices };
}

export function applySuppressions(
  findings: readonly Finding[],
  active: readonly Suppression[],
): Omit<SuppressResult, 'notices'> {
  const kept: Finding[] = [];
  const suppressed: SuppressedFinding[] = [];
  for (const f of findings) {
    const code = f.code;
    const hit = active.find(
      (s) =>
        s.code.replace(/^gavel\//, '') === code &&
        s.path === f.location.path &&
        f.quote !== null &&
        normalizeQuote(s.quote) === normalizeQuote(f.quote),
    );
    if (hit) suppressed.push({ finding: f, reason: hit.reason, expires: hit.expires });
    else kept.push(f);
  }
  return { kept, suppressed };
}
