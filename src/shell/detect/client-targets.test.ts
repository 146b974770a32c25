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

// Debian's /etc/mysql/my.cnf includes its conf.d folders: what they hold decides (the files are followed).
describe('option files an include names are read', () => {
  const at = (cnf: (home: string) => string, files: Record<string, string>) => {
    p = diskProject('dbmig-inc-');
    const proj = p;
    proj.write(
      Object.fromEntries(
        Object.entries(files).map(([k, v]) => [`${proj.home}/${k}`, v.replaceAll('HOME', proj.home)]),
      ),
    );
    proj.write({ [`${proj.home}/.my.cnf`]: cnf(proj.home) });
    // What another detector says of the user's own file (its include lines) is not asked here.
    return analyzeShellSync(SELECT, proj.env())
      .uncertain.filter((u) => u.reason.includes('connects to'))
      .map((u) => u.code);
  };
  it('a folder of local settings stays quiet', () => {
    expect(
      at((h) => `[client]\n!includedir ${h}/conf.d\n`, {
        'conf.d/a.cnf': '[mysql]\nuser=me\n',
        'conf.d/b.txt': '[client]\nhost=db.example.com\n',
      }),
    ).toEqual([]);
  });
  it('a remote host in an included folder is a production target', () => {
    expect(
      at((h) => `[client]\n!includedir ${h}/conf.d\n`, {
        'conf.d/z.cnf': '[client]\nhost=db.prod.example.com\n',
      }),
    ).toEqual(['production-target']);
  });
  it('a remote host in an included file, two levels down', () => {
    expect(
      at((h) => `!include ${h}/one.cnf\n`, {
        'one.cnf': '!include HOME/two.cnf\n',
        'two.cnf': '[client]\nhost=10.9.8.7\n',
      }),
    ).toEqual(['production-target']);
  });
  it.each<[string, (h: string) => string]>([
    ['a folder that is not there', (h) => `!includedir ${h}/nowhere\n`],
    ['a file that is not there', (h) => `!include ${h}/nowhere.cnf\n`],
    ['a relative name', () => '!include other.cnf\n'],
  ])('uncertain: %s', (_n, cnf) => {
    expect(at(cnf, {})).toEqual(['dynamic-script']);
  });
});
