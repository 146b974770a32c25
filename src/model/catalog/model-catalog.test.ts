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
    ['anthropic', 'claude-haiku-4-5', 1, 5, 1.25, 0.1, 4096],
    ['anthropic', 'claude-haiku-4-5-20251001', 1, 5, 1.25, 0.1, 4096],
    ['anthropic', 'claude-opus-4-5', 5, 25, 6.25, 0.5, 4096],
    ['anthropic', 'claude-opus-4-1', 15, 75, 18.75, 1.5, 1024],
    ['bedrock', 'global.anthropic.claude-sonnet-4-5-20250929-v1:0', 3, 15, 3.75, 0.3, 1024],
    ['bedrock', 'eu.anthropic.claude-haiku-4-5-20251001-v1:0', 1, 5, 1.25, 0.1, 4096],
    ['openai', 'gpt-4o-mini', 0.15, 0.6, 0.15, 0.075, 1024],
    ['openai', 'gpt-4o-2024-08-06', 2.5, 10, 2.5, 1.25, 1024],
  ])('prices %s/%s, with its prompt cache', (provider, model, input, output, cacheWrite, cacheRead, min) => {
    expect(catalog.price(provider, model)).toEqual({
      input,
      output,
      cacheWrite,
      cacheRead,
      cacheMinTokens: min,
      known: true,
    });
  });

  it('prices a model with no cache price as if nothing were cached', () => {
    expect(catalog.price('ollama', 'qwen2.5:7b')).toEqual({
      input: 0,
      output: 0,
      cacheWrite: 0,
      cacheRead: 0,
      cacheMinTokens: Number.POSITIVE_INFINITY,
      known: true,
    });
  });

  it('prices an unknown model at the dearest rate and says so', () => {
    expect(catalog.price('openai', 'brand-new')).toEqual({
      input: 15,
      output: 75,
      cacheWrite: 15,
      cacheRead: 15,
      cacheMinTokens: Number.POSITIVE_INFINITY,
      known: false,
    });
  });

  it('refuses a prices file with a provider whose source is not named', () => {
    const { openai: _gone, ...sources } = prices.sources;
    const r = buildCatalog({ prices: { ...prices, sources }, tiers, refused, quirks });
    expect(r).toEqual({
      ok: false,
      file: 'rules/model-prices.json',
      problem: '`sources.openai`: every provider priced needs the source of its prices',
    });
  });

  it('cache prices follow the providers: a write never below input for Anthropic, a read below input', () => {
    for (const m of prices.models as {
      provider: string;
      match: string;
      input: number;
      cacheWrite?: number;
      cacheRead?: number;
    }[]) {
      if (m.cacheRead === undefined) continue;
      expect(m.cacheRead, m.match).toBeLessThan(m.input);
      expect(m.cacheWrite ?? m.input, m.match).toBeGreaterThanOrEqual(m.input);
    }
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
