/**
 * A write or edit of a database migration that destroys data when migrations next run: a table or column dropped
 * (Rails, Alembic, Django, knex, Sequelize, Laravel, Ecto, plain SQL), a table emptied, every row of a table
 * updated or deleted (no `WHERE`). A drop of what the same file creates (a migration's way back) is its reverse and
 * does not count, unless it sits in the way forward before that create (`up`: the table's rows go when it runs). Uncertain (`data-loss-later`): a person decides. Reasons name the kind of statement and the file,
 * never its text. Pure but for the request's reader.
 */

import { basename } from 'node:path';
import { serverReaches, type Uncertainty } from '../../shell';
import type { CheckRequest, FileChange } from '../request/request';
import { changedLineTexts, changedPath, diskText, newText } from './change-text';

/** Folders migrations live in, by the tools that run them; Flyway's versioned file names anywhere. */
const MIGRATION_PATH =
  /(?:^|\/)(?:db\/migrate|migrations?|alembic\/versions|db\/migration|changelog)\/(?:[^/]+\/)?[^/]+\.(?:rb|py|sql|[cm]?[jt]s|php|exs?|go|java|kt|cs|xml|ya?ml|json)$|(?:^|\/)[VU]\d+(?:[._]\d+)*__\w+\.sql$/i;

/** A drop and the create that undoes it, each capturing the table or column name. */
interface Destruction {
  kind: string;
  drop: RegExp;
  create: (name: string) => RegExp;
}

const Q = `["'\`\\[]?`;
const esc = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TABLE_CREATES = (n: string) =>
  new RegExp(
    `create_table\\s*\\(?\\s*[:"']?${esc(n)}\\b|create_?table\\(\\s*["']${esc(n)}["']|Schema::create\\(\\s*["']${esc(n)}["']|create(?:_if_not_exists)?\\s*\\(?\\s*table\\(\\s*:?["']?${esc(n)}\\b|CreateModel\\(\\s*(?:name\\s*=\\s*)?["']${esc(n)}["']|CREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?${Q}${esc(n)}\\b`,
    'i',
  );
const COLUMN_ADDS = (n: string) =>
  new RegExp(
    `add_column\\b[^\\n]*[:"']${esc(n)}\\b|add_?column\\([^\\n]*["']${esc(n)}["']|Column\\(\\s*["']${esc(n)}["']|\\badd\\s+:${esc(n)}\\b|AddField\\([^)]*name\\s*=\\s*["']${esc(n)}["']|ADD\\s+(?:COLUMN\\s+)?(?:IF\\s+NOT\\s+EXISTS\\s+)?${Q}${esc(n)}\\b|\\$table->\\w+\\(\\s*["']${esc(n)}["']|\\bt\\.\\w+\\s+:${esc(n)}\\b`,
    'i',
  );

const DESTRUCTIONS: readonly Destruction[] = [
  {
    kind: 'drops a table',
    drop: new RegExp(
      `\\bdrop_table\\s*\\(?\\s*[:"']?(\\w+)|\\bdrop_?table(?:_?if_?exists)?\\(\\s*["'](\\w+)|Schema::drop(?:IfExists)?\\(\\s*["'](\\w+)|\\bdrop(?:_if_exists)?\\s*\\(?\\s*table\\(\\s*:?["']?(\\w+)|DeleteModel\\(\\s*(?:name\\s*=\\s*)?["'](\\w+)|\\bDROP\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?${Q}(\\w+)`,
      'gi',
    ),
    create: TABLE_CREATES,
  },
  {
    kind: 'drops a column',
    drop: new RegExp(
      `\\bremove_column\\s*\\(?\\s*:?["']?\\w+["']?\\s*,\\s*[:"'](\\w+)|\\bdrop_?column\\(\\s*(?:["']\\w+["']\\s*,\\s*)?["'](\\w+)|\\bremoveColumn\\(\\s*["']\\w+["']\\s*,\\s*["'](\\w+)|\\bremove\\s+:(\\w+)|RemoveField\\([^)]*?\\bname\\s*=\\s*["'](\\w+)|\\bDROP\\s+COLUMN\\s+(?:IF\\s+EXISTS\\s+)?${Q}(\\w+)|->dropColumn\\(\\s*["'](\\w+)`,
      'gi',
    ),
    create: COLUMN_ADDS,
  },
  {
    kind: 'drops a schema or database',
    drop: /\bDROP\s+(?:SCHEMA|DATABASE)\b()/gi,
    create: () => /(?!)/,
  },
  { kind: 'empties a table', drop: /\bTRUNCATE\b()/gi, create: () => /(?!)/ },
];

/** `UPDATE t SET …` or `DELETE FROM t` whose statement (to its `;` or a blank line) has no `WHERE`. */
function unboundedWrites(text: string): number {
  let n = 0;
  for (const m of text.matchAll(/\b(?:UPDATE\s+[\w."`[\]]+\s+SET|DELETE\s+FROM)\b/gi)) {
    // A statement's text up to its end, within a window (a bound on time: a WHERE further on is not this one's).
    const start = (m.index ?? 0) + m[0].length;
    const rest = text.slice(start, start + STATEMENT_WINDOW);
    const end = rest.search(/;|\n\s*\n/);
    if (!/\bWHERE\b/i.test(end < 0 ? rest : rest.slice(0, end))) n++;
  }
  return n;
}

/**
 * Where a migration's way forward (`def up`, `def change`, `function up`, `exports.up`, `def upgrade`, goose's `--
 * +goose Up`) and its way back (`down`, `downgrade`, `rollback`, `revert`) start.
 */
const SECTION =
  /\b(?:def\s+(up|change|upgrade|forwards?|down|downgrade|backwards?|rollback|revert)\b|function\s+(up|down)\b|exports\.(up|down)\b|(?:async\s+)?(up|down)\s*(?::\s*(?:async\s*)?(?:function\b|\()|\()|func\s+(\w*?(?:Up|Down))\s*\(|void\s+(Up|Down)\s*\()|--\s*\+(?:goose|migrate)\s+(Up|Down)\b|--\s*migrate:(up|down)\b/gi;

/**
 * The start of the way forward that holds the line at `at` of the file, or undefined when the line is in the way
 * back or the file marks neither.
 */
function forwardStart(file: string, at: number): number | undefined {
  let last: { start: number; forward: boolean } | undefined;
  for (const m of file.slice(0, at).matchAll(SECTION)) {
    const word = (m.slice(1).find((g) => g !== undefined) ?? '').toLowerCase();
    last = { start: m.index ?? 0, forward: !/down|backward|rollback|revert/.test(word) };
  }
  return last?.forward ? last.start : undefined;
}

/** The whole line of `text` around the index `at`. */
function lineAt(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end < 0 ? text.length : end);
}

const STATEMENT_WINDOW = 4000;
const MAX_DROPS = 256;

/** The kinds of destruction in `text` not undone by a create of the same name in `file` (the file as it will be). */
function destructions(text: string, file: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of DESTRUCTIONS) {
    // Each name's create is looked for once (a file of many drops is read once per name, not per drop).
    const undone = new Map<string, boolean>();
    let seen = 0;
    for (const m of text.matchAll(d.drop)) {
      // A bound on time: past it, the kind counts as found without end (a change adding that many is one).
      if (++seen > MAX_DROPS) {
        out.set(d.kind, Number.MAX_SAFE_INTEGER);
        break;
      }
      const name = m.slice(1).find((g) => g !== undefined && g !== '');
      if (name !== undefined) {
        // A drop in the way forward (a table dropped before it is made again: its rows go) is undone only by a
        // create before it in the same way forward (a scratch table); elsewhere, by a create anywhere in the file.
        const line = lineAt(text, m.index ?? 0);
        const at = line.trim() === '' ? -1 : file.indexOf(line);
        const start = at < 0 ? undefined : forwardStart(file, at);
        let u = start === undefined ? undone.get(name) : d.create(name).test(file.slice(start, at));
        if (u === undefined) {
          u = d.create(name).test(file);
          undone.set(name, u);
        }
        if (u) continue;
      }
      out.set(d.kind, (out.get(d.kind) ?? 0) + 1);
    }
  }
  const writes = unboundedWrites(text);
  if (writes > 0) out.set('changes every row of a table', writes);
  return out;
}

/** The data a write or edit of a migration destroys when migrations run, as uncertainties (none for other files). */
export function destructiveMigrations(
  request: CheckRequest,
  path: string,
  change: FileChange | undefined,
): Uncertainty[] {
  if (change === undefined || !MIGRATION_PATH.test(path.replaceAll('\\', '/'))) return [];
  const abs = changedPath(request, path);
  const old = diskText(request, abs);
  const { before, after } = changedLineTexts(change, old);
  const next = newText(change, old);
  const file = typeof next === 'object' ? next.text : after;
  const was = destructions(before, old ?? before);
  const kinds = [...destructions(after, file)].filter(([k, n]) => n > (was.get(k) ?? 0)).map(([k]) => k);
  if (kinds.length === 0) return [];
  return [
    {
      code: 'data-loss-later',
      reason: `the change to the migration \`${basename(path)}\` ${kinds.join(', ')} when migrations run`,
    },
  ];
}

/** Files whose SQL a database or a migration tool runs: SQL, migrations, and settings that carry SQL (`init-sqls`). */
const CARRIES_SQL = /\.(?:sql|ya?ml|properties|xml|json|conf|toml|cnf)$/i;

/**
 * A write or edit that adds SQL making the database server start a program, load code or reach files or hosts
 * (`COPY … TO PROGRAM`, an untrusted procedural language; migration-code.ts's reading): it runs when migrations, a
 * callback or the application's start-up SQL next run (round 30: an `afterMigrate.sql`, an `init-sqls` setting).
 */
export function serverCodeEdits(
  request: CheckRequest,
  path: string,
  change: FileChange | undefined,
): Uncertainty[] {
  const unix = path.replaceAll('\\', '/');
  if (change === undefined || !(CARRIES_SQL.test(unix) || MIGRATION_PATH.test(unix))) return [];
  const old = diskText(request, changedPath(request, path));
  const { before, after } = changedLineTexts(change, old);
  if (!serverReaches(after) || serverReaches(before)) return [];
  return [
    {
      code: 'dynamic-script',
      reason: `the change to \`${basename(path)}\` adds SQL that makes the database server start a program, load code or reach files or hosts`,
    },
  ];
}
