// A pre-commit change that only turns on more hooks of a hook repository the file already uses, at the same
// revision, is not persistence by itself; a new repository, a changed revision, arguments, an entry, a local hook or
// a hook taken away keep the file persistence. Through the whole pipeline with the real shell analyzer and the
// bundled policy, on a real file in a temporary folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileChange } from '../request/request';
import { WORKSPACE } from '../testdata/fixtures';
import { judgeWithReader } from '../testdata/judge-with-reader';
import { workspaceReader } from '../testdata/workspace-reader';
import { addsOnlyRepositoryHooks } from './pre-commit-hooks';

const CONFIG = `repos:
  - repo: https://github.com/astral-sh/ruff-pre-commit
    rev: v0.4.4
    hooks:
      - id: ruff
        args: [--fix]
  - repo: local
    hooks:
      - id: unit
        name: unit tests
        entry: pytest -q
        language: system
        pass_filenames: false
`;

const dir = mkdtempSync(join(tmpdir(), 'gavel-pre-commit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, '.pre-commit-config.yaml'), CONFIG);
const readScript = workspaceReader(dir);
const judge = async (change: FileChange) =>
  (
    await judgeWithReader(
      { kind: 'edit', path: `${WORKSPACE}/.pre-commit-config.yaml`, change },
      'Edit',
      readScript,
    )
  ).decision;

const replace = (old: string, now: string): FileChange => ({ kind: 'replace', edits: [{ old, new: now }] });
const RUFF = '      - id: ruff\n        args: [--fix]\n';

describe('turning on another hook of a repository already used is allowed', () => {
  it.each([
    ['one more hook', replace(RUFF, `${RUFF}      - id: ruff-format\n`)],
    ['a hook on some files only', replace(RUFF, `${RUFF}      - id: ruff-format\n        files: ^src/\n`)],
  ])('%s', async (_n, change) => {
    expect((await judge(change)).verdict).toBe('allow');
  });
});

describe('any other change stays persistence', () => {
  it.each([
    ['a new revision', replace('rev: v0.4.4', 'rev: v0.4.5')],
    [
      'arguments for the new hook',
      replace(RUFF, `${RUFF}      - id: ruff-format\n        args: [--config, /tmp/x.toml]\n`),
    ],
    ['an entry of its own', replace(RUFF, `${RUFF}      - id: ruff-format\n        entry: sh -c true\n`)],
    ['a hook taken away', replace(RUFF, '      - id: ruff-format\n')],
    [
      'a new repository',
      replace(
        'repos:\n',
        'repos:\n  - repo: https://203.0.113.7/hooks\n    rev: v1\n    hooks:\n      - id: x\n',
      ),
    ],
    [
      'a local hook',
      replace(
        '        pass_filenames: false\n',
        '        pass_filenames: false\n      - id: lint\n        name: lint\n',
      ),
    ],
  ])('%s', async (_n, change) => {
    const d = await judge(change);
    expect(d.verdict).not.toBe('allow');
    expect(d.categories).toContain('persistence');
  });

  it('a text the reader refuses is no plain addition', () => {
    expect(addsOnlyRepositoryHooks(CONFIG, `${CONFIG}x: &a 1\n`)).toBe(false);
  });
});
