// The built CLI on a real terminal (a pseudo-terminal made by util-linux `script`): what a person at a
// prompt sees. Needs the built CLI (`npm run build`; `npm test` builds it first).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BIN = join(ROOT, 'bin', 'gavel');

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'gavel-terminal-'));
  mkdirSync(join(tmp, 'project', '.git'), { recursive: true });
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs `gavel <args>` with stdin, stdout and stderr on one pseudo-terminal; the text and gavel's exit code. */
function onTerminal(args: string, env: Record<string, string> = {}): { text: string; code: number } {
  const run = spawnSync('script', ['-qec', `"${BIN}" ${args}; echo "gavel-exit:$?"`, '/dev/null'], {
    cwd: join(tmp, 'project'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: join(tmp, 'home'),
      XDG_CONFIG_HOME: join(tmp, 'xdg'),
      TERM: 'xterm',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  const text = run.stdout.replaceAll('\r\n', '\n');
  const m = /gavel-exit:(\d+)\n?$/.exec(text);
  return { text: text.replace(/gavel-exit:\d+\n?$/, ''), code: m ? Number(m[1]) : -1 };
}

describe('gavel on a terminal', () => {
  it('the CLI is built', () => {
    expect(existsSync(join(ROOT, 'dist', 'gavel.mjs')), 'run `npm run build` first').toBe(true);
  });

  it('check with nothing piped says what to pipe (was: "the request is not valid JSON"), exit 2', () => {
    const got = onTerminal('check');
    expect(got.code).toBe(2);
    expect(got.text).toMatch(/^gavel check: no request on stdin: pipe one JSON tool call/);
    expect(got.text).not.toContain('not valid JSON');
  });
});
