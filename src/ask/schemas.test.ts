/**
 * The published JSON Schemas of the rules file and the question agree with the loaders: what the
 * loader accepts validates, and what the schema refuses the loader refuses too.
 */

import { readdirSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { readEnvelope, readQuestion } from './question/parse-question';
import { parseRules } from './rules/load-rules';

const root = new URL('../../', import.meta.url);
const json = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));
const ajv = new Ajv({ allErrors: false, strict: false });
const rulesSchema = ajv.compile(json('schema/arbiter-rules.schema.json'));
const questionSchema = ajv.compile(json('schema/ask-question.schema.json'));
const fixtures = new URL('src/ask/testdata/rules/', root);

describe('arbiter-rules.schema.json', () => {
  it('accepts the bundled rules', () => {
    expect(rulesSchema(json('rules/arbiter-rules.json')), JSON.stringify(rulesSchema.errors)).toBe(true);
  });

  it.each(readdirSync(fixtures).filter((f) => f !== 'not-json.json'))(
    'never accepts what the loader refuses: %s',
    (name) => {
      const text = readFileSync(new URL(name, fixtures), 'utf8');
      if (!rulesSchema(JSON.parse(text))) expect(parseRules(text).ok).toBe(false);
      if (parseRules(text).ok) expect(rulesSchema(JSON.parse(text))).toBe(true);
    },
  );
});

describe('ask-question.schema.json', () => {
  const lines = (path: string) =>
    readFileSync(new URL(path, root), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; question: Record<string, unknown> });

  it.each(lines('eval/corpora/ask/eval.jsonl').map((c) => [c.id, c.question]))(
    'accepts eval question %s',
    (_id, q) => {
      expect(questionSchema(q), JSON.stringify(questionSchema.errors)).toBe(true);
    },
  );

  it.each(lines('eval/corpora/ask/adversarial.jsonl').map((c) => [c.id, c.question]))(
    'agrees with the parser, up to cross-field checks, on adversarial question %s',
    (_id, q) => {
      const envelope = readEnvelope(q, 'review-auto');
      const read = readQuestion(q);
      const unrecommended =
        !read.ok && read.basis === 'no-recommendation' && (q.recommended ?? null) === null;
      const parsed = envelope.ok && (!envelope.envelope.tagged || read.ok || unrecommended);
      // The schema cannot compare fields (`recommended` below `options`), so it may accept more than
      // the parser; it must never refuse what the parser reads.
      if (parsed) expect(questionSchema(q), JSON.stringify(questionSchema.errors)).toBe(true);
      else if (questionSchema(q)) expect(['non-recommended-out-of-range']).toContain(_id);
    },
  );
});
