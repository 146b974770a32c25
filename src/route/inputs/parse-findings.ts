/**
 * Reads the findings of review sub-agents: `{"findings": [{id, severity, confidence, category, path, line,
 * reviewer, message}], "challenges": [{finding, reviewer, stance, reason}]}`. Pure.
 * Strict on what routing relies on (id, severity, confidence, stance, a challenge's finding must exist);
 * other members are ignored. `confidence` is a number 0..1 or `low` | `medium` | `high`.
 */

import { isRecord } from '../../core';
import { type Challenge, type Finding, type ReviewFindings, SEVERITIES, type Severity } from '../types';
import { inputError, parseJson } from './route-input-error';

const WORD_CONFIDENCE: Record<string, number> = { low: 0.3, medium: 0.6, high: 0.9 };

export function parseFindings(text: string, file: string): ReviewFindings {
  const doc = parseJson(text, file);
  if (!isRecord(doc)) throw inputError(file, '', 'must be a JSON object with `findings`');
  if (!Array.isArray(doc.findings)) throw inputError(file, 'findings', 'must be an array');
  const findings = doc.findings.map((f, i) => finding(f, file, `findings.${i}`));
  const ids = new Set<string>();
  for (const [i, f] of findings.entries()) {
    if (ids.has(f.id)) throw inputError(file, `findings.${i}.id`, 'repeats an earlier id');
    ids.add(f.id);
  }
  const raw = doc.challenges ?? [];
  if (!Array.isArray(raw)) throw inputError(file, 'challenges', 'must be an array');
  const challenges = raw.map((c, i) => challenge(c, file, `challenges.${i}`, ids));
  return { findings, challenges };
}

function finding(value: unknown, file: string, where: string): Finding {
  if (!isRecord(value)) throw inputError(file, where, 'must be an object');
  const id = value.id;
  if ((typeof id !== 'string' || id === '') && typeof id !== 'number')
    throw inputError(file, `${where}.id`, 'must be a string');
  const severity = value.severity;
  if (typeof severity !== 'string' || !(SEVERITIES as readonly string[]).includes(severity.toLowerCase())) {
    throw inputError(file, `${where}.severity`, `must be one of ${SEVERITIES.join(', ')}`);
  }
  const out: Finding = {
    id: String(id),
    severity: severity.toLowerCase() as Severity,
    confidence: confidence(value.confidence, file, `${where}.confidence`),
    category: optional(value.category, file, `${where}.category`) ?? 'uncategorized',
  };
  const path = optional(value.path, file, `${where}.path`);
  if (path !== undefined) out.path = path;
  if (value.line !== undefined && value.line !== null) {
    if (typeof value.line !== 'number' || !Number.isInteger(value.line) || value.line < 0) {
      throw inputError(file, `${where}.line`, 'must be a whole number');
    }
    out.line = value.line;
  }
  const reviewer = optional(value.reviewer, file, `${where}.reviewer`);
  if (reviewer !== undefined) out.reviewer = reviewer;
  const message = optional(value.message, file, `${where}.message`);
  if (message !== undefined) out.message = message;
  return out;
}

function confidence(value: unknown, file: string, where: string): number {
  if (typeof value === 'number' && value >= 0 && value <= 1) return value;
  // Object.hasOwn, not `in`: `constructor` or `toString` is no confidence word.
  if (typeof value === 'string' && Object.hasOwn(WORD_CONFIDENCE, value.toLowerCase()))
    return WORD_CONFIDENCE[value.toLowerCase()] as number;
  throw inputError(file, where, 'must be a number from 0 to 1 or one of low, medium, high');
}

function challenge(value: unknown, file: string, where: string, ids: Set<string>): Challenge {
  if (!isRecord(value)) throw inputError(file, where, 'must be an object');
  const target = value.finding;
  if ((typeof target !== 'string' && typeof target !== 'number') || !ids.has(String(target))) {
    throw inputError(file, `${where}.finding`, 'must name a finding id in `findings`');
  }
  if (value.stance !== 'agree' && value.stance !== 'disputed')
    throw inputError(file, `${where}.stance`, 'must be `agree` or `disputed`');
  const reviewer = optional(value.reviewer, file, `${where}.reviewer`);
  if (reviewer === undefined || reviewer === '')
    throw inputError(file, `${where}.reviewer`, 'must be a string');
  const out: Challenge = { finding: String(target), reviewer, stance: value.stance };
  const reason = optional(value.reason, file, `${where}.reason`);
  if (reason !== undefined) out.reason = reason;
  return out;
}

function optional(value: unknown, file: string, where: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw inputError(file, where, 'must be a string');
  return value;
}
