import { describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../model';
import { type ArbiterCatalog, chooseModel, isRefusedModel } from './resolve-model';

const TIERS: Record<string, Record<string, string>> = {
  anthropic: { light: 'claude-haiku-x', standard: 'claude-sonnet-x', deep: 'claude-opus-x' },
  astra: { light: 'gpt-6-astra', standard: 'gpt-6-astra' },
};
const catalog: ArbiterCatalog = {
  tier: (provider, tier) => TIERS[provider]?.[tier],
  refusal: (model) => (model.startsWith('retired-') ? 'retired' : undefined),
};

describe('chooseModel', () => {
  it.each([
    ['the rules evaluator by default', {}, { use: 'rules', source: 'rules' }],
    ['the rules evaluator when pinned to rules', { pin: 'rules' }, { use: 'rules', source: 'rules' }],
    ['a pin', { pin: 'openai/gpt-5-mini' }, { use: 'model', spec: 'openai/gpt-5-mini', source: 'pin' }],
    ['the flag over the pin', { pin: 'openai/gpt-5-mini', flag: 'rules' }, { use: 'rules', source: 'rules' }],
    ['a scripted pin', { pin: 'scripted:s.json' }, { use: 'model', spec: 'scripted:s.json', source: 'pin' }],
    ['a replay flag', { flag: 'replay:tapes' }, { use: 'model', spec: 'replay:tapes', source: 'flag' }],
    [
      'a light tier at the session provider',
      { pin: 'tier', sessionModel: 'anthropic/claude-opus-x' },
      { use: 'model', spec: 'anthropic/claude-haiku-x', source: 'tier' },
    ],
    [
      'a standard tier',
      { pin: 'tier', tier: 'standard' as const, sessionModel: 'anthropic/claude-opus-x' },
      { use: 'model', spec: 'anthropic/claude-sonnet-x', source: 'tier' },
    ],
    [
      'the session model when the provider has no such tier',
      { pin: 'tier', sessionModel: 'ollama/llama3' },
      { use: 'model', spec: 'ollama/llama3', source: 'session-fallback' },
    ],
    [
      'the session model when it is a script',
      { pin: 'tier', sessionModel: 'scripted:a/b.json' },
      { use: 'model', spec: 'scripted:a/b.json', source: 'session-fallback' },
    ],
    ['no model when the tier has no session to resolve against', { pin: 'tier' }, { use: 'none' }],
    ['a refused pin', { pin: 'openrouter/GPT-6 Astra' }, { use: 'refused', source: 'pin' }],
    ['a refused flag', { flag: 'azure/gpt6-astra-preview' }, { use: 'refused', source: 'flag' }],
    [
      'a refused tier result',
      { pin: 'tier', sessionModel: 'astra/big' },
      { use: 'refused', spec: 'astra/gpt-6-astra', source: 'tier' },
    ],
    [
      'a refused session fallback',
      { pin: 'tier', sessionModel: 'other/GPT_6_ASTRA' },
      { use: 'refused', source: 'session-fallback' },
    ],
    ['the flagship tier named as a model', { flag: 'anthropic/deep' }, { use: 'refused', source: 'flag' }],
    ['a model the catalogue refuses', { pin: 'openai/retired-1' }, { use: 'refused', source: 'pin' }],
  ])('chooses %s', (_name, over, want) => {
    expect(chooseModel({ tier: 'light', catalog, ...over })).toMatchObject(want);
  });

  it.each([
    ['light', 'openai/gpt-4.1-mini'],
    ['standard', 'openai/gpt-4.1'],
  ] as const)('resolves the %s tier from the bundled catalogue', (tier, spec) => {
    expect(
      chooseModel({ pin: 'tier', tier, sessionModel: 'openai/gpt-5', catalog: bundledCatalog() }),
    ).toEqual({ use: 'model', spec, source: 'tier' });
  });

  it('refuses what the bundled catalogue refuses, before any call', () => {
    expect(
      chooseModel({ flag: 'openai/gpt-3.5-turbo', tier: 'light', catalog: bundledCatalog() }),
    ).toMatchObject({
      use: 'refused',
    });
  });
});

describe('isRefusedModel', () => {
  it.each([
    ['GPT-6 Astra', true],
    ['openai/gpt-6-astra', true],
    ['gpt 6 astra', true],
    ['gpt-6', false],
    ['astra-gpt-5', false],
  ])('%s → %s', (name, want) => {
    expect(isRefusedModel(name)).toBe(want);
  });
});
