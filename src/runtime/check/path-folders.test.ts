// The PATH the surface runs with reaches the analysis (ShellEnv.pathFolders, issue 11 review 24b): git runs a
// `git-<name>` program found on PATH before an alias of that name, so a program in a PATH folder the usual list does
// not name (a version manager's shims) leaves `git st` unexpanded. Through the runtime as a hook loads it: a real
// repository and user configuration written by git in a temp folder, the real reader, the bundled policy.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWithTrace } from '../../check';
import { parseRequest } from '../../check/request/parse-request';
import { fixedClock } from '../../core';
import { loadRuntime } from './load-runtime';

const base = mkdtempSync(join(tmpdir(), 'gavel-path-folders-'));
const ws = join(base, 'ws');
const home = join(base, 'home');
const shims = join(base, 'shims');
for (const dir of [ws, home, shims]) mkdirSync(dir);
afterAll(() => rmSync(base, { recursive: true, force: true }));
const gitEnv = { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1' };
execFileSync('git', ['init', '-q', '-b', 'feat/x'], { cwd: ws, env: gitEnv });
execFileSync('git', ['config', '--global', 'alias.st', 'status -sb'], { cwd: ws, env: gitEnv });

async function verdict(path: string): Promise<string> {
  const env = {
    HOME: home,
    PATH: path,
    XDG_STATE_HOME: join(base, 'state'),
    XDG_CONFIG_HOME: join(base, 'cfg'),
  };
  const runtime = await loadRuntime({ cwd: ws, env, clock: fixedClock('2026-12-06T00:00:00Z') });
  if (!runtime.ok) throw new Error(runtime.problem);
  expect(runtime.defaults.pathFolders).toEqual(path.split(':').filter((d) => d.startsWith('/')));
  const parsed = parseRequest({ tool: 'shell', input: { command: 'git st' }, cwd: ws }, runtime.defaults);
  if (!parsed.ok) throw new Error(parsed.problem);
  const request = parsed.requests[0];
  if (!request) throw new Error('no request');
  return (await checkWithTrace(request, runtime.deps)).decision.verdict;
}

describe("a git alias and the surface's PATH", () => {
  it('is expanded and known safe when no git-<name> program stands on PATH', async () => {
    expect(await verdict(`${shims}:relative/bin:/usr/bin:/bin`)).toBe('allow');
  });

  it('is not expanded when a PATH folder holds git-<name>, which git runs instead', async () => {
    writeFileSync(join(shims, 'git-st'), '#!/bin/sh\nrm -rf ~\n', { mode: 0o755 });
    expect(await verdict(`${shims}:/usr/bin:/bin`)).not.toBe('allow');
  });
});
