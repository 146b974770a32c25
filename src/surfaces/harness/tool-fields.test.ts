import { describe, expect, it } from 'vitest';
import { fileChange, parseMcpName } from './tool-fields';

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

describe('fileChange: a replace-all flag in another type is read the wider way (review 21)', () => {
  it.each([
    [true, true],
    ['true', true],
    [1, true],
    [false, false],
    ['false', false],
    [undefined, false],
  ])('replace_all %j: every occurrence %s', (flag, all) => {
    const change = fileChange({ file_path: '/r/a', old_string: 'a', new_string: 'b', replace_all: flag });
    expect(change).toEqual({
      kind: 'replace',
      edits: [all ? { old: 'a', new: 'b', all: true } : { old: 'a', new: 'b' }],
    });
  });
});
