import { describe, expect, it } from 'vitest';
import { readCursorCall } from './payload';

// Cursor's hook inputs (cursor.com/docs/agent/hooks): common fields plus each event's own.
const common = {
  conversation_id: 'conv-1',
  generation_id: 'gen-1',
  model: 'm',
  cursor_version: '2.1.0',
  workspace_roots: ['/repo'],
  user_email: 'u@example.com',
  transcript_path: null,
};
const input = (extra: object) => JSON.stringify({ ...common, ...extra });

describe('readCursorCall', () => {
  it.each([
    [
      'beforeShellExecution',
      { hook_event_name: 'beforeShellExecution', command: 'ls', cwd: '/repo/src', sandbox: false },
      { toolName: 'Shell', toolInput: { command: 'ls' }, cwd: '/repo/src' },
    ],
    [
      'beforeReadFile (its content is never read)',
      { hook_event_name: 'beforeReadFile', file_path: '/repo/.env', content: 'SECRET=1', attachments: [] },
      { toolName: 'Read', toolInput: { file_path: '/repo/.env' }, cwd: '/repo' },
    ],
    [
      'beforeMCPExecution (tool_input as a JSON string)',
      {
        hook_event_name: 'beforeMCPExecution',
        tool_name: 'query',
        tool_input: '{"sql":"select 1"}',
        url: 'http://x',
      },
      { toolName: 'MCP:query', toolInput: { sql: 'select 1' }, cwd: '/repo' },
    ],
    [
      'preToolUse',
      {
        hook_event_name: 'preToolUse',
        tool_name: 'Write',
        tool_input: { file_path: 'a.ts' },
        tool_use_id: 't',
        cwd: '/repo',
      },
      { toolName: 'Write', toolInput: { file_path: 'a.ts' }, cwd: '/repo' },
    ],
  ])('reads %s', (_name, extra, want) => {
    const call = readCursorCall(input(extra), {});
    expect(call).toEqual({
      event: (extra as { hook_event_name: string }).hook_event_name,
      sessionId: 'conv-1',
      ...want,
    });
    expect(JSON.stringify(call)).not.toContain('SECRET');
  });

  it('takes CURSOR_PROJECT_DIR when neither cwd nor a workspace root is absolute', () => {
    const call = readCursorCall(
      JSON.stringify({ hook_event_name: 'beforeShellExecution', command: 'ls', workspace_roots: [] }),
      { CURSOR_PROJECT_DIR: '/proj' },
    );
    expect(typeof call === 'object' && call.cwd).toBe('/proj');
  });

  it.each([
    ['not JSON', '{', 'hook input is not valid JSON'],
    [
      'an event that cannot stop a call',
      input({ hook_event_name: 'afterFileEdit' }),
      'unsupported hook event (gavel answers preToolUse, beforeShellExecution, beforeMCPExecution, beforeReadFile)',
    ],
    [
      'a shell event without command',
      input({ hook_event_name: 'beforeShellExecution' }),
      'hook input lacks `command`',
    ],
    [
      'a read event without file_path',
      input({ hook_event_name: 'beforeReadFile' }),
      'hook input lacks `file_path`',
    ],
    [
      'preToolUse without tool_name',
      input({ hook_event_name: 'preToolUse' }),
      'hook input lacks `tool_name`',
    ],
    [
      'tool_input that is a string but not JSON',
      input({ hook_event_name: 'preToolUse', tool_name: 'Shell', tool_input: 'rm -rf ~' }),
      'hook input: `tool_input` is a string that is not JSON',
    ],
    [
      'no absolute folder anywhere',
      JSON.stringify({ hook_event_name: 'beforeShellExecution', command: 'ls', workspace_roots: ['rel'] }),
      'hook input lacks an absolute `cwd` or workspace root',
    ],
  ])('refuses %s', (_name, stdin, problem) => {
    expect(readCursorCall(stdin, {})).toBe(problem);
  });
});
