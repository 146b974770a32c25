import { describe, expect, it } from 'vitest';
import { chooseModel, isRefusedModel, type TierCatalog } from './resolve-model';

const catalog: TierCatalog = {
  anthropic: [
    { model: 'claude-opus-x', tier: 'deep' },
    { model: 'claude-sonnet-x', tier: 'standard' },
    { model: 'claude-haiku-x', tier: 'light' },
  ],
  astra: [{ model: 'gpt-6-astra', tier: 'light' }],
};

describe('chooseModel', () => {
  it.each([
    ['the rules evaluator by default', {}, { use: 'rules', source: 'rules' }],
    ['the rules evaluator when pinned to rules', { pin: 'rules' }, { use: 'rules', source: 'rules' }],
    ['a pin', { pin: 'openai/gpt-5-mini' }, { use: 'model', name: 'openai/gpt-5-mini', source: 'pin' }],
    ['the flag over the pin', { pin: 'openai/gpt-5-mini', flag: 'rules' }, { use: 'rules', source: 'rules' }],
    [
      'a light tier at the session provider',
      { pin: 'tier', sessionModel: 'anthropic/claude-opus-x' },
      { use: 'model', name: 'anthropic/claude-haiku-x', source: 'tier' },
    ],
    [
      'a standard tier',
      { pin: 'tier', tier: 'standard' as const, sessionModel: 'anthropic/claude-opus-x' },
      { use: 'model', name: 'anthropic/claude-sonnet-x', source: 'tier' },
    ],
    [
      'the session model when the provider has no such tier',
      { pin: 'tier', sessionModel: 'ollama/llama3' },
      { use: 'model', name: 'ollama/llama3', source: 'session-fallback' },
    ],
    ['no model when the tier has no session to resolve against', { pin: 'tier' }, { use: 'none' }],
    ['a refused pin', { pin: 'openrouter/GPT-6 Astra' }, { use: 'refused', source: 'pin' }],
    ['a refused flag', { flag: 'azure/gpt6-astra-preview' }, { use: 'refused', source: 'flag' }],
    [
      'a refused tier result',
      { pin: 'tier', sessionModel: 'astra/big' },
      { use: 'refused', name: 'astra/gpt-6-astra', source: 'tier' },
    ],
    [
      'a refused session fallback',
      { pin: 'tier', sessionModel: 'other/GPT_6_ASTRA' },
      { use: 'refused', source: 'session-fallback' },
    ],
  ])('chooses %s', (_name, over, want) => {
    expect(chooseModel({ tier: 'light', catalog, ...over })).toMatchObject(want);
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
