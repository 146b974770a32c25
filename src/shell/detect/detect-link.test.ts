// Links and created nodes (`ln`, `mkfifo`, `mknod`, `mkdir`), and paths classed through a symlink resolver. The
// resolver here is a fixed link table (the analyzer is pure); real symlinks are covered at the surface
// (src/surfaces/hooks/runtime/symlink-escape.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../core';
import { analyzeShellSync } from '../analyze-shell';
import { pathCategories } from '../classify/path-categories';
import { loadShellParser } from '../parse/load-parser';
import { PATHS } from '../testdata/shell-env';
import type { ShellEnv } from '../types';

/** Links in the workspace: `homelink` -> home, `rootlink` -> `/`, `srclink` -> `src`. */
const LINKS: Record<string, string> = {
  '/home/u/proj/homelink': '/home/u',
  '/home/u/proj/rootlink': '/',
  '/home/u/proj/srclink': '/home/u/proj/src',
  '/home/u/proj/hooklink': '/home/u/proj/.git/hooks',
};

function fakeRealpath(abs: string): string | undefined {
  for (const [link, target] of Object.entries(LINKS)) {
    if (abs === link || abs.startsWith(`${link}/`)) {
      const rest = abs.slice(link.length);
      return target === '/' ? rest || '/' : target + rest;
    }
  }
  return abs;
}

const base: ShellEnv = {
  paths: PATHS,
  cwd: '/home/u/proj',
  home: '/home/u',
  workspaceRoots: ['/home/u/proj'],
  tempDirs: ['/tmp'],
};
const env: ShellEnv = { ...base, realpath: fakeRealpath };

const analyze = (command: string, e: ShellEnv = env) => analyzeShellSync(command, e);
const categories = (command: string, e: ShellEnv = env) =>
  [...new Set(analyze(command, e).hits.map((h) => h.category))].sort();
const reasons = (command: string) => analyze(command).uncertain.map((u) => u.reason);

beforeAll(async () => {
  await loadShellParser();
});

describe('ln: a target out of the workspace and temp space is uncertain', () => {
  it.each<[string, string, string]>([
    ['a symbolic link to home', 'ln -s ~ homelink2', 'to home space'],
    ['a symbolic link to the root', 'ln -s / rootlink2', 'to system space'],
    ['-sf to a system root', 'ln -sf /etc etc', 'to system space'],
    ['--symbolic to a secret folder', 'ln --symbolic ~/.aws aws', 'to sensitive space'],
    ['a hard link to a start-up file', 'ln ~/.bashrc rc', 'to home space'],
    ['a relative target read from the link folder', 'ln -s ../.. sub/up', 'to home space'],
    ['-t names the folder the links go in', 'ln -s -t links /etc/passwd', 'to system space'],
    ['several targets into a folder', 'ln -s /data/a /data/b into/', 'to outside space'],
    ['a dynamic target', 'ln -s "$T" x', 'known only at run time'],
  ])('%s: %s', (_name, command, reason) => {
    const found = reasons(command);
    expect(found.some((r) => r.includes(reason) && r.includes('cannot be classed'))).toBe(true);
    expect(analyze(command).uncertain.every((u) => u.code === 'dynamic-path')).toBe(true);
  });

  it.each<[string, string]>([
    ['a folder inside the workspace', 'ln -s src/lib lib'],
    ['a relative target inside the workspace', 'ln -s ../shared packages/shared'],
    ['a target in temp space', 'ln -sf /tmp/cache .cache'],
    ['a hard link inside the workspace', 'ln src/a.ts b.ts'],
  ])('%s stays certain: %s', (_name, command) => {
    expect(analyze(command).uncertain).toEqual([]);
    expect(analyze(command).hits).toEqual([]);
  });

  it.each<[string, string, Category]>([
    ['a link at gavel.toml', 'ln -s /tmp/x gavel.toml', 'agent_self_modification'],
    ['a link at the agent settings', 'ln -sf other.json .claude/settings.json', 'agent_self_modification'],
    ['a link at a start-up file', 'ln -sf /tmp/rc ~/.bashrc', 'persistence'],
    ['a hard link at a git hook', 'ln scripts/x .git/hooks/pre-commit', 'persistence'],
  ])('the link path decides a category: %s', (_name, command, category) => {
    expect(categories(command)).toContain(category);
  });
});

describe('mkfifo, mknod, mkdir create a node: a write at each path', () => {
  it.each<[string, string, Category]>([
    ['mkfifo at gavel.toml', 'mkfifo gavel.toml', 'agent_self_modification'],
    ['mknod at gavel.toml', 'mknod gavel.toml p', 'agent_self_modification'],
    ['mknod with a mode', 'mknod -m 600 .claude/settings.json p', 'agent_self_modification'],
    ['mkdir at a git hook', 'mkdir -p .git/hooks/pre-commit', 'persistence'],
  ])('%s', (_name, command, category) => {
    expect(categories(command)).toContain(category);
  });

  it('a mode word is not a path, and mknod classes only its name', () => {
    const paths = analyze('mknod -m 644 pipe p').segments[0]?.paths ?? [];
    expect(paths.map((p) => [p.resolved, p.role])).toEqual([['/home/u/proj/pipe', 'write']]);
  });
});

describe('paths through an existing symlink are classed where they lead', () => {
  it.each<[string, string, Category]>([
    ['an append to a start-up file through a home link', 'echo x >> homelink/.bashrc', 'persistence'],
    ['a cron file through a root link', 'cp job rootlink/etc/cron.d/job', 'persistence'],
    ['a secret through a home link', 'cat homelink/.config/gcloud/access_tokens.db', 'secret_material_read'],
    ['a git hook through a workspace link', 'echo x > hooklink/pre-push', 'persistence'],
    ['a glob delete through a home link', 'rm -rf homelink/*', 'destructive_root_delete'],
    ['a climb out of a link', 'echo x >> homelink/../u/.bashrc', 'persistence'],
    ['an archive of home through a link', 'tar czf /tmp/h.tgz ./homelink', 'secret_material_read'],
  ])('%s', (_name, command, category) => {
    expect(categories(command)).toContain(category);
    expect(categories(command, base)).not.toContain(category);
  });

  it('records the real path and the stricter class', () => {
    const ref = analyze('echo x > rootlink/etc/passwd').segments[0]?.paths[0];
    expect(ref).toMatchObject({ resolved: '/home/u/proj/rootlink/etc/passwd', real: '/etc/passwd' });
    expect(ref?.class).toBe('system');
  });

  it('an in-workspace link stays a workspace path', () => {
    const ref = analyze('echo x > srclink/a.ts').segments[0]?.paths[0];
    expect(ref).toMatchObject({ class: 'workspace', real: '/home/u/proj/src/a.ts' });
    expect(analyze('echo x > srclink/a.ts').hits).toEqual([]);
  });

  it('a resolver that throws or answers nonsense classes the path as written', () => {
    const throwing: ShellEnv = {
      ...base,
      realpath: () => {
        throw new Error('EACCES');
      },
    };
    const relative: ShellEnv = { ...base, realpath: () => 'etc/passwd' };
    for (const e of [throwing, relative]) {
      const ref = analyze('echo x > rootlink/etc/passwd', e).segments[0]?.paths[0];
      expect(ref?.class).toBe('workspace');
      expect(ref?.real).toBeUndefined();
    }
  });

  it.each<[string, 'read' | 'write', string, Category | undefined]>([
    ['Write a start-up file through a home link', 'write', '/home/u/proj/homelink/.bashrc', 'persistence'],
    ['Write cron through a root link', 'write', '/home/u/proj/rootlink/etc/cron.d/x', 'persistence'],
    [
      'Read credentials through a home link',
      'read',
      'homelink/.config/gcloud/access_tokens.db',
      'secret_material_read',
    ],
    ['Edit passwd through a root link', 'write', 'rootlink/etc/passwd', undefined],
  ])('file tools: %s', (_name, role, path, category) => {
    const v = pathCategories(path, role, env);
    if (category) expect(v.categories).toContain(category);
    expect(v.ref.class).not.toBe('workspace');
    expect(pathCategories(path, role, base).ref.class).toBe('workspace');
  });
});
