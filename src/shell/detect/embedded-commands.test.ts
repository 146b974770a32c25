// A command carried in the arguments of a program gavel does not model: the floor and the categories see it.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const categories = (command: string, modelled?: string[]) =>
  [
    ...new Set(
      analyzeShellSync(command, {
        ...shellEnv(),
        ...(modelled ? { modelled: new Set(modelled) } : {}),
      }).hits.map((h) => h.category),
    ),
  ].sort();

beforeAll(async () => {
  await loadShellParser();
});

describe('a command behind a wrapper nobody listed', () => {
  it.each([
    ['unshare with a flag', 'unshare -r rm -rf ~'],
    ['fakeroot', 'fakeroot rm -rf ~'],
    ['a user, then the command', 'gosu root rm -rf ~'],
    ['a subcommand, a profile and --', 'aws-vault exec prod -- rm -rf ~'],
    ['a subcommand and --', 'op run --env-file=.env.tpl -- rm -rf ~'],
    ['an env manager', 'asdf exec rm -rf ~'],
    ['a sandbox with two-word options', 'bwrap --bind / / rm -rf ~'],
    ['shell text as an argument', "hyperfine 'rm -rf ~'"],
    ['shell text after an option', "watcher --on-change 'rm -rf ~'"],
    ['a modelled program, after --', 'mytool --fast -- rm -rf ~'],
  ])('%s', (_name, command) => {
    expect(categories(command, ['mytool'])).toContain('destructive_root_delete');
  });
});

describe('arguments that are data stay data', () => {
  it.each([
    ['a search pattern', 'grep -r rm ~/notes'],
    ['a pattern of a modelled program (an option value)', 'pytest -k rm tests'],
    ['a manual page', 'man rm'],
    ['a remote command is judged by its own detector', "ssh host 'ls'"],
    ['a modelled program without --', "mytool 'rm -rf ~'"],
  ])('%s', (_name, command) => {
    expect(categories(command, ['pytest', 'mytool'])).not.toContain('destructive_root_delete');
  });
});
