// A reader that stops early (`gavel config | head -1`): the built CLI in a real process, a real pipe and a
// real `head`. gavel must end quietly with its own exit code -- no `write EPIPE`, no stack trace.
// Needs the built CLI (`npm run build`; `npm test` builds it first).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendRecord, buildAuditRecord } from '../../audit';
import { decide, sha256Hex } from '../../core';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BIN = join(ROOT, 'bin', 'gavel');

let tmp: string;
let project: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'gavel-closed-pipe-'));
  project = join(tmp, 'project');
  mkdirSync(join(project, '.git'), { recursive: true });
  const log = join(project, '.gavel', 'logs', 'decisions.ndjson');
  // Enough rows that the table outlives head's one line.
  for (let i = 0; i < 400; i++) {
    const d = decide({
      verdict: i % 2 === 0 ? 'allow' : 'escalate',
      basis: 'rule',
      reason: `reason number ${i}`,
      policy: { version: 1, sha256: sha256Hex('p') },
    });
    const at = new Date(Date.UTC(2026, 10, 29, 22, 0, i % 60));
    appendRecord(log, buildAuditRecord(d, { surface: i % 3 === 0 ? 'ask' : 'check', kind: 'shell' }, at));
  }
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs `gavel <args> | head -1` in bash; the exit code of gavel (PIPESTATUS) and its stderr. */
function throughHead(args: string): { first: string; code: number; stderr: string } {
  const script = `"${BIN}" ${args} 2>"${join(tmp, 'err')}" | head -1; echo "gavel-exit:\${PIPESTATUS[0]}"; cat "${join(tmp, 'err')}"`;
  const run = spawnSync('bash', ['-c', script], {
    cwd: project,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: join(tmp, 'home'),
      XDG_CONFIG_HOME: join(tmp, 'xdg'),
    },
    encoding: 'utf8',
  });
  const [first = '', status = '', ...err] = run.stdout.split('\n');
  return {
    first,
    code: Number(status.replace('gavel-exit:', '')),
    stderr: err.join('\n').trim(),
  };
}

describe('a closed pipe ends the output quietly', () => {
  it('the CLI is built', () => {
    expect(existsSync(join(ROOT, 'dist', 'gavel.mjs')), 'run `npm run build` first').toBe(true);
  });
  // Each run several times: whether head has gone before gavel's next write is a race.
  it.each([
    ['config', 'config'],
    ['demo', 'demo'],
    ['log', 'log -n 400'],
    ['ask log', 'ask log'],
  ])('gavel %s | head -1: first line printed, gavel exits 0, nothing on stderr', (_name, args) => {
    for (let i = 0; i < 4; i++) {
      const run = throughHead(args);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.first.length).toBeGreaterThan(0);
    }
  });
});
