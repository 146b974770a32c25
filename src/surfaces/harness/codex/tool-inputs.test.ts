import { describe, expect, it } from 'vitest';
import type { AdaptResult } from '../../../check';
import { fromCodex } from './tool-inputs';

const inputs = (r: AdaptResult) => (r.ok ? r.inputs : r.problem);

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
