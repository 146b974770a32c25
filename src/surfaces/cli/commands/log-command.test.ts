import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditRecord, appendRecord, buildAuditRecord } from '../../../audit';
import { type Capability, decide, EXIT, sha256Hex, type Verdict } from '../../../core';
import { type CliRun, runMain } from '../fake-context.testkit';

const REPO = join(import.meta.dirname, '..', '..', '..', '..');
const ESC = '\u001b[';

let tmp: string;
let project: string;
let projectLog: string;

function makeRecord(i: number, surface: Capability, verdict: Verdict, sessionId?: string): AuditRecord {
  const d = decide({
    verdict,
    basis: verdict === 'allow' ? 'rule' : 'floor',
    reason: `reason number ${i}`,
    ruleId: `R-${String(i).padStart(2, '0')}`,
    policy: { version: 1, sha256: sha256Hex('p') },
  });
  const at = new Date(Date.UTC(2026, 10, 29, 22, 0, i));
  return buildAuditRecord(d, { surface, kind: 'shell', ...(sessionId ? { sessionId } : {}) }, at);
}

function gavel(
  argv: string[],
  options: { cwd?: string; env?: Record<string, string>; color?: boolean } = {},
): Promise<CliRun> {
  return runMain(argv, {
    cwd: options.cwd ?? project,
    env: { HOME: join(tmp, 'home'), XDG_CONFIG_HOME: join(tmp, 'xdg'), ...options.env },
    color: options.color ?? false,
    clock: '2026-11-29T23:00:00Z',
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const PREVIEW_LONG = `rm -rf ${'build/output/'.repeat(5)}`;

const rows = (out: string) => out.trimEnd().split('\n').slice(1);

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'gavel-log-command-'));
  project = join(tmp, 'project');
  mkdirSync(join(project, '.git'), { recursive: true });
  projectLog = join(project, '.gavel', 'logs', 'decisions.ndjson');
  const surfaces: Capability[] = ['check', 'ask', 'route', 'judge'];
  const verdicts: Verdict[] = ['allow', 'escalate', 'deny'];
  for (let i = 0; i < 25; i++) {
    appendRecord(
      projectLog,
      makeRecord(i, surfaces[i % 4] ?? 'check', verdicts[i % 3] ?? 'allow', `session-${i % 2}`),
    );
  }
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('gavel log (in process)', () => {
  it('prints the last 20 decisions as a table, oldest first, without colour', async () => {
    const run = await gavel(['log']);
    expect(run).toMatchObject({ code: EXIT.ok, err: '' });
    const [header] = run.out.split('\n');
    expect(header?.split(/\s{2,}/)).toEqual([
      'time (UTC)',
      'session',
      'surface',
      'kind',
      'verdict',
      'outcome',
      'basis',
      'rule',
      'what',
      'reason',
    ]);
    const lines = rows(run.out);
    expect(lines).toHaveLength(20);
    expect(lines[0]?.split(/\s{2,}/)).toEqual([
      '2026-11-29 22:00:05.000',
      'session-',
      'ask',
      'shell',
      'deny',
      'block',
      'floor',
      'R-05',
      '-',
      'reason number 5',
    ]);
    expect(lines[19]).toContain('reason number 24');
    expect(run.out).not.toContain(ESC);
  });

  it('--since keeps the decisions at or after a time: relative or ISO, else a usage error', async () => {
    // The records are 22:00:00 to 22:00:24; the clock is 23:00:00.
    const iso = await gavel(['log', '--since', '2026-11-29T22:00:20Z']);
    expect(rows(iso.out).map((l) => l.split(/\s{2,}/).at(-1))).toEqual([
      'reason number 20',
      'reason number 21',
      'reason number 22',
      'reason number 23',
      'reason number 24',
    ]);
    expect(rows((await gavel(['log', '--since', '2h'])).out)).toHaveLength(20);
    const none = await gavel(['log', '--since', '30m']);
    expect(none.out).toBe(`no decisions matching the filters in \`${projectLog}\`\n`);
    const json = await gavel(['log', '--since', '2026-11-29T22:00:23Z', '--json']);
    expect(JSON.parse(json.out)).toHaveLength(2);
    const bad = await gavel(['log', '--since', 'yesterday']);
    expect([bad.code, bad.err]).toEqual([
      EXIT.usage,
      'gavel log: `--since` takes 30m, 12h, 7d or an ISO date or time, not `yesterday` (see `gavel log --help`)\n',
    ]);
  });

  it('--wide shows the whole reason, session, run, subject and categories; the default cuts the reason', async () => {
    const long = `${'a very long reason '.repeat(10)}end`;
    const file = join(tmp, 'wide.ndjson');
    const d = decide({
      verdict: 'deny',
      basis: 'floor',
      reason: long,
      policy: { version: 1, sha256: sha256Hex('p') },
    });
    appendRecord(
      file,
      buildAuditRecord(
        d,
        {
          surface: 'check',
          kind: 'shell',
          sessionId: 'sess-0123456789',
          runId: 'run-7',
          preview: `${PREVIEW_LONG}tail`,
        },
        new Date(Date.UTC(2026, 10, 29, 22, 30, 0, 5)),
      ),
    );
    const narrow = await gavel(['log', '--file', file]);
    expect(narrow.out).not.toContain('end');
    expect(narrow.out).not.toContain('tail');
    expect(narrow.out).toContain(PREVIEW_LONG.slice(0, 30));
    expect(narrow.out).toContain('2026-11-29 22:30:00.005  sess-012');
    const wide = await gavel(['log', '--file', file, '--wide']);
    expect(wide.out.split('\n')[0]?.split(/\s{2,}/)).toEqual([
      'time (UTC)',
      'session',
      'run',
      'subject',
      'categories',
      'surface',
      'kind',
      'verdict',
      'outcome',
      'basis',
      'rule',
      'what',
      'reason',
    ]);
    expect(wide.out).toContain(long);
    expect(wide.out).toContain(`${PREVIEW_LONG}tail`);
    expect(wide.out).toContain('sess-0123456789');
    expect(wide.out).toContain('run-7');
  });

  it('identical decisions are told apart by time and session', async () => {
    const file = join(tmp, 'same.ndjson');
    const d = decide({
      verdict: 'deny',
      basis: 'invalid-input',
      reason: 'hook input could not be read',
      policy: { version: 1, sha256: sha256Hex('p') },
    });
    for (const [ms, session] of [
      [1, 'aaaa1111'],
      [2, 'aaaa1111'],
      [2, 'bbbb2222'],
    ] as const)
      appendRecord(
        file,
        buildAuditRecord(
          d,
          { surface: 'check', kind: 'claude-code', sessionId: session },
          new Date(Date.UTC(2026, 10, 29, 22, 0, 0, ms)),
        ),
      );
    const lines = rows((await gavel(['log', '--file', file])).out);
    expect(new Set(lines).size).toBe(3);
  });

  it('colours the verdict only when the context allows colour', async () => {
    const run = await gavel(['log', '-n', '3'], { color: true });
    expect(run.out).toContain(`${ESC}31mdeny`);
    expect(run.out).toContain(`${ESC}32mallow`);
    expect(run.out).toContain(`${ESC}33mescalate`);
  });

  it.each([
    ['-n 2', ['-n', '2'], ['reason number 23', 'reason number 24']],
    ['--lines=1', ['--lines=1'], ['reason number 24']],
    [
      '--surface route',
      ['--surface', 'route', '-n', '3'],
      ['reason number 14', 'reason number 18', 'reason number 22'],
    ],
    ['--verdict deny', ['--verdict', 'deny', '-n', '2'], ['reason number 20', 'reason number 23']],
    [
      '--verdict block (an outcome)',
      ['--verdict', 'block', '-n', '2'],
      ['reason number 20', 'reason number 23'],
    ],
    [
      '--session',
      ['--session', 'session-1', '-n', '3'],
      ['reason number 19', 'reason number 21', 'reason number 23'],
    ],
    [
      'filters together',
      ['--surface', 'check', '--verdict', 'allow'],
      ['reason number 0', 'reason number 12', 'reason number 24'],
    ],
  ])('%s', async (_name, args, want) => {
    const run = await gavel(['log', ...args]);
    expect(run.code).toBe(EXIT.ok);
    expect(rows(run.out).map((l) => l.replace(/.*(reason number \d+)$/, '$1'))).toEqual(want);
  });

  it('--json prints one JSON array of the records as stored', async () => {
    const run = await gavel(['log', '--json', '-n', '2']);
    expect(run.code).toBe(EXIT.ok);
    const records = JSON.parse(run.out) as AuditRecord[];
    expect(records).toEqual([
      makeRecord(23, 'judge', 'deny', 'session-1'),
      makeRecord(24, 'check', 'allow', 'session-0'),
    ]);
  });

  it('no match prints a line, not an empty table', async () => {
    const run = await gavel(['log', '--session', 'nobody']);
    expect(run).toMatchObject({
      code: EXIT.ok,
      out: `no decisions matching the filters in \`${projectLog}\`\n`,
    });
  });

  it('--file reads another log, relative to the working folder', async () => {
    const other = join(tmp, 'elsewhere', 'run.ndjson');
    appendRecord(other, makeRecord(99, 'ask', 'escalate'));
    const run = await gavel(['log', '--file', join('..', 'elsewhere', 'run.ndjson')]);
    expect(run.code).toBe(EXIT.ok);
    expect(rows(run.out)).toHaveLength(1);
    expect(run.out).toContain('reason number 99');
  });

  it('GAVEL_LOG_DIR moves the log', async () => {
    const dir = join(tmp, 'user-logs');
    appendRecord(join(dir, 'decisions.ndjson'), makeRecord(77, 'route', 'allow'));
    const run = await gavel(['log'], { env: { GAVEL_LOG_DIR: dir } });
    expect(run.code).toBe(EXIT.ok);
    expect(rows(run.out)).toEqual([expect.stringContaining('reason number 77')]);
  });

  it('a missing log says so and exits 0', async () => {
    const empty = join(tmp, 'empty-project');
    mkdirSync(join(empty, '.git'), { recursive: true });
    const want = `no decisions recorded yet in \`${join(empty, '.gavel', 'logs', 'decisions.ndjson')}\`\n`;
    expect(await gavel(['log'], { cwd: empty })).toEqual({ code: EXIT.ok, out: want, err: '' });
    expect(await gavel(['log', '--json'], { cwd: empty })).toEqual({
      code: EXIT.ok,
      out: '[]\n',
      err: `gavel log: ${want}`,
    });
  });

  it('an invalid config prints its one-line problem and exits configInvalid', async () => {
    const bad = join(tmp, 'bad-config');
    mkdirSync(bad);
    writeFileSync(join(bad, 'gavel.toml'), '[bogus]\nx = 1\n');
    const run = await gavel(['log'], { cwd: bad });
    expect(run.code).toBe(EXIT.configInvalid);
    expect(run.out).toBe('');
    expect(run.err).toMatch(/^gavel log: .*gavel\.toml: `bogus`: unknown table .*\n$/);
    expect(run.err.split('\n')).toHaveLength(2);
  });

  it('an unknown GAVEL_ variable is a config problem too', async () => {
    const run = await gavel(['log'], { env: { GAVEL_LOG_DIRR: '/tmp' } });
    expect(run.code).toBe(EXIT.configInvalid);
    expect(run.err).toContain('GAVEL_LOG_DIRR');
  });

  it('lines that are not records are counted on stderr, never printed', async () => {
    const file = join(tmp, 'damaged.ndjson');
    appendRecord(file, makeRecord(1, 'check', 'allow'));
    appendFileSync(file, 'password=hunter2 not a record\n{"v":1,"reason":"\\u001b[2J"}\n');
    appendRecord(file, makeRecord(2, 'check', 'deny'));
    appendFileSync(file, '{"v":1,"time":"torn');
    for (const args of [[], ['--json']]) {
      const run = await gavel(['log', '--file', file, ...args]);
      expect(run.code).toBe(EXIT.ok);
      expect(run.err).toBe(`gavel log: skipped 3 lines of \`${file}\` that are not valid records\n`);
      for (const text of ['hunter2', 'torn', ESC, '\\u001b']) expect(run.out + run.err).not.toContain(text);
    }
  });

  it.each([
    ['-n abc', ['-n', 'abc'], '`--lines` must be a whole number from 1 to 100000, not `abc`'],
    ['-n 0', ['-n', '0'], 'not `0`'],
    ['-n 1.5', ['-n', '1.5'], 'not `1.5`'],
    ['-n over the cap', ['-n', '100001'], 'not `100001`'],
    ['-n without a value', ['-n'], 'argument missing'],
    [
      'an unknown surface',
      ['--surface', 'shell'],
      '`--surface` must be one of check, ask, route, judge, not `shell`',
    ],
    [
      'an unknown verdict',
      ['--verdict', 'maybe'],
      '`--verdict` must be one of allow, escalate, deny, approve',
    ],
    ['an empty --file', ['--file', ''], '`--file` needs a path'],
    ['an unknown flag', ['--tail'], 'unknown option'],
    ['a positional argument', ['extra'], 'unexpected argument `extra`'],
  ])('%s is a usage error', async (_name, args, message) => {
    const run = await gavel(['log', ...args]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.out).toBe('');
    expect(run.err).toContain(message);
    expect(run.err).toMatch(/^gavel log: .*\(see `gavel log --help`\)\n$/);
  });

  it('a log that cannot be read is an internal error naming the path', async () => {
    const dir = join(tmp, 'a-folder.ndjson');
    mkdirSync(dir);
    const run = await gavel(['log', '--file', dir]);
    expect(run.code).toBe(EXIT.internal);
    expect(run.err).toBe(`gavel log: the audit log \`${dir}\` is not a file\n`);
  });

  it('--help lists the flags and the exit codes', async () => {
    const run = await gavel(['log', '--help']);
    expect(run.code).toBe(EXIT.ok);
    for (const text of [
      '-n, --lines N',
      '--json',
      '--file PATH',
      '--surface NAME',
      '--verdict V',
      '--session ID',
    ]) {
      expect(run.out).toContain(text);
    }
    for (const code of [' 0  ', ' 1  ', ' 2  ', ' 3  ']) expect(run.out).toContain(code);
  });
});

describe('bin/gavel log (end to end, after npm run build)', () => {
  beforeAll(() => {
    // `npm test` builds first; rebuild (what `npm run build` runs) only when the bundle is missing or
    // older than the sources, so a suite run never rewrites the bundle under other tests' feet.
    const bundle = join(REPO, 'dist', 'gavel.mjs');
    if (!existsSync(bundle) || statSync(bundle).mtimeMs < newestMtime(join(REPO, 'src'))) {
      execFileSync(process.execPath, [join(REPO, 'scripts', 'build.mjs')], { cwd: REPO, stdio: 'inherit' });
    }
  });

  const env = () => ({
    PATH: process.env.PATH ?? '',
    HOME: join(tmp, 'home'),
    XDG_CONFIG_HOME: join(tmp, 'xdg'),
  });

  it('prints the table of the project log and exits 0', () => {
    const run = spawnSync(join(REPO, 'bin', 'gavel'), ['log', '-n', '2'], {
      cwd: project,
      env: env(),
      encoding: 'utf8',
    });
    expect(run.status).toBe(EXIT.ok);
    expect(run.stderr).toBe('');
    expect(rows(run.stdout)).toEqual([
      expect.stringContaining('reason number 23'),
      expect.stringContaining('reason number 24'),
    ]);
    expect(run.stdout).not.toContain(ESC);
  });

  it('exits with the usage code on a bad -n', () => {
    const run = spawnSync(join(REPO, 'bin', 'gavel'), ['log', '-n', 'x'], {
      cwd: project,
      env: env(),
      encoding: 'utf8',
    });
    expect(run.status).toBe(EXIT.usage);
    expect(run.stdout).toBe('');
  });
});
