// What a read of git's configuration prints (round 26, 29, 30: `git config --list --show-origin`, `--get-regexp
// '^remote\.'`, `--global --get core.sshCommand`, listed ordinary): a credential among the values is a secret
// read, as `cat .git/config` of it is. The reader is a table in memory (a folder reads as `not-regular`).
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile, ShellAnalysis } from '../types';
import { configValuesPrinted } from './git-config-values';

const P = '/home/u/proj';
const H = '/home/u';
const DIR: ScriptFile = { kind: 'unreadable', why: 'not-regular' };
const text = (t: string): ScriptFile => ({ kind: 'text', text: t });
const BASE =
  '[core]\n\tbare = false\n[remote "origin"]\n\turl = git@github.com:acme/shop.git\n[credential]\n\thelper = store\n[user]\n\temail = dev@example.com\n';
const TOKEN = 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB';

function analyze(command: string, config: string, home: Record<string, string> = {}): ShellAnalysis {
  const files: Record<string, ScriptFile> = {
    [`${P}/.git`]: DIR,
    [`${P}/.git/config`]: text(config),
    [`${P}/.git/HEAD`]: text('ref: refs/heads/feat/x\n'),
    [`${P}/.git/objects`]: DIR,
    [`${P}/.git/refs`]: DIR,
  };
  for (const [k, v] of Object.entries(home)) files[`${H}/${k}`] = text(v);
  const env = shellEnv({ cwd: P, home: H, readScript: (abs) => files[abs] ?? { kind: 'missing' } });
  return analyzeShellSync(command, env);
}
const secret = (a: ShellAnalysis) => a.hits.some((h) => h.category === 'secret_material_read');

beforeAll(async () => {
  await loadShellParser();
});

describe('a configuration read that prints no credential', () => {
  it.each([
    'git config --list',
    'git config --list --show-origin | head -30',
    "git config --get-regexp '^remote\\.'",
    'git config --global --get core.sshCommand',
    'git config user.email',
    'git config -l --show-scope',
  ])('%s', (command) => {
    const a = analyze(command, BASE, { '.gitconfig': '[alias]\n\tst = status -sb\n' });
    expect(secret(a)).toBe(false);
  });
  it('one key read, another holding a token', () => {
    const config = `${BASE}[http]\n\textraHeader = AUTHORIZATION: bearer ${TOKEN}\n`;
    expect(secret(analyze('git config --get user.email', config))).toBe(false);
  });
});

describe('a configuration read that prints a credential', () => {
  const header = `${BASE}[http]\n\textraHeader = AUTHORIZATION: bearer ${TOKEN}\n`;
  it.each([
    ['the whole list', 'git config --list', header, {}],
    ['a pattern of keys', "git config --get-regexp '^http'", header, {}],
    ['the key itself', 'git config --get http.extraheader', header, {}],
    ['the key in another case', 'git config http.extraHeader', header, {}],
    ['the list verb', 'git config list', header, {}],
    ['an option with a value of its own', 'git config --type bool --get core.bare', header, {}],
    [
      'a token in a remote URL',
      'git config --list',
      `${BASE}[remote "up"]\n\turl = https://x:${TOKEN}@github.com/a/b\n`,
      {},
    ],
    [
      'a password in an inline helper of the user',
      'git config --global --list',
      BASE,
      { '.gitconfig': '[credential]\n\thelper = "!f() { echo password=hunter2hunter2; }; f"\n' },
    ],
    [
      'an included file holding a token',
      'git config --list',
      `${BASE}[include]\n\tpath = ~/.gitcreds\n`,
      { '.gitcreds': `[github]\n\ttoken = ${TOKEN}\n` },
    ],
    ['an include gavel cannot place', 'git config --list', `${BASE}[include]\n\tpath = %(prefix)/x\n`, {}],
    ['a file that does not parse', 'git config --list', '[core\n\tbare = false\n', {}],
    // Review of this session: an API key by its key's name.
    [
      'an API key',
      'git config --get-regexp jira',
      `${BASE}[jira]\n\tapikey = 0123456789abcdef0123456789abcdef01234567\n`,
      {},
    ],
  ] as const)('%s: %s', (_n, command, config, home) => {
    expect(secret(analyze(command, config, home))).toBe(true);
  });
});

describe('which values a git config read prints', () => {
  it.each([
    [['--list'], [], 'all'],
    [['-l', '--show-origin'], [], 'all'],
    [['--get-regexp'], ['^remote'], 'all'],
    [['--get'], ['User.Email'], 'user.email'],
    [[], ['user.email'], 'user.email'],
    [[], ['get', 'core.bare'], 'core.bare'],
    [[], ['list'], 'all'],
    [['--type', '--get'], ['bool', 'core.bare'], 'all'],
    [[], ['user.email', 'x@y'], undefined],
    [['--unset'], ['user.email'], undefined],
    [['--edit'], [], undefined],
    [['--global'], ['edit'], undefined],
  ] as const)('%j %j', (options, positionals, printed) => {
    expect(configValuesPrinted(options, positionals)).toBe(printed);
  });
});
