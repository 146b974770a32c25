// The corpora's dangerous simple commands respelled as bash reads them the same (spellings.ts): quoted words, an
// escaped, split or path-named program, short options apart or together, extra blanks. None becomes allowed.
// Measured 0 of 4,243 once `docker run -dp ADDR` read the published address in the cluster (2026-12-03).
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../src/shell';
import { spellingLeaks } from './run-spellings';
import { SPELLINGS, simpleWords } from './spellings';

const root = fileURLToPath(new URL('../../', import.meta.url));

beforeAll(async () => {
  await loadShellParser();
});

describe('spellings', () => {
  it('respells only a simple command, each as bash reads it the same', () => {
    expect(simpleWords('rm -rf ~ && ls')).toBeUndefined();
    expect(simpleWords("cat '.env'")).toBeUndefined();
    const words = simpleWords('rm -rf /tmp/x') ?? [];
    const by = (name: string) => SPELLINGS.find((s) => s.name === name)?.respell(words);
    expect(by('every word quoted')).toBe("'rm' '-rf' '/tmp/x'");
    expect(by('program split by empty quotes')).toBe("r''m -rf /tmp/x");
    expect(by('short options apart')).toBe('rm -r -f /tmp/x');
    expect(by('short flags together')).toBeUndefined();
  });

  it('no dangerous command becomes allowed respelled', async () => {
    const { leaks, checked } = await spellingLeaks(root);
    expect(checked).toBeGreaterThan(2000);
    expect(leaks).toEqual([]);
  }, 300_000);
});
