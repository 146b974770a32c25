import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdaptResult } from '../../../check';
import { fromGemini, promptUrls } from './tool-inputs';

const inputs = (r: AdaptResult) => (r.ok ? r.inputs : r.problem);

describe('fromGemini', () => {
  it.each([
    ['run_shell_command', { command: 'ls' }, [{ kind: 'shell', command: 'ls' }]],
    [
      'run_shell_command in dir_path',
      { command: 'rm -rf build', dir_path: '/' },
      [{ kind: 'shell', command: "cd '/' && rm -rf build" }],
    ],
    ['read_file', { file_path: 'src/a.ts' }, [{ kind: 'read', path: 'src/a.ts' }]],
    [
      'write_file',
      { file_path: '.bashrc', content: 'x' },
      [{ kind: 'write', path: '.bashrc', change: { kind: 'whole', text: 'x' } }],
    ],
    [
      'replace',
      { file_path: 'a.ts', old_string: 'a', new_string: 'b' },
      [{ kind: 'edit', path: 'a.ts', change: { kind: 'replace', edits: [{ old: 'a', new: 'b' }] } }],
    ],
    [
      'read_many_files',
      { include: ['src/**', '~/.ssh/*'] },
      [{ kind: 'read', path: '/repo', search: 'contents', globs: ['src/**', '~/.ssh/*'] }],
    ],
    [
      'grep_search',
      { pattern: 'x', dir_path: '/etc', include_pattern: '*.conf' },
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
      'glob',
      { pattern: '**/*.pem' },
      [{ kind: 'read', path: '/repo', search: 'names', globs: ['**/*.pem'] }],
    ],
    ['list_directory', { dir_path: '/home' }, [{ kind: 'read', path: '/home', search: 'names', globs: [] }]],
    [
      'web_fetch',
      { prompt: 'summarize https://a.example/x and https://b.example/y.' },
      [
        { kind: 'web_fetch', url: 'https://a.example/x' },
        { kind: 'web_fetch', url: 'https://b.example/y' },
      ],
    ],
    [
      'mcp__gh__create_issue',
      { title: 't' },
      [{ kind: 'mcp', server: 'gh', tool: 'create_issue', arguments: { title: 't' } }],
    ],
    [
      'google_web_search',
      { query: 'q' },
      [{ kind: 'other', name: 'google_web_search', arguments: { query: 'q' } }],
    ],
  ])('%s', (name, input, want) => {
    expect(inputs(fromGemini(name.split(' ')[0] as string, input, '/repo'))).toEqual(want);
  });

  it.each([
    ['run_shell_command', {}, 'tool `run_shell_command`: `command` must be a non-empty string'],
    ['read_file', { path: 'a' }, 'tool `read_file`: `file_path` must be a non-empty string'],
    ['read_many_files', { include: [] }, 'tool `read_many_files`: `include` names no file'],
    ['write_file', 'x', 'tool `write_file`: `tool_input` must be an object'],
  ])('%s without its field is a problem', (name, input, problem) => {
    expect(inputs(fromGemini(name, input, '/repo'))).toBe(problem);
  });

  it('a web_fetch prompt naming no URL is a tool gavel has no shape for', () => {
    expect(inputs(fromGemini('web_fetch', { prompt: 'no link here' }, '/repo'))).toEqual([
      { kind: 'other', name: 'web_fetch', arguments: { prompt: 'no link here' } },
    ]);
  });

  it('keeps only http(s) URLs, without trailing punctuation', () => {
    expect(promptUrls('see (https://x.example/a), file:///etc/passwd and http://y.example.')).toEqual([
      'https://x.example/a',
      'http://y.example',
    ]);
  });
});

describe('Gemini path rewriting (its defensive tool-path resolver)', () => {
  const cwd = realpathSync(mkdtempSync(join(tmpdir(), 'gavel-gemini-')));
  mkdirSync(join(cwd, '@scope'));
  writeFileSync(join(cwd, '@literal.txt'), 'x');
  const path = (p: string) => {
    const r = fromGemini('read_file', { file_path: p }, cwd);
    return r.ok && r.inputs[0]?.kind === 'read' ? r.inputs[0].path : r;
  };

  it.each([
    ['an @-mention of a project file loses the @', '@src/a.ts', join(cwd, 'src/a.ts')],
    ['@/ opens below the working folder, not at the root', '@/etc/passwd', join(cwd, 'etc/passwd')],
    ['a literal @ file that exists is kept', '@literal.txt', '@literal.txt'],
    ['a literal @ folder that exists is kept', '@scope/pkg/index.js', '@scope/pkg/index.js'],
    ['NUL characters are dropped', '.en\u0000v', '.env'],
    ['a plain path is kept', '/etc/shadow', '/etc/shadow'],
    ['a lone @ is kept', '@', '@'],
  ])('%s', (_name, given, want) => {
    expect(path(given)).toBe(want);
  });
});
