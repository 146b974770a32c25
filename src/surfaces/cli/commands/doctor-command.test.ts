import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, fixedClock } from '../../../core';
import type { CommandContext } from '../command';
import { main } from '../main';

async function doctor(envOf: Record<string, string> | ((base: string) => Record<string, string>)) {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'gavel-doctor-')));
  const project = join(base, 'project');
  const home = join(base, 'home');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true });
  const env = typeof envOf === 'function' ? envOf(base) : envOf;
  let out = '';
  const ctx: CommandContext = {
    cwd: project,
    env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.state'), ...env },
    stdout: {
      write: (t) => {
        out += t;
      },
    },
    stderr: { write: () => {} },
    readStdin: async () => '',
    color: false,
    clock: fixedClock('2026-11-29T00:00:00Z'),
    version: '0.0.0-test',
  };
  const code = await main(['doctor', '--json'], ctx);
  return { code, report: JSON.parse(out), base, project };
}

describe('gavel doctor', () => {
  it.each([
    ['mode ask', {}, 'not used (mode `ask`)'],
    ['mode auto without a model', { GAVEL_CHECK_MODE: 'auto' }, 'no model configured'],
    [
      'a model that cannot be opened',
      { GAVEL_CHECK_MODE: 'auto', GAVEL_MODEL: 'scripted:/nonexistent.json' },
      'cannot be used',
    ],
  ])('%s: the model reviewer line says so', async (_name, env, want) => {
    const { code, report } = await doctor(env);
    expect(code).toBe(EXIT.ok);
    expect(report.modelReviewer).toContain(want);
  });

  it('names the scripted model (sending nothing) and the audit log path', async () => {
    const { report, project } = await doctor((base) => {
      writeFileSync(join(base, 'script.json'), '[]');
      return { GAVEL_CHECK_MODE: 'auto', GAVEL_MODEL: `scripted:${join(base, 'script.json')}` };
    });
    expect(report.modelReviewer).toMatch(
      /^model `scripted\/.+` sends nothing over the network \(chosen by environment\)$/,
    );
    expect(report.auditLog).toBe(join(project, '.gavel', 'logs', 'decisions.ndjson'));
  });
});
