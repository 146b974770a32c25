import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRules, parseRules } from './load-rules';

const fixture = (name: string) =>
  readFileSync(new URL(`../testdata/rules/${name}.json`, import.meta.url), 'utf8');
const bundled = readFileSync(new URL('../../../rules/arbiter-rules.json', import.meta.url), 'utf8');

describe('parseRules refuses a file whole and names its first problem', () => {
  it.each([
    ['not-json', '', 'is not valid JSON (line 2, column'],
    ['version-zero', 'version', 'must be a positive whole number'],
    ['version-fraction', 'version', 'must be a positive whole number'],
    ['no-rules', 'rules', 'must be a non-empty list'],
    ['unknown-top-field', '', 'has a field gavel does not know'],
    ['missing-id', 'rules[0].id', 'is missing'],
    ['bad-id-one-digit', 'rules[0].id', 'must be `R-` and two or three digits'],
    ['bad-id-four-digits', 'rules[0].id', 'must be `R-` and two or three digits'],
    ['duplicate-id', 'rules[1].id', 'repeats the id of rules[0]'],
    ['unknown-kind', 'rules[0].kinds[0]', 'must be one of scope'],
    ['star-not-alone', 'rules[0].kinds', '`*` must stand alone'],
    ['empty-kinds', 'rules[0].kinds', 'must be a non-empty list'],
    ['repeated-kind', 'rules[0].kinds[1]', 'lists a kind a second time'],
    ['bad-verdict', 'rules[0].verdict', 'must be allow, deny or escalate'],
    ['text-too-long', 'rules[0].text', 'is longer than 600 characters'],
    ['empty-text', 'rules[0].text', 'must be a non-empty string'],
    ['unknown-rule-field', 'rules[0]', 'has a field gavel does not know'],
    ['unknown-fact', 'rules[0].when[0].fact', 'names no fact of any kind'],
    ['fact-of-another-kind', 'rules[0].when[0].fact', 'not every listed kind carries'],
    ['bad-op', 'rules[0].when[0].op', 'must be one of == <= >= < >'],
    ['boolean-fact-with-less-than', 'rules[0].when[0].op', 'must be `==`'],
    ['number-fact-with-boolean', 'rules[0].when[0].value', 'must be a number'],
    ['when-not-a-list', 'rules[0].when', 'must be a list of conditions'],
    ['failing-example', 'rules[0].examples[0]', 'expects allow but the rules give escalate (R-99)'],
  ])('%s', (name, path, message) => {
    const got = parseRules(fixture(name));
    expect(got.ok).toBe(false);
    if (got.ok) return;
    expect(got.problem.path).toBe(path);
    expect(got.problem.message).toContain(message);
  });

  it.each(['toString', 'constructor', '__proto__'])(
    'refuses a condition on `%s`, which is no fact',
    (fact) => {
      const got = loadRules({
        version: 1,
        rules: [
          {
            id: 'R-10',
            kinds: ['budget'],
            verdict: 'allow',
            text: 'x',
            when: [{ fact, op: '<=', value: 5 }],
          },
        ],
      });
      expect(got).toMatchObject({ ok: false, problem: { path: 'rules[0].when[0].fact' } });
    },
  );

  it('never quotes the file in a problem', () => {
    const got = parseRules(fixture('unknown-fact'));
    expect(JSON.stringify(got)).not.toContain('budgetUsedPct');
  });
});

describe('parseRules loads a valid file', () => {
  it('compiles the rules with version and sha256', () => {
    const got = parseRules(fixture('valid-minimal'));
    expect(got).toMatchObject({ ok: true, notices: [], rules: { version: 3 } });
    if (!got.ok) return;
    expect(got.rules.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(got.rules.rules.map((r) => r.id)).toEqual(['R-10', 'R-99']);
    expect(got.rules.rules[1]?.when).toEqual([]);
  });

  it('hashes content, not formatting', () => {
    const a = parseRules(fixture('valid-minimal'));
    const b = parseRules(JSON.stringify(JSON.parse(fixture('valid-minimal'))));
    expect(a.ok && b.ok && a.rules.sha256 === b.rules.sha256).toBe(true);
  });

  it('changes the hash when a number in a condition changes', () => {
    const doc = JSON.parse(fixture('valid-minimal'));
    const before = loadRules(doc);
    doc.rules[0].when[0].value = 49;
    const after = loadRules(doc);
    expect(before.ok && after.ok && before.rules.sha256 !== after.rules.sha256).toBe(true);
  });

  it('notes a file without a final `*` escalate rule', () => {
    const got = parseRules(fixture('no-final-fallback'));
    expect(got.ok && got.notices[0]).toContain('not a `*` escalate rule');
  });

  it('refuses the bundled rules once a number moves under one of their examples', () => {
    const doc = JSON.parse(bundled);
    const r40 = doc.rules.find((r: { id: string }) => r.id === 'R-40');
    r40.when[0].value = 79;
    const got = loadRules(doc);
    expect(got).toMatchObject({
      ok: false,
      problem: { message: 'expects escalate but the rules give allow (R-40)' },
    });
  });

  it('loads the bundled rules, whose examples all pass, ending with the `*` escalate rule', () => {
    const got = parseRules(bundled);
    expect(got).toMatchObject({ ok: true, notices: [] });
    if (!got.ok) return;
    const last = got.rules.rules.at(-1);
    expect(last).toMatchObject({ kinds: ['*'], verdict: 'escalate', when: [] });
  });
});
