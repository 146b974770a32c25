import { describe, expect, it } from 'vitest';
import { readCopilotCall } from './payload';

// The two shapes of the hooks reference (github/docs content/copilot/reference/hooks-reference.md).
const camel = (extra: object = {}) =>
  JSON.stringify({
    sessionId: 'sess-1',
    timestamp: 1764583200000,
    cwd: '/repo',
    toolName: 'bash',
    toolArgs: '{"command":"ls","description":"list"}',
    ...extra,
  });
const pascal = (extra: object = {}) =>
  JSON.stringify({
    hook_event_name: 'PreToolUse',
    session_id: 'sess-2',
    timestamp: '2026-12-01T10:00:00.000Z',
    cwd: '/repo',
    tool_name: 'Read',
    tool_input: { path: 'a.ts' },
    ...extra,
  });

describe('readCopilotCall', () => {
  it('reads the camelCase preToolUse input, parsing arguments sent as a JSON string', () => {
    expect(readCopilotCall(camel())).toEqual({
      event: 'preToolUse',
      toolName: 'bash',
      toolInput: { command: 'ls', description: 'list' },
      cwd: '/repo',
      sessionId: 'sess-1',
    });
  });

  it('reads arguments sent as an object', () => {
    const call = readCopilotCall(camel({ toolArgs: { command: 'pwd' } }));
    expect(typeof call === 'object' && call.toolInput).toEqual({ command: 'pwd' });
  });

  it('reads the VS Code compatible PreToolUse input', () => {
    expect(readCopilotCall(pascal())).toEqual({
      event: 'PreToolUse',
      toolName: 'Read',
      toolInput: { path: 'a.ts' },
      cwd: '/repo',
      sessionId: 'sess-2',
    });
  });

  it.each([
    ['not JSON', '[', 'hook input is not valid JSON'],
    ['no tool name', camel({ toolName: undefined }), 'hook input lacks `toolName`'],
    [
      'a PascalCase event without tool_name',
      pascal({ tool_name: undefined }),
      'hook input lacks `tool_name`',
    ],
    [
      'another event',
      pascal({ hook_event_name: 'PostToolUse' }),
      'unsupported hook event (gavel answers preToolUse)',
    ],
    ['a relative cwd', camel({ cwd: 'repo' }), 'hook input lacks an absolute `cwd`'],
    [
      'arguments that are a string but not JSON',
      camel({ toolArgs: 'rm -rf ~' }),
      'hook input: the tool arguments are a string that is not JSON',
    ],
  ])('refuses %s', (_name, stdin, problem) => {
    expect(readCopilotCall(stdin)).toBe(problem);
  });
});
