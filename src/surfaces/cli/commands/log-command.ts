/**
 * `gavel log`: the last decisions from the audit log, as a table or as one JSON array.
 * Reads the config only to find the log (never with --file); decides nothing, writes nothing.
 * Lines of the log that are not valid records are counted on stderr, never printed: a log in a
 * repository can be edited by anyone with the checkout, so its text is shown only once it validated.
 */

import { resolve } from 'node:path';
import { type AuditRecord, auditId, type RecordFilter, readRecords } from '../../../audit';
import {
  CAPABILITIES,
  type Capability,
  EXIT,
  isOutcome,
  isVerdict,
  OUTCOMES,
  UsageError,
  VERDICTS,
  type Verdict,
} from '../../../core';
import { decisionLogIn } from '../../../runtime';
import type { CommandContext, CommandSpec, ParsedArgs } from '../command';
import { style } from '../style';
import { type Column, oneLine, renderTable } from '../table';

export const LOG_DEFAULT_LINES = 20;
export const LOG_MAX_LINES = 100_000;

const VERDICT_FILTERS = [...new Set<string>([...VERDICTS, ...OUTCOMES])];

function lineCount(raw: string | undefined): number {
  if (raw === undefined) return LOG_DEFAULT_LINES;
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > LOG_MAX_LINES) {
    throw new UsageError(
      `\`--lines\` must be a whole number from 1 to ${LOG_MAX_LINES}, not \`${oneLine(raw, 40)}\``,
    );
  }
  return n;
}

function filterOf(values: ParsedArgs['values']): RecordFilter {
  const filter: RecordFilter = {};
  const surface = values.surface;
  if (typeof surface === 'string') {
    if (!(CAPABILITIES as readonly string[]).includes(surface)) {
      throw new UsageError(
        `\`--surface\` must be one of ${CAPABILITIES.join(', ')}, not \`${oneLine(surface, 40)}\``,
      );
    }
    filter.surface = surface as Capability;
  }
  const verdict = values.verdict;
  if (typeof verdict === 'string') {
    if (!isVerdict(verdict) && !isOutcome(verdict)) {
      throw new UsageError(
        `\`--verdict\` must be one of ${VERDICT_FILTERS.join(', ')}, not \`${oneLine(verdict, 40)}\``,
      );
    }
    filter.verdict = verdict;
  }
  // The log keeps an id that is not id-shaped only as its hash: look it up the same way.
  if (typeof values.session === 'string') filter.sessionId = auditId(values.session);
  return filter;
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--since`: `30m`, `12h`, `7d` back from now, or an ISO date or time (`2026-11-29`, `2026-11-29T21:00Z`). */
export function sinceOf(raw: string | undefined, now: Date): Date | undefined {
  if (raw === undefined) return undefined;
  const rel = /^(\d{1,6})([mhd])$/.exec(raw);
  if (rel) return new Date(now.getTime() - Number(rel[1]) * (UNIT_MS[rel[2] ?? 'm'] ?? 0));
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw)) {
    const at = Date.parse(raw.length === 10 ? `${raw}T00:00:00Z` : raw);
    if (Number.isFinite(at)) return new Date(at);
  }
  throw new UsageError(`\`--since\` takes 30m, 12h, 7d or an ISO date or time, not \`${oneLine(raw, 40)}\``);
}

type LogPath = { ok: true; path: string } | { ok: false; code: number };

function logPath(ctx: CommandContext, file: string | boolean | string[] | undefined): LogPath {
  if (typeof file === 'string') {
    if (file === '') throw new UsageError('`--file` needs a path');
    return { ok: true, path: resolve(ctx.cwd, file) };
  }
  const log = decisionLogIn({ cwd: ctx.cwd, env: ctx.env });
  if (!log.ok) {
    ctx.stderr.write(`gavel log: ${log.problem}\n`);
    return { ok: false, code: EXIT.configInvalid };
  }
  return { ok: true, path: log.path };
}

/** `2026-11-29T21:30:00.123Z` -> `2026-11-29 21:30:00.123`: the header says UTC; milliseconds tell rows apart. */
export const shortTime = (iso: string) => iso.slice(0, 23).replace('T', ' ');

/**
 * The table: identical decisions stay distinguishable by time (to the millisecond) and session. `--wide` adds
 * the run, the subject hash and the categories and never cuts the reason.
 */
function columns(color: boolean, wide: boolean): Column<AuditRecord>[] {
  const s = style(color);
  const paint: Record<Verdict, (t: string) => string> = { allow: s.green, escalate: s.yellow, deny: s.red };
  const session: Column<AuditRecord> = wide
    ? { header: 'session', cell: (r) => r.sessionId ?? '-', max: Number.POSITIVE_INFINITY }
    : { header: 'session', cell: (r) => (r.sessionId ?? '-').slice(0, 8) };
  const extra: Column<AuditRecord>[] = wide
    ? [
        { header: 'run', cell: (r) => r.runId ?? '-', max: Number.POSITIVE_INFINITY },
        { header: 'subject', cell: (r) => (r.subject ?? '-').slice(0, 12) },
        { header: 'categories', cell: (r) => r.categories.join(',') || '-', max: Number.POSITIVE_INFINITY },
      ]
    : [];
  return [
    { header: 'time (UTC)', cell: (r) => shortTime(r.time) },
    session,
    ...extra,
    { header: 'surface', cell: (r) => r.surface },
    { header: 'kind', cell: (r) => r.kind },
    { header: 'verdict', cell: (r) => r.verdict, paint: (t, r) => paint[r.verdict](t) },
    { header: 'outcome', cell: (r) => r.outcome },
    { header: 'basis', cell: (r) => r.basis },
    { header: 'rule', cell: (r) => r.ruleId ?? '-' },
    { header: 'what', cell: what, max: wide ? Number.POSITIVE_INFINITY : WHAT_MAX },
    { header: 'reason', cell: (r) => r.reason, ...(wide ? { max: Number.POSITIVE_INFINITY } : {}) },
  ];
}

/** The `what` column's width in the table; `--wide` shows the preview whole (at most 120, ADR 0027). */
export const WHAT_MAX = 40;

/**
 * What was decided: the line's redacted preview (ADR 0027); a line without one (`hash-only`, or written
 * before previews) shows `#` and the start of its subject hash, so a person can still tell requests apart.
 */
export function what(r: AuditRecord): string {
  if (r.preview !== undefined) return r.preview;
  return r.subject === null ? '-' : `#${r.subject.slice(0, 12)}`;
}

/** `--port`: 0 (a free one) to 65535. */
function portOf(raw: string | undefined): number {
  if (raw === undefined) return 0;
  const n = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= 0 && n <= 65_535))
    throw new UsageError(`\`--port\` must be a number from 0 to 65535, not \`${oneLine(raw, 20)}\``);
  return n;
}

/** `--web`: the audit page on loopback until SIGINT or SIGTERM (the page's own server, surfaces/web). */
async function runWeb(ctx: CommandContext, args: ParsedArgs, logFile: string): Promise<number> {
  const port = portOf(args.values.port as string | undefined);
  const { serveLogPage } = await import('../../web');
  let page: Awaited<ReturnType<typeof serveLogPage>>;
  try {
    page = await serveLogPage({ logFile, port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    ctx.stderr.write(`gavel log: cannot serve the audit page on 127.0.0.1:${port} (${code})\n`);
    return EXIT.internal;
  }
  ctx.stdout.write(`${page.url}\n`);
  ctx.stderr.write(
    `gavel log: the audit page of \`${logFile}\` is served at the address above (loopback only; Ctrl-C stops it)\n`,
  );
  return new Promise<number>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void page.close().then(() => resolve(EXIT.ok));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  if (args.values.web === true) {
    const where = logPath(ctx, args.values.file);
    return where.ok ? runWeb(ctx, args, where.path) : where.code;
  }
  if (args.values.port !== undefined) throw new UsageError('`--port` goes with `--web`');
  const limit = lineCount(args.values.lines as string | undefined);
  const filter = filterOf(args.values);
  const json = args.values.json === true;
  const where = logPath(ctx, args.values.file);
  if (!where.ok) return where.code;
  const since = sinceOf(args.values.since as string | undefined, ctx.clock.now());
  const read = readRecords(where.path, { limit, ...filter });
  // The log is in time order: the newest `limit` matching records, then those at or after `since`, are the
  // newest `limit` since then.
  const result = since
    ? { ...read, records: read.records.filter((r) => Date.parse(r.time) >= since.getTime()) }
    : read;
  if (result.unreadable > 0) {
    const lines = result.unreadable === 1 ? 'line' : 'lines';
    ctx.stderr.write(
      `gavel log: skipped ${result.unreadable} ${lines} of \`${where.path}\` that are not valid records\n`,
    );
  }
  if (json) {
    if (!result.exists) ctx.stderr.write(`gavel log: no decisions recorded yet in \`${where.path}\`\n`);
    ctx.stdout.write(`${JSON.stringify(result.records, null, 2)}\n`);
    return EXIT.ok;
  }
  if (!result.exists) {
    ctx.stdout.write(`no decisions recorded yet in \`${where.path}\`\n`);
    return EXIT.ok;
  }
  if (result.records.length === 0) {
    const which = Object.keys(filter).length > 0 || since ? 'matching the filters ' : '';
    ctx.stdout.write(`no decisions ${which}in \`${where.path}\`\n`);
    return EXIT.ok;
  }
  ctx.stdout.write(renderTable(result.records, columns(ctx.color, args.values.wide === true)));
  return EXIT.ok;
}

export const logCommand: CommandSpec = {
  name: 'log',
  summary: 'show the last decisions from the audit log, as a table or --json',
  usage: 'gavel log [options]',
  description: [
    'Prints the newest decisions of the audit log, oldest first: time (to the millisecond), session, surface,',
    'kind, verdict, outcome, basis, rule, what was decided (the redacted preview of the command, path or host;',
    '`#` and the subject hash under [audit] preview = "hash-only") and reason (what cut at 40 characters, the',
    'reason at 80; --wide shows both whole, with the run, the subject hash and the categories). The log is <audit.dir>/decisions.ndjson (GAVEL_LOG_DIR, user config only),',
    'else .gavel/logs/decisions.ndjson under the project root. Lines that are not valid records (a line',
    'torn by a crash, an edit) are skipped and counted on stderr, never printed. --json prints one JSON',
    'array of the records as stored (`[]` when there are none). --web serves a page over the log on loopback',
    '(a random secret address; nothing leaves the machine). See docs/audit.md.',
  ].join('\n'),
  options: {
    lines: {
      type: 'string',
      short: 'n',
      valueName: 'N',
      description: `how many decisions to show, the newest (default ${LOG_DEFAULT_LINES}, at most ${LOG_MAX_LINES})`,
    },
    json: { type: 'boolean', description: 'print one JSON array of records instead of a table' },
    file: {
      type: 'string',
      valueName: 'PATH',
      description: "read this log file instead of the project's (no config read)",
    },
    surface: {
      type: 'string',
      valueName: 'NAME',
      description: `only this surface: ${CAPABILITIES.join(', ')}`,
    },
    verdict: {
      type: 'string',
      valueName: 'V',
      description: `only this verdict or outcome: ${VERDICT_FILTERS.join(', ')}`,
    },
    session: { type: 'string', valueName: 'ID', description: 'only decisions of this session id' },
    since: {
      type: 'string',
      valueName: 'WHEN',
      description: 'only decisions at or after WHEN: 30m, 12h, 7d back, or an ISO date or time',
    },
    wide: {
      type: 'boolean',
      description: 'the whole preview and reason, the full session and run, the subject hash and categories',
    },
    web: {
      type: 'boolean',
      description:
        'serve a page over the log on 127.0.0.1 (a secret address, printed) until Ctrl-C: charts, filters, each decision',
    },
    port: { type: 'string', valueName: 'N', description: 'with --web: the port (default: a free one)' },
  },
  exits: [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.configInvalid],
  examples: [
    'gavel log',
    'gavel log -n 50 --verdict deny',
    'gavel log --verdict deny --since 1d --wide',
    'gavel log --web',
    'gavel log --surface ask --json | jq ".[].ruleId"',
    'gavel log --file run-logs/decisions.ndjson --session 6f1c2a4e-9b7d-4c3e-8a21-0f5e6d7c8b9a',
  ],
  run,
};
