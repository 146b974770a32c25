/**
 * `--fail-on`: a list of category:severity, category:none, score:N (any category below N) or
 * category:score:N. The default is security:high,governance:high,quality:none; a category the list does
 * not name keeps its default. Pure. A malformed entry is a usage problem, returned as a value.
 */

import { JUDGE_CATEGORIES, type JudgeCategory, SEVERITIES, type Severity } from '../types';

export interface Gate {
  /** Per category: the lowest severity that fails, or 'none'. */
  severity: Record<JudgeCategory, Severity | 'none'>;
  /** Per category: a score below this fails (undefined: no score gate). */
  minScore: Partial<Record<JudgeCategory, number>>;
}

export const DEFAULT_FAIL_ON = ['security:high', 'governance:high', 'quality:none'] as const;

export function defaultGate(): Gate {
  return { severity: { security: 'high', governance: 'high', quality: 'none' }, minScore: {} };
}

const isCategory = (s: string): s is JudgeCategory => (JUDGE_CATEGORIES as readonly string[]).includes(s);
const isSeverity = (s: string): s is Severity => (SEVERITIES as readonly string[]).includes(s);

function score(raw: string, entry: string): number | string {
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 100 && raw.trim() !== ''
    ? n
    : `\`${entry}\`: a score is a number from 0 to 100`;
}

/**
 * `strictest`: for entries merged from several config files, a category named twice keeps its strictest
 * entry (lowest failing severity, highest minimum score); on the command line the last entry wins.
 */
export function parseFailOn(
  entries: readonly string[],
  options: { strictest?: boolean } = {},
): { ok: true; gate: Gate } | { ok: false; message: string } {
  const gate = defaultGate();
  const seen = new Set<string>();
  const setSeverity = (cat: JudgeCategory, sev: Severity | 'none') => {
    const cur = gate.severity[cat];
    const rank = (v: Severity | 'none') => (v === 'none' ? SEVERITIES.length : SEVERITIES.indexOf(v));
    gate.severity[cat] = options.strictest && seen.has(cat) && rank(cur) < rank(sev) ? cur : sev;
    seen.add(cat);
  };
  const setScore = (cat: JudgeCategory, n: number) => {
    const cur = gate.minScore[cat];
    gate.minScore[cat] = options.strictest && cur !== undefined ? Math.max(cur, n) : n;
  };
  for (const raw of entries
    .flatMap((e) => e.split(','))
    .map((e) => e.trim())
    .filter(Boolean)) {
    const parts = raw.split(':');
    const [a = '', b = '', c] = parts;
    if (parts.length === 2 && a === 'score') {
      const n = score(b, raw);
      if (typeof n === 'string') return { ok: false, message: n };
      for (const cat of JUDGE_CATEGORIES) setScore(cat, n);
    } else if (parts.length === 2 && isCategory(a) && (b === 'none' || isSeverity(b))) {
      setSeverity(a, b);
    } else if (parts.length === 3 && isCategory(a) && b === 'score' && c !== undefined) {
      const n = score(c, raw);
      if (typeof n === 'string') return { ok: false, message: n };
      setScore(a, n);
    } else {
      return {
        ok: false,
        message: `\`${raw}\` is not category:severity, category:none, score:N or category:score:N`,
      };
    }
  }
  return { ok: true, gate };
}

export function formatGate(gate: Gate): string[] {
  const out: string[] = [];
  for (const cat of JUDGE_CATEGORIES) {
    out.push(`${cat}:${gate.severity[cat]}`);
    const min = gate.minScore[cat];
    if (min !== undefined) out.push(`${cat}:score:${min}`);
  }
  return out;
}
