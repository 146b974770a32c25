/**
 * Validates the judge's data files (the code catalogue and the line patterns) and compiles them.
 * Pure: takes parsed JSON, reads no file. A file that fails validation, or a pattern whose own examples
 * fail, is refused whole (JudgeRulesError); nothing is half loaded.
 */

import { contentHash } from '../../core';
import {
  CONFIDENCES,
  type Confidence,
  JUDGE_CATEGORIES,
  type JudgeCategory,
  SEVERITIES,
  type Severity,
} from '../types';

export type CodeSource = 'static' | 'model' | 'both';

export interface CodeEntry {
  code: string;
  category: JudgeCategory;
  severity: Severity;
  source: CodeSource;
  title: string;
  meaning: string;
  /** The default suggested fix for findings under this code. */
  fix?: string;
}

export type PatternWhere = 'any' | 'markdown' | 'script' | 'prose';

export interface LinePattern {
  id: string;
  code: string;
  severity: Severity;
  confidence: Confidence;
  where: PatternWhere;
  regex: RegExp;
  /** The same pattern with the `g` and `m` flags: one pass over a whole file finds the lines that match. */
  scan: RegExp;
  message: string;
  /** A sink sends data somewhere: its severity depends on the host it names (see outbound-hosts). */
  sink: boolean;
  /** Lower-case substrings of which every matching line holds one: a file holding none skips the pattern. */
  needles: readonly string[];
  /** What to do about it, one sentence. */
  fix?: string;
}

export interface JudgeRules {
  codes: ReadonlyMap<string, CodeEntry>;
  patterns: readonly LinePattern[];
  /** Every needle of every pattern in one alternation, longest first: one pass finds which a text holds. */
  needleScan: RegExp;
  /** sha256 of both files' canonical JSON: goes in the report's provenance. */
  sha256: string;
  version: number;
}

export class JudgeRulesError extends Error {
  readonly code = 'rules-invalid';
}

const CODE_RE = /^[SGQ]\d{2}$/;
const WHERES: readonly PatternWhere[] = ['any', 'markdown', 'script', 'prose'];

function fail(where: string, message: string): never {
  throw new JudgeRulesError(`${where}: ${message}`);
}

function str(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') fail(where, 'must be a non-empty string');
  return value;
}

function oneOf<T extends string>(value: unknown, options: readonly T[], where: string): T {
  if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) {
    fail(where, `must be one of ${options.join(', ')}`);
  }
  return value as T;
}

export function loadJudgeRules(codesDoc: unknown, patternsDoc: unknown): JudgeRules {
  const codes = new Map<string, CodeEntry>();
  const cd = codesDoc as { version?: unknown; codes?: unknown };
  if (typeof cd !== 'object' || cd === null || !Array.isArray(cd.codes))
    fail('judge-codes.json', 'must hold `codes`');
  for (const [i, raw] of (cd.codes as unknown[]).entries()) {
    const r = raw as Record<string, unknown>;
    const at = `judge-codes.json codes[${i}]`;
    const code = str(r.code, `${at}.code`);
    if (!CODE_RE.test(code)) fail(`${at}.code`, 'must look like `S01`');
    if (codes.has(code)) fail(`${at}.code`, `duplicate code \`${code}\``);
    const category = oneOf(r.category, JUDGE_CATEGORIES, `${at}.category`);
    const expected = ({ S: 'security', G: 'governance', Q: 'quality' } as const)[code[0] as 'S' | 'G' | 'Q'];
    if (category !== expected) fail(`${at}.category`, `\`${code}\` belongs to ${expected}`);
    codes.set(code, {
      code,
      category,
      severity: oneOf(r.severity, SEVERITIES, `${at}.severity`),
      source: oneOf(r.source, ['static', 'model', 'both'] as const, `${at}.source`),
      title: str(r.title, `${at}.title`),
      meaning: str(r.meaning, `${at}.meaning`),
      ...(typeof r.fix === 'string' && r.fix !== '' ? { fix: r.fix } : {}),
    });
  }
  const pd = patternsDoc as { version?: unknown; patterns?: unknown };
  if (typeof pd !== 'object' || pd === null || !Array.isArray(pd.patterns)) {
    fail('judge-patterns.json', 'must hold `patterns`');
  }
  const ids = new Set<string>();
  const patterns: LinePattern[] = [];
  for (const [i, raw] of (pd.patterns as unknown[]).entries()) {
    const r = raw as Record<string, unknown>;
    const at = `judge-patterns.json patterns[${i}]`;
    const id = str(r.id, `${at}.id`);
    if (ids.has(id)) fail(`${at}.id`, `duplicate id \`${id}\``);
    ids.add(id);
    const code = str(r.code, `${at}.code`);
    const entry = codes.get(code);
    if (!entry) fail(`${at}.code`, `unknown code \`${code}\``);
    if (entry.source === 'model') fail(`${at}.code`, `\`${code}\` is a model-only code`);
    let regex: RegExp;
    try {
      regex = new RegExp(str(r.regex, `${at}.regex`), typeof r.flags === 'string' ? r.flags : '');
    } catch {
      fail(`${at}.regex`, 'does not compile');
    }
    const examples = (r.examples ?? {}) as { match?: unknown; nomatch?: unknown };
    const match = Array.isArray(examples.match) ? examples.match : [];
    const nomatch = Array.isArray(examples.nomatch) ? examples.nomatch : [];
    if (match.length === 0) fail(`${at}.examples.match`, 'needs at least one example');
    for (const m of match)
      if (!regex.test(String(m))) fail(`${at}.examples.match`, `\`${id}\` misses its own example`);
    for (const m of nomatch)
      if (regex.test(String(m))) fail(`${at}.examples.nomatch`, `\`${id}\` matches a counter-example`);
    const needles = Array.isArray(r.needles) ? r.needles.map(String) : [];
    if (needles.some((n) => n === '' || n !== n.toLowerCase()))
      fail(`${at}.needles`, 'must be non-empty lower-case strings');
    for (const m of match) {
      const lower = String(m).toLowerCase();
      if (needles.length > 0 && !needles.some((n) => lower.includes(n)))
        fail(`${at}.needles`, `an example of \`${id}\` holds none of its needles`);
    }
    patterns.push({
      ...(typeof r.fix === 'string' && r.fix !== '' ? { fix: r.fix } : {}),
      needles,
      id,
      code,
      severity: oneOf(r.severity, SEVERITIES, `${at}.severity`),
      confidence: oneOf(r.confidence, CONFIDENCES, `${at}.confidence`),
      where: oneOf(r.where, WHERES, `${at}.where`),
      regex,
      scan: new RegExp(regex.source, `${regex.flags.replace(/[gm]/g, '')}gm`),
      message: str(r.message, `${at}.message`),
      sink: r.sink === true,
    });
  }
  const version = typeof cd.version === 'number' ? cd.version : 0;
  const allNeedles = [...new Set(patterns.flatMap((p) => p.needles))].sort(
    (a, b) => b.length - a.length || (a < b ? -1 : 1),
  );
  const escaped = allNeedles.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const needleScan = new RegExp(escaped.length > 0 ? escaped.join('|') : '(?!)', 'g');
  return {
    codes,
    patterns,
    needleScan,
    sha256: contentHash({ codes: codesDoc, patterns: patternsDoc }),
    version,
  };
}
