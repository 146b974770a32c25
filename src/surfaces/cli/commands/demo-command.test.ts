import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..', '..');
const BIN = join(ROOT, 'bin', 'gavel');

interface Row {
  request: string;
  verdict: string;
  basis: string;
  reason: string;
}

let rows: Row[];
let stdout: string;

beforeAll(() => {
  // `npm test` builds first; never rebuild here, other tests run the bundle at the same time.
  if (!existsSync(join(ROOT, 'dist', 'gavel.mjs'))) throw new Error('run `npm run build` first');
  // The caller's config and variables must not change the demo: set some that would.
  const env = { ...process.env, GAVEL_CHECK_MODE: 'off', GAVEL_MODEL: 'scripted:/nonexistent.json' };
  const json = spawnSync(process.execPath, [BIN, 'demo', '--json'], { encoding: 'utf8', env });
  expect(json.status, json.stderr).toBe(0);
  rows = JSON.parse(json.stdout) as Row[];
  const text = spawnSync(process.execPath, [BIN, 'demo'], {
    encoding: 'utf8',
    env: { ...env, NO_COLOR: '1' },
  });
  expect(text.status, text.stderr).toBe(0);
  stdout = text.stdout;
});

const verdictOf = (label: string) => rows.find((r) => r.request === label);

describe('gavel demo', () => {
  it.each([
    ['run the test suite', 'allow'],
    ['read a source file', 'allow'],
    ['clean generated output', 'allow'],
    ['a string that only mentions a danger', 'allow'],
    ['read the .env file', 'escalate'],
    ['fetch a page from an unstated host', 'escalate'],
    ['force-push to main', 'deny'],
    ['delete the home folder behind a harmless first step', 'deny'],
    ['send an SSH key to a remote host', 'deny'],
    ["write the agent's own settings", 'escalate'],
  ])('judges `%s` as %s with the real pipeline', (label, verdict) => {
    expect(verdictOf(label)?.verdict).toBe(verdict);
  });

  it('never allows what the sealed floor covers, whatever the caller set', () => {
    for (const row of rows.filter((r) => r.basis === 'floor')) expect(row.verdict).toBe('deny');
    expect(rows.some((r) => r.basis === 'mode-off')).toBe(false);
  });

  it('prints a table, the counts and one audit line per request', () => {
    expect(stdout).toContain('request');
    expect(stdout).toMatch(
      new RegExp(
        `${rows.length} requests: \\d+ allowed, \\d+ sent to a person, \\d+ denied; ${rows.length} audit lines written`,
      ),
    );
    expect(stdout).not.toContain('\u001b[');
  });
});
