import { describe, expect, it } from 'vitest';
import type { AdaptResult } from '../../../check';
import { fromCursor } from './tool-inputs';

const inputs = (r: AdaptResult) => (r.ok ? r.inputs : r.problem);

describe('fromCursor', () => {
  it.each([
    ['Shell', { command: 'ls' }, [{ kind: 'shell', command: 'ls' }]],
    ['Read', { file_path: '.env' }, [{ kind: 'read', path: '.env' }]],
    ['Read', { target_file: '.env' }, [{ kind: 'read', path: '.env' }]],
    [
      'Write',
      { path: '.bashrc', contents: 'x' },
      [{ kind: 'write', path: '.bashrc', change: { kind: 'whole', text: 'x' } }],
    ],
    ['StrReplace', { path: 'a.ts' }, [{ kind: 'edit', path: 'a.ts' }]],
    [
      'Delete',
      { path: '.git/config' },
      [
        { kind: 'write', path: '.git/config', delete: true },
        { kind: 'edit', path: '.git/config', change: { kind: 'whole', text: '' } },
      ],
    ],
    [
      'Grep',
      { pattern: 'x', path: '/etc', glob: '*.conf' },
      [
        {
          kind: 'read',
          path: '/etc',
          search: 'contents',
          globs: ['*.conf'],
          lines: { pattern: 'x', ignoreCase: false },
        },
      ],
    ],
    [
      'Glob',
      { glob_pattern: '**/*.pem', target_directory: '/home' },
      [{ kind: 'read', path: '/home', search: 'names', globs: ['**/*.pem'] }],
    ],
    ['LS', {}, [{ kind: 'read', path: '/repo', search: 'names', globs: [] }]],
    ['MCP:query', { sql: 'x' }, [{ kind: 'other', name: 'MCP:query', arguments: { sql: 'x' } }]],
    ['Task', { prompt: 'p' }, [{ kind: 'other', name: 'Task', arguments: { prompt: 'p' } }]],
  ])('%s %j', (name, input, want) => {
    expect(inputs(fromCursor(name, input, '/repo'))).toEqual(want);
  });

  it.each([
    ['Shell', {}, 'tool `Shell`: `command` must be a non-empty string'],
    ['Write', { contents: 'x' }, 'tool `Write`: `file_path` must be a non-empty string'],
  ])('%s without its field is a problem', (name, input, problem) => {
    expect(inputs(fromCursor(name, input, '/repo'))).toBe(problem);
  });
});
