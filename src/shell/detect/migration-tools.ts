/**
 * The database a standalone migration tool changes, read from what the tool reads (ADR 0072): an option on the
 * line, the project's `.env` (diesel, sqlx, dbmate, goose), `flyway.conf`/`flyway.toml` (and `~/flyway.conf`),
 * `liquibase.properties`, sequelize's `config/config.json` outside production, a knexfile or typeorm data source
 * read literally (code that computes a value is uncertain), golang-migrate's and goose's connection arguments.
 * The caller (migration-targets.ts) reports a target on another machine or one not placed. Pure apart from the
 * injected reader.
 * INVARIANT: a connection gavel did not read to the end as a literal value is never local.
 */

import { posix } from 'node:path';
import { scanJavaScript } from './code-imports';
import type { DatabaseTarget } from './database-target';
import { envFile } from './database-target';
import { balanced, type Context, combine, type Found, optionValue, read, UNPLACED } from './migration-config';
import { inFolder } from './project-file';

/** The operands of `args`, skipping the values of the options in `valued`. */
function operands(args: readonly string[], valued: RegExp): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a.startsWith('-')) {
      if (!a.includes('=') && valued.test(a)) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** The `.env` beside the command as assignments; null when missing, undefined when not known. */
function dotenv(c: Context, name = '.env'): Map<string, string> | null | undefined {
  if (!/^(?![/~])(?!(?:.*\/)?\.\.(?:\/|$))[\w./-]+$/.test(name)) return undefined;
  const text = read(posix.resolve(c.cwd, name), c.inv, c.r);
  return typeof text === 'string' ? envFile(text) : text;
}

/**
 * The target of an option's URL, else of a variable the tool takes from its environment or `.env` (the process
 * environment is not visible: a variable in no file is not placed).
 */
function urlOrEnv(c: Context, given: string | undefined, variable: string, envName = '.env'): Found {
  if (given !== undefined) return { target: c.dsn(given), file: 'arguments' };
  const env = dotenv(c, envName);
  const value = env?.get(variable);
  if (value === undefined || value === '') return UNPLACED(envName);
  return { target: c.dsn(value), file: envName };
}

/** diesel: `--database-url`, else `DATABASE_URL` (dotenv). */
function diesel(c: Context): Found | undefined {
  const ops = operands(c.args, /^(--database-url|--config-file|--migration-dir|--schema)$/);
  if (ops.length === 0) return undefined;
  if (optionValue(c.args, ['--config-file']) !== undefined) return UNPLACED('diesel.toml');
  if (ops[0] === 'migration' && ops[1] === 'generate') return undefined;
  return urlOrEnv(c, optionValue(c.args, ['--database-url']), 'DATABASE_URL');
}

/** sqlx: `-D`/`--database-url`, else `DATABASE_URL` (dotenv). */
function sqlx(c: Context): Found | undefined {
  const ops = operands(c.args, /^(-D|--database-url|--source|--connect-timeout)$/);
  if (ops.length === 0 || (ops[0] === 'migrate' && ops[1] === 'add')) return undefined;
  return urlOrEnv(c, optionValue(c.args, ['-D', '--database-url']), 'DATABASE_URL');
}

/** dbmate: `-u`/`--url`, else the variable `--env` names (DATABASE_URL) from `--env-file` (.env). */
function dbmate(c: Context): Found | undefined {
  const ops = operands(c.args, /^(-u|--url|-e|--env|--env-file|-d|--migrations-dir|-s|--schema-file)$/);
  if (ops.length === 0 || ops[0] === 'new' || ops[0] === 'n') return undefined;
  const variable = optionValue(c.args, ['-e', '--env']) ?? 'DATABASE_URL';
  return urlOrEnv(
    c,
    optionValue(c.args, ['-u', '--url']),
    variable,
    optionValue(c.args, ['--env-file']) ?? '.env',
  );
}

/** goose's drivers: the word before the connection string. */
const GOOSE_DRIVERS =
  /^(postgres|pgx|mysql|sqlite3?|mssql|sqlserver|redshift|tidb|clickhouse|vertica|ydb|turso|starrocks)$/;

/** goose: `goose [-dir D] DRIVER DBSTRING COMMAND`, else `GOOSE_DRIVER`/`GOOSE_DBSTRING` from `.env`. */
function goose(c: Context): Found | undefined {
  const ops = operands(c.args, /^-{1,2}(dir|table|env|certfile|ssl-cert|ssl-key|s)$/);
  if (ops.length === 0) return undefined;
  const driver = GOOSE_DRIVERS.test(ops[0] as string) ? (ops[0] as string) : undefined;
  const command = driver === undefined ? ops[0] : ops[2];
  // Words gavel cannot tell apart (a driver it does not know): the connection is not placed.
  if (driver === undefined && ops.length > 2) return UNPLACED('arguments');
  if (command === undefined || /^(create|fix|help)$/.test(command)) return undefined;
  let dbstring = driver === undefined ? undefined : ops[1];
  let found = 'arguments';
  let kind = driver;
  if (dbstring === undefined) {
    const envName = optionValue(c.args, ['-env', '--env']) ?? '.env';
    const env = envName === 'none' ? null : dotenv(c, envName);
    if (env === undefined) return UNPLACED(envName);
    dbstring = env?.get('GOOSE_DBSTRING');
    kind = env?.get('GOOSE_DRIVER');
    found = envName;
    if (dbstring === undefined || kind === undefined) return UNPLACED(envName);
  }
  if (/^(sqlite3?|turso)$/.test(kind ?? '')) return { target: c.dsn(`file:${dbstring}`), file: found };
  return { target: c.dsn(dbstring), file: found };
}

/** golang-migrate: `-database URL` and a source that is a folder of the workspace. */
function golangMigrate(c: Context): Found | undefined {
  const ops = operands(
    c.args,
    /^-{1,2}(path|source|database|lock-timeout|prefetch|ext|dir|seq-digits|format|tz)$/,
  );
  if (ops.length === 0 || /^(create|help)$/.test(ops[0] as string)) return undefined;
  const source = optionValue(c.args, ['-source', '--source']);
  if (source !== undefined && !/^file:\/\/(?![/~])(?!(?:.*\/)?\.\.(?:\/|$))[\w./-]+$/.test(source))
    return UNPLACED('-source');
  const url = optionValue(c.args, ['-database', '--database']);
  if (url === undefined || url === '') return UNPLACED('-database');
  // golang-migrate's drivers name the scheme: `sqlite3://dev.db` is a file in the workspace.
  const file = /^sqlite3?:\/\/([^?]*)/.exec(url);
  if (file) return { target: c.dsn(`file:${file[1] as string}`), file: 'arguments' };
  // Its MySQL driver takes the Go driver's form after the scheme: `mysql://user@tcp(127.0.0.1:3306)/app`.
  const mysql = /^mysql:\/\/(.*\b(?:tcp|unix)\(.*)$/.exec(url);
  return { target: c.dsn(mysql ? (mysql[1] as string) : url), file: 'arguments' };
}

/** flyway: `-url=`, else `flyway.conf`'s `flyway.url` and `flyway.toml`'s environment URLs, here and in home. */
function flyway(c: Context): Found | undefined {
  const ops = c.args.filter((a) => !a.startsWith('-'));
  if (ops.length === 0 || /^(help|version|-v)$/.test(ops[0] as string)) return undefined;
  if (c.args.some((a) => /^-(configFiles|environment|env|workingDirectory|jarDirs)=/.test(a)))
    return UNPLACED('arguments');
  const given = c.args.find((a) => a.startsWith('-url='));
  if (given !== undefined) return { target: c.dsn(given.slice(5)), file: 'arguments' };
  const targets: DatabaseTarget[] = [];
  for (const path of [inFolder(c.cwd, 'flyway.conf'), inFolder(c.r.env.home, 'flyway.conf')]) {
    const text = read(path, c.inv, c.r);
    if (text === undefined) return UNPLACED('flyway.conf');
    if (text === null) continue;
    for (const m of text.matchAll(/^\s*flyway\.url\s*=\s*(.*?)\s*$/gm)) targets.push(c.dsn(m[1] as string));
  }
  const toml = read(inFolder(c.cwd, 'flyway.toml'), c.inv, c.r);
  if (toml === undefined) return UNPLACED('flyway.toml');
  if (toml !== null)
    for (const m of toml.matchAll(/^\s*url\s*=\s*(?:"([^"]*)"|(.*))$/gm))
      targets.push(m[1] === undefined ? 'unknown' : c.dsn(m[1]));
  return targets.length === 0 ? UNPLACED('flyway.conf') : { target: combine(targets), file: 'flyway.conf' };
}

/** liquibase: `--url`, else `liquibase.properties` (`url`, `liquibase.command.url`, `referenceUrl`). */
function liquibase(c: Context): Found | undefined {
  const ops = c.args.filter((a) => !a.startsWith('-'));
  if (ops.length === 0 || /^(help|--version|init)$/.test(ops[0] as string)) return undefined;
  if (c.args.some((a) => /^--(defaults-file|defaultsFile|search-path)(=|$)/.test(a)))
    return UNPLACED('arguments');
  const given = optionValue(c.args, ['--url']);
  if (given !== undefined) return { target: c.dsn(given), file: 'arguments' };
  const text = read(inFolder(c.cwd, 'liquibase.properties'), c.inv, c.r);
  if (typeof text !== 'string') return UNPLACED('liquibase.properties');
  const targets: DatabaseTarget[] = [];
  for (const m of text.matchAll(
    /^\s*(?:liquibase\.command\.)?(url|referenceUrl|reference-url)\s*[:=]\s*(.*?)\s*$/gim,
  ))
    targets.push(c.dsn(m[2] as string));
  return { target: combine(targets), file: 'liquibase.properties' };
}

/** Sections of a configuration that name environments gavel does not take for the development one. */
const PRODUCTION = /^(production|prod|staging|live)/i;

/** sequelize-cli: `--url`, else `config/config.json` outside production (`.sequelizerc` is code). */
function sequelize(c: Context): Found | undefined {
  const ops = c.args.filter((a) => !a.startsWith('-'));
  if (
    ops.length === 0 ||
    /^(migration:generate|migration:create|model:generate|init|help)/.test(ops[0] as string)
  )
    return undefined;
  if (c.args.some((a) => /^--(config|env|options-path)(=|$)/.test(a))) return UNPLACED('arguments');
  const given = optionValue(c.args, ['--url']);
  if (given !== undefined) return { target: c.dsn(given), file: 'arguments' };
  if (read(inFolder(c.cwd, '.sequelizerc'), c.inv, c.r) !== null) return UNPLACED('.sequelizerc');
  const text = read(inFolder(c.cwd, 'config/config.json'), c.inv, c.r);
  if (typeof text !== 'string') return UNPLACED('config/config.json');
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch {
    return UNPLACED('config/config.json');
  }
  if (typeof config !== 'object' || config === null) return UNPLACED('config/config.json');
  const targets: DatabaseTarget[] = [];
  for (const [name, section] of Object.entries(config)) {
    if (PRODUCTION.test(name)) continue;
    if (typeof section !== 'object' || section === null) return UNPLACED('config/config.json');
    const s = section as Record<string, unknown>;
    if ('use_env_variable' in s) targets.push('unknown');
    else if (typeof s.url === 'string') targets.push(c.dsn(s.url));
    else if (s.dialect === 'sqlite')
      targets.push(typeof s.storage === 'string' ? c.dsn(`file:${s.storage}`) : 'local');
    else if (typeof s.host === 'string') targets.push(c.dsn(`x://${s.host}/`));
    else if ('host' in s) targets.push('unknown');
    else targets.push('local');
  }
  return { target: combine(targets), file: 'config/config.json' };
}

/** Code in a knexfile or data source that computes the connection: not read here. */
const COMPUTED =
  /process\.env|\bimport\s*\(|\brequire\s*\(\s*(?!['"](?:node:)?path['"])|\bfs\.|\bawait\b|\bfetch\b/;
/** `import ... from 'x'` of anything but knex, typeorm, path and local entity modules. */
const IMPORTS = /\bimport\s+[^;]*?\bfrom\s+['"]([^'"]+)['"]/g;

/** The connections a JavaScript/TypeScript config names literally, outside production blocks; undefined: code. */
function literalConnections(c: Context, text: string): DatabaseTarget[] | undefined {
  let rest = text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '');
  for (const m of rest.matchAll(IMPORTS))
    if (!/^(knex|typeorm|(node:)?path|reflect-metadata|\.{1,2}\/[\w./-]*)$/.test(m[1] as string))
      return undefined;
  // Blocks of production environments (`production: { ... }`) are not the one a developer's command opens.
  for (;;) {
    const m = /\b(production|prod|staging|live)\s*:\s*\{/i.exec(rest);
    if (!m) break;
    const block = balanced(rest, m.index + m[0].length - 1);
    if (block === undefined) return undefined;
    rest = rest.slice(0, m.index) + rest.slice(m.index + m[0].length - 1 + block.length);
  }
  if (COMPUTED.test(rest)) return undefined;
  const targets: DatabaseTarget[] = [];
  // A key, then a quoted literal (group 3) or anything else up to the next comma, brace or line (group 4).
  const CONNECTION =
    /\b(host|url|connection|connectionString|filename|database)\s*:\s*(?:(['"`])((?:(?!\2)[^\\$])*)\2|(path\.(?:join|resolve)\([^)\n]*\)|\{|[^,{}\n]+))/g;
  for (const m of rest.matchAll(CONNECTION)) {
    const [, key, , literal, other] = m as unknown as [string, string, string?, string?, string?];
    if (literal === undefined) {
      // An object (`connection: {`) is read by its own keys; a computed value is not placed.
      if (key === 'connection' && /^\s*\{/.test(other ?? '')) continue;
      if (
        (key === 'filename' || key === 'database') &&
        /^\s*path\.(join|resolve)\(\s*__dirname\s*,\s*['"][\w./-]+['"]\s*\)\s*$/.test(other ?? '')
      )
        continue;
      if (key === 'database') continue;
      targets.push('unknown');
    } else if (key === 'host') targets.push(c.dsn(`x://${literal}/`));
    else if (key === 'filename') targets.push(c.dsn(`file:${literal}`));
    else if (key === 'database') {
      // sqlite's `database: 'dev.sqlite'` is a file; another driver's is a name on the host above.
      if (/\btype\s*:\s*['"](sqlite|better-sqlite3|sqljs)['"]/.test(rest))
        targets.push(c.dsn(`file:${literal}`));
    } else targets.push(c.dsn(literal));
  }
  return targets.length === 0 ? ['local'] : targets;
}

/** Imports a configuration of these tools may make and still be read: the tool's own types and the project's modules. */
const KNOWN_IMPORT =
  /\bimport\s+(?:[^;'"]*?\bfrom\s+)?['"](?:knex|typeorm|reflect-metadata|\.{1,2}\/[\w./-]*)['"];?/g;

/**
 * A knexfile or data source is code the tool runs whenever it loads it, whatever it opens then: it must pass the
 * closed scan (no `eval`, no global object, no other package), besides naming its connections literally.
 */
const codeInert = (text: string): boolean => scanJavaScript(text.replace(KNOWN_IMPORT, ' ')).inert;

/** knex: the knexfile (`--knexfile`, else knexfile.{js,ts,mjs,cjs}) read literally. */
function knex(c: Context): Found | undefined {
  const ops = c.args.filter((a) => !a.startsWith('-'));
  if (ops.length === 0 || /^(init|help)$/.test(ops[0] as string)) return undefined;
  // `migrate:make` opens no database but loads the knexfile for its directories: its code runs all the same.
  const opens = !/^(migrate:make|seed:make)$/.test(ops[0] as string);
  if (c.args.some((a) => /^--(env|cwd|client|connection)(=|$)/.test(a))) return UNPLACED('arguments');
  const given = optionValue(c.args, ['--knexfile']);
  const names =
    given === undefined ? ['knexfile.js', 'knexfile.ts', 'knexfile.mjs', 'knexfile.cjs'] : [given];
  for (const name of names) {
    if (!/^(?![/~])(?!(?:.*\/)?\.\.(?:\/|$))[\w./-]+$/.test(name)) return UNPLACED('knexfile');
    const text = read(posix.resolve(c.cwd, name), c.inv, c.r);
    if (text === undefined) return UNPLACED('knexfile');
    if (text === null) continue;
    if (!opens) {
      if (!codeInert(text))
        c.r.uncertain(
          'dynamic-script',
          '`knex` loads a knexfile whose code gavel does not read',
          c.inv.segment,
          'kept',
        );
      return undefined;
    }
    const targets = codeInert(text) ? literalConnections(c, text) : undefined;
    return targets === undefined ? UNPLACED('knexfile') : { target: combine(targets), file: 'knexfile' };
  }
  return undefined;
}

/** typeorm: the data source `-d` names, read literally, else `ormconfig.json`. */
function typeorm(c: Context): Found | undefined {
  const ops = operands(c.args, /^(-d|--dataSource|--data-source|-o|--outputJs)$/);
  if (
    ops.length === 0 ||
    /^(migration:create|entity:create|subscriber:create|init|version|help)$/.test(ops[0] as string)
  )
    return undefined;
  const source = optionValue(c.args, ['-d', '--dataSource', '--data-source']);
  if (source === undefined) {
    const text = read(inFolder(c.cwd, 'ormconfig.json'), c.inv, c.r);
    if (typeof text !== 'string') return UNPLACED('ormconfig.json');
    const targets = literalConnections(c, text.replace(/"(\w+)"\s*:/g, '$1:'));
    return targets === undefined
      ? UNPLACED('ormconfig.json')
      : { target: combine(targets), file: 'ormconfig.json' };
  }
  if (!/^(?![/~])(?!(?:.*\/)?\.\.(?:\/|$))[\w./-]+$/.test(source)) return UNPLACED('data source');
  const text = read(posix.resolve(c.cwd, source), c.inv, c.r);
  if (typeof text !== 'string') return UNPLACED('data source');
  const targets = codeInert(text) ? literalConnections(c, text) : undefined;
  return targets === undefined ? UNPLACED('data source') : { target: combine(targets), file: 'data source' };
}

/** The standalone migration tool `program` is, or undefined. */
export function migrationTool(program: string): ((c: Context) => Found | undefined) | undefined {
  switch (program) {
    case 'diesel':
      return diesel;
    case 'sqlx':
      return sqlx;
    case 'dbmate':
      return dbmate;
    case 'goose':
      return goose;
    case 'migrate':
      return golangMigrate;
    case 'flyway':
      return flyway;
    case 'liquibase':
      return liquibase;
    case 'sequelize':
    case 'sequelize-cli':
      return sequelize;
    case 'knex':
      return knex;
    case 'typeorm':
    case 'typeorm-ts-node-commonjs':
    case 'typeorm-ts-node-esm':
      return typeorm;
    default:
      return undefined;
  }
}
