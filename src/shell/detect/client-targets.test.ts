// mysql/mariadb without a host on the line connect where their option files say (issue 11, ADR 0072): a host on
// another machine in ~/.my.cnf is a production target, an `!include` or the obfuscated login file uncertain, no
// file (or one naming no host) the local socket. Real files in a temp home; the client is never run.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

/** Uncertainties of `command` with `~/.my.cnf` (and other home files) as given. */
function found(command: string, home: Record<string, string>): string[] {
  p = diskProject('dbmig-cnf-');
  const proj = p;
  proj.write(Object.fromEntries(Object.entries(home).map(([k, v]) => [`${proj.home}/${k}`, v])));
  const a = analyzeShellSync(command, proj.env());
  return [...a.uncertain.map((u) => u.reason), ...a.hits.map((h) => h.category)];
}

const SELECT = "mysql -u root -e 'SELECT count(*) FROM users' app_dev";

describe('the local server: nothing to report', () => {
  it.each<[string, Record<string, string>]>([
    ['no option file', {}],
    ['a password only', { '.my.cnf': '[client]\npassword=secret\n' }],
    ['localhost in [client]', { '.my.cnf': '[client]\nhost=localhost\nuser=root\n' }],
    [
      'a remote host in a server group only',
      { '.my.cnf': '[mysqld]\nhost=db.example.com\n[client]\nuser=me\n' },
    ],
    ['the socket protocol', { '.my.cnf': '[mysql]\nprotocol=socket\n' }],
  ])('%s', (_n, home) => expect(found(SELECT, home)).toEqual([]));

  it.each(['mysql --version', 'mysql -V', 'mariadb --help'])(
    '%s prints and connects nowhere, whatever the option file says (round 30)',
    (command) => {
      expect(found(command, { '.my.cnf': '[client]\nhost=db.prod.example.com\n' })).toEqual([]);
    },
  );

  it("a host on the line is the catalogue's to judge", () => {
    expect(
      found("mysql -h 127.0.0.1 -e 'SELECT 1'", { '.my.cnf': '[client]\nhost=db.example.com\n' }),
    ).toEqual([]);
  });
});

describe('another server, or one gavel cannot place', () => {
  it.each<[string, Record<string, string>]>([
    ['a remote host in [client]', { '.my.cnf': '[client]\nhost=db.prod.example.com\n' }],
    ['a remote address in [mysql]', { '.my.cnf': '[mysql]\nhost = "10.2.3.4"\n' }],
    ['mariadb reading its own group', { '.my.cnf': '[client-mariadb]\nhost=db.example.com\n' }],
    ['an include', { '.my.cnf': '[client]\n!includedir /etc/mysql/conf.d\n' }],
    ['the obfuscated login file', { '.mylogin.cnf': 'x' }],
  ])('%s', (_n, home) =>
    expect(found(SELECT.replace('mysql', _n.startsWith('mariadb') ? 'mariadb' : 'mysql'), home)).not.toEqual(
      [],
    ),
  );
});
