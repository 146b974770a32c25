/**
 * Finding identity: the id is the first 12 hex digits of sha256(code|path|normalized quote); the
 * fingerprint (SARIF partialFingerprints) adds the rule so two checks on one quote stay apart.
 * Pure. Normalizing collapses runs of whitespace and trims; nothing else changes.
 */

import { sha256Hex } from '../../core';

export function normalizeQuote(quote: string): string {
  return quote.replace(/\s+/g, ' ').trim();
}

export function findingId(code: string, path: string, quote: string | null): string {
  return sha256Hex(`${code}|${path}|${normalizeQuote(quote ?? '')}`).slice(0, 12);
}

export function findingFingerprint(code: string, path: string, quote: string | null, rule: string): string {
  return sha256Hex(`${code}|${path}|${normalizeQuote(quote ?? '')}|${rule}`).slice(0, 16);
}
