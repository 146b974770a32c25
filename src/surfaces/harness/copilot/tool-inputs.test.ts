import { describe, expect, it } from 'vitest';
import type { AdaptResult } from '../../../check';
import { fromCopilot } from './tool-inputs';

const inputs = (r: AdaptResult) => (r.ok ? r.inputs : r.problem);

describe('fromCopilot', () => {
  it.each([
    ['bash', { command: 'ls' }, [{ kind: 'shell', command: 'ls' }]],
    ['Bash', { command: 'ls' }, [{ kind: 'shell', command: 'ls' }]],
    ['view', { path: '/repo/.env' }, [{ kind: 'read', path: '/repo/.env' }]],
    ['Read', { path: 'a.ts' }, [{ kind: 'read', path: 'a.ts' }]],
    [
      'create',
      { path: '.bashrc', file_text: 'x' },
      [{ kind: 'write', path: '.bashrc', change: { kind: 'whole', text: 'x' } }],
    ],
    ['Write', { path: 'b.ts' }, [{ kind: 'write', path: 'b.ts' }]],
    [
      'edit',
      { path: 'a.ts', old_str: 'a', new_str: 'b' },
      [{ kind: 'edit', path: 'a.ts', change: { kind: 'replace', edits: [{ old: 'a', new: 'b' }] } }],
    ],
    ['str_replace_editor', { path: 'a.ts' }, [{ kind: 'edit', path: 'a.ts' }]],
    [
      'apply_patch',
      '*** Begin Patch\n*** Update File: a.ts\n*** Add File: .git/hooks/pre-push\n+x\n*** End Patch',
      [
        { kind: 'edit', path: 'a.ts', change: { kind: 'patch', lines: [], add: false } },
        { kind: 'edit', path: '.git/hooks/pre-push', change: { kind: 'patch', lines: ['+x'], add: true } },
      ],
    ],
    [
      'grep',
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
      'rg',
      { pattern: 'x' },
      [
        {
          kind: 'read',
          path: '/repo',
          search: 'contents',
          globs: [],
          lines: { pattern: 'x', ignoreCase: false },
        },
      ],
    ],
    [
      'grep',
      { pattern: 'x', output_mode: 'files_with_matches' },
      [
        {
          kind: 'read',
          path: '/repo',
          search: 'contents',
          globs: [],
          lines: { pattern: 'x', ignoreCase: false, namesOnly: true },
        },
      ],
    ],
    [
      'glob',
      { pattern: '**/*.pem' },
      [{ kind: 'read', path: '/repo', search: 'names', globs: ['**/*.pem'] }],
    ],
    ['web_fetch', { url: 'https://x.example' }, [{ kind: 'web_fetch', url: 'https://x.example' }]],
    ['WebFetch', { url: 'https://x.example' }, [{ kind: 'web_fetch', url: 'https://x.example' }]],
    [
      'powershell',
      { command: 'Remove-Item -Recurse ~' },
      [{ kind: 'other', name: 'powershell', arguments: { command: 'Remove-Item -Recurse ~' } }],
    ],
    [
      'github-create_issue',
      { title: 't' },
      [{ kind: 'other', name: 'github-create_issue', arguments: { title: 't' } }],
    ],
  ])('%s', (name, input, want) => {
    expect(inputs(fromCopilot(name, input, '/repo'))).toEqual(want);
  });

  it.each([
    ['bash', {}, 'tool `bash`: `command` must be a non-empty string'],
    ['view', { file: 'a' }, 'tool `view`: `path` must be a non-empty string'],
    ['apply_patch', 'no headers', 'tool `apply_patch`: the patch names no file'],
    ['toString', undefined, 'other'],
  ])('%s without its field is a problem (never a guess)', (name, input, want) => {
    const r = inputs(fromCopilot(name, input, '/repo'));
    if (want === 'other') expect(r).toEqual([{ kind: 'other', name, arguments: {} }]);
    else expect(r).toBe(want);
  });
});
