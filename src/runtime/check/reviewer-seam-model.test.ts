import { describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../config';
import { reviewerModel } from './reviewer-seam-model';

function configOf(env: Record<string, string>): Config {
  const loaded = loadConfig({
    cwd: '/nonexistent-gavel-project',
    env: { HOME: '/nonexistent-home', ...env },
  });
  if (!loaded.ok) throw new Error('config');
  return loaded.config;
}

describe('reviewerModel: which model the reviewer asks, and what its effort becomes', () => {
  it.each([
    [
      'anthropic: the light tier, thinking disabled',
      { GAVEL_MODEL: 'anthropic/claude-opus-4-5' },
      undefined,
      /^anthropic `claude-haiku-4-5` \(the light tier .*\); effort low: sent as thinking disabled$/,
    ],
    [
      'openai: the light tier has no reasoning knob',
      { GAVEL_MODEL: 'openai/gpt-5' },
      undefined,
      /^openai `gpt-4\.1-mini` \(the light tier .*\); effort low: not sent \(the model has no effort knob\)$/,
    ],
    [
      'a flag naming a reasoning model: reasoning_effort',
      { GAVEL_MODEL: 'openai/gpt-4.1' },
      'openai/gpt-5-mini',
      /^openai `gpt-5-mini` \(from `--model`\); effort low: sent as `reasoning_effort`$/,
    ],
    [
      'a local server keeps the model itself',
      { GAVEL_MODEL: 'ollama/qwen2.5:14b' },
      undefined,
      /^ollama `qwen2\.5:14b` \(`\[model\] model` itself .*\)/,
    ],
    [
      'a scripted client: no effort',
      { GAVEL_MODEL: 'scripted:/x.json' },
      undefined,
      /effort low: not sent \(scripted client\)$/,
    ],
    ['no model at all', {}, undefined, /^none configured .*`no-model`/],
  ])('%s', (_name, env, flag, want) => {
    const view = reviewerModel({
      config: configOf(env),
      modelSource: 'env',
      ...(flag ? { flag } : {}),
      effort: 'low',
    });
    expect(view.line).toMatch(want);
  });

  it('a higher effort on a Claude model is not sent: a forced answer tool excludes thinking', () => {
    const view = reviewerModel({
      config: configOf({ GAVEL_MODEL: 'anthropic/claude-sonnet-4-5' }),
      modelSource: 'env',
      effort: 'high',
    });
    expect(view.line).toContain('effort high: not sent (a forced answer tool excludes thinking)');
  });

  it('an unreadable spec says why, and chooses nothing silently', () => {
    const view = reviewerModel({
      config: configOf({ GAVEL_MODEL: 'anthropic/light' }),
      modelSource: 'env',
      flag: 'nosuch/model',
      effort: 'low',
    });
    expect(view.choice.via).toBe('flag');
    expect(view.line).toContain('unknown provider `nosuch`');
  });
});
