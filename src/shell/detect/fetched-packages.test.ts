// A JavaScript package runner fetches from the registry what it does not find installed (fetched-packages.ts):
// `npx tsc` with no `node_modules/.bin/tsc` up from the folder runs the registry package `tsc`, not TypeScript.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile } from '../types';

/** A workspace whose only files are these absolute paths. */
const reader =
  (...files: string[]) =>
  (abs: string): ScriptFile =>
    files.includes(abs) ? { kind: 'text', text: '#!/usr/bin/env node\n' } : { kind: 'missing' };

const fetched = (command: string, read?: (abs: string) => ScriptFile, cwd = '/home/u/proj') =>
  analyzeShellSync(command, shellEnv({ cwd, ...(read ? { readScript: read } : {}) }))
    .segments.flatMap((s) => s.fetchedPackages ?? [])
    .map((p) => `${p.registry}:${p.name}`);

beforeAll(async () => {
  await loadShellParser();
});

describe('a runner with nothing installed fetches the package of the name', () => {
  it.each<[string, string, string]>([
    ['npx', 'npx tsc --noEmit', 'tsc'],
    ['a system program name', 'npx ls', 'ls'],
    ['npm exec', 'npm exec -- eslint .', 'eslint'],
    ['npm x', 'npm x jest', 'jest'],
    ['bunx', 'bunx cowsay hi', 'cowsay'],
    ['bun x', 'bun x vitest', 'vitest'],
    ['a scoped name', 'npx @biomejs/biome check', '@biomejs/biome'],
  ])('%s', (_n, command, pkg) => {
    expect(fetched(command, reader())).toEqual([`npm:${pkg}`]);
  });
});

describe('what is installed up from the folder runs instead', () => {
  it('in the folder', () => {
    expect(fetched('npx tsc', reader('/home/u/proj/node_modules/.bin/tsc'))).toEqual([]);
  });

  it('in a folder above (a monorepo root)', () => {
    expect(
      fetched('npx tsc', reader('/home/u/proj/node_modules/.bin/tsc'), '/home/u/proj/packages/web'),
    ).toEqual([]);
  });

  it('a scoped package is found by its bin name', () => {
    expect(fetched('npx @scope/lint', reader('/home/u/proj/node_modules/.bin/lint'))).toEqual([]);
  });

  it('a bin that cannot be read is not taken for installed', () => {
    const broken = (abs: string): ScriptFile =>
      abs.endsWith('/node_modules/.bin/tsc') ? { kind: 'unreadable', why: 'error' } : { kind: 'missing' };
    expect(fetched('npx tsc', broken)).toEqual(['npm:tsc']);
  });

  it('another bin installed is no help', () => {
    expect(fetched('npx tsc', reader('/home/u/proj/node_modules/.bin/eslint'))).toEqual(['npm:tsc']);
  });
});

describe('runners that always fetch, and names with a version', () => {
  it.each<[string, string, string]>([
    ['pnpm dlx', 'pnpm dlx prettier --check .', 'prettier'],
    ['yarn dlx', 'yarn dlx ls', 'ls'],
    ['a version', 'npx prettier@3 --check .', 'prettier'],
    ['a scoped name with a version', 'npx @biomejs/biome@1.9 check', '@biomejs/biome'],
    ['a GitHub repository', 'npx evil/prettier', 'evil/prettier'],
    ['another source', 'npx github:evil/prettier', 'github:evil/prettier'],
  ])('%s, even installed', (_n, command, pkg) => {
    const installed = reader(
      '/home/u/proj/node_modules/.bin/prettier',
      '/home/u/proj/node_modules/.bin/ls',
      '/home/u/proj/node_modules/.bin/biome',
    );
    expect(fetched(command, installed)).toEqual([`npm:${pkg}`]);
  });
});

describe('uv and pipx one-off runs fetch the PyPI package of the name', () => {
  it.each<[string, string, string]>([
    ['uvx', 'uvx ls', 'pypi:ls'],
    ['uv tool run', 'uv tool run git status', 'pypi:git'],
    ['pipx run', 'pipx run black .', 'pypi:black'],
    ['a version, PyPI names normalised', 'uvx Ruff_Lint==0.5 check', 'pypi:ruff-lint'],
  ])('%s', (_n, command, pkg) => {
    expect(fetched(command, reader('/home/u/proj/node_modules/.bin/ls'))).toEqual([pkg]);
  });

  it("uv run finds the program in the project's environment", () => {
    expect(fetched('uv run ls', reader())).toEqual([]);
  });
});

describe('nothing is marked', () => {
  it.each<[string, string]>([
    ['a path', 'npx ./bin/tool.js'],
    ['a program run without a runner', 'tsc --noEmit'],
    ['pnpm exec runs only what is installed', 'pnpm exec tsc'],
  ])('%s', (_n, command) => {
    expect(fetched(command, reader())).toEqual([]);
  });

  it('without a reader (commands judged by name)', () => {
    expect(fetched('npx ls')).toEqual([]);
  });
});

describe("a fetched package comes from the registry the workspace's configuration names", () => {
  /** A workspace at /home/u/proj holding these files (absolute path to text); no package installed. */
  const files =
    (texts: Record<string, string>) =>
    (abs: string): ScriptFile =>
      Object.hasOwn(texts, abs) ? { kind: 'text', text: texts[abs] as string } : { kind: 'missing' };
  const categories = (command: string, texts: Record<string, string>) =>
    analyzeShellSync(command, shellEnv({ cwd: '/home/u/proj', readScript: files(texts) })).hits.map(
      (h) => h.category,
    );
  const EVIL = 'http://registry.evil.example/';

  it.each<[string, string, Record<string, string>]>([
    ['npx, .npmrc', 'npx prettier --check .', { '/home/u/proj/.npmrc': `registry=${EVIL}\n` }],
    [
      'pnpm dlx, a scoped registry',
      'pnpm dlx @acme/cli',
      { '/home/u/proj/.npmrc': `@acme:registry=${EVIL}\n` },
    ],
    [
      'bunx, bunfig.toml',
      'bunx prettier .',
      { '/home/u/proj/bunfig.toml': `[install]\nregistry = "${EVIL}"\n` },
    ],
    [
      'yarn dlx, .yarnrc.yml',
      'yarn dlx prettier .',
      { '/home/u/proj/.yarnrc.yml': `npmRegistryServer: "${EVIL}"\n` },
    ],
    ['uvx, uv.toml', 'uvx ruff check .', { '/home/u/proj/uv.toml': `index-url = "${EVIL}simple"\n` }],
  ])('%s', (_n, command, texts) => {
    expect(categories(command, texts)).toContain('package_install_from_unstated_source');
  });

  it('the default registry, or a package installed, fetches nothing from elsewhere', () => {
    const npmrc = { '/home/u/proj/.npmrc': 'registry=https://registry.npmjs.org/\n' };
    expect(categories('npx prettier --check .', npmrc)).toEqual([]);
    const installed = {
      '/home/u/proj/.npmrc': `registry=${EVIL}\n`,
      '/home/u/proj/node_modules/.bin/prettier': '#!/usr/bin/env node\n',
    };
    expect(categories('npx prettier --check .', installed)).toEqual([]);
  });
});

describe('a system tool a file in node_modules/.bin replaces (review 23)', () => {
  const codes = (command: string, ...files: string[]) =>
    analyzeShellSync(command, shellEnv({ readScript: reader(...files) })).uncertain.map((u) => u.code);
  const planted = ['/home/u/proj/node_modules/.bin/git', '/home/u/node_modules/.bin/curl'];
  it.each([
    ['npx', 'npx git status'],
    ['pnpm exec', 'pnpm exec git status'],
    ['yarn exec', 'yarn exec git status'],
    ['npm exec', 'npm exec -- git status'],
    ['bunx', 'bunx git status'],
    ['a folder above', 'npx curl -I https://example.com'],
  ])('uncertain: %s', (_n, command) => {
    expect(codes(command, ...planted)).toContain('dynamic-command');
  });
  it('none planted: the tool itself', () => {
    expect(codes('pnpm exec git status')).toEqual([]);
  });
});
