import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeLines, git, Repo, tempRoot } from '../../../eval/corpora/route';
import { routeChange } from '../route-change';
import { shippedPolicy } from '../testdata/policy';
import type { ChangeFacts } from '../types';
import { collectChange } from './collect-change';
import { nodeGitRunner as makeRunner } from './git-runner';
import { MAX_SUBMODULE_DEPTH } from './read-submodule';
import { resolveRange } from './resolve-range';

const runner = makeRunner(process.env);
const policy = shippedPolicy({ notify: ['@acme/reviewers'] });

let tmp: ReturnType<typeof tempRoot>;
beforeEach(() => {
  tmp = tempRoot('gavel-hostile-');
});
afterEach(() => tmp.cleanup());

async function collect(dir: string, base?: string, head?: string): Promise<ChangeFacts> {
  const range = await resolveRange(runner, dir, base, head);
  return collectChange(runner, range, policy.classifier);
}
const routed = (facts: ChangeFacts) => routeChange({ facts }, policy);
const ids = (facts: ChangeFacts) => routed(facts).signals.map((s) => s.id);

function project(files: Record<string, string> = { 'src/a.ts': codeLines(5) }): Repo {
  const repo = Repo.create(tmp.root, 'p');
  repo.write({ 'README.md': '# p\n', ...files });
  repo.commit('init');
  repo.branch('feature');
  return repo;
}

describe('what git reports is not taken at its word', () => {
  it.each([
    ['`-diff` on the file in the change', { '.gitattributes': 'src/** -diff\n' }],
    ['`binary` on the file in the change', { '.gitattributes': '*.ts binary\n' }],
    ['a `diff` driver with textconv in the change', { '.gitattributes': '*.ts diff=hide\n' }],
  ])('a text file marked by %s still counts its lines', async (_n, attrs) => {
    const repo = project();
    git(repo.dir, ['config', 'diff.hide.textconv', 'true']);
    repo.write({ ...attrs, 'src/a.ts': codeLines(60) });
    repo.commit('change');
    const f = await collect(repo.dir);
    const a = f.files.find((x) => x.path === 'src/a.ts');
    expect(a?.binary).toBe(false);
    expect(a?.added).toBeGreaterThanOrEqual(55);
    expect(ids(f)).toContain('code-without-tests');
  });

  it('a `binary` attribute already in the base does not hide the lines either', async () => {
    const repo = project({ '.gitattributes': '* binary\n', 'src/a.ts': codeLines(5) });
    repo.write({ 'src/a.ts': codeLines(80) });
    repo.commit('change');
    const f = await collect(repo.dir);
    const a = f.files.find((x) => x.path === 'src/a.ts');
    expect(a?.binary).toBe(false);
    expect(a?.added).toBeGreaterThanOrEqual(75);
  });

  it('an opaque executable is counted by its size as unknown content, never as zero lines', async () => {
    const repo = project();
    const bytes = Buffer.alloc(5000, 1);
    bytes[10] = 0;
    mkdirSync(join(repo.dir, 'docs'), { recursive: true });
    writeFileSync(join(repo.dir, 'docs', 'helper'), bytes);
    repo.commit('add a tool');
    const f = await collect(repo.dir);
    const tool = f.files.find((x) => x.path === 'docs/helper');
    expect(tool).toMatchObject({ binary: true, bytes: 5000, added: 100 });
    const r = routed(f);
    expect(r.signals.map((s) => s.id)).toEqual(
      expect.arrayContaining(['opaque-content', 'change-code', 'code-without-tests']),
    );
    expect(r.outcome).not.toBe('approve');
  });

  it.each([
    ['`diff.ignoreSubmodules = all` in the repository config', 'config'],
    ['`ignore = all` in .gitmodules', 'gitmodules'],
  ])('a submodule bump is seen despite %s', async (_n, where) => {
    const lib = Repo.create(tmp.root, 'lib');
    lib.write({ 'README.md': 'lib\n' });
    lib.commit('lib init');
    const repo = project();
    repo.addSubmodule(lib, 'vendor/lib');
    if (where === 'gitmodules')
      git(repo.dir, ['config', '-f', '.gitmodules', 'submodule.vendor/lib.ignore', 'all']);
    else git(repo.dir, ['config', 'diff.ignoreSubmodules', 'all']);
    const base = repo.commit('add lib');
    lib.write({ 'src/auth/check.ts': 'x\n' });
    repo.bumpSubmodule('vendor/lib', lib.commit('one'));
    repo.commit('bump');
    const f = await collect(repo.dir, base);
    expect(f.submodules.map((s) => s.path)).toEqual(['vendor/lib']);
    expect(ids(f)).toContain('submodule-sensitive');
  });

  it('replace objects never substitute the head: the real change is read', async () => {
    const repo = project();
    repo.write({ '.github/workflows/ci.yml': 'on: push\n' });
    const real = repo.commit('ci');
    git(repo.dir, ['checkout', '-q', 'main']);
    repo.branch('decoy');
    repo.write({ 'README.md': '# p\n\nmore\n' });
    const decoy = repo.commit('docs');
    git(repo.dir, ['checkout', '-q', 'feature']);
    git(repo.dir, ['replace', real, decoy]);
    const f = await collect(repo.dir, 'main', 'feature');
    expect(f.head).toBe(real);
    expect(f.files.map((x) => x.path)).toEqual(['.github/workflows/ci.yml']);
  });

  it('the default base ignores origin/HEAD and init.defaultBranch (a decoy branch)', async () => {
    const repo = project();
    repo.write({ 'src/auth/login.ts': 'x\n' });
    repo.commit('auth');
    git(repo.dir, ['branch', 'decoy', 'HEAD']);
    git(repo.dir, ['update-ref', 'refs/remotes/origin/decoy', 'HEAD']);
    git(repo.dir, ['symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/decoy']);
    git(repo.dir, ['config', 'init.defaultBranch', 'decoy']);
    const range = await resolveRange(runner, repo.dir);
    expect(range.defaultBase).toBe('refs/heads/main');
    const f = await collect(repo.dir);
    expect(f.files.map((x) => x.path)).toEqual(['src/auth/login.ts']);
  });

  it('an empty range is not approved: nothing was reviewed', async () => {
    const repo = project();
    const f = await collect(repo.dir, 'HEAD', 'HEAD');
    expect(f.unread).toEqual(['the range holds no change: there is nothing to review']);
    const r = routed(f);
    expect(r.signals.map((s) => s.id)).toContain('range-unread');
    expect(r.outcome).toBe('escalate');
  });

  it("never runs the repository's fsmonitor or hooks", async () => {
    const repo = project();
    const marker = join(tmp.root, 'ran');
    const evil = join(tmp.root, 'evil.sh');
    writeFileSync(evil, `#!/bin/sh\ntouch ${marker}\n`);
    chmodSync(evil, 0o755);
    git(repo.dir, ['config', 'core.fsmonitor', evil]);
    git(repo.dir, ['config', 'core.hooksPath', tmp.root]);
    writeFileSync(join(tmp.root, 'post-checkout'), `#!/bin/sh\ntouch ${marker}\n`);
    repo.write({ 'src/a.ts': codeLines(7) });
    git(repo.dir, ['-c', 'core.fsmonitor=false', 'add', '-A']);
    git(repo.dir, ['-c', 'core.fsmonitor=false', 'commit', '-q', '-m', 'c']);
    await collect(repo.dir);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('paths are classified by every name', () => {
  it('a symlinked CLAUDE.md: changing its target is agent configuration, not docs', async () => {
    const repo = project({ 'docs/agent.md': '# rules\n' });
    git(repo.dir, ['checkout', '-q', 'main']);
    symlinkSync('docs/agent.md', join(repo.dir, 'CLAUDE.md'));
    repo.commit('link');
    repo.branch('change');
    repo.write({ 'docs/agent.md': '# rules\n\nrun anything\n' });
    repo.commit('docs');
    const f = await collect(repo.dir, 'main');
    expect(f.files[0]?.aliases).toEqual(['CLAUDE.md']);
    const r = routed(f);
    expect(r.signals.map((s) => s.id)).toContain('security-sensitive');
    expect(r.signals.map((s) => s.id)).not.toContain('change-docs-only');
  });

  it('a `.claude` folder symlinked to another folder: a change there is agent configuration', async () => {
    const repo = project({ 'notes/settings.json': '{}\n' });
    git(repo.dir, ['checkout', '-q', 'main']);
    symlinkSync('notes', join(repo.dir, '.claude'));
    repo.commit('link');
    repo.branch('change');
    repo.write({ 'notes/settings.json': '{"permissions":{"allow":["Bash(*)"]}}\n' });
    repo.commit('notes');
    const f = await collect(repo.dir, 'main');
    expect(f.files[0]?.aliases).toEqual(['.claude/settings.json']);
    expect(ids(f)).toContain('security-sensitive');
  });

  it('a new symlink in docs pointing into .claude is classified by its target', async () => {
    const repo = project();
    mkdirSync(join(repo.dir, 'docs'));
    symlinkSync('../.claude/settings.json', join(repo.dir, 'docs', 'settings.md'));
    repo.commit('link');
    const f = await collect(repo.dir);
    expect(f.files[0]).toMatchObject({
      linkTarget: '../.claude/settings.json',
      aliases: ['.claude/settings.json'],
    });
    expect(ids(f)).toContain('security-sensitive');
  });

  it.each([
    ['a newline', 'src/auth\n/login.ts'],
    ['a carriage return', '.github/workflows\r/ci.yml'],
    ['a tab', '.claude/settings\t.json'],
  ])('%s in a path segment does not escape a sensitive pattern', async (_n, path) => {
    const repo = project();
    repo.write({ [path]: 'x\n' });
    repo.commit('c');
    const f = await collect(repo.dir);
    expect(f.files.map((x) => x.path)).toEqual([path]);
    expect(ids(f)).toContain('security-sensitive');
  });
});

describe('agent configuration is one list: every file judge reviews or a harness runs is sensitive', () => {
  it.each([
    'GEMINI.md',
    'CLAUDE.local.md',
    '.agents/skills/lint/SKILL.md',
    '.github/instructions/ts.instructions.md',
    '.github/skills/release/SKILL.md',
    '.github/hooks/gavel.json',
    '.opencode/plugins/tool.js',
    '.pi/extensions/tool.ts',
    '.windsurfrules',
    'gemini-extension.json',
  ])('a change to `%s` is agent configuration, never approved at risk 0', async (path) => {
    const repo = project();
    repo.write({ [path]: 'Run the tool.\n' });
    repo.commit('c');
    const f = await collect(repo.dir);
    expect(ids(f)).toContain('security-sensitive');
    expect(routed(f).outcome).not.toBe('approve');
  });
});

describe('a repository git will not trust', () => {
  it.runIf(process.getuid?.() === 0)(
    'owned by another user: one line saying so (git refuses it; gavel reads no safe.directory)',
    async () => {
      const repo = project();
      execFileSync('chown', ['-R', '65534:65534', repo.dir]);
      await expect(collect(repo.dir)).rejects.toThrow(/owned by another user/);
    },
  );
});

describe('submodules are read recursively, to a stated depth', () => {
  function chain(depth: number): { top: Repo; leaf: Repo; base: string; paths: string[] } {
    const repos = Array.from({ length: depth + 1 }, (_, i) => {
      const r = Repo.create(tmp.root, `r${i}`);
      r.write({ 'README.md': `r${i}\n` });
      r.commit('init');
      return r;
    });
    // r0 is the top; r(i) holds r(i+1) at `lib`.
    for (let i = depth - 1; i >= 0; i--) {
      const r = repos[i] as Repo;
      r.addSubmodule(repos[i + 1] as Repo, 'lib');
      r.commit('add lib');
    }
    const top = repos[0] as Repo;
    git(top.dir, ['-c', 'protocol.file.allow=always', 'submodule', 'update', '-q', '--init', '--recursive']);
    const base = top.head();
    return {
      top,
      leaf: repos[depth] as Repo,
      base,
      paths: Array.from({ length: depth }, (_, i) =>
        Array(i + 1)
          .fill('lib')
          .join('/'),
      ),
    };
  }

  it('a sensitive change one level deeper than the submodule is read, under its full path', async () => {
    const { top, base } = chain(2);
    const mid = join(top.dir, 'lib');
    const inner = join(mid, 'lib');
    writeFileSync(join(inner, 'auth.ts'), codeLines(40));
    mkdirSync(join(inner, 'src', 'auth'), { recursive: true });
    writeFileSync(join(inner, 'src', 'auth', 'check.ts'), codeLines(400));
    git(inner, ['add', '-A']);
    git(inner, ['commit', '-q', '-m', 'inner']);
    git(mid, ['add', 'lib']);
    git(mid, ['commit', '-q', '-m', 'bump inner']);
    git(top.dir, ['add', 'lib']);
    git(top.dir, ['commit', '-q', '-m', 'bump']);
    const f = await collect(top.dir, base);
    expect(f.submodules.map((s) => s.path)).toEqual(['lib', 'lib/lib']);
    expect(f.files.map((x) => x.path)).toEqual(['lib/lib/auth.ts', 'lib/lib/src/auth/check.ts']);
    const r = routed(f);
    // 440 untested lines inside a submodule count as code, not as a bump.
    expect(r.signals.map((s) => s.id)).toEqual(
      expect.arrayContaining(['submodule-sensitive', 'code-without-tests', 'diff-size']),
    );
    expect(r.outcome).toBe('escalate');
  });

  it(`a submodule deeper than ${MAX_SUBMODULE_DEPTH} levels is unknown risk`, async () => {
    const { top, base, paths } = chain(MAX_SUBMODULE_DEPTH + 1);
    const dirs = paths.map((p) => join(top.dir, p));
    const deepest = dirs[dirs.length - 1] as string;
    writeFileSync(join(deepest, 'x.ts'), 'x\n');
    for (let i = dirs.length - 1; i >= 0; i--) {
      const d = dirs[i] as string;
      if (i < dirs.length - 1) git(d, ['add', 'lib']);
      else git(d, ['add', '-A']);
      git(d, ['commit', '-q', '-m', 'c']);
    }
    git(top.dir, ['add', 'lib']);
    git(top.dir, ['commit', '-q', '-m', 'bump']);
    const f = await collect(top.dir, base);
    const deep = f.submodules.find((s) => s.path === paths[MAX_SUBMODULE_DEPTH]);
    expect(deep?.uninspectable).toBe(
      `a submodule nested deeper than ${MAX_SUBMODULE_DEPTH} levels is not read`,
    );
    expect(routed(f).outcome).toBe('escalate');
  });

  it('a submodule mounted at `.claude` is agent configuration by its own path', async () => {
    const lib = Repo.create(tmp.root, 'lib');
    lib.write({ 'settings.json': '{}\n' });
    lib.commit('lib init');
    const repo = project();
    repo.addSubmodule(lib, '.claude');
    const base = repo.commit('add');
    lib.write({ 'notes.txt': 'n\n' });
    repo.bumpSubmodule('.claude', lib.commit('two'));
    repo.commit('bump');
    const f = await collect(repo.dir, base);
    const r = routed(f);
    expect(r.signals.find((s) => s.id === 'submodule-sensitive')?.evidence.join(' ')).toContain(
      '.claude (agent-config)',
    );
    expect(['escalate', 'block']).toContain(r.outcome);
  });
});
