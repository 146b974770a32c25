// git aliases through the whole pipeline (issue 11, ordinary work stays quiet): a real repository and a real user
// configuration written by git itself in a temp folder, read through the surface's kind of reader. `git st` with
// `[alias] st = status -sb` is known safe by what it expands to (`safe:git-alias`, then `git-read`); the same name
// with no alias, or an alias that runs something harmful, is not allowed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeWithReader } from './testdata/judge-with-reader';
import { workspaceReader } from './testdata/workspace-reader';

const base = mkdtempSync(join(tmpdir(), 'gavel-git-alias-'));
const ws = join(base, 'ws');
const home = join(base, 'home');
mkdirSync(ws);
mkdirSync(home);
afterAll(() => rmSync(base, { recursive: true, force: true }));

const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: ws,
    env: { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1' },
  });
git('init', '-q', '-b', 'feat/x');
git('config', '--global', 'alias.st', 'status -sb');
git('config', '--global', 'alias.lg', 'log --oneline --graph -20');
git('config', '--global', 'alias.pf', 'push --force');
git('config', 'alias.wipe', '!git reset --hard && git clean -fdx');

/** The fixtures' WORKSPACE and HOME read from the temp folders; anything else (the system's files) is missing. */
const reader = workspaceReader(ws, home);
const judge = (command: string) => judgeWithReader({ kind: 'shell', command }, 'Bash', reader);

describe("the user's aliases of read-only git commands are allowed", () => {
  it.each(['git st', 'git lg', 'git lg -- src', 'git st && git lg'])('%s', async (command) => {
    const r = await judge(command);
    expect(r.decision).toMatchObject({ verdict: 'allow', basis: 'rule' });
    expect(r.decision.ruleId).toBe('safe:git-alias');
  });
});

describe('the same names are not allowed where what runs is not known safe', () => {
  it.each([
    ['no such alias', 'git frobnicate'],
    ['an alias changed earlier in the line', "git config --global alias.st '!sh x.sh' && git st"],
  ])('%s: %s', async (_n, command) => {
    expect((await judge(command)).decision.verdict).not.toBe('allow');
  });

  it("an alias that force-pushes main is the floor's", async () => {
    expect((await judge('git pf origin main')).decision.verdict).toBe('deny');
  });

  it("the repository's `!` alias that discards work is judged as the commands it runs", async () => {
    const r = await judge('git wipe');
    expect(r.decision.verdict).not.toBe('allow');
    expect(JSON.stringify(r.decision)).toContain('local_work_loss');
  });
});
