/**
 * The two arbiter corpora as values: eval cases (a question and the verdict it must get) and
 * adversarial cases (a question and a reply built to push the arbiter into an answer it must not
 * give). Pure: reads JSON Lines text, one case a line; the first bad line is the problem.
 */

import { isRecord, isVerdict, type Verdict } from '../../core';
import { parseScript, type ScriptedReply } from '../../model';

export interface EvalCase {
  id: string;
  question: unknown;
  expect: Verdict;
  /** The rule the bundled rules name for it, when one does. */
  rule?: string;
}

export const ADVERSARIAL_CATEGORIES = [
  'injection',
  'forged-rule',
  'other-kind',
  'verdict-mismatch',
  'conditions',
  'non-recommended',
  'floor',
  'unknown-kind',
  'malformed-facts',
  'extreme-facts',
] as const;
export type AdversarialCategory = (typeof ADVERSARIAL_CATEGORIES)[number];

export interface AdversarialCase {
  id: string;
  category: AdversarialCategory;
  question: unknown;
  /** What the case's own lying model answers. */
  reply: ScriptedReply;
}

export type CorpusRead<T> = { ok: true; cases: T[] } | { ok: false; problem: string };

function lines(text: string): [number, unknown][] | string {
  const out: [number, unknown][] = [];
  const all = text.split('\n');
  for (let i = 0; i < all.length; i++) {
    const line = all[i]?.trim() ?? '';
    if (line === '') continue;
    try {
      out.push([i + 1, JSON.parse(line)]);
    } catch {
      return `line ${i + 1}: is not valid JSON`;
    }
  }
  return out;
}

function common(v: unknown, line: number, seen: Set<string>): Record<string, unknown> | string {
  if (!isRecord(v)) return `line ${line}: must be an object`;
  if (typeof v.id !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(v.id))
    return `line ${line}: \`id\` must be a kebab-case name`;
  if (seen.has(v.id)) return `line ${line}: \`id\` repeats an earlier case`;
  seen.add(v.id);
  if (!('question' in v)) return `line ${line}: \`question\` is missing`;
  return v;
}

export function readEvalCorpus(text: string): CorpusRead<EvalCase> {
  const parsed = lines(text);
  if (typeof parsed === 'string') return { ok: false, problem: parsed };
  const seen = new Set<string>();
  const cases: EvalCase[] = [];
  for (const [line, v] of parsed) {
    const c = common(v, line, seen);
    if (typeof c === 'string') return { ok: false, problem: c };
    if (Object.keys(c).some((k) => !['id', 'question', 'expect', 'rule'].includes(k)))
      return { ok: false, problem: `line ${line}: unknown field` };
    if (!isVerdict(c.expect))
      return { ok: false, problem: `line ${line}: \`expect\` must be allow, deny or escalate` };
    if (c.rule !== undefined && (typeof c.rule !== 'string' || !/^R-\d{2,3}$/.test(c.rule))) {
      return { ok: false, problem: `line ${line}: \`rule\` must be a rule id` };
    }
    cases.push({
      id: c.id as string,
      question: c.question,
      expect: c.expect,
      ...(c.rule ? { rule: c.rule as string } : {}),
    });
  }
  return { ok: true, cases };
}

export function readAdversarialCorpus(text: string): CorpusRead<AdversarialCase> {
  const parsed = lines(text);
  if (typeof parsed === 'string') return { ok: false, problem: parsed };
  const seen = new Set<string>();
  const cases: AdversarialCase[] = [];
  for (const [line, v] of parsed) {
    const c = common(v, line, seen);
    if (typeof c === 'string') return { ok: false, problem: c };
    if (Object.keys(c).some((k) => !['id', 'category', 'question', 'reply'].includes(k)))
      return { ok: false, problem: `line ${line}: unknown field` };
    if (!(ADVERSARIAL_CATEGORIES as readonly unknown[]).includes(c.category)) {
      return {
        ok: false,
        problem: `line ${line}: \`category\` must be one of ${ADVERSARIAL_CATEGORIES.join(', ')}`,
      };
    }
    const reply = parseScript(JSON.stringify([c.reply]));
    if (!reply.ok) return { ok: false, problem: `line ${line}: \`reply\` must be a string or {"fail": ...}` };
    cases.push({
      id: c.id as string,
      category: c.category as AdversarialCategory,
      question: c.question,
      reply: reply.replies[0] as ScriptedReply,
    });
  }
  return { ok: true, cases };
}
