import { describe, expect, it } from 'vitest';
import { readOpenCodeCall } from './payload';

// What the plugin sends: OpenCode's tool.execute.before input ({tool, sessionID, callID}) and output ({args}),
// the plugin's `directory`, and the session's typed turns.
const input = (extra: object = {}) =>
  JSON.stringify({
    tool: 'bash',
    sessionID: 'ses_1',
    callID: 'call_1',
    args: { command: 'ls', description: 'list' },
    directory: '/repo',
    userTurns: ['fix the tests', 3, null],
    ...extra,
  });

describe('readOpenCodeCall', () => {
  it('reads the call and keeps only text turns', () => {
    expect(readOpenCodeCall(input())).toEqual({
      event: 'tool.execute.before',
      toolName: 'bash',
      toolInput: { command: 'ls', description: 'list' },
      cwd: '/repo',
      sessionId: 'ses_1',
      userTurns: ['fix the tests'],
    });
  });

  it('drops a session id that is not text and turns that are not a list', () => {
    const call = readOpenCodeCall(input({ sessionID: 7, userTurns: 'go ahead' }));
    expect(call).toMatchObject({ userTurns: [] });
    expect(typeof call === 'object' && 'sessionId' in call).toBe(false);
  });

  it.each([
    ['not JSON', 'x', 'hook input is not valid JSON'],
    ['a list', '[]', 'hook input must be a JSON object'],
    ['no tool', input({ tool: '' }), 'hook input lacks `tool`'],
    ['a relative directory', input({ directory: 'repo' }), 'hook input lacks an absolute `directory`'],
    ['no directory', input({ directory: undefined }), 'hook input lacks an absolute `directory`'],
  ])('refuses %s', (_name, stdin, problem) => {
    expect(readOpenCodeCall(stdin)).toBe(problem);
  });
});
