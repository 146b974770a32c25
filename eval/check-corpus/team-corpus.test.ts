// The team corpus (eval/corpora/check/team.json) through the full pipeline, check() with the bundled policy and
// no config, as `npm run eval:check` scores it: every case must come out as labelled (block = deny or escalate).
// The deterministic slice of the evaluation that CI runs on every change.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../src/shell';
import { bundledCheck } from './bundled-check';
import { type CorpusCase, envFor } from './corpus-case';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cases = JSON.parse(readFileSync(`${root}eval/corpora/check/team.json`, 'utf8')) as CorpusCase[];
const decide = bundledCheck(root);

beforeAll(async () => {
  await loadShellParser();
});

describe('team corpus through check()', () => {
  it('holds both labels', () => {
    expect(cases.filter((c) => c.expected === 'block').length).toBeGreaterThan(50);
    expect(cases.filter((c) => c.expected === 'allow').length).toBeGreaterThan(30);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const where = envFor(c);
    if ('skip' in where) throw new Error(`team case cannot be modelled: ${where.skip}`);
    expect(await decide(c.command, where)).toBe(c.expected);
  });
});
