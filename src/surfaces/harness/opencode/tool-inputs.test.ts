import { describe, expect, it } from 'vitest';
import type { AdaptResult } from '../../../check';
import { fromOpenCode } from './tool-inputs';

const inputs = (r: AdaptResult) => (r.ok ? r.inputs : r.problem);

describe('fromOpenCode', () => {
  it.each([
    ['bash', { command: 'ls', description: 'd' }, [{ kind: 'shell', command: 'ls' }]],
    [
      'bash',
      { command: 'rm -rf build', workdir: '/home/u' },
      [{ kind: 'shell', command: "cd '/home/u' && rm -rf build" }],
    ],
    ['bash', { command: 'ls', workdir: '/repo' }, [{ kind: 'shell', command: 'ls' }]],
    ['read', { filePath: '/repo/.env', offset: 1 }, [{ kind: 'read', path: '/repo/.env' }]],
    [
      'write',
      { filePath: '.bashrc', content: 'x' },
      [{ kind: 'write', path: '.bashrc', change: { kind: 'whole', text: 'x' } }],
    ],
    [
      'edit',
      { filePath: 'a.ts', oldString: 'a', newString: 'b' },
      [{ kind: 'edit', path: 'a.ts', change: { kind: 'replace', edits: [{ old: 'a', new: 'b' }] } }],
    ],
    ['multiedit', { filePath: 'a.ts', edits: [] }, [{ kind: 'edit', path: 'a.ts' }]],
    [
      'apply_patch',
      { patchText: '*** Begin Patch\n*** Add File: ~/.zshrc\n+x\n*** Update File: a.ts\n*** End Patch' },
      [
        { kind: 'edit', path: '~/.zshrc', change: { kind: 'patch', lines: ['+x'], add: true } },
        { kind: 'edit', path: 'a.ts', change: { kind: 'patch', lines: [], add: false } },
      ],
    ],
    [
      'glob',
      { pattern: '**/*.pem', path: '/home' },
      [{ kind: 'read', path: '/home', search: 'names', globs: ['**/*.pem'] }],
    ],
    [
      'grep',
      { pattern: 'x', include: '*.env' },
      [
        {
          kind: 'read',
          path: '/repo',
          search: 'contents',
          globs: ['*.env'],
          lines: { pattern: 'x', ignoreCase: false },
        },
      ],
    ],
    ['list', { path: '/etc' }, [{ kind: 'read', path: '/etc', search: 'names', globs: [] }]],
    [
      'webfetch',
      { url: 'https://x.example', format: 'text' },
      [{ kind: 'web_fetch', url: 'https://x.example' }],
    ],
    [
      'github_create_issue',
      { title: 't' },
      [{ kind: 'other', name: 'github_create_issue', arguments: { title: 't' } }],
    ],
  ])('%s %j', (name, input, want) => {
    expect(inputs(fromOpenCode(name, input, '/repo'))).toEqual(want);
  });

  it.each([
    ['bash', {}, 'tool `bash`: `command` must be a non-empty string'],
    ['read', { path: 'a' }, 'tool `read`: `filePath` must be a non-empty string'],
    ['apply_patch', { patchText: 'nothing' }, 'tool `apply_patch`: the patch names no file'],
  ])('%s without its field is a problem', (name, input, problem) => {
    expect(inputs(fromOpenCode(name, input, '/repo'))).toBe(problem);
  });
});
