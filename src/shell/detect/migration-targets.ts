/**
 * The database a framework's migration command changes, read from the project's configuration: prisma's schema
 * datasource (and `.env`), alembic's `alembic.ini` (and an `env.py` that does not replace it), Django's settings
 * `DATABASES`, Laravel's `.env`, mix's `config/dev.exs`/`test.exs` Repo settings and rails' `config/database.yml`
 * outside production. The catalogue knows these commands safe by shape; here a database on another machine is a
 * production target and one gavel cannot place (a variable, code, an unreadable file) is uncertain. Also prisma's
 * generators, which `prisma generate` runs: one named by a command line is uncertain. Never quotes a file. Pure
 * apart from the injected reader and reporting.
 * INVARIANT: the command is left known only when every connection it may open was read as local.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { readComposeYaml } from './compose-yaml';
import { type DatabaseTarget, dsnTarget, envFile } from './database-target';
import {
  balanced,
  type Context,
  combine,
  type Dsn,
  type Found,
  iniSection,
  optionValue,
  read,
  UNPLACED,
} from './migration-config';
import { migrationTool } from './migration-tools';
import { inFolder } from './project-file';

/** The workspace's compose file beside the command: its services are this machine's containers. */
function composeServices(inv: Invocation, r: Reporter, cwd: string): Set<string> {
  const out = new Set<string>();
  for (const name of ['compose.yaml', 'compose.yml', 'docker-compose.yml', 'docker-compose.yaml']) {
    const text = read(inFolder(cwd, name), inv, r);
    if (typeof text !== 'string') continue;
    const services = readComposeYaml(text)?.get('services');
    if (services instanceof Map) for (const k of services.keys()) if (/^[a-z0-9][\w-]*$/i.test(k)) out.add(k);
  }
  return out;
}

/** prisma: `migrate ...`/`db ...` open the schema's datasource; `generate` runs its generators. */
function prisma(c: Context): Found | undefined {
  const { args, inv, r, cwd, dsn } = c;
  const sub = args.find((a) => !a.startsWith('-'));
  if (sub !== 'migrate' && sub !== 'db' && sub !== 'generate') return undefined;
  for (const name of ['prisma.config.ts', 'prisma.config.js', 'prisma.config.mjs', '.config/prisma.ts']) {
    const text = read(inFolder(cwd, name), inv, r);
    if (text !== null) return UNPLACED(name);
  }
  const pkg = read(inFolder(cwd, 'package.json'), inv, r);
  if (pkg === undefined || (pkg !== null && /"prisma"\s*:\s*\{[^}]*"schema"/.test(pkg)))
    return UNPLACED('package.json');
  const given = optionValue(args, ['--schema']);
  const names = given === undefined ? ['prisma/schema.prisma', 'schema.prisma'] : [given];
  let schema: string | undefined;
  let schemaPath = '';
  for (const name of names) {
    if (!/^(?![/~])(?!(?:.*\/)?\.\.(?:\/|$))[\w./@+-]+$/.test(name)) return UNPLACED('schema.prisma');
    const text = read(posix.resolve(cwd, name), inv, r);
    if (text === undefined) return UNPLACED('schema.prisma');
    if (text === null) continue;
    schema = text;
    schemaPath = name;
    break;
  }
  // No schema: prisma stops (a schema folder, `prisma/schema/*.prisma`, is not read here).
  if (schema === undefined) {
    const folder = read(inFolder(cwd, 'prisma/schema/schema.prisma'), inv, r);
    return folder === null ? { target: 'local', file: 'schema.prisma' } : UNPLACED('prisma/schema');
  }
  if (sub === 'generate') {
    for (const block of schema.matchAll(/\bgenerator\s+\w+\s*\{([^}]*)\}/g)) {
      const provider = /\bprovider\s*=\s*"([^"]*)"/.exec(block[1] as string)?.[1];
      // A package name (`prisma-client-js`, `prisma-dbml-generator`): a command line or a path runs other code.
      if (provider === undefined || !/^@?[\w-][\w@/.-]*$/.test(provider) || provider.includes('..'))
        return UNPLACED('schema.prisma');
    }
    return { target: 'local', file: 'schema.prisma' };
  }
  const env = new Map<string, string>();
  for (const name of ['.env', `${posix.dirname(schemaPath)}/.env`]) {
    const text = read(posix.resolve(cwd, name), inv, r);
    if (text === undefined) return UNPLACED('.env');
    if (text !== null) for (const [k, v] of envFile(text)) if (!env.has(k)) env.set(k, v);
  }
  const targets: DatabaseTarget[] = [];
  const blocks = [...schema.matchAll(/\bdatasource\s+\w+\s*\{([^}]*)\}/g)];
  if (blocks.length !== 1) return UNPLACED('schema.prisma');
  for (const line of (blocks[0]?.[1] ?? '').split('\n')) {
    const m = /^\s*(url|directUrl|shadowDatabaseUrl)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    const value = m[2] as string;
    const literal = /^"([^"]*)"$/.exec(value);
    const fromEnv = /^env\(\s*"([A-Za-z_]\w*)"\s*\)$/.exec(value);
    if (literal) targets.push(dsn(literal[1] as string));
    else if (fromEnv && env.has(fromEnv[1] as string))
      targets.push(dsn(env.get(fromEnv[1] as string) as string));
    else targets.push('unknown');
  }
  return { target: combine(targets), file: 'schema.prisma' };
}

/** Code in an alembic `env.py` that takes the database from elsewhere than `alembic.ini`. */
const ALEMBIC_OVERRIDE =
  /\b(environ|getenv|set_main_option|create_engine|create_async_engine|get_x_argument|dotenv|settings|URL\.create)\b/;

/** alembic: `alembic.ini`'s `sqlalchemy.url`, unless `env.py` takes it from elsewhere. */
function alembic(c: Context): Found | undefined {
  const { args, inv, r, cwd, dsn } = c;
  const sub = args.find((a, i) => !a.startsWith('-') && !/^(-c|--config|-n|--name)$/.test(args[i - 1] ?? ''));
  if (sub === undefined || /^(init|list_templates)$/.test(sub)) return undefined;
  if (args.some((a) => a === '-x' || a.startsWith('-x'))) return UNPLACED('env.py');
  const config = optionValue(args, ['-c', '--config']) ?? 'alembic.ini';
  const section = optionValue(args, ['-n', '--name']) ?? 'alembic';
  const iniPath = posix.resolve(cwd, config);
  const text = read(iniPath, inv, r);
  if (text === null) return { target: 'local', file: 'alembic.ini' };
  const values = text === undefined ? undefined : iniSection(text, section);
  // Commands that read the revision files and open no database: env.py does not run (alembic 1.8), unless the
  // configuration asks it to run for `history` and `revision` (`revision_environment`).
  // `history -i` marks the database's current revision (round 23: it connects, so env.py runs), and so does a
  // revision named `current`.
  const connects = args.some((a) => /^(?:--indicate-current|current)$/.test(a) || /^-[a-z]*i/.test(a));
  const envRuns = /^(?:true|yes|on|1)$/i.test(values?.get('revision_environment')?.trim() ?? '') || connects;
  if (values !== undefined && !connects && /^(?:heads|branches|show)$/.test(sub)) return undefined;
  if (values !== undefined && !envRuns && sub === 'history') return undefined;
  if (values !== undefined && !envRuns && sub === 'revision' && !args.includes('--autogenerate'))
    return undefined;
  const url = values?.get('sqlalchemy.url');
  const scripts = values?.get('script_location');
  if (url === undefined || scripts === undefined) return UNPLACED('alembic.ini');
  const here = posix.dirname(iniPath);
  // The ini's own words are checked; `%(here)s` is its folder, whatever characters the workspace's path holds.
  const written = scripts.replace(/%\(here\)s/g, '');
  if (!/^[\w./-]*$/.test(written) || written.includes('..')) return UNPLACED('alembic.ini');
  const folder = scripts.replace(/%\(here\)s/g, here);
  const envPy = read(posix.resolve(here, folder, 'env.py'), inv, r);
  if (envPy === undefined || envPy === null || ALEMBIC_OVERRIDE.test(envPy)) return UNPLACED('env.py');
  return { target: dsn(url.replace(/%\(here\)s/g, '.')), file: 'alembic.ini' };
}

/** Django's subcommands that open a database connection. */
const DJANGO_CONNECTS =
  /^(migrate|showmigrations|sqlmigrate|test|dbshell|flush|loaddata|dumpdata|runserver)$/;

/** Django: the settings module `manage.py` names, its literal `DATABASES`. */
function django(c: Context): Found | undefined {
  const { args, inv, r, cwd, dsn } = c;
  const sub = args[1];
  if (sub === undefined || !DJANGO_CONNECTS.test(sub)) return undefined;
  if (args.some((a) => /^--(settings|database)(=|$)/.test(a))) return UNPLACED('settings');
  const manage = read(posix.resolve(cwd, args[0] as string), inv, r);
  if (manage === null) return { target: 'local', file: 'manage.py' };
  const module =
    manage === undefined ? undefined : /DJANGO_SETTINGS_MODULE['"]\s*,\s*['"]([\w.]+)['"]/.exec(manage);
  if (!module) return UNPLACED('manage.py');
  const base = posix.dirname(posix.resolve(cwd, args[0] as string));
  const file = 'settings';
  const settings = read(posix.resolve(base, `${(module[1] as string).replaceAll('.', '/')}.py`), inv, r);
  if (settings === undefined || settings === null) return UNPLACED(file);
  // Settings split over modules (`from .local import *`) or DATABASES changed after it is set: not read here.
  const mentions = settings.match(/\bDATABASES\b/g) ?? [];
  if (/\bimport\s+\*/.test(settings) || mentions.length !== 1) return UNPLACED(file);
  const start = settings.search(/^DATABASES\s*=\s*\{/m);
  if (start < 0) return UNPLACED(file);
  const whole = balanced(settings, settings.indexOf('{', start));
  // Who connects and how long a connection lives say nothing of where the database is: a password from the
  // environment (`"PASSWORD": os.environ.get("DB_PASSWORD")`) leaves a literal HOST in charge.
  const block = whole === undefined ? undefined : withoutUnplacingEntries(whole);
  if (block === undefined || /\b(environ|getenv|env|config|parse|dj_database_url|open|service)\b/.test(block))
    return UNPLACED(file);
  const targets: DatabaseTarget[] = [];
  for (const m of block.matchAll(/['"]HOST['"]\s*:\s*(?:(['"])([^'"]*)\1|(.))/g))
    targets.push(m[3] === undefined ? dsn(`x://${m[2] as string}/`) : 'unknown');
  for (const m of block.matchAll(/['"]NAME['"]\s*:\s*(['"])([^'"]*)\1/g))
    if ((m[2] as string).startsWith('/') || (m[2] as string).startsWith('~')) targets.push('unknown');
  return { target: targets.length === 0 ? 'local' : combine(targets), file };
}

/** Connection settings that do not move the database: who logs in, and how connections are kept. */
const NOT_PLACING =
  /^(?:USER|PASSWORD|CONN_MAX_AGE|CONN_HEALTH_CHECKS|ATOMIC_REQUESTS|AUTOCOMMIT|TIME_ZONE)$/;

/**
 * A DATABASES block without its entries that do not place the database (NOT_PLACING, whatever their value: up to
 * the comma or brace that ends it, brackets and strings skipped); undefined when an entry does not end.
 */
function withoutUnplacingEntries(block: string): string | undefined {
  let out = block;
  for (const m of block.matchAll(/(['"])(\w+)\1\s*:/g)) {
    if (!NOT_PLACING.test(m[2] as string)) continue;
    const from = m.index ?? 0;
    const open: string[] = [];
    let quote: string | undefined;
    let k = from + m[0].length;
    for (; k < block.length; k++) {
      const c = block[k] as string;
      if (quote) {
        if (c === '\\') k++;
        else if (c === quote) quote = undefined;
      } else if (c === '"' || c === "'") quote = c;
      else if ('([{'.includes(c)) open.push(c);
      else if (')]}'.includes(c)) {
        if (open.length === 0) break;
        // A bracket closed by another kind: text Python would not read.
        if ('([{'.indexOf(open.pop() as string) !== ')]}'.indexOf(c)) return undefined;
      } else if (c === ',' && open.length === 0) break;
    }
    if (k >= block.length || quote !== undefined) return undefined;
    out = out.replace(block.slice(from, k), ' ');
  }
  return out;
}

/** Laravel: `.env`'s `DB_URL`/`DATABASE_URL`, or `DB_CONNECTION` with `DB_HOST`/`DB_DATABASE`. */
function artisan(c: Context): Found | undefined {
  const { args, inv, r, cwd, dsn } = c;
  const sub = args[1];
  if (
    sub === undefined ||
    !/^(migrate|migrate:status|migrate:install|db:show|db:table|schema:dump)$/.test(sub)
  )
    return undefined;
  if (args.some((a) => /^--(database|env)(=|$)/.test(a))) return UNPLACED('.env');
  const text = read(inFolder(cwd, '.env'), inv, r);
  if (text === undefined || text === null) return UNPLACED('.env');
  const env = envFile(text);
  const url = env.get('DB_URL') ?? env.get('DATABASE_URL');
  if (url !== undefined && url !== '') return { target: dsn(url), file: '.env' };
  const connection = env.get('DB_CONNECTION');
  if (connection === 'sqlite') {
    const db = env.get('DB_DATABASE');
    return { target: db === undefined || db === '' ? 'local' : dsn(`file:${db}`), file: '.env' };
  }
  const host = env.get('DB_HOST');
  if (connection === undefined || host === undefined) return UNPLACED('.env');
  return { target: dsn(`x://${host}/`), file: '.env' };
}

/** mix: the Repo settings of `config/config.exs`, `dev.exs` and `test.exs`; `runtime.exs` only for production. */
function mix(c: Context): Found | undefined {
  const { args, inv, r, cwd, dsn } = c;
  const sub = args.find((a) => !a.startsWith('-'));
  if (sub === undefined || !/^ecto\.(migrate|create|migrations|rollback|load|dump)$/.test(sub))
    return undefined;
  if (args.some((a) => /^(-r|--repo)(=|$)/.test(a))) return UNPLACED('config');
  const targets: DatabaseTarget[] = [];
  for (const name of ['config/config.exs', 'config/dev.exs', 'config/test.exs']) {
    const text = read(inFolder(cwd, name), inv, r);
    if (text === undefined) return UNPLACED(name);
    if (text === null) continue;
    for (const m of text.matchAll(/^config\s+:\w+\s*,\s*[\w.]*Repo\s*,([\s\S]*?)(?=^\S|(?![\s\S]))/gm)) {
      const block = m[1] as string;
      if (/System\.|Application\.|\benv\b|File\.read/.test(block)) return UNPLACED(name);
      for (const h of block.matchAll(/\b(hostname|socket_dir|url)\s*:\s*(?:"([^"#]*)"|(.))/g)) {
        if (h[3] !== undefined) targets.push('unknown');
        else if (h[1] === 'url') targets.push(dsn(h[2] as string));
        else targets.push(dsn(`x://${h[1] === 'socket_dir' ? '' : (h[2] as string)}/`));
      }
    }
  }
  const runtime = read(inFolder(cwd, 'config/runtime.exs'), inv, r);
  if (runtime === undefined) return UNPLACED('config/runtime.exs');
  if (runtime !== null) {
    const prod = runtime.search(/if\s+config_env\(\)\s*==\s*:prod\s+do/);
    const repo = runtime.search(/Repo\b/);
    if (repo >= 0 && (prod < 0 || repo < prod)) return UNPLACED('config/runtime.exs');
  }
  return { target: targets.length === 0 ? 'local' : combine(targets), file: 'config/dev.exs' };
}

/** rails: `config/database.yml` outside production sections, and the dotenv files' `DATABASE_URL` (dotenv). */
function rails(c: Context): Found | undefined {
  const { args, inv, r, cwd, dsn } = c;
  const sub = args.find((a) => !a.startsWith('-'));
  if (sub === undefined || !sub.startsWith('db:')) return undefined;
  const yml = read(inFolder(cwd, 'config/database.yml'), inv, r);
  if (yml === undefined) return UNPLACED('config/database.yml');
  const targets: DatabaseTarget[] = [];
  if (yml !== null) {
    let section = '';
    for (const line of yml.split('\n')) {
      const top = /^([\w-]+):/.exec(line);
      if (top) section = top[1] as string;
      if (/^(production|staging|prod|live)/.test(section)) continue;
      const m = /^\s+(host|url|socket|hostaddr|service):\s*(.*?)\s*$/.exec(line);
      if (!m) continue;
      const value = (m[2] as string).replace(/^(["'])(.*)\1$/, '$2');
      if (value.includes('<%') || m[1] === 'service') targets.push('unknown');
      else if (m[1] === 'url') targets.push(dsn(value));
      else targets.push(dsn(`x://${m[1] === 'socket' ? '' : value}/`));
    }
  }
  // Rails reads `.env` only through the dotenv gem.
  const gemfile = read(inFolder(cwd, 'Gemfile'), inv, r);
  const dotenv = gemfile === undefined || (gemfile !== null && /\bdotenv\b/.test(gemfile));
  // dotenv-rails loads the environment's files before `.env` (ADR 0089): a URL in any of them may be the one used.
  if (dotenv)
    for (const name of ['.env.development.local', '.env.local', '.env.development', '.env']) {
      const env = read(inFolder(cwd, name), inv, r);
      if (env === undefined) return UNPLACED(name);
      const url = env === null ? undefined : envFile(env).get('DATABASE_URL');
      if (url !== undefined) targets.push(dsn(url));
    }
  return { target: targets.length === 0 ? 'local' : combine(targets), file: 'config/database.yml' };
}

/** The framework a command runs and the arguments it reads, or undefined. */
function framework(inv: Invocation, args: readonly string[]) {
  const p = inv.program.slice(inv.program.lastIndexOf('/') + 1);
  if (p === 'prisma') return prisma;
  if (p === 'alembic') return alembic;
  if (p === 'mix') return mix;
  if (p === 'rails' || p === 'rake') return rails;
  const script = args[0] ?? '';
  if (/^python\d*(\.\d+)?$/.test(p) && /(^|\/)manage\.py$/.test(script)) return django;
  if (p === 'php' && /(^|\/)artisan$/.test(script)) return artisan;
  return migrationTool(p);
}

export function migrationTargets(inv: Invocation, r: Reporter): void {
  if (!r.env.readScript || inv.cwd === undefined || inv.args.length === 0) return;
  const args = inv.args.map(plain);
  const reader = framework(inv, args);
  if (!reader) return;
  // An argument known only at run time may name another database, settings module or environment.
  const cwd = inv.cwd;
  let services: Set<string> | undefined;
  const dsn: Dsn = (text) => {
    services ??= composeServices(inv, r, cwd);
    return dsnTarget(text, services);
  };
  const found = inv.args.every(isLiteral) ? reader({ args, inv, r, cwd, dsn }) : UNPLACED('arguments');
  if (!found || found.target === 'local') return;
  if (found.target === 'remote')
    r.uncertain(
      'production-target',
      `\`${inv.program}\` changes a database on another machine (\`${found.file}\`)`,
      inv.segment,
      'kept',
    );
  else
    r.uncertain(
      'dynamic-script',
      `\`${inv.program}\` opens a database gavel cannot place (\`${found.file}\`)`,
      inv.segment,
      'kept',
    );
}
