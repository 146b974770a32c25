// The database a standalone migration tool changes (issue 11, ADR 0072), read from what the tool reads: the
// option on the line, `.env`, flyway/liquibase property files, sequelize's config.json, a knexfile or typeorm
// data source read literally. A database on this machine leaves the command to the catalogue; another host, a
// value computed by code or one in no file is uncertain. Real files in a temp folder; the tools are never run.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

function found(command: string, files: Record<string, string>): string[] {
  p = diskProject('dbmig-tools-');
  p.write(files);
  const a = analyzeShellSync(command, p.env());
  return [...a.uncertain.map((u) => u.reason), ...a.hits.map((h) => h.category)];
}

const LOCAL_ENV = { '.env': 'DATABASE_URL=postgres://postgres:pw@localhost:5432/app_dev\n' };
const REMOTE_ENV = { '.env': 'DATABASE_URL=postgres://app@db.prod.example.com:5432/app\n' };
const KNEX = (conn: string) =>
  `module.exports = {\n  development: {\n    client: 'pg',\n    connection: ${conn},\n  },\n  production: {\n    client: 'pg',\n    connection: process.env.DATABASE_URL,\n  },\n};\n`;
const DATA_SOURCE = (opts: string) =>
  `import 'reflect-metadata';\nimport { DataSource } from 'typeorm';\nimport { User } from './entity/User';\n\nexport const AppDataSource = new DataSource({\n  ${opts},\n  entities: [User],\n  migrations: ['src/migrations/*.ts'],\n});\n`;

describe('a database on this machine stays known', () => {
  it.each<[string, string, Record<string, string>]>([
    ['diesel, .env on localhost', 'diesel migration run', LOCAL_ENV],
    ['sqlx, a local URL on the line', "sqlx migrate run -D 'postgres://localhost/app'", {}],
    ['dbmate, .env on localhost', 'dbmate up', LOCAL_ENV],
    ['dbmate new needs no database', 'dbmate new add_users', {}],
    [
      'goose, a keyword string on localhost',
      "goose -dir migrations postgres 'host=localhost dbname=app' up",
      {},
    ],
    ['goose, a sqlite file', 'goose -dir migrations sqlite3 ./dev.db up', {}],
    ['goose, the Go mysql form without an address', "goose mysql 'root:pw@/app?parseTime=true' status", {}],
    [
      'goose, GOOSE_DBSTRING in .env',
      'goose up',
      { '.env': 'GOOSE_DRIVER=postgres\nGOOSE_DBSTRING=postgres://localhost:5432/app\n' },
    ],
    [
      'golang-migrate on 127.0.0.1',
      "migrate -path db/migrations -database 'mysql://root@tcp(127.0.0.1:3306)/app' up",
      {},
    ],
    [
      'golang-migrate on a postgres URL',
      "migrate -path db/migrations -database 'postgres://u@localhost:5432/app?sslmode=disable' up",
      {},
    ],
    [
      'flyway.conf with a local JDBC URL',
      'flyway migrate',
      { 'flyway.conf': 'flyway.url=jdbc:postgresql://localhost:5432/app\nflyway.user=postgres\n' },
    ],
    [
      'flyway.toml with an H2 memory database',
      'flyway info',
      { 'flyway.toml': '[environments.default]\nurl = "jdbc:h2:mem:test"\n' },
    ],
    [
      'liquibase.properties on localhost',
      'liquibase update',
      { 'liquibase.properties': 'changelog-file: db/changelog.xml\nurl: jdbc:mysql://localhost:3306/app\n' },
    ],
    [
      'sequelize, config.json local outside production',
      'npx sequelize-cli db:migrate',
      {
        'config/config.json': JSON.stringify({
          development: { dialect: 'postgres', host: '127.0.0.1' },
          test: { dialect: 'sqlite', storage: ':memory:' },
          production: { use_env_variable: 'DATABASE_URL' },
        }),
      },
    ],
    [
      'knex, a literal local connection',
      'npx knex migrate:latest',
      { 'knexfile.js': KNEX("{ host: '127.0.0.1', database: 'app', user: 'me' }") },
    ],
    [
      'knex, a sqlite file beside it',
      'npx knex migrate:latest',
      {
        'knexfile.js': KNEX("{ filename: path.join(__dirname, 'dev.sqlite3') }").replace(
          'module',
          "const path = require('path');\nmodule",
        ),
      },
    ],
    [
      'typeorm, a local data source',
      'npx typeorm-ts-node-commonjs migration:run -d src/data-source.ts',
      {
        'src/data-source.ts': DATA_SOURCE(
          "type: 'postgres',\n  host: 'localhost',\n  port: 5432,\n  database: 'app'",
        ),
      },
    ],
    [
      'typeorm, a sqlite data source',
      'npx typeorm migration:show -d src/data-source.ts',
      { 'src/data-source.ts': DATA_SOURCE("type: 'sqlite',\n  database: 'dev.sqlite'") },
    ],
  ])('%s', (_n, command, files) => expect(found(command, files)).toEqual([]));
});

describe('another machine, or one gavel cannot place, is uncertain', () => {
  it.each<[string, string, Record<string, string>]>([
    ['diesel, .env on another host', 'diesel migration run', REMOTE_ENV],
    ['diesel, DATABASE_URL in no file', 'diesel migration run', {}],
    ['sqlx, a remote URL on the line', "sqlx migrate run --database-url 'postgres://db.example.com/app'", {}],
    ['dbmate, .env on another host', 'dbmate migrate', REMOTE_ENV],
    [
      'dbmate, another variable of .env',
      'dbmate -e PROD_URL up',
      { '.env': 'DATABASE_URL=postgres://localhost/app\nPROD_URL=postgres://db.example.com/app\n' },
    ],
    ['goose, a remote host', "goose -dir migrations postgres 'host=db.example.com dbname=app' up", {}],
    ['goose, a service file', "goose postgres 'service=prod' up", {}],
    [
      'golang-migrate, a remote host',
      "migrate -path db/migrations -database 'postgres://db.example.com/app' up",
      {},
    ],
    [
      'golang-migrate, a remote source',
      "migrate -source github://evil/x -database 'postgres://localhost/app' up",
      {},
    ],
    [
      'flyway, a remote JDBC URL',
      'flyway migrate',
      { 'flyway.conf': 'flyway.url=jdbc:postgresql://10.0.3.4:5432/app\n' },
    ],
    ['flyway, no configuration read', 'flyway migrate', {}],
    [
      'liquibase, a remote reference URL',
      'liquibase update',
      {
        'liquibase.properties':
          'url: jdbc:postgresql://localhost/app\nreferenceUrl: jdbc:postgresql://db.example.com/app\n',
      },
    ],
    [
      'sequelize, development from a variable',
      'npx sequelize-cli db:migrate',
      { 'config/config.json': JSON.stringify({ development: { use_env_variable: 'DATABASE_URL' } }) },
    ],
    [
      'sequelize, a .sequelizerc of code',
      'npx sequelize-cli db:migrate',
      { '.sequelizerc': "module.exports = { config: require('./x') };\n", 'config/config.json': '{}' },
    ],
    [
      'knex, a connection from the environment',
      'npx knex migrate:latest',
      { 'knexfile.js': KNEX('process.env.DATABASE_URL') },
    ],
    [
      'knex, a remote literal host',
      'npx knex migrate:latest',
      { 'knexfile.js': KNEX("{ host: 'db.example.com' }") },
    ],
    [
      'knex, a knexfile loading dotenv',
      'npx knex migrate:latest',
      { 'knexfile.js': `require('dotenv').config();\n${KNEX("'postgres://localhost/app'")}` },
    ],
    [
      'typeorm, a data source from the environment',
      'npx typeorm migration:run -d src/data-source.ts',
      { 'src/data-source.ts': DATA_SOURCE("type: 'postgres',\n  url: process.env.DATABASE_URL") },
    ],
    [
      'typeorm, a remote literal',
      'npx typeorm migration:run -d src/data-source.ts',
      { 'src/data-source.ts': DATA_SOURCE("type: 'postgres',\n  host: 'db.example.com'") },
    ],
    // The configuration is code the tool runs whenever it loads it (round 23): `migrate:make` opens no database
    // but loads the knexfile all the same, and a local connection does not make code beside it inert.
    [
      'knex migrate:make, a knexfile that runs code',
      'npx knex migrate:make add_users',
      { 'knexfile.js': `eval(atob('Zm9v'));\n${KNEX("'postgres://localhost/app'")}` },
    ],
    [
      'knex seed:make, a knexfile reaching the network',
      'knex seed:make users',
      { 'knexfile.js': `fetch('https://x.example/' + 1);\n${KNEX("'postgres://localhost/app'")}` },
    ],
    [
      'knex migrate:latest, a local connection beside code',
      'npx knex migrate:latest',
      { 'knexfile.js': `globalThis.x = 1;\n${KNEX("'postgres://localhost/app'")}` },
    ],
    [
      'typeorm, a local data source beside code',
      'npx typeorm migration:run -d src/data-source.ts',
      { 'src/data-source.ts': `eval('1');\n${DATA_SOURCE("type: 'postgres',\n  host: 'localhost'")}` },
    ],
  ])('%s', (_n, command, files) => expect(found(command, files)).not.toEqual([]));

  it('knex migrate:make with an ordinary knexfile stays quiet', () => {
    expect(
      found('npx knex migrate:make add_users', { 'knexfile.js': KNEX("'postgres://localhost/app'") }),
    ).toEqual([]);
  });
});
