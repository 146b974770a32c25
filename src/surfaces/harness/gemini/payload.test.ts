import { describe, expect, it } from 'vitest';
import { readGeminiCall } from './payload';

// The shape Gemini CLI sends a BeforeTool hook (hooks/types.ts: HookInput + BeforeToolInput).
const input = (extra: object = {}) =>
  JSON.stringify({
    session_id: 'sess-1',
    transcript_path: '/home/u/.gemini/tmp/h/chats/session-1.jsonl',
    cwd: '/repo',
    hook_event_name: 'BeforeTool',
    timestamp: '2026-12-01T10:00:00.000Z',
    tool_name: 'run_shell_command',
    tool_input: { command: 'ls', dir_path: 'src' },
    ...extra,
  });

describe('readGeminiCall', () => {
  it('reads a BeforeTool input', () => {
    expect(readGeminiCall(input(), {})).toEqual({
      event: 'BeforeTool',
      toolName: 'run_shell_command',
      toolInput: { command: 'ls', dir_path: 'src' },
      cwd: '/repo',
      sessionId: 'sess-1',
      transcriptPath: '/home/u/.gemini/tmp/h/chats/session-1.jsonl',
    });
  });

  it('names an MCP call by its mcp_context, which splits server and tool unambiguously', () => {
    const call = readGeminiCall(
      input({
        tool_name: 'mcp_my_server_create_issue',
        mcp_context: { server_name: 'my_server', tool_name: 'create_issue', command: 'npx x' },
      }),
      {},
    );
    expect(typeof call === 'object' && call.toolName).toBe('mcp__my_server__create_issue');
  });

  it.each([
    ['GEMINI_CWD', { GEMINI_CWD: '/from-cwd', GEMINI_PROJECT_DIR: '/from-project' }, '/from-cwd'],
    ['GEMINI_PROJECT_DIR', { GEMINI_PROJECT_DIR: '/from-project' }, '/from-project'],
  ])('a relative cwd falls back to %s', (_name, env, want) => {
    const call = readGeminiCall(input({ cwd: 'rel' }), env);
    expect(typeof call === 'object' && call.cwd).toBe(want);
  });

  it.each([
    ['not JSON', '{', 'hook input is not valid JSON'],
    [
      'another event',
      input({ hook_event_name: 'AfterTool' }),
      'unsupported hook event (gavel answers BeforeTool)',
    ],
    ['no tool name', input({ tool_name: '' }), 'hook input lacks `tool_name`'],
    ['no absolute cwd anywhere', input({ cwd: 'rel' }), 'hook input lacks an absolute `cwd`'],
  ])('refuses %s', (_name, stdin, problem) => {
    expect(readGeminiCall(stdin, {})).toBe(problem);
  });
});
