import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../src/shell';
import { bundledCheck } from './bundled-check';
import { type CorpusCase, envFor, HOME, PROJECT } from './corpus-case';
import { add, emptyTally, pct, scoreCases } from './score-corpus';

const root = fileURLToPath(new URL('../../', import.meta.url));
const decide = bundledCheck(root);

const base = { id: 'x', source: 's', expected: 'allow' as const };

beforeAll(async () => {
  await loadShellParser();
});

describe('envFor', () => {
  it.each<[string, string[] | undefined, string]>([
    ['no context is the project', undefined, PROJECT],
    ['the source temp folder is the project', ['cwd:tmpDir'], PROJECT],
    ['temp folder with HOME pointed at it is home', ['cwd:tmpDir', 'env:HOME'], HOME],
    ['literal /tmp', ["cwd:'/tmp'"], '/tmp'],
  ])('%s', (_name, context, cwd) => {
    const env = envFor({ ...base, command: 'ls', ...(context ? { context } : {}) });
    expect('skip' in env ? 'skip' : env.cwd).toBe(cwd);
  });

  it.each([['env:SAFETY_NET_PARANOID'], ['env:SAFETY_NET_STRICT'], ['cwd:fixture.linkedWorktree']])(
    'skips %s',
    (ctx) => {
      expect(envFor({ ...base, command: 'ls', context: [ctx] })).toHaveProperty('skip');
    },
  );
});

describe('scoring', () => {
  it('counts caught blocks and passed allows for gavel and the peer', async () => {
    const cases: CorpusCase[] = [
      { ...base, id: 'a', command: 'rm -rf /', expected: 'block' },
      { ...base, id: 'b', command: 'ls', expected: 'allow' },
      { ...base, id: 'c', command: 'echo hi', expected: 'block' },
    ];
    const { scored } = await scoreCases('f', cases, decide);
    const t = emptyTally();
    for (const [k, s] of scored.entries()) add(t, { ...s, peer: k === 2 ? 'block' : 'allow' });
    expect(t).toEqual({
      block: 2,
      blockCaught: 1,
      allow: 1,
      allowPassed: 1,
      peerBlockCaught: 1,
      peerAllowPassed: 1,
    });
    expect(pct(t.blockCaught, t.block)).toBe('50.0%');
    expect(pct(0, 0)).toBe('—');
  });
});
