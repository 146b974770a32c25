// End-to-end: Copilot CLI's real preToolUse input fed to the built `bin/gavel hook copilot` (a real process), the
// reply read as Copilot reads it; then `gavel init copilot` into a temporary HOME and the installed `bash`
// command run through `sh -c`, a dangerous request denied through it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copilotReads, gavel, requireBuild, shell } from '../testdata/built-hook';
import { type Sandbox, sandbox } from '../testdata/sandbox';

const payload = (s: Sandbox, toolName: string, args: unknown) =>
  JSON.stringify({
    sessionId: 'sess-1',
    timestamp: 1764583200000,
    cwd: s.project,
    toolName,
    toolArgs: JSON.stringify(args),
  });
const bash = (s: Sandbox, command: string) => payload(s, 'bash', { command, description: 'run it' });

describe('gavel hook copilot (built binary)', () => {
  beforeAll(requireBuild);

  it.each([
    ['rm -rf ~', 'deny'],
    ['npm publish', 'ask'],
    ['ls -la', 'allow'],
    ['frobnicate --all', 'proceed'],
  ])('`%s`: Copilot reads %s', (command, want) => {
    const s = sandbox();
    const r = gavel(['hook', 'copilot'], bash(s, command), s.env);
    expect(r.code).toBe(0);
    expect(copilotReads(r)).toBe(want);
  });

  it('answers only the fields Copilot reads', () => {
    const s = sandbox();
    const o = JSON.parse(gavel(['hook', 'copilot'], bash(s, 'rm -rf ~'), s.env).stdout);
    expect(Object.keys(o).sort()).toEqual(['permissionDecision', 'permissionDecisionReason']);
  });

  it('answers the VS Code compatible PreToolUse input too', () => {
    const s = sandbox();
    const stdin = JSON.stringify({
      hook_event_name: 'PreToolUse',
      session_id: 's',
      timestamp: '2026-12-01T10:00:00.000Z',
      cwd: s.project,
      tool_name: 'Read',
      tool_input: { path: join(s.home, '.ssh', 'id_rsa') },
    });
    expect(copilotReads(gavel(['hook', 'copilot'], stdin, s.env))).not.toBe('allow');
  });

  it.each([
    ['malformed stdin', '{"toolName":', {}],
    ['arguments that are not JSON', '{"toolName":"bash","cwd":"/","toolArgs":"rm -rf ~"}', {}],
    ['an injected crash', null, { GAVEL_TEST_FAULT: 'crash' }],
    ['a hang past the deadline', null, { GAVEL_TEST_FAULT: 'hang', GAVEL_HOOK_DEADLINE_MS: '300' }],
  ])('%s: exit 2, which Copilot reads as a deny', (_name, stdin, extra) => {
    const s = sandbox();
    const r = gavel(['hook', 'copilot'], stdin ?? bash(s, 'ls'), { ...s.env, ...extra });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^gavel: .+/);
    expect(copilotReads(r)).toBe('deny');
  });
});

describe('gavel init copilot', () => {
  beforeAll(requireBuild);
  const entry = (file: string) => JSON.parse(readFileSync(file, 'utf8')).hooks.preToolUse.at(-1);

  it('writes ~/.copilot/hooks/gavel.json, through which `rm -rf ~` is denied', () => {
    const s = sandbox();
    expect(gavel(['init', 'copilot'], '', s.env, s.project).code).toBe(0);
    const file = join(s.home, '.copilot', 'hooks', 'gavel.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(1);
    const e = entry(file);
    expect(e).toMatchObject({ type: 'command', timeoutSec: 30 });
    expect(copilotReads(shell(e.bash, bash(s, 'rm -rf ~'), s.env))).toBe('deny');
    expect(copilotReads(shell(e.bash, bash(s, 'git status'), s.env))).toBe('allow');
  });

  it('--project writes .github/hooks/gavel.json naming gavel on PATH, and a missing gavel denies', () => {
    const s = sandbox();
    expect(gavel(['init', 'copilot', '--project'], '', s.env, s.project).code).toBe(0);
    expect(existsSync(join(s.home, '.copilot'))).toBe(false);
    const e = entry(join(s.project, '.github', 'hooks', 'gavel.json'));
    expect(e.bash).toBe('gavel hook copilot || exit 2');
    expect(copilotReads(shell(e.bash, bash(s, 'ls'), { ...s.env, PATH: '/usr/bin:/bin' }))).toBe('deny');
  });
});
