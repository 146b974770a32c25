/**
 * Builds a Finding from what a check saw: fills the category and default severity from the code
 * catalogue, the id and fingerprint from the content. Pure. A check never invents a code: an unknown
 * code is a bug and throws.
 */

import type { JudgeRules } from '../rules/load-judge-rules';
import type { Confidence, Finding, FindingOrigin, FindingVerdict, Severity } from '../types';
import { findingFingerprint, findingId } from './finding-id';

export interface FindingDraft {
  code: string;
  path: string;
  startLine: number;
  endLine?: number;
  quote: string | null;
  message: string;
  rule: string;
  severity?: Severity;
  confidence?: Confidence;
  verdict?: FindingVerdict;
  origin?: FindingOrigin;
  suggestedFix?: string;
  absence?: boolean;
  /** Replaces the quote in the id when the quote is withheld (credentials): never the secret. */
  idText?: string;
  /** 0-based column where the match starts on `startLine`, when the check knows it (for the span's role). */
  column?: number;
}

/** Longest quote kept: a finding quotes a line or a few, never a file. */
export const MAX_QUOTE_CHARS = 400;

export function makeFinding(rules: JudgeRules, draft: FindingDraft): Finding {
  const entry = rules.codes.get(draft.code);
  if (!entry) throw new Error(`unknown judge code \`${draft.code}\``);
  const quote = draft.quote === null ? null : clip(draft.quote);
  const idText = draft.idText ?? quote;
  const finding: Finding = {
    id: findingId(draft.code, draft.path, idText),
    code: draft.code,
    category: entry.category,
    severity: draft.severity ?? entry.severity,
    confidence: draft.confidence ?? 'high',
    verdict: draft.verdict ?? 'confirmed',
    location: { path: draft.path, startLine: draft.startLine, endLine: draft.endLine ?? draft.startLine },
    quote,
    message: draft.message,
    rule: draft.rule,
    origin: draft.origin ?? 'static-only',
    fingerprint: findingFingerprint(draft.code, draft.path, idText, draft.rule),
  };
  const fix = draft.suggestedFix ?? entry.fix;
  if (fix) finding.suggestedFix = fix;
  if (draft.absence) finding.absence = true;
  return finding;
}

function clip(text: string): string {
  const trimmed = text.replace(/\s+$/, '');
  return trimmed.length > MAX_QUOTE_CHARS ? trimmed.slice(0, MAX_QUOTE_CHARS) : trimmed;
}
