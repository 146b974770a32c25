import { describe, expect, it } from 'vitest';
import type { Category } from '../../core';
import { shellEnv } from '../testdata/shell-env';
import type { ShellEnv } from '../types';
import { hostCategories, pathCategories } from './path-categories';

const env: ShellEnv = shellEnv({ statedHosts: ['docs.example.com'] });

describe('pathCategories', () => {
  it.each<[string, string, 'read' | 'write' | 'delete', Category[]]>([
    ['Read(.env)', '.env', 'read', ['secret_material_read']],
    ['Read of a key by absolute path', '/home/u/.ssh/id_ed25519', 'read', ['secret_material_read']],
    ['Read of source', 'src/index.ts', 'read', []],
    ['Write of claude settings', '.claude/settings.json', 'write', ['agent_self_modification']],
    ['Edit of gavel.toml', 'gavel.toml', 'write', ['agent_self_modification']],
    ['Write of a shell rc file', '~/.zshrc', 'write', ['persistence']],
    ['Write of a block device', '/dev/sda', 'write', ['block_device_write']],
    ['Write of source', 'src/index.ts', 'write', []],
  ])('%s', (_name, path, role, want) => {
    expect(pathCategories(path, role, env).categories).toEqual(want);
  });

  it('resolves and classes the path', () => {
    expect(pathCategories('../x', 'read', env).ref).toEqual({
      raw: '../x',
      class: 'home',
      role: 'read',
      resolved: '/home/u/x',
    });
  });
});

describe('hostCategories', () => {
  it.each<[string, Category[]]>([
    ['localhost', []],
    ['127.0.0.1', []],
    ['docs.example.com', []],
    ['api.docs.example.com', []],
    ['evil.example', ['outbound_network_to_unstated_host']],
  ])('%s', (host, want) => {
    expect(hostCategories(host, env)).toEqual(want);
  });
});

describe('gavel’s own installation (ShellEnv.selfPaths)', () => {
  const installed = shellEnv({
    selfPaths: ['/home/u/proj/node_modules/gavel/bin', '/home/u/proj/node_modules/gavel/dist'],
  });

  it.each<[string, string, 'read' | 'write' | 'delete', Category[]]>([
    ['a write into its bin', 'node_modules/gavel/bin/gavel', 'write', ['agent_self_modification']],
    [
      'a delete of its bundle',
      '/home/u/proj/node_modules/gavel/dist/hook.cjs',
      'delete',
      ['agent_self_modification'],
    ],
    ['a read of its bundle', 'node_modules/gavel/dist/hook.cjs', 'read', []],
    ['a write beside it', 'node_modules/gavel/README.md', 'write', []],
  ])('%s', (_name, path, role, want) => {
    expect(pathCategories(path, role, installed).categories).toEqual(want);
  });

  it('is only the table’s entries without it: a workspace write', () => {
    expect(pathCategories('node_modules/gavel/bin/gavel', 'write', shellEnv()).categories).toEqual([]);
  });

  it('counts in shell commands too', async () => {
    const { analyzeShell } = await import('../analyze-shell');
    const a = await analyzeShell("echo 'process.exit(0)' > node_modules/gavel/bin/gavel", installed);
    expect(a.hits.map((h) => h.category)).toContain('agent_self_modification');
  });
});

describe('protected names in any case (a case-insensitive file system opens the same file: review 17)', () => {
  it.each<[string, Category]>([
    ['/home/u/proj/.GIT/hooks/pre-commit', 'persistence'],
    ['/home/u/proj/.git/HOOKS/pre-commit', 'persistence'],
    ['/home/u/proj/.HUSKY/pre-commit', 'persistence'],
    ['/home/u/proj/.Claude/settings.json', 'agent_self_modification'],
    ['/home/u/proj/claude.MD', 'agent_self_modification'],
  ])('%s', (path, category) => {
    expect(pathCategories(path, 'write', env).categories).toContain(category);
  });

  it('an ordinary file stays ordinary', () => {
    expect(pathCategories('/home/u/proj/src/Hooks.ts', 'write', env).categories).toEqual([]);
  });
});

describe("a write tool changing git's own records (review 21 H1)", () => {
  it.each([
    '/home/u/proj/.git/refs/heads/main',
    '/home/u/proj/.git/packed-refs',
    '/home/u/proj/.git/logs/HEAD',
    '/home/u/proj/.GIT/index',
  ])('%s discards local work', (path) => {
    expect(pathCategories(path, 'write', env).categories).toContain('local_work_loss');
  });
  it('a commit message file does not', () => {
    expect(pathCategories('/home/u/proj/.git/COMMIT_EDITMSG', 'write', env).categories).toEqual([]);
  });
});
