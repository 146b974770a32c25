/**
 * Loads an arbiter rules file: validates it whole, compiles it, hashes it and runs its examples.
 * Pure: takes the file's text or parsed value, reads no file.
 * INVARIANT: a file with any problem is not used at all; the first problem is returned, naming its
 * place in the file and never quoting the file's own values.
 */

import { contentHash, isRecord, isVerdict } from '../../core';
import { FACTS_BY_KIND, factSpec, isKind, KINDS, type Kind } from '../question/kinds';
import { readQuestion } from '../question/parse-question';
import { rulesVerdict } from './rule-holds';
import {
  type Condition,
  MAX_RULE_TEXT,
  OPS,
  type Op,
  RULE_ID,
  type Rule,
  type RuleKinds,
  type RuleSet,
  type RulesLoad,
  type RulesProblem,
} from './rule-set';

const TOP_KEYS = ['$schema', 'version', 'rules'];
const RULE_KEYS = ['id', 'kinds', 'verdict', 'text', 'when', 'examples'];
const EXAMPLE_KEYS = ['kind', 'facts', 'verdict'];

class Problem extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(problem);
  }
}

function strictKeys(value: Record<string, unknown>, known: readonly string[], path: string): void {
  if (Object.keys(value).some((k) => !known.includes(k))) {
    throw new Problem(path, `has a field gavel does not know (known: ${known.join(', ')})`);
  }
}

/** Parses the text of a rules file, then loads it. */
export function parseRules(text: string): RulesLoad {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    // JSON.parse quotes the text around the error; keep only the position.
    const at = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    return {
      ok: false,
      problem: { path: '', message: `is not valid JSON${at ? ` (${lineColumn(text, Number(at))})` : ''}` },
    };
  }
  return loadRules(doc);
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

export function loadRules(doc: unknown): RulesLoad {
  try {
    const rules = compile(doc);
    const sha256 = contentHash(doc);
    const set: RuleSet = { version: (doc as { version: number }).version, sha256, rules };
    checkExamples(doc as { rules: unknown[] }, set);
    return { ok: true, rules: set, notices: notices(set) };
  } catch (error) {
    if (error instanceof Problem) return { ok: false, problem: { path: error.path, message: error.problem } };
    throw error;
  }
}

function compile(doc: unknown): Rule[] {
  if (!isRecord(doc)) throw new Problem('', 'must be a JSON object with `version` and `rules`');
  strictKeys(doc, TOP_KEYS, '');
  const version = doc.version;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    throw new Problem('version', 'must be a positive whole number');
  }
  if (!Array.isArray(doc.rules) || doc.rules.length === 0)
    throw new Problem('rules', 'must be a non-empty list');
  const seen = new Map<string, number>();
  return doc.rules.map((raw, i) => {
    const rule = compileRule(raw, `rules[${i}]`);
    const first = seen.get(rule.id);
    if (first !== undefined) throw new Problem(`rules[${i}].id`, `repeats the id of rules[${first}]`);
    seen.set(rule.id, i);
    return rule;
  });
}

function compileRule(raw: unknown, path: string): Rule {
  if (!isRecord(raw)) throw new Problem(path, 'must be an object');
  strictKeys(raw, RULE_KEYS, path);
  if (raw.id === undefined) throw new Problem(`${path}.id`, 'is missing');
  if (typeof raw.id !== 'string' || !RULE_ID.test(raw.id)) {
    throw new Problem(`${path}.id`, 'must be `R-` and two or three digits');
  }
  const kinds = compileKinds(raw.kinds, `${path}.kinds`);
  if (!isVerdict(raw.verdict)) throw new Problem(`${path}.verdict`, 'must be allow, deny or escalate');
  if (typeof raw.text !== 'string' || raw.text.trim() === '') {
    throw new Problem(`${path}.text`, 'must be a non-empty string');
  }
  if (raw.text.length > MAX_RULE_TEXT) {
    throw new Problem(`${path}.text`, `is longer than ${MAX_RULE_TEXT} characters`);
  }
  const when = raw.when === undefined ? [] : compileWhen(raw.when, kinds, `${path}.when`);
  if (raw.examples !== undefined && !Array.isArray(raw.examples))
    throw new Problem(`${path}.examples`, 'must be a list');
  return { id: raw.id, kinds, verdict: raw.verdict, text: raw.text, when };
}

function compileKinds(raw: unknown, path: string): RuleKinds {
  if (!Array.isArray(raw) || raw.length === 0) throw new Problem(path, 'must be a non-empty list');
  if (raw.includes('*')) {
    if (raw.length !== 1) throw new Problem(path, '`*` must stand alone');
    return ['*'];
  }
  raw.forEach((k, i) => {
    if (!isKind(k)) throw new Problem(`${path}[${i}]`, `must be one of ${KINDS.join(', ')} or \`*\``);
    if (raw.indexOf(k) !== i) throw new Problem(`${path}[${i}]`, 'lists a kind a second time');
  });
  return raw as Kind[];
}

function compileWhen(raw: unknown, kinds: RuleKinds, path: string): Condition[] {
  if (!Array.isArray(raw)) throw new Problem(path, 'must be a list of conditions');
  return raw.map((c, i) => {
    const at = `${path}[${i}]`;
    if (!isRecord(c)) throw new Problem(at, 'must be an object with `fact`, `op` and `value`');
    strictKeys(c, ['fact', 'op', 'value'], at);
    const spec = typeof c.fact === 'string' ? factSpec(c.fact) : undefined;
    if (typeof c.fact !== 'string' || spec === undefined)
      throw new Problem(`${at}.fact`, 'names no fact of any kind');
    const fact = c.fact;
    if (kinds[0] !== '*' && !(kinds as readonly Kind[]).every((k) => Object.hasOwn(FACTS_BY_KIND[k], fact))) {
      throw new Problem(`${at}.fact`, 'names a fact that not every listed kind carries');
    }
    if (!(OPS as readonly unknown[]).includes(c.op))
      throw new Problem(`${at}.op`, `must be one of ${OPS.join(' ')}`);
    const op = c.op as Op;
    if (spec.type === 'boolean') {
      if (typeof c.value !== 'boolean')
        throw new Problem(`${at}.value`, 'must be true or false for this fact');
      if (op !== '==') throw new Problem(`${at}.op`, 'must be `==` for a true-or-false fact');
    } else if (typeof c.value !== 'number' || !Number.isFinite(c.value)) {
      throw new Problem(`${at}.value`, 'must be a number for this fact');
    }
    return { fact, op, value: c.value as number | boolean };
  });
}

/** Each rule's examples must get their verdict from the whole file; a file whose examples fail does not load. */
function checkExamples(doc: { rules: unknown[] }, set: RuleSet): void {
  doc.rules.forEach((raw, i) => {
    const examples = (raw as { examples?: unknown[] }).examples ?? [];
    examples.forEach((example, j) => {
      const at = `rules[${i}].examples[${j}]`;
      if (!isRecord(example)) throw new Problem(at, 'must be an object with `kind`, `facts` and `verdict`');
      strictKeys(example, EXAMPLE_KEYS, at);
      if (!isVerdict(example.verdict)) throw new Problem(`${at}.verdict`, 'must be allow, deny or escalate');
      const read = readQuestion({ kind: example.kind, facts: example.facts, options: 1, recommended: 0 });
      if (!read.ok) throw new Problem(at, `is not a valid question (${read.basis})`);
      const got = rulesVerdict(set, read.question);
      if (got.verdict !== example.verdict) {
        throw new Problem(
          at,
          `expects ${example.verdict} but the rules give ${got.verdict}${got.rule ? ` (${got.rule.id})` : ''}`,
        );
      }
    });
  });
}

function notices(set: RuleSet): string[] {
  const last = set.rules.at(-1);
  if (last && last.kinds[0] === '*' && last.when.length === 0 && last.verdict === 'escalate') return [];
  return [
    'the last rule is not a `*` escalate rule without conditions: a question no rule fits escalates with no rule id',
  ];
}

export type { RulesProblem };
