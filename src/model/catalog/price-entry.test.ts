import { describe, expect, it } from 'vitest';
import { bundledCatalog } from './bundled-catalog';
import { priceEntryOf } from './price-entry';

const catalog = bundledCatalog();

describe('priceEntryOf', () => {
  it('prices `provider/model` from the catalogue', () => {
    expect(priceEntryOf('anthropic/claude-sonnet-4-5', catalog)).toEqual({
      model: 'anthropic/claude-sonnet-4-5',
      inputUsdPerMTok: 3,
      outputUsdPerMTok: 15,
    });
  });

  it('prices a bare model id under the provider whose entry matches it', () => {
    expect(priceEntryOf('gpt-4o-mini', catalog)).toEqual({
      model: 'openai/gpt-4o-mini',
      inputUsdPerMTok: 0.15,
      outputUsdPerMTok: 0.6,
    });
  });

  it('resolves a tier to its model before pricing', () => {
    const entry = priceEntryOf('anthropic/light', catalog);
    expect(entry?.model).toBe(`anthropic/${catalog.tier('anthropic', 'light')}`);
    expect(entry?.inputUsdPerMTok).toBe(
      catalog.price('anthropic', catalog.tier('anthropic', 'light') ?? '').input,
    );
  });

  it.each([
    ['no choice', undefined],
    ['an empty choice', ' '],
    ['a model no entry matches', 'anthropic/not-a-model'],
    ['an unknown provider', 'nowhere/gpt-4o'],
    ['a scripted client', 'scripted:replies.json'],
    ['a bare id only the local catch-all would match', 'qwen2.5-coder'],
  ])('has no entry for %s (the cost is unknown, never guessed)', (_name, choice) => {
    expect(priceEntryOf(choice, catalog)).toBeUndefined();
  });
});
