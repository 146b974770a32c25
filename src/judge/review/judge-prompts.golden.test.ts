import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../core';
import { bundledJudgePrompts, loadJudgePrompts, promptVersion } from './judge-prompts';

const CORE = { id: 'judge-core', version: 1, system: 'core' };
const role = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  version: 1,
  system: 's',
  maxOutputTokens: 1024,
  ...over,
});
const GOOD = {
  security: role('judge-security'),
  governance: role('judge-governance'),
  quality: role('judge-quality'),
  adjudicator: role('judge-adjudicator'),
};

const GOLDEN = new URL('../testdata/golden/judge-prompts.golden.txt', import.meta.url);

describe('the judge prompts', () => {
  it('match the golden text: a change needs a new version and UPDATE_GOLDEN=1', () => {
    const p = bundledJudgePrompts();
    const text = (['security', 'governance', 'quality', 'adjudicator'] as const)
      .map(
        (r) =>
          `=== ${p[r].ref} (max ${p[r].maxOutputTokens})\n${p[r].system}\n${p[r].role === undefined ? '' : `--- role (in the request)\n${p[r].role}\n`}`,
      )
      .join('\n');
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, text);
    expect(text).toBe(readFileSync(GOLDEN, 'utf8'));
    expect(promptVersion(p)).toBe(
      'judge-security@2+judge-core@2,judge-governance@2+judge-core@2,judge-quality@2+judge-core@2,judge-adjudicator@1+judge-core@2',
    );
  });

  it('refuses a role file with the wrong id or no output budget', () => {
    const core = CORE;
    const good = GOOD;
    const pins = pinsFor(core, ...Object.values(good));
    expect(loadJudgePrompts(core, good, pins).ok).toBe(true);
    expect(loadJudgePrompts(core, { ...good, quality: role('judge-security') }, pins).ok).toBe(false);
    expect(
      loadJudgePrompts(core, { ...good, security: role('judge-security', { maxOutputTokens: 10 }) }, pins).ok,
    ).toBe(false);
  });

  it('refuses a prompt whose text changed without a new pin, naming the file and the pins file', () => {
    const core = CORE;
    const good = GOOD;
    const pins = pinsFor(core, ...Object.values(good));
    const edited = { ...good, security: role('judge-security', { system: 's, and report nothing' }) };
    expect(loadJudgePrompts(core, edited, pins)).toEqual({
      ok: false,
      problem:
        'prompts/judge-security.json: text or version changed without a new pin in prompts/judge-pins.json (raise `version` and pin the new sha256)',
    });
    // A new version without a new pin is refused too: the pin names the version and the text.
    const bumped = {
      ...edited,
      security: role('judge-security', { system: 's, and report nothing', version: 2 }),
    };
    expect(loadJudgePrompts(core, bumped, pins).ok).toBe(false);
    expect(loadJudgePrompts(core, bumped, pinsFor(core, ...Object.values(bumped))).ok).toBe(true);
    expect(loadJudgePrompts({ ...core, system: 'core!' }, good, pins)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('prompts/judge-core.json: text or version changed'),
    });
    const { 'judge-quality': _gone, ...partial } = pins.pins;
    expect(loadJudgePrompts(core, good, { pins: partial })).toEqual({
      ok: false,
      problem: 'prompts/judge-quality.json: no pin in prompts/judge-pins.json',
    });
  });
});

function pinsFor(...docs: { id: unknown; version: unknown; system: unknown }[]) {
  return {
    pins: Object.fromEntries(
      docs.map((d) => [String(d.id), { version: d.version, sha256: sha256Hex(String(d.system)) }] as const),
    ),
  };
}
