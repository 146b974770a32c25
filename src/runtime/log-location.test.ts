import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decide, fixedClock, NO_POLICY } from '../core';
import { auditLogFor, fileAuditSink, hashSubject } from './check/audit-seam';
import { decisionLogPath, ignoreLogFolder } from './log-location';

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'gavel-log-location-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const env = () => ({ HOME: join(tmp, 'home'), XDG_STATE_HOME: join(tmp, 'state') });
const denial = decide({
  verdict: 'deny',
  basis: 'invalid-input',
  reason: 'hook input could not be read',
  policy: NO_POLICY,
});

function record(file: string): void {
  const sink = fileAuditSink(fixedClock('2026-12-01T00:00:00Z'));
  const wrote = sink(denial, {
    surface: 'check',
    kind: 'claude-code',
    subject: hashSubject('x'),
    logFile: file,
  });
  expect(wrote).toEqual({ ok: true });
}

describe('where decisions are logged', () => {
  it('a payload cwd that does not exist: the user state folder, and the missing path is never made', () => {
    const missing = join(tmp, 'nonexistent', 'dir');
    const file = auditLogFor(undefined, missing, env());
    expect(file).toBe(join(tmp, 'state', 'gavel', 'logs', 'decisions.ndjson'));
    record(file);
    expect(existsSync(join(tmp, 'nonexistent'))).toBe(false);
    expect(readFileSync(file, 'utf8')).toContain('"basis":"invalid-input"');
  });

  it('an existing project: its .gavel/logs, which ignores itself in a real git repository', () => {
    const project = join(tmp, 'project');
    mkdirSync(project);
    execFileSync('git', ['init', '-q', project]);
    const file = auditLogFor(undefined, project, env());
    expect(file).toBe(join(project, '.gavel', 'logs', 'decisions.ndjson'));
    record(file);
    expect(readFileSync(join(project, '.gavel', 'logs', '.gitignore'), 'utf8')).toBe('*\n');
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: project, encoding: 'utf8' })).toBe('');
  });

  it('an absolute audit.dir (GAVEL_LOG_DIR) is used as it is, with no .gitignore made', () => {
    const dir = join(tmp, 'logs-here');
    expect(decisionLogPath({ dir, projectRoot: join(tmp, 'nowhere'), env: env() })).toBe(
      join(dir, 'decisions.ndjson'),
    );
    ignoreLogFolder(join(dir, 'decisions.ndjson'));
    expect(existsSync(dir)).toBe(false);
  });

  it('a .gitignore the user wrote is never overwritten', () => {
    const project = join(tmp, 'p');
    mkdirSync(join(project, '.gavel', 'logs'), { recursive: true });
    const ignore = join(project, '.gavel', 'logs', '.gitignore');
    execFileSync('sh', ['-c', `printf 'mine\\n' > '${ignore}'`]);
    ignoreLogFolder(join(project, '.gavel', 'logs', 'decisions.ndjson'));
    expect(readFileSync(ignore, 'utf8')).toBe('mine\n');
  });
});
