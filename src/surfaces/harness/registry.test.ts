import { describe, expect, it } from 'vitest';
import { HARNESS_NAMES, HARNESSES, harnessNamed } from './registry';

describe('harness registry', () => {
  it('names every harness once', () => {
    expect(new Set(HARNESS_NAMES).size).toBe(HARNESSES.length);
    expect(HARNESS_NAMES).toEqual(['claude-code', 'codex', 'pi', 'opencode', 'gemini', 'copilot', 'cursor']);
  });

  it.each(HARNESS_NAMES.map((n) => [n]))('finds %s by name', (name) => {
    expect(harnessNamed(name)?.name).toBe(name);
  });

  it.each([['windsurf'], [''], [undefined], ['__proto__'], ['Cursor']])(
    'finds no harness named %s',
    (name) => {
      expect(harnessNamed(name)).toBeUndefined();
    },
  );

  it.each(HARNESSES.map((h) => [h.name, h] as const))(
    '%s installs under the home or the project',
    (_n, h) => {
      expect(h.install.file('/home/u').startsWith('/home/u/')).toBe(true);
      expect(h.install.file('/home/u', '/repo').startsWith('/repo/')).toBe(true);
    },
  );
});
