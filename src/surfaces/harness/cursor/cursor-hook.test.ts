// End-to-end: Cursor's real hook inputs fed to the built `bin/gavel hook cursor` (a real process), the reply read
// as Cursor reads it with `failClosed: true`; then `gavel init cursor` into a temporary HOME and the installed
// command run through `sh -c` (from ~/.cursor, as Cursor runs a user hook), a dangerous request denied.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cursorReads, gavel, requireBuild, shell } from '../testdata/built-hook';
import { type Sandbox, sandbox } from '../testdata/sandbox';

const common = (s: Sandbox) => ({
  conversation_id: 'conv-1',
  generation_id: 'gen-1',
  model: 'm',
  cursor_version: '2.1.0',
  workspace_roots: [s.project],
  user_email: null,
  transcript_path: null,
});
const shellEvent = (s: Sandbox, command: string) =>
  JSON.stringify({
    ...common(s),
    hook_event_name: 'beforeShellExecution',
    command,
    cwd: s.project,
    sandbox: false,
  });
const readEvent = (s: Sandbox, file_path: string) =>
  JSON.stringify({
    ...common(s),
    hook_event_name: 'beforeReadFile',
    file_path,
    content: 'TOKEN=abc',
    attachments: [],
  });
const toolEvent = (s: Sandbox, tool_name: string, tool_input: unknown) =>
  JSON.stringify({
    ...common(s),
    hook_event_name: 'preToolUse',
    tool_name,
    tool_input,
    tool_use_id: 't',
    cwd: s.project,
  });

describe('gavel hook cursor (built binary)', () => {
  beforeAll(requireBuild);

  it.each([
    ['beforeShellExecution `rm -rf ~`', (s: Sandbox) => shellEvent(s, 'rm -rf ~'), 'deny'],
    ['beforeShellExecution `npm publish`', (s: Sandbox) => shellEvent(s, 'npm publish'), 'ask'],
    ['beforeShellExecution `ls`', (s: Sandbox) => shellEvent(s, 'ls'), 'allow'],
    [
      'beforeShellExecution of a program nothing knows',
      (s: Sandbox) => shellEvent(s, 'frobnicate'),
      'proceed',
    ],
    ['preToolUse Shell `rm -rf ~`', (s: Sandbox) => toolEvent(s, 'Shell', { command: 'rm -rf ~' }), 'deny'],
    [
      'preToolUse Write into .git/hooks (no documented ask there: a deny)',
      (s: Sandbox) => toolEvent(s, 'Write', { file_path: '.git/hooks/pre-commit' }),
      'deny',
    ],
    [
      'beforeReadFile of a key (no ask there: a deny)',
      (s: Sandbox) => readEvent(s, join(s.home, '.ssh', 'id_rsa')),
      'deny',
    ],
    [
      'beforeReadFile of a source file',
      (s: Sandbox) => readEvent(s, join(s.project, 'src', 'a.ts')),
      'allow',
    ],
  ])('%s: Cursor reads %s', (_name, stdin, want) => {
    const s = sandbox();
    const r = gavel(['hook', 'cursor'], stdin(s), s.env);
    expect(r.code).toBe(0);
    expect(cursorReads(r)).toBe(want);
  });

  it('answers permission, user_message and agent_message, and never echoes the file content', () => {
    const s = sandbox();
    const r = gavel(['hook', 'cursor'], readEvent(s, join(s.home, '.ssh', 'id_rsa')), s.env);
    expect(Object.keys(JSON.parse(r.stdout)).sort()).toEqual(['agent_message', 'permission', 'user_message']);
    expect(r.stdout).not.toContain('TOKEN=abc');
  });

  it.each([
    ['malformed stdin', '{"hook_event_name":', {}],
    ['an event that cannot stop a call', '{"hook_event_name":"stop"}', {}],
    ['an injected crash', null, { GAVEL_TEST_FAULT: 'crash' }],
    ['a hang past the deadline', null, { GAVEL_TEST_FAULT: 'hang', GAVEL_HOOK_DEADLINE_MS: '300' }],
  ])('%s: exit 2, which Cursor reads as a deny', (_name, stdin, extra) => {
    const s = sandbox();
    const r = gavel(['hook', 'cursor'], stdin ?? shellEvent(s, 'ls'), { ...s.env, ...extra });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^gavel: .+/);
    expect(cursorReads(r)).toBe('deny');
  });
});

describe('gavel init cursor', () => {
  beforeAll(requireBuild);

  it('merges one fail-closed entry per event into ~/.cursor/hooks.json; `rm -rf ~` is denied through it', () => {
    const s = sandbox();
    const file = join(s.home, '.cursor', 'hooks.json');
    s.write(
      file,
      JSON.stringify({
        version: 1,
        hooks: {
          afterFileEdit: [{ command: './fmt.sh' }],
          beforeShellExecution: [{ command: './audit.sh' }],
        },
      }),
    );
    expect(gavel(['init', 'cursor'], '', s.env, s.project).code).toBe(0);
    const hooks = JSON.parse(readFileSync(file, 'utf8')).hooks;
    expect(hooks.afterFileEdit).toEqual([{ command: './fmt.sh' }]);
    expect(hooks.beforeShellExecution[0]).toEqual({ command: './audit.sh' });
    for (const event of ['preToolUse', 'beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile'])
      expect(hooks[event].at(-1)).toMatchObject({ timeout: 30, failClosed: true });
    const command = hooks.beforeShellExecution.at(-1).command;
    const cursorDir = join(s.home, '.cursor');
    mkdirSync(cursorDir, { recursive: true });
    expect(cursorReads(shell(command, shellEvent(s, 'rm -rf ~'), s.env, cursorDir))).toBe('deny');
    expect(gavel(['init', 'cursor'], '', s.env, s.project).stdout).toContain('already installed');
  });

  it('--project names gavel on PATH; a missing gavel exits 2, a deny', () => {
    const s = sandbox();
    gavel(['init', 'cursor', '--project'], '', s.env, s.project);
    const command = JSON.parse(readFileSync(join(s.project, '.cursor', 'hooks.json'), 'utf8')).hooks
      .preToolUse[0].command;
    expect(command).toBe('gavel hook cursor || exit 2');
    expect(cursorReads(shell(command, shellEvent(s, 'ls'), { ...s.env, PATH: '/usr/bin:/bin' }))).toBe(
      'deny',
    );
  });
});
