import { describe, expect, it } from 'vitest';
import { readClaudeShapedCall } from './payload';

const env = {};
const base = {
  hook_event_name: 'PreToolUse',
  tool_name: 'Read',
  tool_input: { file_path: '/r/a' },
  cwd: '/r',
};
const read = (payload: unknown, e: Record<string, string | undefined> = env) =>
  readClaudeShapedCall(JSON.stringify(payload), e);

describe('readClaudeShapedCall', () => {
  it('reads the fields every hook uses', () => {
    expect(
      read({ ...base, session_id: 's', transcript_path: '/t.jsonl', permission_mode: 'default' }),
    ).toEqual({
      event: 'PreToolUse',
      toolName: 'Read',
      toolInput: { file_path: '/r/a' },
      cwd: '/r',
      sessionId: 's',
      transcriptPath: '/t.jsonl',
      permissionMode: 'default',
    });
  });

  it.each([
    ['not JSON', '{', 'hook input is not valid JSON'],
    ['an array', '[]', 'hook input must be a JSON object'],
    ['null', 'null', 'hook input must be a JSON object'],
    [
      'another event',
      JSON.stringify({ ...base, hook_event_name: 'PostToolUse' }),
      'unsupported hook event `PostToolUse` (PreToolUse or PermissionRequest)',
    ],
    ['no tool name', JSON.stringify({ ...base, tool_name: '' }), 'hook input lacks `tool_name`'],
    [
      'a tool name that is not text',
      JSON.stringify({ ...base, tool_name: 7 }),
      'hook input lacks `tool_name`',
    ],
    ['a relative cwd', JSON.stringify({ ...base, cwd: 'r' }), 'hook input lacks an absolute `cwd`'],
  ])('refuses %s', (_name, stdin, problem) => {
    expect(readClaudeShapedCall(stdin, env)).toBe(problem);
  });

  it('takes CLAUDE_PROJECT_DIR when the payload has no absolute cwd', () => {
    const { cwd: _, ...noCwd } = base;
    expect(read(noCwd, { CLAUDE_PROJECT_DIR: '/p' })).toMatchObject({ cwd: '/p' });
  });

  it('drops optional fields that are not text rather than refusing the call', () => {
    const call = read({ ...base, session_id: 5, transcript_path: {} });
    expect(call).not.toHaveProperty('sessionId');
    expect(call).not.toHaveProperty('transcriptPath');
  });

  it.each([
    ['a sub-agent call', { agent_id: 'agent-7', agent_type: 'worker' }, true],
    ['a main-thread call', {}, false],
    ['an empty agent id', { agent_id: '' }, false],
  ])('marks %s', (_name, extra, subagent) => {
    const call = read({ ...base, ...extra });
    expect(typeof call === 'object' && call.subagent === true).toBe(subagent);
  });
});
