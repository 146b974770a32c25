import { describe, expect, it } from 'vitest';
import { mergeConfig, type PartialConfig } from '../../config';
import { fixedClock, sha256Hex } from '../../core';
import { bundledJudgeData, rubricOf } from '../../judge';
import { type JudgeModelFlags, judgeCaps, openJudgeReview, roleSpec } from './open-judge-review';

const user = (values: PartialConfig) => mergeConfig({ values, file: '/u/config.toml' }, undefined);
const RUBRIC = '## C1 - Owner\nThe front matter names an owner.\n';

function setup(values: PartialConfig, flags: Partial<JudgeModelFlags> = {}) {
  const m = user(values);
  return {
    config: m.config,
    sources: m.sources,
    flags: { estimate: true, ...flags } as JudgeModelFlags,
    env: {},
    home: '/nonexistent-home',
    cwd: '/nonexistent-project',
    clock: fixedClock('2026-12-01T12:00:00Z'),
    rules: bundledJudgeData().rules,
    read: () => undefined,
  };
}

describe('the models of the judge roles', () => {
  it('takes --model-for, then --adjudicator-model, then --model, then [judge.models] of the user', () => {
    const s = setup(
      {
        judge: {
          models: { reviewers: 'anthropic/claude-haiku-4-5', adjudicator: 'anthropic/claude-opus-4-5' },
        },
      },
      {},
    );
    expect(roleSpec('security', s).spec).toBe('anthropic/claude-haiku-4-5');
    expect(roleSpec('adjudicator', s).spec).toBe('anthropic/claude-opus-4-5');
    const f = setup(
      { judge: { models: { reviewers: 'anthropic/claude-haiku-4-5' } } },
      {
        model: 'anthropic/claude-sonnet-4-5',
        adjudicatorModel: 'anthropic/claude-opus-4-5',
        modelFor: { quality: 'anthropic/claude-haiku-4-5' },
      },
    );
    expect(roleSpec('security', f)).toMatchObject({ spec: 'anthropic/claude-sonnet-4-5', source: 'flag' });
    expect(roleSpec('quality', f).spec).toBe('anthropic/claude-haiku-4-5');
    expect(roleSpec('adjudicator', f).spec).toBe('anthropic/claude-opus-4-5');
  });

  it('refuses roles on two providers', () => {
    const r = openJudgeReview(
      setup({}, { model: 'anthropic/claude-haiku-4-5', adjudicatorModel: 'openai/gpt-4.1' }),
    );
    expect(r).toMatchObject({ ok: false, basis: 'config-invalid' });
  });

  it('caps a run at $2.00 unless a flag or the user config says otherwise', () => {
    expect(judgeCaps(setup({})).maxCostUsd).toBe(2);
    expect(judgeCaps(setup({}, { maxCostUsd: 0.5 })).maxCostUsd).toBe(0.5);
  });
});

describe('rubric pins when the review opens', () => {
  const rubric = rubricOf('acme', 'governance', RUBRIC);
  const open = (pin: string) =>
    openJudgeReview({
      ...setup({ judge: { skills: { pins: { acme: pin } } } }, { model: 'anthropic/claude-haiku-4-5' }),
      rubrics: rubric ? [rubric] : [],
    });

  it('opens with a rubric that matches its pin', () => {
    expect(open(sha256Hex(RUBRIC).slice(0, 8)).ok).toBe(true);
  });

  it('opens with a rubric that changed after it was pinned: reference data (T2), a notice naming the key', () => {
    const r = open('0000000000');
    if (!r.ok) throw new Error(r.problem);
    const notices = r.stage.summary?.().notices ?? [];
    expect(notices).toEqual([expect.stringContaining('`judge.skills.pins.acme`')]);
    expect(notices[0]).toContain(`\`${sha256Hex(RUBRIC).slice(0, 16)}\``);
    expect(notices[0]).not.toContain('The front matter names an owner');
  });
});
