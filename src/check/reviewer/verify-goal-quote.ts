/**
 * Checks a reviewer's goal quote against what the user wrote: it must appear verbatim (whitespace runs
 * compared as one space) in one of the quote sources of the trust lists (rules/check-trust.json: the user goal,
 * the session task and the user turns, or fewer), and be long enough to mean something. Agent instructions,
 * tool output and the action itself never count. Pure.
 */

import type { ReviewerRequest } from './review-input';
import { bundledTrustLists, type TrustedSource, textsOf } from './trust-lists';

export type QuoteCheck = { ok: true } | { ok: false; why: 'missing' | 'too-short' | 'not-user-authored' };

export function verifyGoalQuote(
  quote: string | null,
  trusted: ReviewerRequest['trusted'],
  minChars: number,
  sources: readonly TrustedSource[] = bundledTrustLists().quoteSources,
): QuoteCheck {
  if (quote === null || quote.trim() === '') return { ok: false, why: 'missing' };
  const needle = squash(quote);
  if (needle.replace(/\s/g, '').length < minChars) return { ok: false, why: 'too-short' };
  const userAuthored = textsOf(trusted, sources);
  return userAuthored.some((text) => squash(text).includes(needle))
    ? { ok: true }
    : { ok: false, why: 'not-user-authored' };
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
