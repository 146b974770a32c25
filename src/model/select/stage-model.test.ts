import { describe, expect, it } from 'vitest';
import { bundledCatalog } from '../catalog/bundled-catalog';
import { chooseStageModel, type StageModelInput } from './stage-model';

const catalog = bundledCatalog();
const base: StageModelInput = { modelSource: 'config', customEndpoint: false };

describe('chooseStageModel', () => {
  it.each([
    [
      'the flag beats everything',
      {
        ...base,
        flag: 'openai/gpt-4.1',
        stage: 'anthropic/claude-sonnet-4-5',
        model: 'anthropic/claude-opus-4-5',
      },
      'openai/gpt-4.1',
      'flag',
    ],
    [
      "the stage's own key beats [model]",
      { ...base, stage: 'anthropic/claude-sonnet-4-5', model: 'anthropic/claude-opus-4-5' },
      'anthropic/claude-sonnet-4-5',
      'stage',
    ],
    [
      "by default the light tier of [model]'s hosted provider",
      { ...base, model: 'anthropic/claude-opus-4-5' },
      'anthropic/light',
      'light-tier',
    ],
    [
      'a scripted client as it is',
      { ...base, model: 'scripted:/tmp/s.json' },
      'scripted:/tmp/s.json',
      'model',
    ],
    [
      'a local ollama model as it is (the tier may not be pulled)',
      { ...base, model: 'ollama/llama3.1:8b' },
      'ollama/llama3.1:8b',
      'model',
    ],
    [
      "a provider at the user's own base_url as it is",
      { ...base, model: 'openai/my-vllm-model', customEndpoint: true },
      'openai/my-vllm-model',
      'model',
    ],
    ['no model at all', base, undefined, 'none'],
  ] as const)('%s', (_name, input, spec, via) => {
    expect(chooseStageModel(input, catalog)).toMatchObject({ spec, via });
  });

  it('keeps where [model] came from when it falls back to it', () => {
    expect(
      chooseStageModel({ ...base, model: 'anthropic/claude-opus-4-5', modelSource: 'environment' }, catalog)
        .source,
    ).toBe('environment');
  });
});
