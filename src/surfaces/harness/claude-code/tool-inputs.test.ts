import { describe, expect, it } from 'vitest';
import type { AdaptResult } from '../../../check';
import { fromClaudeCode } from './tool-inputs';

const inputs = (r: AdaptResult) => (r.ok ? r.inputs : r.problem);

describe('fromClaudeCode', () => {
  it.each([
    ['Bash', { command: 'ls', description: 'list' }, [{ kind: 'shell', command: 'ls' }]],
    [
      'Bash',
      { command: 'ls', dangerouslyDisableSandbox: true },
      [{ kind: 'shell', command: 'ls', leavesSandbox: true }],
    ],
    ['Bash', { command: 'ls', dangerouslyDisableSandbox: false }, [{ kind: 'shell', command: 'ls' }]],
    ['Read', { file_path: '/r/a', offset: 1 }, [{ kind: 'read', path: '/r/a' }]],
    [
      'Write',
      { file_path: '/r/a', content: 'x' },
      [{ kind: 'write', path: '/r/a', change: { kind: 'whole', text: 'x' } }],
    ],
    [
      'Edit',
      { file_path: '/r/a', old_string: 'a', new_string: 'b' },
      [{ kind: 'edit', path: '/r/a', change: { kind: 'replace', edits: [{ old: 'a', new: 'b' }] } }],
    ],
    [
      'MultiEdit',
      { file_path: '/r/a', edits: [{ old_string: 'a', new_string: 'b', replace_all: true }] },
      [
        {
          kind: 'edit',
          path: '/r/a',
          change: { kind: 'replace', edits: [{ old: 'a', new: 'b', all: true }] },
        },
      ],
    ],
    ['MultiEdit', { file_path: '/r/a', edits: [] }, [{ kind: 'edit', path: '/r/a' }]],
    ['NotebookEdit', { notebook_path: '/r/n.ipynb' }, [{ kind: 'edit', path: '/r/n.ipynb' }]],
    [
      'NotebookEdit',
      { notebook_path: '/r/n.ipynb', cell_id: 'a1', new_source: '!ls' },
      [{ kind: 'edit', path: '/r/n.ipynb', change: { kind: 'cell', text: '!ls' } }],
    ],
    [
      'NotebookEdit',
      { notebook_path: '/r/n.ipynb', cell_id: 'a1', new_source: '!ls', edit_mode: 'delete' },
      [{ kind: 'edit', path: '/r/n.ipynb', change: { kind: 'cell', text: '' } }],
    ],
    ['WebFetch', { url: 'https://x.dev', prompt: 'p' }, [{ kind: 'web_fetch', url: 'https://x.dev' }]],
    [
      'Grep',
      { pattern: 'x' },
      [
        {
          kind: 'read',
          path: '/cwd',
          search: 'contents',
          globs: [],
          lines: { pattern: 'x', ignoreCase: false, namesOnly: true },
        },
      ],
    ],
    [
      'Grep',
      { pattern: 'x', output_mode: 'content', '-i': true },
      [
        {
          kind: 'read',
          path: '/cwd',
          search: 'contents',
          globs: [],
          lines: { pattern: 'x', ignoreCase: true },
        },
      ],
    ],
    [
      'Grep',
      { pattern: 'x', output_mode: 'some_new_mode' },
      [
        {
          kind: 'read',
          path: '/cwd',
          search: 'contents',
          globs: [],
          lines: { pattern: 'x', ignoreCase: false },
        },
      ],
    ],
    [
      'Grep',
      { pattern: 'x', output_mode: 'count' },
      [
        {
          kind: 'read',
          path: '/cwd',
          search: 'contents',
          globs: [],
          lines: { pattern: 'x', ignoreCase: false, namesOnly: true },
        },
      ],
    ],
    [
      'Grep',
      { pattern: 'x', glob: '**/*.pem' },
      [
        {
          kind: 'read',
          path: '/cwd',
          search: 'contents',
          globs: ['**/*.pem'],
          lines: { pattern: 'x', ignoreCase: false, namesOnly: true },
        },
      ],
    ],
    [
      'Glob',
      { pattern: '*.ts', path: '/r/src' },
      [{ kind: 'read', path: '/r/src', search: 'names', globs: ['*.ts'] }],
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
