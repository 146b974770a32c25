// The corpora's dangerous cases handed to something that runs them (indirections.ts): a shell's `-c`, eval, a
// function, a here-document or here-string, a wrapper, an interpreter's system call, a file written then run. None
// becomes allowed (a pager whose output is captured starts none). Measured 0 of 93,440 once a here-string's quoted glob was read as bash reads it (2026-12-03).
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../src/shell';
import { bundledCheck } from './bundled-check';
import { envFor } from './corpus-case';
import { INDIRECTIONS, pagerCaptured, quoted } from './indirections';
import { blockedCases } from './run-indirections';

const root = fileURLToPath(new URL('../../', import.meta.url));

beforeAll(async () => {
  await loadShellParser();
});

describe('indirections', () => {
  it('quotes a command as one word, its own single quotes kept', () => {
    expect(quoted("echo 'a b'")).toBe(`'echo '\\''a b'\\'''`);
    const heredoc = INDIRECTIONS.find((i) => i.name === 'here-document');
    expect(heredoc?.wrap('ls')).toBe("bash <<'GAVEL_EOF'\nls\nGAVEL_EOF");
  });

  it('excuses a pager only where its output is captured', () => {
    const by = (name: string) => INDIRECTIONS.find((i) => i.name === name) ?? {};
    expect(pagerCaptured('man man', by('command substitution'))).toBe(true);
    expect(pagerCaptured('man man', by('bash -c'))).toBe(false);
    expect(pagerCaptured('rm -rf ~', by('command substitution'))).toBe(false);
  });

  it('every blocked case stays blocked through every indirection', async () => {
    const decide = bundledCheck(root);
    const cases = blockedCases(root);
    const leaks: string[] = [];
    let kept = 0;
    for (const c of cases) {
      const where = envFor(c);
      if ('skip' in where || (await decide(c.command, where)) === 'allow') continue;
      kept++;
      for (const indirection of INDIRECTIONS) {
        if (pagerCaptured(c.command, indirection)) continue;
        const command = indirection.wrap(c.command);
        if ((await decide(command, where)) === 'allow') leaks.push(command);
      }
    }
    expect(kept).toBeGreaterThan(700);
    expect(leaks).toEqual([]);
  }, 600_000);
});
