// $HOME as the surface spells it reaches the analysis normalised (issue 11, session 35): a trailing `/`, a `//` or a
// `..` in $HOME made every path under home fail the prefix tests that class it, so a read of a hidden home file no
// table knows harmless (`~/.newtool/token`) was allowed as a workspace read would be. Through the runtime as a hook
// loads it: a real repository in a temp folder, the real reader, the bundled policy.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core';
import { loadRuntime } from './load-runtime';
import { runtimeVerdict } from './testdata/runtime-verdict';

const base = mkdtempSync(join(tmpdir(), 'gavel-home-spelling-'));
const ws = join(base, 'ws');
const home = join(base, 'home');
for (const dir of [ws, home, join(home, '.newtool'), join(home, '.cargo/registry/src/x')])
  mkdirSync(dir, { recursive: true });
writeFileSync(join(home, '.newtool/token'), 'abc\n');
writeFileSync(join(home, '.cargo/registry/src/x/lib.rs'), 'fn main() {}\n');
afterAll(() => rmSync(base, { recursive: true, force: true }));
execFileSync('git', ['init', '-q', '-b', 'feat/x'], { cwd: ws, env: { PATH: process.env.PATH, HOME: home } });

async function verdict(homeSpelling: string, command: string): Promise<string> {
  const env = {
    HOME: homeSpelling,
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    XDG_STATE_HOME: join(base, 'state'),
    XDG_CONFIG_HOME: join(base, 'cfg'),
  };
  return runtimeVerdict(ws, env, command, (defaults) => expect(defaults.home).toBe(home));
}

const SPELLINGS: [string, string][] = [
  ['as it is', home],
  ['with a trailing slash', `${home}/`],
  ['with a doubled slash', home.replace(/\/home$/, '//home')],
  ['through a `..`', join(ws, '..', 'home').replace(/\/home$/, '/ws/../home')],
];

describe('the home folder however $HOME spells it', () => {
  it.each(SPELLINGS)('%s: a hidden home file no table knows is not allowed', async (_name, spelling) => {
    expect(await verdict(spelling, 'cat ~/.newtool/token')).not.toBe('allow');
    expect(await verdict(spelling, 'cat "$HOME/.newtool/token"')).not.toBe('allow');
  });

  it.each(SPELLINGS)('%s: a package source the table knows stays a routine read', async (_name, spelling) => {
    expect(await verdict(spelling, 'cat ~/.cargo/registry/src/x/lib.rs')).toBe('allow');
  });

  it('through a link to the home folder: its files named by the real path are home files too', async () => {
    const link = join(base, 'home-link');
    symlinkSync(home, link);
    expect(await verdict(link, `cat ${home}/.newtool/token`)).not.toBe('allow');
    expect(await verdict(link, `cat ${link}/.newtool/token`)).not.toBe('allow');
    expect(await verdict(link, 'cat ~/.newtool/token')).not.toBe('allow');
    expect(await verdict(link, 'cat ~/.cargo/registry/src/x/lib.rs')).toBe('allow');
  });

  it('a $TMPDIR with a trailing slash is the temp folder still', async () => {
    const tmp = join(base, 'tmp');
    mkdirSync(tmp, { recursive: true });
    const runtime = await loadRuntime({
      cwd: ws,
      env: { HOME: home, TMPDIR: `${tmp}/`, XDG_STATE_HOME: join(base, 'state') },
      clock: fixedClock('2026-12-07T00:00:00Z'),
    });
    if (!runtime.ok) throw new Error(runtime.problem);
    expect(runtime.defaults.tempDirs).toEqual([tmp]);
  });
});
