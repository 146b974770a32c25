// The build's record of the bundled rule files (./prebuilt-rules.ts): it holds only files that pass every check
// (a broken one fails the build), a load whose files hash to it compiles the same policy as checking them whole
// (every catalogue entry, the sha256), and one changed byte in any file makes it unusable.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../core';
import { catalogueFromIndex, compileCatalogue, indexCatalogue } from '../catalogue';
import { checkConfig } from '../testdata/fixtures';
import { compilePolicy, compileValidatedPolicy, policySha256 } from './compiled-policy';
import { prebuildRules, RULE_FILES, type RuleFileName, rulesFromPrebuilt } from './prebuilt-rules';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const TEXTS = Object.fromEntries(
  RULE_FILES.map((n) => [n, readFileSync(`${root}rules/${n}`, 'utf8')]),
) as Record<RuleFileName, string>;
const read = (texts: Record<RuleFileName, string>) =>
  Object.fromEntries(RULE_FILES.map((n) => [n, { text: texts[n], sha256: sha256Hex(texts[n]) }])) as Record<
    RuleFileName,
    { text: string; sha256: string }
  >;

function prebuilt() {
  const r = prebuildRules(TEXTS);
  if (!r.ok) throw new Error(r.problem);
  return r.rules;
}

/** The bundled catalogue with `edit` applied to its parsed JSON, as text. */
function safeWith(
  edit: (j: { entries: Record<string, unknown>[] } & Record<string, unknown>) => void,
): string {
  const j = JSON.parse(TEXTS['check-safe.json']);
  edit(j);
  return JSON.stringify(j, null, 2);
}

describe('prebuilt rules', () => {
  it('compile the same policy as the files checked whole, sha256 included', () => {
    const check = checkConfig();
    const whole = compilePolicy({
      policyJson: JSON.parse(TEXTS['check-policy.json']),
      floorJson: JSON.parse(TEXTS['check-floor.json']),
      pathsJson: JSON.parse(TEXTS['check-paths.json']),
      safeJson: JSON.parse(TEXTS['check-safe.json']),
      check,
    });
    const rules = rulesFromPrebuilt(prebuilt(), read(TEXTS));
    expect(rules).toBeDefined();
    if (!whole.ok || !rules) throw new Error('did not compile');
    const sha256 = policySha256({ ...rules, safeJson: JSON.parse(TEXTS['check-safe.json']), check });
    const fast = compileValidatedPolicy({ ...rules, sha256 }, check);
    if (!fast.ok) throw new Error(fast.problem);
    expect(fast.policy.ref).toEqual(whole.policy.ref);
    const { catalogue: a, ...restFast } = fast.policy;
    const { catalogue: b, ...restWhole } = whole.policy;
    expect(restFast).toEqual(restWhole);
    expect(a.entries).toEqual(b.entries);
    for (const e of b.entries)
      for (const p of e.source.programs) expect(a.byProgram.get(p)).toEqual(b.byProgram.get(p));
    expect(a.byProgram.has('no-such-program')).toBe(false);
    expect(a.byProgram.get('no-such-program')).toBeUndefined();
  });

  it('compile an entry only when its program is looked up, once', () => {
    const { catalogue } = rulesFromPrebuilt(prebuilt(), read(TEXTS)) ?? {};
    const first = catalogue?.byProgram.get('git');
    expect(first?.map((e) => e.id)).toContain('git-read');
    expect(catalogue?.byProgram.get('git')).toBe(first);
  });

  it.each([
    ['check-policy.json', `${TEXTS['check-policy.json']} `],
    ['check-floor.json', TEXTS['check-floor.json'].replace('"version": 1', '"version": 2')],
    ['check-paths.json', `${TEXTS['check-paths.json']}\n`],
    ['check-safe.json', safeWith((j) => j.entries.pop())],
  ] as const)('are unusable once %s differs in any byte', (name, text) => {
    expect(rulesFromPrebuilt(prebuilt(), read({ ...TEXTS, [name]: text }))).toBeUndefined();
  });

  it.each([
    [
      'an option both safe and breaking',
      {
        'check-safe.json': safeWith((j) => {
          const e = j.entries.find((x) => x.id === 'git-read') as { breaking: string[] };
          e.breaking.push('--git-dir');
        }),
      },
      'rules/check-safe.json: entry `git-read`: option `--git-dir` is both known safe and breaking',
    ],
    [
      'an unknown key in a catalogue entry',
      { 'check-safe.json': safeWith((j) => Object.assign(j.entries[0] ?? {}, { runs_anything: true })) },
      'rules/check-safe.json',
    ],
    ['a catalogue that is not JSON', { 'check-safe.json': '{' }, 'rules/check-safe.json: is not valid JSON'],
    [
      'a policy file without its version',
      { 'check-policy.json': TEXTS['check-policy.json'].replace('"version": 1,', '') },
      'rules/check-policy.json: `version`',
    ],
    ['a floor that is not JSON', { 'check-floor.json': '[' }, 'rules/check-floor.json: is not valid JSON'],
  ])('are never made from %s: the build fails', (_name, change, problem) => {
    const r = prebuildRules({ ...TEXTS, ...change });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toContain(problem);
  });
});

describe('the catalogue index', () => {
  it('finds every entry in any layout, strings holding braces and quotes too', () => {
    const j = JSON.parse(TEXTS['check-safe.json']);
    j.entries[0].description = 'braces } ] { [ and a quote \\" and a backslash \\\\';
    for (const text of [JSON.stringify(j), JSON.stringify(j, null, 4)]) {
      const index = indexCatalogue(text);
      if (!index.ok) throw new Error(index.problem);
      const lazy = catalogueFromIndex(text, index.index);
      const whole = compileCatalogue(JSON.parse(text));
      if (!whole.ok) throw new Error(whole.problem);
      expect(lazy.entries).toEqual(whole.catalogue.entries);
    }
  });

  it('read a part at a time from the bundled file bytes (as a hook call reads it), gives the same entries', () => {
    const text = TEXTS['check-safe.json'];
    const index = indexCatalogue(text);
    if (!index.ok) throw new Error(index.problem);
    const bytes = Buffer.from(text, 'latin1');
    expect(bytes.toString('latin1')).toBe(text);
    const sliced = catalogueFromIndex(
      { slice: (start: number, end: number) => bytes.toString('latin1', start, end) },
      index.index,
    );
    const whole = catalogueFromIndex(text, index.index);
    expect(sliced.entries).toEqual(whole.entries);
    expect(sliced.byProgram.get('git')).toEqual(whole.byProgram.get('git'));
  });

  it('gives a program entries one at a time: reading the first decodes that entry alone, in catalogue order', () => {
    const text = TEXTS['check-safe.json'];
    const index = indexCatalogue(text);
    if (!index.ok) throw new Error(index.problem);
    let decoded = 0;
    const lazy = catalogueFromIndex(
      {
        slice: (start: number, end: number) => {
          decoded += 1;
          return text.slice(start, end);
        },
      },
      index.index,
    );
    const list = lazy.byProgram.each?.('git');
    expect(list?.at(0)?.id).toBe(catalogueFromIndex(text, index.index).byProgram.get('git')?.[0]?.id);
    expect(decoded).toBe(1);
    const all = catalogueFromIndex(text, index.index).byProgram.get('git') ?? [];
    expect(list?.length).toBe(all.length);
    expect(Array.from({ length: all.length }, (_, k) => list?.at(k))).toEqual(all);
    expect(list?.at(all.length)).toBeUndefined();
    expect(lazy.byProgram.each?.('no-such-program')).toBeUndefined();
  });
});
