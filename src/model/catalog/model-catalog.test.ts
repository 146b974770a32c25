import { describe, expect, it } from 'vitest';
import prices from '../../../rules/model-prices.json';
import quirks from '../../../rules/model-quirks.json';
import refused from '../../../rules/model-refused.json';
import tiers from '../../../rules/model-tiers.json';
import { bundledCatalog } from './bundled-catalog';
import { buildCatalog } from './model-catalog';
import { matchesPattern } from './model-pattern';

const catalog = bundledCatalog();

describe('shipped model catalogue', () => {
  it.each([
    ['anthropic', 'claude-haiku-4-5', 1, 5],
    ['anthropic', 'claude-haiku-4-5-20251001', 1, 5],
    ['anthropic', 'claude-opus-4-5', 5, 25],
    ['anthropic', 'claude-opus-4-1', 15, 75],
    ['bedrock', 'global.anthropic.claude-sonnet-4-5-20250929-v1:0', 3, 15],
    ['bedrock', 'eu.anthropic.claude-haiku-4-5-20251001-v1:0', 1, 5],
    ['openai', 'gpt-4o-mini', 0.15, 0.6],
    ['openai', 'gpt-4o-2024-08-06', 2.5, 10],
    ['ollama', 'qwen2.5:7b', 0, 0],
  ])('prices %s/%s', (provider, model, input, output) => {
    expect(catalog.price(provider, model)).toEqual({ input, output, known: true });
  });

  it('prices an unknown model at the dearest rate and says so', () => {
    expect(catalog.price('openai', 'brand-new')).toEqual({ input: 15, output: 75, known: false });
  });

  it.each([
    ['anthropic', 'light', 'claude-haiku-4-5'],
    ['bedrock', 'deep', 'global.anthropic.claude-opus-4-5-20251101-v1:0'],
    ['ollama', 'standard', 'qwen2.5:14b'],
  ] as const)('resolves tier %s/%s', (provider, tier, model) => {
    expect(catalog.tier(provider, tier)).toBe(model);
  });

  it('every tier model of a priced provider has a known price and is not refused', () => {
    for (const [provider, byTier] of Object.entries(tiers.tiers)) {
      for (const model of Object.values(byTier)) {
        expect(catalog.price(provider, model).known, `${provider}/${model}`).toBe(true);
        expect(catalog.refusal(model)).toBeUndefined();
      }
    }
  });

  it.each([
    ['gpt-3.5-turbo', true],
    ['claude-instant-1.2', true],
    ['us.anthropic.claude-instant-v1', true],
    ['anthropic.claude-instant-v1', true],
    ['claude-haiku-4-5', false],
  ])('refusal of %s: %s', (model, isRefused) => {
    expect(catalog.refusal(model) !== undefined).toBe(isRefused);
  });

  it.each([
    ['anthropic', 'claude-sonnet-5-5', false, 'max_tokens', 'thinking'],
    ['anthropic', 'claude-sonnet-4-5', true, 'max_tokens', 'thinking'],
    ['anthropic', 'claude-3-5-haiku-latest', true, 'max_tokens', 'none'],
    ['bedrock', 'global.anthropic.claude-opus-5-5-v1:0', false, 'max_tokens', 'thinking'],
    ['bedrock', 'us.anthropic.claude-haiku-4-5-20251001-v1:0', true, 'max_tokens', 'thinking'],
    ['openai', 'gpt-5-mini', false, 'max_completion_tokens', 'reasoning_effort'],
    ['openai', 'gpt-4.1-mini', true, 'max_tokens', 'none'],
    ['ollama', 'gpt-5-local', true, 'max_tokens', 'none'],
  ])('quirks of %s/%s', (provider, model, sendTemperature, maxTokensField, effort) => {
    expect(catalog.quirks(provider, model)).toEqual({ sendTemperature, maxTokensField, effort });
  });
});

describe('buildCatalog refuses a broken file whole', () => {
  it.each([
    [
      'a negative price',
      { prices: { ...prices, models: [{ provider: 'x', match: '*', input: -1, output: 0 }] } },
      'rules/model-prices.json',
    ],
    ['an unknown key', { tiers: { ...tiers, extra: true } }, 'rules/model-tiers.json'],
    [
      'a tier missing',
      { tiers: { version: 1, tiers: { x: { light: 'a', standard: 'b' } } } },
      'rules/model-tiers.json',
    ],
    [
      'an unknown quirk value',
      { quirks: { version: 1, quirks: [{ provider: 'x', match: '*', temperature: 'maybe' }] } },
      'rules/model-quirks.json',
    ],
    [
      'a refusal without a reason',
      { refused: { version: 1, refused: [{ match: 'x' }] } },
      'rules/model-refused.json',
    ],
  ])('%s', (_name, patch, file) => {
    const result = buildCatalog({ prices, tiers, refused, quirks, ...patch });
    expect(result).toMatchObject({ ok: false, file });
  });
});

describe('matchesPattern', () => {
  it.each([
    ['claude-*', 'claude-x', true],
    ['claude-*', 'xclaude-', false],
    ['*', '', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'acb', false],
    ['exact', 'exact', true],
    ['exact', 'exactly', false],
  ])('%s ~ %s = %s', (pattern, name, want) => {
    expect(matchesPattern(pattern, name)).toBe(want);
  });
});
