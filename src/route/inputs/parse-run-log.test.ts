import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendRecord, buildAuditRecord, formatAuditLine } from '../../audit';
import { type Basis, type Capability, decide, type Outcome, sha256Hex, verdictOfOutcome } from '../../core';
import { parseRunLog } from './parse-run-log';

const AT = new Date('2026-11-29T22:00:00.000Z');
const SECRET = 'sk-live-SECRET-1234 please approve';

function record(
  outcome: Outcome,
  categories: string[] = [],
  surface: Capability = 'check',
  basis: Basis = 'rule',
  ids: { sessionId?: string; runId?: string } = {},
) {
  const d = decide({
    verdict: verdictOfOutcome(outcome),
    outcome,
    basis,
    reason: 'recorded by the test',
    categories,
    policy: { version: 1, sha256: sha256Hex('policy') },
  });
  return buildAuditRecord(d, { surface, kind: surface === 'route' ? 'change' : 'shell', ...ids }, AT);
}

/** A valid line as the writer formats it, without its newline. */
const line = (outcome: Outcome, categories: string[] = []) =>
  formatAuditLine(record(outcome, categories)).trimEnd();

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'gavel-route-runlog-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('parseRunLog over lines the audit writer appended', () => {
  it('counts denials, escalations and flags, keeps their categories, and sets route lines apart', () => {
    const file = join(tmp, 'logs', 'decisions.ndjson');
    appendRecord(file, record('approve', ['read']));
    appendRecord(file, record('block', ['secrets_read'], 'check', 'floor'));
    appendRecord(file, record('escalate', ['git_push'], 'ask', 'no-model'));
    appendRecord(file, record('approve_with_flag', ['network']));
    appendRecord(file, record('escalate', ['code-without-tests'], 'route'));
    appendRecord(file, record('block', ['secrets_read'], 'check', 'floor'));
    expect(parseRunLog(readFileSync(file, 'utf8'), 'run.ndjson')).toEqual({
      lines: 5,
      denials: 2,
      escalations: 1,
      flags: 1,
      categories: ['git_push', 'secrets_read'],
      routeLines: 1,
      otherRuns: 0,
    });
  });

  it('reads an empty log as no decisions, not as an error', () => {
    expect(parseRunLog('\n\n', 'run.ndjson')).toMatchObject({ lines: 0, denials: 0, routeLines: 0 });
  });

  it('does not count its own earlier routing as the run escalating (routing twice gives the same)', () => {
    const text = [line('approve'), formatAuditLine(record('escalate', [], 'route')).trimEnd()].join('\n');
    expect(parseRunLog(text, 'run.ndjson')).toMatchObject({ lines: 1, escalations: 0, routeLines: 1 });
  });
});

describe('parseRunLog with a run or session id', () => {
  const SESSION = 'session one (not id-shaped)';
  const text = [
    record('block', ['secrets_read'], 'check', 'floor', { sessionId: 'sess-1' }),
    record('escalate', ['git_push'], 'check', 'rule', { runId: 'run-7' }),
    record('block', ['network'], 'check', 'floor', { sessionId: SESSION }),
    record('approve', [], 'check', 'rule', { sessionId: 'sess-2', runId: 'run-8' }),
    record('block', ['other'], 'check', 'floor'),
  ]
    .map(formatAuditLine)
    .join('');

  it.each([
    [
      'a session id',
      'sess-1',
      { lines: 1, denials: 1, escalations: 0, otherRuns: 4, categories: ['secrets_read'] },
    ],
    ['a run id', 'run-7', { lines: 1, denials: 0, escalations: 1, otherRuns: 4, categories: ['git_push'] }],
    [
      'a session id stored as its hash',
      SESSION,
      { lines: 1, denials: 1, otherRuns: 4, categories: ['network'] },
    ],
    ['a run whose session differs', 'run-8', { lines: 1, denials: 0, flags: 0, otherRuns: 4 }],
  ])('counts only the records of %s', (_n, run, want) => {
    expect(parseRunLog(text, 'run.ndjson', { run })).toMatchObject(want);
  });

  it('refuses a log that holds no record of the run, without echoing a free-text id', () => {
    expect(() => parseRunLog(text, 'run.ndjson', { run: 'run-9' })).toThrow(
      '`run.ndjson`: holds no record of run `run-9` (runId or sessionId)',
    );
    expect(() => parseRunLog(text, 'run.ndjson', { run: 'sk-live SECRET' })).toThrow(
      /run `sha256:[0-9a-f]{32}`/,
    );
    expect(() => parseRunLog(text, 'run.ndjson', { run: 'sk-live SECRET' })).not.toThrow(/SECRET/);
  });
});

describe('parseRunLog refuses a line that is not a whole record, naming its line and nothing of its text', () => {
  const edit = (patch: Record<string, unknown>) =>
    JSON.stringify({ ...JSON.parse(line('block', ['secrets_read'])), ...patch });
  const drop = (key: string) => {
    const o = JSON.parse(line('block'));
    delete o[key];
    return JSON.stringify(o);
  };

  it.each([
    ['a torn line (a crash mid-write)', line('block').slice(0, 60), 'line 2 is not valid JSON'],
    ['plain text', SECRET, 'line 2 is not valid JSON'],
    ['a JSON array', '[1,2]', 'line 2 is not a gavel audit record'],
    ['an unknown surface', edit({ surface: 'shell' }), 'line 2 is not a gavel audit record'],
    ['an unknown outcome', edit({ outcome: 'maybe' }), 'line 2 is not a gavel audit record'],
    ['an outcome that does not carry the verdict', edit({ verdict: 'allow' }), 'line 2 is not'],
    ['an unknown basis', edit({ basis: 'vibes' }), 'line 2 is not a gavel audit record'],
    ['an unknown risk', edit({ risk: 'extreme' }), 'line 2 is not a gavel audit record'],
    ['a category holding free text', edit({ categories: [SECRET] }), 'line 2 is not a gavel audit record'],
    ['a reason with a control character', edit({ reason: `${SECRET}\u001b[2J` }), 'line 2 is not'],
    ['another format version', edit({ v: 2 }), 'line 2 is not a gavel audit record of format version 1'],
    ['an extra key', edit({ message: SECRET }), 'line 2 is not a gavel audit record'],
    ['a missing key (the old minimal shape)', drop('time'), 'line 2 is not a gavel audit record'],
  ])('%s', (_n, bad, want) => {
    const text = [line('approve'), bad, line('block')].join('\n');
    expect(() => parseRunLog(text, 'run.ndjson')).toThrow(want);
    expect(() => parseRunLog(text, 'run.ndjson')).toThrow(/^`run\.ndjson`: /);
    expect(() => parseRunLog(text, 'run.ndjson')).not.toThrow(/SECRET|sk-live/);
  });

  it('counts line numbers over blank lines', () => {
    expect(() => parseRunLog(`${line('approve')}\n\n\nnope\n`, 'run.ndjson')).toThrow('line 4 is not');
  });
});
