import { describe, expect, it } from 'vitest';
import { type AdaptResult, fromClaudeCode, fromCodex, fromPi, parseMcpName } from './tool-inputs';

const inputs = (r: AdaptResult) => (r.ok ? r.inputs : r.problem);

describe('fromClaudeCode', () => {
  it.each([
    ['Bash', { command: 'ls', description: 'list' }, [{ kind: 'shell', command: 'ls' }]],
    ['Read', { file_path: '/r/a', offset: 1 }, [{ kind: 'read', path: '/r/a' }]],
    ['Write', { file_path: '/r/a', content: 'x' }, [{ kind: 'write', path: '/r/a' }]],
    ['Edit', { file_path: '/r/a', old_string: 'a', new_string: 'b' }, [{ kind: 'edit', path: '/r/a' }]],
    ['MultiEdit', { file_path: '/r/a', edits: [] }, [{ kind: 'edit', path: '/r/a' }]],
    ['NotebookEdit', { notebook_path: '/r/n.ipynb' }, [{ kind: 'edit', path: '/r/n.ipynb' }]],
    ['WebFetch', { url: 'https://x.dev', prompt: 'p' }, [{ kind: 'web_fetch', url: 'https://x.dev' }]],
    ['Grep', { pattern: 'x' }, [{ kind: 'read', path: '/cwd', search: 'contents', globs: [] }]],
    [
      'Glob',
      { pattern: '*.ts', path: '/r/src' },
      [{ kind: 'read', path: '/r/src', search: 'names', globs: ['*.ts'] }],
    ],
    [
      'Grep',
      { pattern: 'x', glob: '**/*.pem' },
      [{ kind: 'read', path: '/cwd', search: 'contents', globs: ['**/*.pem'] }],
    ],
    [
      'mcp__github__create_issue',
      { title: 't' },
      [{ kind: 'mcp', server: 'github', tool: 'create_issue', arguments: { title: 't' } }],
    ],
    ['TodoWrite', { todos: [] }, [{ kind: 'other', name: 'TodoWrite', arguments: { todos: [] } }]],
    ['Bash', { description: 'no command' }, 'tool `Bash`: `command` must be a non-empty string'],
    ['Read', 'not an object', 'tool `Read`: `tool_input` must be an object'],
  ])('%s %j', (tool, input, want) => {
    expect(inputs(fromClaudeCode(tool, input, '/cwd'))).toEqual(want);
  });
});

describe('fromCodex', () => {
  it('judges every file an apply_patch names', () => {
    const patch =
      '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: docs/b.md\n+x\n*** Delete File: old.txt\n*** Update File: c.ts\n*** Move to: d.ts\n*** End Patch';
    expect(inputs(fromCodex('apply_patch', { command: patch }))).toEqual(
      ['src/a.ts', 'docs/b.md', 'old.txt', 'c.ts', 'd.ts'].map((path) => ({ kind: 'edit', path })),
    );
  });

  it.each([
    ['Bash', { command: 'ls' }, [{ kind: 'shell', command: 'ls' }]],
    ['apply_patch', { command: 'no headers' }, 'tool `apply_patch`: the patch names no file'],
    ['mcp__fs__write', {}, [{ kind: 'mcp', server: 'fs', tool: 'write', arguments: {} }]],
  ])('%s', (tool, input, want) => {
    expect(inputs(fromCodex(tool, input))).toEqual(want);
  });
});

describe('fromPi', () => {
  it.each([
    ['bash', { command: 'ls', timeout: 5 }, [{ kind: 'shell', command: 'ls' }]],
    ['read', { path: 'a.ts', offset: 2 }, [{ kind: 'read', path: 'a.ts' }]],
    ['write', { path: 'a.ts', content: '' }, [{ kind: 'write', path: 'a.ts' }]],
    ['edit', { path: 'a.ts', oldText: 'a', newText: 'b' }, [{ kind: 'edit', path: 'a.ts' }]],
    ['ls', {}, [{ kind: 'read', path: '/cwd', search: 'names', globs: [] }]],
    [
      'find',
      { pattern: '*.ts', path: 'src' },
      [{ kind: 'read', path: 'src', search: 'names', globs: ['*.ts'] }],
    ],
    [
      'grep',
      { pattern: 'x', glob: '.env*' },
      [{ kind: 'read', path: '/cwd', search: 'contents', globs: ['.env*'] }],
    ],
    ['deploy', { env: 'prod' }, [{ kind: 'other', name: 'deploy', arguments: { env: 'prod' } }]],
  ])('%s', (tool, input, want) => {
    expect(inputs(fromPi(tool, input, '/cwd'))).toEqual(want);
  });
});

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
