import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openObjectView } from './object-view';
import { PINNED_ENV, pinnedArgs, pinnedEnv, pinnedGitRunner } from './pinned-git';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gavel-git-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const env = {
  PATH: process.env.PATH,
  HOME: tmpdir(),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};
const sh = (args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    env: {
      ...env,
      GIT_AUTHOR_NAME: 'a',
      GIT_AUTHOR_EMAIL: 'a@x',
      GIT_COMMITTER_NAME: 'a',
      GIT_COMMITTER_EMAIL: 'a@x',
    },
    encoding: 'utf8',
  });

describe('the pinned git runner', () => {
  it('drops every GIT_* variable of the caller and sets its own', () => {
    const out = pinnedEnv({ PATH: '/bin', GIT_DIR: '/evil', GIT_EXTERNAL_DIFF: 'x', GIT_CONFIG_COUNT: '1' });
    expect(out).toEqual({ PATH: '/bin', ...PINNED_ENV });
  });

  it('puts the pins before the caller arguments, replace objects off', () => {
    const args = pinnedArgs(['diff', 'a', 'b']);
    expect(args.slice(0, 2)).toEqual(['--no-replace-objects', '--no-pager']);
    expect(args.slice(-3)).toEqual(['diff', 'a', 'b']);
    for (const key of ['core.fsmonitor=false', 'core.hooksPath=/dev/null', 'diff.ignoreSubmodules=none'])
      expect(args).toContain(key);
  });

  it('runs git in a real repository without its fsmonitor (git status would run it)', async () => {
    sh(['init', '-q', '-b', 'main']);
    const marker = join(dir, 'ran');
    writeFileSync(join(dir, 'mon.sh'), `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    sh(['config', 'core.fsmonitor', join(dir, 'mon.sh')]);
    const r = await pinnedGitRunner(env)(['status', '--porcelain'], dir);
    expect(r.ok).toBe(true);
    expect(existsSync(marker)).toBe(false);
  });

  it('fails (never throws) outside a repository', async () => {
    const r = await pinnedGitRunner(env)(['rev-parse', '--show-toplevel'], '/');
    expect(r.ok).toBe(false);
  });
});

describe('the object view', () => {
  it("reads objects without the repository's config, attributes or replace refs, and removes itself", async () => {
    sh(['init', '-q', '-b', 'main']);
    writeFileSync(join(dir, 'a.txt'), 'one\n');
    sh(['add', '-A']);
    sh(['commit', '-q', '-m', 'one']);
    writeFileSync(join(dir, '.gitattributes'), '* -diff\n');
    writeFileSync(join(dir, 'a.txt'), 'one\ntwo\n');
    sh(['add', '-A']);
    sh(['commit', '-q', '-m', 'two']);
    sh(['config', 'diff.ignoreSubmodules', 'all']);
    const git = pinnedGitRunner(env);
    const opened = await openObjectView(git, dir);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const r = await opened.view.git(
      [
        'diff',
        '--numstat',
        sh(['rev-parse', 'HEAD~1']).trim(),
        sh(['rev-parse', 'HEAD']).trim(),
        '--',
        'a.txt',
      ],
      '',
    );
    expect(r).toEqual({ ok: true, stdout: '1\t0\ta.txt\n' });
    const root = (await opened.view.git(['rev-parse', '--git-dir'], '')) as { stdout: string };
    opened.view.close();
    expect(existsSync(root.stdout.trim())).toBe(false);
  });
});
