import { describe, expect, it } from 'vitest';
import type { AdaptResult } from '../../../check';
import { fromPi } from './tool-inputs';

const inputs = (r: AdaptResult) => (r.ok ? r.inputs : r.problem);

describe('fromPi', () => {
  it.each([
    ['bash', { command: 'ls', timeout: 5 }, [{ kind: 'shell', command: 'ls' }]],
    ['read', { path: 'a.ts', offset: 2 }, [{ kind: 'read', path: 'a.ts' }]],
    [
      'write',
      { path: 'a.ts', content: '' },
      [{ kind: 'write', path: 'a.ts', change: { kind: 'whole', text: '' } }],
    ],
    [
      'edit',
      { path: 'a.ts', oldText: 'a', newText: 'b' },
      [{ kind: 'edit', path: 'a.ts', change: { kind: 'replace', edits: [{ old: 'a', new: 'b' }] } }],
    ],
    ['ls', {}, [{ kind: 'read', path: '/cwd', search: 'names', globs: [] }]],
    [
      'find',
      { pattern: '*.ts', path: 'src' },
      [{ kind: 'read', path: 'src', search: 'names', globs: ['*.ts'] }],
    ],
    [
      'grep',
      { pattern: 'x', glob: '.env*' },
      [
        {
          kind: 'read',
          path: '/cwd',
          search: 'contents',
          globs: ['.env*'],
          lines: { pattern: 'x', ignoreCase: false },
        },
      ],
    ],
    ['deploy', { env: 'prod' }, [{ kind: 'other', name: 'deploy', arguments: { env: 'prod' } }]],
  ])('%s', (tool, input, want) => {
    expect(inputs(fromPi(tool, input, '/cwd'))).toEqual(want);
  });
});
