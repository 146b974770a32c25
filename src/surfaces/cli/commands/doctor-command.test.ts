import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../core';
import { projectSandbox, runMain } from '../fake-context.testkit';

async function doctor(envOf: Record<string, string> | ((base: string) => Record<string, string>)) {
  const { base, project, home } = projectSandbox('gavel-doctor-');
  const env = typeof envOf === 'function' ? envOf(base) : envOf;
  const { code, out } = await runMain(['doctor', '--json'], {
    cwd: project,
    env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.state'), ...env },
  });
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
      /^model `scripted\/.+` sends nothing over the network \(chosen by environment\); reviewer model: `scripted:.+` \(`\[model\] model` itself .*\); effort low: not sent \(scripted client\)$/,
    );
    expect(report.auditLog).toBe(join(project, '.gavel', 'logs', 'decisions.ndjson'));
  });

  it.each([
    ['the default', {}, 'redacted (lines show the command, path or host, secrets redacted)'],
    [
      'GAVEL_AUDIT_PREVIEW',
      { GAVEL_AUDIT_PREVIEW: 'hash-only' },
      'hash-only (lines keep only a hash of the request)',
    ],
  ])('%s: says which audit preview setting is in force', async (_name, env, want) => {
    const { code, report } = await doctor(env);
    expect(code).toBe(EXIT.ok);
    expect(report.auditPreview).toBe(want);
  });

  it.each([
    ['the user chose `unlisted = "allow"`', '[check]\nunlisted = "allow"\n', true],
    ['the default (`review`)', '', false],
  ])('%s: the text report warns only when unknown commands pass', async (_name, toml, warns) => {
    const { project, home } = projectSandbox('gavel-doctor-');
    mkdirSync(join(home, '.config', 'gavel'), { recursive: true });
    writeFileSync(join(home, '.config', 'gavel', 'config.toml'), toml);
    const { code, out } = await runMain(['doctor'], {
      cwd: project,
      env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.state') },
    });
    expect(code).toBe(EXIT.ok);
    expect(out).toContain(`unlisted shell segments: ${warns ? 'allow' : 'review'}`);
    expect(out.includes('without your harness')).toBe(warns);
  });

  it('says first, on stdout and stderr, that an unknown GAVEL_* variable denies every tool call (exit 3)', async () => {
    const { project, home } = projectSandbox('gavel-doctor-');
    const { code, out, err } = await runMain(['doctor'], {
      cwd: project,
      env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), GAVEL_CHEK_MODE: 'off' },
    });
    expect(code).toBe(EXIT.configInvalid);
    expect(out.split('\n')[0]).toMatch(
      /^NOT ENFORCING: every tool call is denied until this is fixed: .*`GAVEL_CHEK_MODE`: unknown variable/,
    );
    expect(err).toMatch(/^gavel doctor: every tool call is denied: .*`GAVEL_CHEK_MODE`/);
  });
});
