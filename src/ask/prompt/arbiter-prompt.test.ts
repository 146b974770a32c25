import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadArbiterPrompt, promptRef } from './arbiter-prompt';

const bundled = JSON.parse(
  readFileSync(new URL('../../../prompts/ask-arbiter.json', import.meta.url), 'utf8'),
);

describe('loadArbiterPrompt', () => {
  it('loads the bundled prompt with its version', () => {
    const got = loadArbiterPrompt(bundled);
    expect(got.ok && promptRef(got.prompt)).toBe('ask-arbiter@1');
  });

  it.each([
    ['a list', [], 'must be a JSON object'],
    ['a bad id', { ...bundled, id: 'Ask Arbiter' }, '`id`'],
    ['version zero', { ...bundled, version: 0 }, '`version`'],
    ['no system text', { ...bundled, system: [] }, '`system`'],
    ['too few output tokens', { ...bundled, maxOutputTokens: 4 }, '`maxOutputTokens`'],
  ])('refuses %s', (_name, doc, message) => {
    const got = loadArbiterPrompt(doc);
    expect(got.ok).toBe(false);
    if (!got.ok) expect(got.problem).toContain(message);
  });
});
