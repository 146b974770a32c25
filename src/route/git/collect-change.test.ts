import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeLines, git, NEWCOMER, Repo, tempRoot } from '../../../eval/corpora/route';
import { UsageError } from '../../core';
import { shippedPolicy } from '../testdata/policy';
import { collectChange } from './collect-change';
import { nodeGitRunner as makeRunner } from './git-runner';

const nodeGitRunner = makeRunner(process.env);

import { resolveRange } from './resolve-range';

const policy = shippedPolicy();
let tmp: ReturnType<typeof tempRoot>;
beforeEach(() => {
  tmp = tempRoot();
});
afterEach(() => tmp.cleanup());

async function collect(dir: string, base?: string, head?: string) {
  const range = await resolveRange(nodeGitRunner, dir, base, head);
  return collectChange(nodeGitRunner, range, policy.classifier);
}

function project(): Repo {
  const repo = Repo.create(tmp.root, 'p');
  repo.write({
    'src/a.ts': codeLines(10),
    CODEOWNERS: '/src/crypto/ @acme/security\n',
    'src/crypto/k.ts': 'x\n',
  });
  repo.commit('init');
  repo.branch('feature');
  return repo;
}

describe('collectChange on a real repository', () => {
  it('defaults to the merge-base with the default branch and reads line counts, statuses and commits', async () => {
    const repo = project();
    repo.write({ 'src/a.ts': codeLines(12), 'src/new file.ts': 'y\n' });
    repo.commit('WIP: two files');
    git(repo.dir, ['checkout', '-q', 'main']);
    repo.write({ 'main-only.txt': 'z\n' });
    repo.commit('main moves on');
    git(repo.dir, ['checkout', '-q', 'feature']);
    const f = await collect(repo.dir);
    expect(f.files.map((x) => [x.path, x.status, x.added, x.deleted])).toEqual([
      ['src/a.ts', 'modified', 2, 0],
      ['src/new file.ts', 'added', 1, 0],
    ]);
    expect(f.commits.map((c) => c.message.trim())).toEqual(['WIP: two files']);
  });

  it('reads CODEOWNERS from the base, so a change cannot remove its own guard', async () => {
    const repo = project();
    repo.write({ CODEOWNERS: '# nobody\n', 'src/crypto/k.ts': 'y\n' });
    repo.commit('drop the guard');
    const f = await collect(repo.dir);
    expect(f.codeowners).toEqual({ file: 'CODEOWNERS', text: '/src/crypto/ @acme/security\n' });
  });

  it('inspects a submodule bump: its commits and files', async () => {
    const lib = Repo.create(tmp.root, 'lib');
    lib.write({ 'README.md': 'lib\n' });
    lib.commit('lib init');
    const repo = project();
    repo.addSubmodule(lib, 'vendor/lib');
    const base = repo.commit('add lib');
    lib.write({ 'src/auth/check.ts': 'x\n' });
    lib.commit('one');
    lib.write({ 'README.md': 'lib 2\n' });
    const sha = lib.commit('two');
    repo.bumpSubmodule('vendor/lib', sha);
    repo.commit('bump');
    const f = await collect(repo.dir, base);
    expect(f.files.map((x) => [x.path, x.added, x.aliases, x.submodule])).toEqual([
      ['vendor/lib/README.md', 1, ['README.md'], 'vendor/lib'],
      ['vendor/lib/src/auth/check.ts', 1, ['src/auth/check.ts'], 'vendor/lib'],
    ]);
    expect(f.submodules).toHaveLength(1);
    expect(f.submodules[0]?.inspected).toEqual({
      commits: 2,
      files: ['README.md', 'src/auth/check.ts'],
      rewound: false,
    });
  });

  it('marks a submodule that is not checked out as uninspectable', async () => {
    const lib = Repo.create(tmp.root, 'lib');
    lib.write({ 'README.md': 'lib\n' });
    lib.commit('lib init');
    const repo = project();
    repo.addSubmodule(lib, 'vendor/lib');
    const base = repo.commit('add lib');
    lib.write({ 'README.md': 'lib 2\n' });
    repo.bumpSubmodule('vendor/lib', lib.commit('two'));
    repo.commit('bump');
    repo.deinitSubmodule('vendor/lib');
    const f = await collect(repo.dir, base);
    expect(f.submodules[0]?.inspected).toBeUndefined();
    expect(f.submodules[0]?.uninspectable).toBe('the submodule is not checked out');
  });

  it('reads manifest version pairs and tells a new author from the history', async () => {
    const repo = Repo.create(tmp.root, 'p');
    repo.write({ 'package.json': '{\n  "dependencies": {\n    "a": "^1.2.3"\n  }\n}\n' });
    repo.commit('init');
    repo.branch('feature');
    repo.write({ 'package.json': '{\n  "dependencies": {\n    "a": "^1.3.0"\n  }\n}\n' });
    repo.commit('bump a', NEWCOMER);
    const f = await collect(repo.dir);
    expect(f.versions).toEqual([
      { file: 'package.json', name: 'a', from: '^1.2.3', to: '^1.3.0', kind: 'minor' },
    ]);
    expect(f.manifestOther).toEqual([]);
    expect(f.authorNewToHistory).toBe(true);
  });

  it("never runs the repository's external diff or text conversion commands", async () => {
    const repo = project();
    const marker = join(tmp.root, 'ran');
    writeFileSync(join(tmp.root, 'evil.sh'), `#!/bin/sh\ntouch ${marker}\ncat "$1"\n`, { mode: 0o755 });
    git(repo.dir, ['config', 'diff.external', join(tmp.root, 'evil.sh')]);
    git(repo.dir, ['config', 'diff.evil.textconv', join(tmp.root, 'evil.sh')]);
    repo.write({
      '.gitattributes': '* diff=evil\n',
      'src/a.ts': codeLines(11),
      'package.json': '{ "dependencies": { "a": "1.0.1" } }\n',
    });
    repo.commit('change');
    await collect(repo.dir);
    expect(existsSync(marker)).toBe(false);
  });

  it.each([
    [
      'a base that is not a commit',
      (dir: string) => resolveRange(nodeGitRunner, dir, 'no-such-ref'),
      '--base `no-such-ref` is not a commit',
    ],
    [
      'a revision that looks like an option',
      (dir: string) => resolveRange(nodeGitRunner, dir, '--output=/tmp/x'),
      'is not a revision',
    ],
    [
      'a folder outside any repository',
      (_dir: string) => resolveRange(nodeGitRunner, tmp.root),
      'is not inside a git repository',
    ],
  ])('refuses %s with a usage error', async (_n, run, want) => {
    const repo = project();
    await expect(run(repo.dir)).rejects.toThrow(UsageError);
    await expect(run(repo.dir)).rejects.toThrow(want);
  });

  it('says "nothing to route" on the default branch, where the default range is empty', async () => {
    const repo = Repo.create(tmp.root, 'm');
    repo.write({ 'a.txt': 'a\n' });
    repo.commit('init');
    await expect(resolveRange(nodeGitRunner, repo.dir)).rejects.toThrow(UsageError);
    await expect(resolveRange(nodeGitRunner, repo.dir)).rejects.toThrow(
      /^nothing to route: the head is on `main`, so the default range is empty; pass `--base REV`/,
    );
    // Named explicitly, the same empty range is routed (and escalates as unread).
    const head = git(repo.dir, ['rev-parse', 'HEAD']).trim();
    await expect(resolveRange(nodeGitRunner, repo.dir, head, head)).resolves.toMatchObject({ base: head });
  });

  it('asks for --base when there is no default branch', async () => {
    const repo = Repo.create(tmp.root, 'q');
    git(repo.dir, ['checkout', '-q', '-b', 'trunk']);
    repo.write({ 'a.txt': 'a\n' });
    repo.commit('init');
    await expect(resolveRange(nodeGitRunner, repo.dir)).rejects.toThrow('pass `--base`');
  });
});
