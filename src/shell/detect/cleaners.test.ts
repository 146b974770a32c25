// Cleaners (issue 11, a floor class allowed through a known program's own option or configuration): a command
// that deletes a folder by design is judged by the folder an option, a variable or its configuration names, as
// `rm -rf` of that folder is. The reader is a table in memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile } from '../types';

const P = '/home/u/proj';

function run(command: string, files: Record<string, string> = {}) {
  const table: Record<string, ScriptFile> = {};
  for (const [k, v] of Object.entries(files)) table[`${P}/${k}`] = { kind: 'text', text: v };
  return analyzeShellSync(command, shellEnv({ readScript: (abs) => table[abs] ?? { kind: 'missing' } }));
}
const categories = (command: string, files: Record<string, string> = {}) =>
  run(command, files).hits.map((h) => h.category);

beforeAll(async () => {
  await loadShellParser();
});

describe('a cleaner pointed at home or a root is a destructive root delete', () => {
  it.each<[string, string, Record<string, string>?]>([
    ['cargo clean --target-dir of home', 'cargo clean --target-dir ~'],
    ['cargo clean --target-dir= of home', 'cargo clean --target-dir=/home/u'],
    ['conda env remove -p of home', 'conda env remove -p /home/u'],
    ['conda remove --all --prefix of home', 'conda remove --all --prefix=/home/u'],
    ['mamba env remove of a root', 'mamba env remove -p /usr'],
    ['npm cache clean --cache of home', 'npm cache clean --force --cache ~'],
    ['pip cache purge --cache-dir of home', 'pip cache purge --cache-dir ~'],
    ['pytest --cache-clear with -o cache_dir', 'pytest --cache-clear -o cache_dir=/'],
    [
      'pytest --cache-clear with cache_dir in pyproject.toml',
      'pytest --cache-clear',
      { 'pyproject.toml': '[tool.pytest.ini_options]\ncache_dir = "/home/u"\n' },
    ],
    [
      'python -m pytest --cache-clear with cache_dir in pytest.ini',
      'python3 -m pytest --cache-clear -q',
      { 'pytest.ini': '[pytest]\ncache_dir = ~\n' },
    ],
    [
      'jest --clearCache with cacheDirectory in package.json',
      'jest --clearCache',
      { 'package.json': '{"name":"x","jest":{"cacheDirectory":"/home/u"}}' },
    ],
    ['jest --clearCache with --cacheDirectory', 'jest --clearCache --cacheDirectory=/'],
  ])('%s', (_name, command, files) => {
    expect(categories(command, files)).toContain('destructive_root_delete');
  });
});

describe('elsewhere the folder is judged by where it is', () => {
  it('outside the workspace: a recursive delete there', () => {
    expect(categories('cargo clean --target-dir /srv/build')).toContain('recursive_delete_outside_workspace');
  });
  it('a workspace folder that is not a build output: local work loss', () => {
    expect(categories('cargo clean --target-dir src')).toContain('local_work_loss');
  });
  it('a variable set in this command names the folder: uncertain', () => {
    const a = run('GOCACHE=/home/u go clean -cache');
    expect(a.uncertain.map((u) => u.code)).toContain('dynamic-path');
  });
  it('a configured folder written in a form gavel does not read: uncertain', () => {
    const a = run('pytest --cache-clear', { 'pytest.ini': '[pytest]\ncache_dir = $HOME\n' });
    expect(a.uncertain.map((u) => u.code)).toContain('dynamic-path');
  });
});

describe('ordinary cleaning stays quiet', () => {
  it.each([
    ['cargo clean', 'cargo clean'],
    ['cargo clean of the build output', 'cargo clean --target-dir target'],
    ['go clean -cache with the default cache', 'go clean -cache'],
    ['pytest --cache-clear with no configured folder', 'pytest --cache-clear'],
    ['a -p that is not a prefix (conda list)', 'conda list -p /home/u'],
    ['pytest without --cache-clear ignores cache_dir', 'pytest -q'],
  ])('%s', (_name, command) => {
    const files = { 'pytest.ini': command === 'pytest -q' ? '[pytest]\ncache_dir = /home/u\n' : '' };
    expect(categories(command, files)).toEqual([]);
  });
});
