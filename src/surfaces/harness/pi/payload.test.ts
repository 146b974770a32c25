import { describe, expect, it } from 'vitest';
import { readPiCall } from './payload';

describe('readPiCall', () => {
  it('reads the call and keeps only the text turns', () => {
    const stdin = JSON.stringify({
      toolName: 'bash',
      input: { command: 'ls' },
      cwd: '/r',
      sessionId: 's',
      userTurns: ['a', 3, 'b'],
    });
    expect(readPiCall(stdin)).toEqual({
      event: 'tool_call',
      toolName: 'bash',
      toolInput: { command: 'ls' },
      cwd: '/r',
      sessionId: 's',
      userTurns: ['a', 'b'],
    });
  });

  it.each([
    ['not JSON', 'x', 'hook input is not valid JSON'],
    ['an array', '[1]', 'hook input must be a JSON object'],
    ['no tool name', JSON.stringify({ cwd: '/r' }), 'hook input lacks `toolName`'],
    ['a relative cwd', JSON.stringify({ toolName: 'bash', cwd: 'r' }), 'hook input lacks an absolute `cwd`'],
    ['no cwd', JSON.stringify({ toolName: 'bash' }), 'hook input lacks an absolute `cwd`'],
  ])('refuses %s', (_name, stdin, problem) => {
    expect(readPiCall(stdin)).toBe(problem);
  });
});
