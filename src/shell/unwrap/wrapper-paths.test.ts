// A wrapper named by a path is that wrapper only in a system program folder (or, for a name no system program has,
// a package's bin folder): `./env ls`, `bin/command`, `/opt/x/nohup ls` run the file named, whatever its name
// says. Peeling such a file off judged the words after it as the program run (GTFOBins check, 2026-12-07).
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const first = (command: string) => {
  const s = analyzeShellSync(command, shellEnv()).segments[0];
  return { run: s?.argv[0], wrappers: s?.wrappers ?? [] };
};

beforeAll(async () => {
  await loadShellParser();
});

describe('a wrapper named by a path', () => {
  it.each([
    ['a workspace file named env', './env ls', './env'],
    ['a file named command in a folder', 'bin/command -v x', 'bin/command'],
    ['a file named command elsewhere', '/tmp/command', '/tmp/command'],
    ['exec is a builtin, never a file', '/opt/x/exec ls', '/opt/x/exec'],
    ['builtin is a builtin, never a file', '/opt/x/builtin echo', '/opt/x/builtin'],
    ['nohup outside the system folders', '/opt/x/nohup ls', '/opt/x/nohup'],
    ['timeout in a home folder', '~/bin/timeout 5 ls', '~/bin/timeout'],
    ['xargs in the workspace', './xargs ls', './xargs'],
    ['a system name in a package bin folder', 'node_modules/.bin/env ls', 'node_modules/.bin/env'],
  ])('%s is the file named', (_n, command, run) => {
    expect(first(command).run).toBe(run);
  });

  it.each([
    ['env by name', 'env ls', 'env'],
    ['env in /usr/bin', '/usr/bin/env ls', 'env'],
    ['nohup in /bin', '/bin/nohup ls', 'nohup'],
    ['timeout from Homebrew', '/opt/homebrew/bin/timeout 5 ls', 'timeout'],
    ['a package wrapper in node_modules/.bin', 'node_modules/.bin/cross-env A=1 ls', 'cross-env'],
  ])('%s is peeled off', (_n, command, wrapper) => {
    const got = first(command);
    expect(got.run).toBe('ls');
    expect(got.wrappers).toContain(wrapper);
  });
});
