// A library caller of check() that gives no script reader: the files a runner would run cannot be read, so its
// scripts are unknown (never allowed by name); a reader that finds no file, or `script_files = "name"`, is known.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core';
import { analyzeShell } from '../../shell';
import { check } from '../pipeline';
import { policyWith, request } from '../testdata/fixtures';

const deps = { analyzeShell, policy: policyWith(), clock: fixedClock('2026-12-02T00:00:00Z') };

describe('no script reader', () => {
  it.each(['npm test', 'make build', 'bash scripts/x.sh', 'git status'])(
    '%s is not allowed',
    async (command) => {
      const { readScript: _, ...unread } = request({ kind: 'shell', command });
      const decision = await check(unread, deps);
      expect(decision.verdict).not.toBe('allow');
    },
  );

  it('with a reader that finds no file, a repository read is known again', async () => {
    expect((await check(request({ kind: 'shell', command: 'git status' }), deps)).verdict).toBe('allow');
  });

  it('script_files = "name" judges by name without a reader, as the user chose', async () => {
    const byName = { ...deps, policy: policyWith({ script_files: 'name' }) };
    const { readScript: _, ...unread } = request({ kind: 'shell', command: 'npm test' });
    expect((await check(unread, byName)).verdict).toBe('allow');
  });
});
