// Values the catalogue reads to know them inert: git -c keys, a database client's single read-only SELECT, make
// variable overrides. Each reader both ways: the inert shape known, each breaking shape not.
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from './compile-catalogue';
import { inertGitConfig, inertMakeAssignment, readOnlySelect } from './value-checks';

const runsCode = (() => {
  const r = compileCatalogue({
    version: 1,
    inert_variables: [],
    runs_code_variables: ['CC', 'CFLAGS', 'LD_*', 'PYTHON*'],
    wrapper_options_not_safe: [],
    entries: [],
  });
  if (!r.ok) throw new Error(r.problem);
  return r.catalogue.runsCode;
})();

describe('git -c', () => {
  it.each([
    'color.ui=never',
    'core.quotePath=false',
    'advice.detachedHead=false',
    'log.date=iso',
    'core.fsmonitor=false',
    'core.fsmonitor=off',
  ])('known: %s', (kv) => expect(inertGitConfig(kv)).toBe(true));
  it('an author name of words', () => expect(inertGitConfig('user.name=Dev One')).toBe(true));
  it.each([
    ['a pager runs a program', 'core.pager=sh'],
    ['an ssh command', 'core.sshCommand=x'],
    ['a hooks folder', 'core.hooksPath=/tmp/h'],
    ['an alias runs a command', 'alias.st=!id'],
    ['a substitution in the value', 'color.ui=$(id)'],
    ['a path in the value', 'user.email=/tmp/x'],
    ['a substitution in a name', 'user.name=$(id)'],
    ['a line break in a name', 'user.name=a\nb'],
    ['the file-system monitor turned on', 'core.fsmonitor=true'],
    ['the file-system monitor as a command', 'core.fsmonitor=false;id'],
  ])('not known: %s', (_n, kv) => expect(inertGitConfig(kv)).toBe(false));
});

describe('one read-only SELECT', () => {
  it.each([
    'select 1',
    'select count(*) from orders',
    "SELECT id, lower(email) FROM users WHERE status = 'open';",
    'select a.id from t a join u b on a.id = b.id order by 1 limit 5',
  ])('known: %s', (sql) => expect(readOnlySelect(sql)).toBe(true));
  it.each([
    ['a second statement', 'select 1; drop table x'],
    ['a write', 'delete from x'],
    ['select into a table', 'select * into y from x'],
    ['a file function', "select writefile('/tmp/x', 'y')"],
    ['an extension', "select load_extension('./x')"],
    ['a server file read', "select pg_read_file('/etc/passwd')"],
    ['copy to a program', "copy x to program 'id'"],
    ['a dot-command', '.shell id'],
    ['a backslash meta-command', '\\! id'],
    ['a comment hiding text', 'select 1 -- x'],
    ['a quote left open', "select 'x"],
    ['dollar quoting', 'select $$x$$'],
    ['attach', "attach '/tmp/x' as y"],
  ])('not known: %s', (_n, sql) => expect(readOnlySelect(sql)).toBe(false));
});

describe('make VAR=value', () => {
  it.each(['DEBUG=1', 'CFLAGS=-O2', 'CFLAGS=-O2 -g -Wall -DNDEBUG', 'VERSION=1.2.3', 'BUILD_TYPE+=release'])(
    'known: %s',
    (a) => expect(inertMakeAssignment(a, runsCode)).toBe(true),
  );
  it.each([
    ['make runs its recipes with SHELL', 'SHELL=/bin/sh'],
    ['make reads MAKEFLAGS', 'MAKEFLAGS=--eval=x'],
    ['a special variable', '.SHELLFLAGS=-ec'],
    ['a compiler named', 'CC=/tmp/cc'],
    ['a compiler plugin', 'CFLAGS=-fplugin=./x.so'],
    ['a compiler program prefix', 'CFLAGS=-B.'],
    ['a linker option through the driver', 'LDFLAGS=-Wl,-rpath,/tmp'],
    ['a loader variable exported to recipes', 'LD_PRELOAD=x.so'],
    ['a path value', 'OUT=/etc/x'],
    ['a substitution', 'X=$(id)'],
  ])('not known: %s', (_n, a) => expect(inertMakeAssignment(a, runsCode)).toBe(false));
});
