/**
 * The code a migration tool runs besides changing its database (round 30): the SQL of flyway's migrations and
 * callbacks, and liquibase's changelogs, read from the workspace. SQL that makes the database server start a
 * program, load a library, reach files or other hosts (`COPY … TO PROGRAM`, an untrusted procedural language,
 * `dblink`, `ALTER SYSTEM` with a command setting, `xp_cmdshell`, `INTO OUTFILE`), a liquibase `executeCommand` or
 * custom change class, and any migration that is not SQL (flyway's Java and script migrations) are uncertain. Which
 * files run: `flyway migrate` every file of its locations; another flyway command only the callbacks of its events
 * (`beforeInfo.sql` on `info`) and of every connection; `liquibase update` the files of its changelog's folder
 * (includes that leave it are uncertain). The database the tool reaches is migration-tools.ts's. Never quotes a
 * file. Pure apart from the injected reader and reporting.
 * INVARIANT: a location or changelog gavel cannot place, list or read whole, or more files than it reads, is
 * uncertain, never read as clean.
 */

import { posix } from 'node:path';
import { isUnder } from '../../core';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { listBudgeted } from './disk-scripts';
import { read } from './migration-config';
import { inFolder } from './project-file';

export const MIGRATION_CODE_PROGRAMS = (): readonly string[] => ['flyway', 'liquibase'];

/** Files of one migration run read; more is uncertain. */
const MAX_FILES = 48;

/** SQL that makes the database server run a program, load code, or reach files and hosts. */
const SERVER_REACH =
  /\bCOPY\b[\s\S]*?\bPROGRAM\b|\bLANGUAGE\s+['"]?(?:plpython\w*|plperlu|pltclu|plsh|plv8u?|c)\b|\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:TRUSTED\s+)?(?:PROCEDURAL\s+)?LANGUAGE\b|\bCREATE\s+EXTENSION\b[^;]*\b(?:plpython\w*|plperlu|pltclu|plsh|dblink|postgres_fdw|file_fdw|adminpack)\b|\b(?:lo_import|lo_export|pg_read_file|pg_read_binary_file|pg_ls_dir|pg_file_write|dblink\w*)\s*\(|\bCREATE\s+(?:FOREIGN\s+DATA\s+WRAPPER|SERVER)\b|\bALTER\s+SYSTEM\b|\bLOAD\s+'|\bpg_execute_server_program\b|\b(?:xp_cmdshell|sp_OACreate|sys_exec|sys_eval)\b|\bINTO\s+(?:OUT|DUMP)FILE\b|\bLOAD\s+DATA\s+(?:LOCAL\s+)?INFILE\b|\bLOAD_FILE\s*\(/i;

/**
 * SQL as the server reads its words (review 30c): a block or line comment between words is space, a quoted
 * identifier is its name (`"pg_read_file"(…)`). Bounded: the text is at most a file read whole.
 */
export function serverReaches(sql: string): boolean {
  const words = sql
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/"([A-Za-z_][\w$]*)"/g, '$1');
  return SERVER_REACH.test(words);
}
/** A liquibase change that runs a program or a class of the project. */
const LIQUIBASE_RUNS = /\bexecuteCommand\b|\bcustomChange\b|\bcustomPrecondition\b/i;
/** A liquibase include naming a file or folder by a path that may leave the changelog's folder. */
const LIQUIBASE_LEAVES =
  /\b(?:file|path)\s*[:=]\s*["']?(?:\/|~|classpath:|[A-Za-z]+:\/\/|(?:[^"'\s]*\/)?\.\.\/)/i;

/** The file or folder a liquibase include names (XML, YAML, JSON and formatted SQL spellings). */
const LIQUIBASE_INCLUDE = /\binclude(?:All)?\b[\s\S]{0,300}?\b(?:file|path)\s*[:=]\s*["']?([^"'\s>,}]+)/gi;

/** A flyway migration's file name: versioned, undo or repeatable (`V2__x`, `V2_1__x`, `U2__x`, `R__x`). */
const MIGRATION_NAME = /^(?:[VU]\d[\w.]*|R)__/;

/** flyway's callback events: a file named `<event>[__description].<ext>` is a callback of that event. */
const CALLBACK =
  /^(before|after)(Each)?([A-Z][A-Za-z]*?)(Applied|Error|StatementError|Statement)?(?:__.*)?\.[A-Za-z0-9]+$/;

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

export function migrationCode(inv: Invocation, r: Reporter): void {
  if (!r.env.readScript || inv.cwd === undefined) return;
  const words = inv.args.map((w) => plain(w));
  if (inv.program === 'flyway') flyway(words, inv, r, inv.cwd);
  else if (inv.program === 'liquibase') liquibase(words, inv, r, inv.cwd);
}

/** Every file below `folder` (bounded), or undefined when a folder cannot be listed whole (said). */
function filesBelow(folder: string, inv: Invocation, r: Reporter): string[] | undefined {
  const out: string[] = [];
  const queue = [folder];
  while (queue.length > 0) {
    const dir = queue.shift() as string;
    const listing = listBudgeted(dir, r);
    if (listing === 'over' || listing === undefined) {
      say(inv, r, 'runs migrations from more folders than one review lists');
      return undefined;
    }
    if (listing.kind === 'missing') continue;
    if (listing.kind === 'text' || listing.entries === undefined || listing.folders === undefined) {
      say(inv, r, 'runs migrations from a folder gavel cannot list');
      return undefined;
    }
    const folders = new Set(listing.folders);
    for (const name of listing.entries) {
      if (folders.has(name)) queue.push(inFolder(dir, name));
      else out.push(inFolder(dir, name));
      if (out.length > MAX_FILES) {
        say(inv, r, `runs more migration files than one review reads (${MAX_FILES})`);
        return undefined;
      }
    }
  }
  return out;
}

/** The text of a file a run reads ('' when there is none), or undefined when it is not read whole (said). */
function text(path: string, inv: Invocation, r: Reporter): string | undefined {
  const found = read(path, inv, r);
  if (found === undefined) say(inv, r, 'runs a migration file gavel cannot read whole');
  return found === null ? '' : found;
}

function flyway(words: readonly string[], inv: Invocation, r: Reporter, cwd: string): void {
  // flyway runs every command named, in order (`flyway info migrate`); the last `-locations=` counts.
  const commands = words.filter((w) => !w.startsWith('-')).map((w) => w.toLowerCase());
  if (commands.length === 0) return;
  const given = words.filter((w) => /^-locations=/.test(w)).at(-1);
  let locations: string[];
  if (given !== undefined) {
    const at = inv.args.find((w) => plain(w) === given);
    if (at === undefined || !isLiteral(at)) {
      say(inv, r, 'runs migrations from locations named at run time');
      return;
    }
    locations = given.slice('-locations='.length).split(',');
  } else {
    // The working folder's flyway.conf over the user's (a properties file: `=`, `:` or a space between key and value).
    const here = text(inFolder(cwd, 'flyway.conf'), inv, r);
    const home = text(inFolder(r.env.home, 'flyway.conf'), inv, r);
    if (here === undefined || home === undefined) return;
    const setIn = (conf: string) =>
      [...conf.matchAll(/^\s*flyway\.locations\s*(?:[=:]\s*|\s+)(.*?)\s*$/gm)].at(-1)?.[1];
    const set = setIn(here) ?? setIn(home);
    const toml = set === undefined ? text(inFolder(cwd, 'flyway.toml'), inv, r) : '';
    if (toml === undefined) return;
    // flyway.toml's `locations = ["filesystem:db", …]` (any table); another spelling is not read.
    const keys = [...toml.matchAll(/^\s*locations\s*=\s*(.*)$/gm)];
    const listed = keys.map((k) => /^\[((?:\s*"[^"\n]*"\s*,?)*)\]\s*(?:#.*)?$/.exec(k[1] ?? '')?.[1]);
    if (listed.some((l) => l === undefined) || (keys.length === 0 && /\blocations\b/.test(toml))) {
      say(inv, r, 'runs migrations from the locations flyway.toml names, which gavel does not read');
      return;
    }
    const fromToml = listed.flatMap((l) => [...(l ?? '').matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? ''));
    locations = set !== undefined ? set.split(',') : fromToml.length > 0 ? fromToml : ['filesystem:sql'];
  }
  const files: string[] = [];
  for (const raw of locations) {
    const location = raw.trim();
    const m = /^(?:filesystem:)?([\w./@+-]+)$/.exec(location);
    if (!m || location.startsWith('classpath:') || /(?:^|\/)\.\.(?:\/|$)/.test(m[1] ?? '')) {
      say(
        inv,
        r,
        'runs migrations from a location gavel does not read (the classpath, a path leaving the workspace)',
      );
      return;
    }
    const found = filesBelow(posix.resolve(cwd, m[1] ?? ''), inv, r);
    if (found === undefined) return;
    files.push(...found);
  }
  for (const path of files) {
    const name = posix.basename(path);
    const callback = CALLBACK.exec(name);
    const runs =
      commands.includes('migrate') ||
      (callback !== null && ['connect', ...commands].includes((callback[3] ?? '').toLowerCase()));
    if (!runs) continue;
    // flyway runs a file only by a migration's or a callback's name (`V2__x.sh`, `beforeMigrate.ps1`); a README
    // beside the migrations is not one.
    if (!/\.sql$/i.test(name) && (callback !== null || MIGRATION_NAME.test(name))) {
      say(inv, r, 'runs a migration or callback that is not SQL (a script or a class), which is not read');
      return;
    }
    const sql = text(path, inv, r);
    if (sql === undefined) return;
    if (serverReaches(sql)) {
      say(
        inv,
        r,
        'runs SQL that makes the database server start a program, load code or reach files or hosts',
      );
      return;
    }
  }
}

/** liquibase commands that apply changesets (`update`, `update-count`, `rollback…`, `execute-sql`). */
const APPLIES =
  /^(?:update(?:-count|-to-tag|-one-changeset|-testing-rollback)?|rollback\S*|execute-sql|changelog-sync\S*)$/i;

function liquibase(words: readonly string[], inv: Invocation, r: Reporter, cwd: string): void {
  const command = words.find((w) => !w.startsWith('-'));
  if (command === undefined || !APPLIES.test(command)) return;
  const option = words.find((w) => /^--(?:changelog-file|changeLogFile)=/.test(w));
  let changelog: string | undefined;
  if (option !== undefined) changelog = option.slice(option.indexOf('=') + 1);
  else {
    const at = words.findIndex((w) => /^--(?:changelog-file|changeLogFile)$/.test(w));
    if (at >= 0) changelog = words[at + 1];
    else {
      const props = text(inFolder(cwd, 'liquibase.properties'), inv, r);
      if (props === undefined) return;
      changelog =
        /^\s*(?:liquibase\.command\.)?(?:changeLogFile|changelog-file|changelogFile)\s*[:=]\s*(.*?)\s*$/im.exec(
          props,
        )?.[1];
    }
  }
  if (changelog === undefined || !/^(?![/~])(?!(?:.*\/)?\.\.(?:\/|$))[\w./@+-]+$/.test(changelog)) {
    say(inv, r, 'runs a changelog gavel cannot place');
    return;
  }
  const folder = posix.dirname(posix.resolve(cwd, changelog));
  const files = filesBelow(folder, inv, r);
  if (files === undefined) return;
  for (const path of files) {
    const body = text(path, inv, r);
    if (body === undefined) return;
    if (LIQUIBASE_RUNS.test(body)) {
      say(inv, r, 'runs a changelog with a change that starts a program or a class of the project');
      return;
    }
    if (serverReaches(body)) {
      say(
        inv,
        r,
        'runs SQL that makes the database server start a program, load code or reach files or hosts',
      );
      return;
    }
    // An include is found from the search path (the working folder) unless it is relative to its changelog: either
    // way it must stay in the folder read (review 30c: `file="evil/x.xml"` from the working folder).
    for (const m of body.matchAll(LIQUIBASE_INCLUDE)) {
      const target = m[1] ?? '';
      // The include's own entry: up to the next include, or a few hundred characters.
      const from = m.index ?? 0;
      const next = body.slice(from + 7).search(/\binclude/i);
      const entry = body.slice(from, next < 0 ? from + 600 : Math.min(from + 7 + next, from + 600));
      const relative = /relativeToChangelogFile\s*[:=]\s*["']?true/i.test(entry);
      const at = posix.resolve(relative ? posix.dirname(path) : cwd, target);
      if (LIQUIBASE_LEAVES.test(`file=${target}`) || !isUnder(at, folder)) {
        say(inv, r, 'runs a changelog that includes files outside its folder, which are not read');
        return;
      }
    }
    if (/\binclude/i.test(body) && LIQUIBASE_LEAVES.test(body)) {
      say(inv, r, 'runs a changelog that includes files outside its folder, which are not read');
      return;
    }
  }
}
