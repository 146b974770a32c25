import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeLines, git, type Repo, tempRoot } from '../../../../eval/corpora/route';
import { buildAuditRecord, formatAuditLine } from '../../../audit';
import { decide, EXIT, sha256Hex } from '../../../core';
import { NOTIFY_TOML, putFile, routeRepo, runCli } from './route/testdata/route-cli';

let tmp: ReturnType<typeof tempRoot>;
beforeEach(() => {
  tmp = tempRoot('gavel-route-cli-');
});
afterEach(() => tmp.cleanup());

const run = (argv: string[], cwd: string) => runCli(argv, cwd, tmp.root);
const repo = (toml = NOTIFY_TOML): Repo => routeRepo(tmp.root, toml);
const put = (name: string, value: unknown) => putFile(tmp.root, name, value);
const resultSchema = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '..', '..', '..', '..', 'schema', 'route-result.schema.json'),
    'utf8',
  ),
);
const validResult = new Ajv2020({ strict: true, allErrors: true }).compile(resultSchema);

describe('gavel route', () => {
  it.each([
    ['docs only', { 'README.md': '# p\n\nmore\n' }, 'Docs', 'approve', EXIT.ok],
    [
      'a sensitive tested change',
      { 'src/auth/login.ts': 'x\n', 'test/login.test.ts': 't\n' },
      'Login',
      'approve_with_flag',
      EXIT.flag,
    ],
    [
      'an untested workflow change by an unsure author',
      { '.github/workflows/ci.yml': 'on: push\n', 'src/app.ts': codeLines(60) },
      'WIP: not sure',
      'escalate',
      EXIT.escalate,
    ],
    [
      'a docs change whose commit says "do not merge"',
      { 'README.md': '# q\n' },
      'do not merge',
      'approve_with_flag',
      EXIT.flag,
    ],
  ])('%s → %s, its exit code, and `outcome` in --json', async (_n, files, message, outcome, exit) => {
    const r = repo();
    r.write(files);
    r.commit(message);
    const res = await run(['route', '--json'], r.dir);
    expect(res.err).toBe('');
    const json = JSON.parse(res.out);
    expect(json.outcome).toBe(outcome);
    expect(res.code).toBe(exit);
    expect(validResult(json), JSON.stringify(validResult.errors)).toBe(true);
  });

  it('prints a ready pull-request comment with --format markdown and text by default', async () => {
    const r = repo();
    r.write({ 'README.md': '# p\n\nmore\n' });
    r.commit('docs');
    const md = await run(['route', '--format', 'markdown'], r.dir);
    expect(md.out.startsWith('<!-- gavel-route -->\n### gavel route: ✅ approve')).toBe(true);
    expect(md.out).toContain('| signal | risk | confidence | floor | evidence |');
    const text = await run(['route'], r.dir);
    expect(text.out).toMatch(/^outcome: approve\n/);
  });

  it('reads --pr, --findings and --run-log', async () => {
    const r = repo();
    r.write({ 'src/app.ts': codeLines(21), 'test/app.test.ts': 't\n' });
    r.commit('fix');
    const pr = put('event.json', {
      action: 'opened',
      pull_request: { user: { login: 'n' }, author_association: 'MEMBER', title: 't', body: 'b', labels: [] },
    });
    const findings = put('f.json', {
      findings: [
        { id: 'F', severity: 'medium', confidence: 0.8, category: 'correctness', path: 'src/app.ts' },
      ],
    });
    const denied = decide({
      verdict: 'deny',
      basis: 'floor',
      reason: 'reading a secret is never allowed',
      categories: ['secrets_read'],
      policy: { version: 1, sha256: sha256Hex('p') },
    });
    const record = buildAuditRecord(denied, { surface: 'check', kind: 'read' }, new Date());
    const log = put('run.ndjson', formatAuditLine(record));
    const res = await run(['route', '--json', '--pr', pr, '--findings', findings, '--run-log', log], r.dir);
    const json = JSON.parse(res.out);
    expect(json.signals.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining(['finding-medium', 'runlog-denials']),
    );
    expect(json.decision).toMatchObject({ outcome: json.outcome, basis: 'rule', ruleId: 'route' });
    expect(validResult(json), JSON.stringify(validResult.errors)).toBe(true);
  });

  it.each([
    [
      'malformed findings',
      () => ['--findings', put('bad.json', { findings: [{ id: 'F', severity: 'huge', confidence: 1 }] })],
      '`findings.0.severity`',
    ],
    ['an unreadable file', () => ['--pr', join(tmp.root, 'missing.json')], 'cannot read'],
    [
      'a run log with a torn line',
      () => ['--run-log', put('torn.ndjson', '{"v":1,"time":"2026-')],
      'torn.ndjson`: line 1 is not valid JSON',
    ],
    [
      'a run log in the old minimal shape',
      () => ['--run-log', put('old.ndjson', '{"surface":"check","verdict":"deny","outcome":"block"}\n')],
      'old.ndjson`: line 1 is not a gavel audit record of format version 1',
    ],
    ['a bad tier', () => ['--tier', '7'], '--tier must be 0, 1, 2 or 3'],
    ['--run-id without --run-log', () => ['--run-id', 'run-1'], '--run-id needs --run-log'],
    ['a bad format', () => ['--format', 'xml'], '--format must be one of'],
    ['a bad base', () => ['--base', 'nope'], '--base `nope` is not a commit'],
    ['a calibrate flag without calibrate', () => ['--cases', 'x'], 'belongs to `gavel route calibrate`'],
  ])('ends %s with exit 2 and one line', async (_n, extra, want) => {
    const r = repo();
    r.write({ 'README.md': 'x\n' });
    r.commit('c');
    const res = await run(['route', ...extra()], r.dir);
    expect(res.code).toBe(EXIT.usage);
    expect(res.err).toContain(want);
    expect(res.err.trim().split('\n')).toHaveLength(1);
  });

  it('ends with exit 1 and prints no outcome when git cannot read the range (a missing object)', async () => {
    const r = repo();
    r.write({ 'src/app.ts': codeLines(25) });
    r.commit('change');
    const blob = git(r.dir, ['rev-parse', 'HEAD:src/app.ts']).trim();
    rmSync(join(r.dir, '.git', 'objects', blob.slice(0, 2), blob.slice(2)));
    const res = await run(['route', '--json'], r.dir);
    expect(res.code).toBe(EXIT.internal);
    expect(res.out).toBe('');
    expect(res.err).toBe('gavel route: git diff failed on the range\n');
  });

  it('ends with exit 3 on an invalid [route] table, naming the key', async () => {
    const r = repo('[route]\napprove_below = "high"\n');
    r.write({ 'README.md': 'x\n' });
    r.commit('c');
    const res = await run(['route'], r.dir);
    expect(res.code).toBe(EXIT.configInvalid);
    expect(res.err).toContain('route.approve_below');
  });

  it('ignores, and reports, a repository that tries to loosen the thresholds or weights', async () => {
    const r = repo(
      '[route]\nnotify = ["@acme/reviewers"]\napprove_below = 90\nweights = { "security-sensitive" = 0 }\n',
    );
    r.write({ 'src/auth/login.ts': 'x\n', 'test/login.test.ts': 't\n' });
    r.commit('c');
    const res = await run(['route', '--json'], r.dir);
    expect(JSON.parse(res.out).outcome).toBe('approve_with_flag');
    expect(res.err).toContain('`route.approve_below` ignored');
    expect(res.err).toContain('`route.weights` ignored');
  });

  it('documents its exit codes in --help', async () => {
    const res = await run(['route', '--help'], tmp.root);
    expect(res.code).toBe(EXIT.ok);
    for (const code of [0, 2, 3, 10, 11, 12]) expect(res.out).toMatch(new RegExp(`\\n\\s+${code}  `));
  });
});

describe('gavel route calibrate', () => {
  const sig = (id: string, risk: number, extra: object = {}) => ({ id, risk, confidence: 0, ...extra });

  it('fits thresholds and prints the binary confusion table beside graduated routing', async () => {
    const r = repo();
    r.write({ 'README.md': 'x\n' });
    r.commit('docs');
    const lines = [
      { id: 'a', outcome: 'approve', signals: [sig('change-code', 10)] },
      {
        id: 'b',
        outcome: 'approve_with_flag',
        signals: [sig('change-code', 10), sig('author-uncertainty', 15)],
      },
      {
        id: 'c',
        outcome: 'escalate',
        signals: [sig('change-code', 10), sig('security-sensitive', 30), sig('first-time-sensitive', 25)],
      },
      { id: 'd', outcome: 'approve_with_flag', signals: [sig('finding-high', 14)], binary: 'block' },
      { id: 'e', outcome: 'approve', repo: r.dir },
    ];
    const cases = put('cases.jsonl', lines.map((l) => JSON.stringify(l)).join('\n'));
    const res = await run(['route', 'calibrate', '--cases', cases], r.dir);
    expect(res.err).toBe('');
    expect(res.code).toBe(EXIT.ok);
    expect(res.out).toContain('calibration over 5 case(s)');
    expect(res.out).toContain('binary verdict:');
    expect(res.out).toContain('graduated routing (fitted thresholds):');
    expect(res.out).toMatch(/approve_below = \d+/);
  });

  it.each([
    ['no --cases', [], 'calibrate needs --cases'],
    [
      'a case without signals or range',
      ['--cases', 'CASES:{"id":"x","outcome":"approve"}'],
      'carries no `signals`',
    ],
    [
      'an unknown outcome',
      ['--cases', 'CASES:{"id":"x","outcome":"maybe","signals":[]}'],
      '`outcome` on line 1',
    ],
    [
      'costs that reward approving bad changes',
      [
        '--cases',
        'CASES:{"id":"x","outcome":"approve","signals":[]}',
        '--cost-approve-bad',
        '1',
        '--cost-escalate-good',
        '5',
      ],
      'must be above',
    ],
  ])('refuses %s with exit 2', async (_n, argv, want) => {
    const args = argv.map((a) => (a.startsWith('CASES:') ? put('c.jsonl', a.slice(6)) : a));
    const res = await run(['route', 'calibrate', ...args], tmp.root);
    expect(res.code).toBe(EXIT.usage);
    expect(res.err).toContain(want);
  });
});
