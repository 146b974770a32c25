import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundledJudgePrompts, loadJudgePrompts, promptVersion } from './judge-prompts';

const GOLDEN = new URL('../testdata/golden/judge-prompts.golden.txt', import.meta.url);

describe('the judge prompts', () => {
  it('match the golden text: a change needs a new version and UPDATE_GOLDEN=1', () => {
    const p = bundledJudgePrompts();
    const text = (['security', 'governance', 'quality', 'adjudicator'] as const)
      .map(
        (r) =>
          `=== ${p[r].ref} (max ${p[r].maxOutputTokens}, expected ${p[r].expectedOutputTokens})\n${p[r].system}\n`,
      )
      .join('\n');
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, text);
    expect(text).toBe(readFileSync(GOLDEN, 'utf8'));
    expect(promptVersion(p)).toBe(
      'judge-security@1+judge-core@1,judge-governance@1+judge-core@1,judge-quality@1+judge-core@1,judge-adjudicator@1+judge-core@1',
    );
  });

  it('refuses a role file with the wrong id or no output budget', () => {
    const core = { id: 'judge-core', version: 1, system: 'core' };
    const role = (id: string, extra = {}) => ({
      id,
      version: 1,
      system: 's',
      maxOutputTokens: 1024,
      expectedOutputTokens: 100,
      ...extra,
    });
    const good = {
      security: role('judge-security'),
      governance: role('judge-governance'),
      quality: role('judge-quality'),
      adjudicator: role('judge-adjudicator'),
    };
    expect(loadJudgePrompts(core, good).ok).toBe(true);
    expect(loadJudgePrompts(core, { ...good, quality: role('judge-security') }).ok).toBe(false);
    expect(
      loadJudgePrompts(core, { ...good, security: role('judge-security', { maxOutputTokens: 10 }) }).ok,
    ).toBe(false);
  });
});
