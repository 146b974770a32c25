import { describe, expect, it } from 'vitest';
import { parseMcpName } from './tool-fields';

describe('parseMcpName', () => {
  it.each([
    ['mcp__github__create_issue', { server: 'github', tool: 'create_issue' }],
    ['mcp__my_server__do__thing', { server: 'my_server', tool: 'do__thing' }],
    ['mcp__only', undefined],
    ['Bash', undefined],
  ])('%s', (name, want) => {
    expect(parseMcpName(name)).toEqual(want);
  });
});
