// End-to-end fail-closed tests: spawn the built `bin/gavel hook claude-code` (run `npm run build` first; the
// suite's `npm test` does) and inject faults: malformed stdin, an invalid gavel.toml, a crash, a hang past the
// deadline, an unhandled rejection (synchronous work past the deadline: ./watchdog.test.ts), and a corrupt bundled policy file in a copied installation.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ccPayload, type Sandbox, sandbox } from './testdata/sandbox';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function run(bin: string, args: string[], stdin: string, env: Record<string, string | undefined>) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    input: stdin,
    env: env as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('gavel hook claude-code fails closed (built binary)', () => {
  let s: Sandbox;
  const bin = join(root, 'bin', 'gavel');
  beforeAll(() => {
    if (!existsSync(join(root, 'dist', 'gavel.mjs'))) throw new Error('run `npm run build` first');
    s = sandbox();
  });

  it('answers a normal request with exit 0 and JSON', () => {
    const r = run(
      bin,
      ['hook', 'claude-code'],
      ccPayload(s, 'Read', { file_path: `${s.project}/src/a.ts` }),
      s.env,
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('allow');
  });

  it.each([
    ['malformed stdin', '{"hook_event_name":', {}],
    ['empty stdin', '', {}],
    ['an injected crash', null, { GAVEL_TEST_FAULT: 'crash' }],
    ['an unhandled rejection', null, { GAVEL_TEST_FAULT: 'reject' }],
    ['a hang past the deadline', null, { GAVEL_TEST_FAULT: 'hang', GAVEL_HOOK_DEADLINE_MS: '300' }],
  ])('%s exits 2 with a reason on stderr', (_name, stdin, extraEnv) => {
    const payload = stdin ?? ccPayload(s, 'Read', { file_path: `${s.project}/src/a.ts` });
    const r = run(bin, ['hook', 'claude-code'], payload, { ...s.env, ...extraEnv });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^gavel: .+/);
    expect(r.stdout).toBe('');
  });

  it('an invalid gavel.toml is an explicit deny naming the problem', () => {
    const t = sandbox();
    t.write('gavel.toml', '[check\nmode = 1\n');
    const r = run(
      bin,
      ['hook', 'claude-code'],
      ccPayload(t, 'Read', { file_path: `${t.project}/src/a.ts` }),
      t.env,
    );
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout).hookSpecificOutput;
    expect(o.permissionDecision).toBe('deny');
    expect(o.permissionDecisionReason).toMatch(/gavel\.toml: is not valid TOML \(line \d+/);
  });

  it('a corrupt bundled policy file denies every call with rules-invalid', () => {
    const install = mkdtempSync(join(tmpdir(), 'gavel-install-'));
    for (const part of ['bin', 'dist', 'rules', 'package.json'])
      cpSync(join(root, part), join(install, part), { recursive: true });
    writeFileSync(join(install, 'rules', 'check-policy.json'), '{"version": 1, "presume_deny": [');
    const r = run(
      join(install, 'bin', 'gavel'),
      ['hook', 'claude-code'],
      ccPayload(s, 'Read', { file_path: `${s.project}/src/a.ts` }),
      s.env,
    );
    const o = JSON.parse(r.stdout).hookSpecificOutput;
    expect(o.permissionDecision).toBe('deny');
    expect(o.permissionDecisionReason).toContain('check-policy.json: is not valid JSON');
  });

  it('a floor file that drops a category is rejected, not half used', () => {
    const install = mkdtempSync(join(tmpdir(), 'gavel-install-'));
    for (const part of ['bin', 'dist', 'rules', 'package.json'])
      cpSync(join(root, part), join(install, part), { recursive: true });
    writeFileSync(
      join(install, 'rules', 'check-floor.json'),
      JSON.stringify({ version: 1, never_grant: ['not_a_category'], catastrophic: [] }),
    );
    const r = run(
      join(install, 'bin', 'gavel'),
      ['hook', 'claude-code'],
      ccPayload(s, 'Read', { file_path: `${s.project}/src/a.ts` }),
      s.env,
    );
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('the shell analysis is a chunk of its own: a Read never loads it, a command it cannot load exits 2', () => {
    // dist/hook.cjs loads dist/hook-shell.cjs on the first shell command (scripts/build.mjs, shellChunk): make it
    // throw when run, then remove it, in a copied installation.
    const install = mkdtempSync(join(tmpdir(), 'gavel-install-'));
    for (const part of ['bin', 'dist', 'rules', 'package.json'])
      cpSync(join(root, part), join(install, part), { recursive: true });
    const chunk = join(install, 'dist', 'hook-shell.cjs');
    writeFileSync(chunk, `throw new Error("broken");\n${readFileSync(chunk, 'latin1')}`, 'latin1');
    const hook = (tool: string, input: Record<string, unknown>) =>
      run(join(install, 'bin', 'gavel'), ['hook', 'claude-code'], ccPayload(s, tool, input), s.env);
    const read = hook('Read', { file_path: `${s.project}/src/a.ts` });
    expect(JSON.parse(read.stdout).hookSpecificOutput.permissionDecision).toBe('allow');
    const broken = hook('Bash', { command: 'ls' });
    expect(broken.code).toBe(2);
    expect(broken.stdout).toBe('');
    rmSync(chunk);
    const missing = hook('Bash', { command: 'ls' });
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(
      JSON.parse(hook('Read', { file_path: `${s.project}/src/a.ts` }).stdout).hookSpecificOutput
        .permissionDecision,
    ).toBe('allow');
  });

  it('an unknown harness exits 2', () => {
    expect(run(bin, ['hook', 'windsurf'], '{}', s.env).code).toBe(2);
  });
});
