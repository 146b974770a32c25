// An option that moves where a JavaScript tool looks for its configuration (`vitest --root`) moves
// the reading of its configuration modules with it. Real files in a temp folder; nothing is ever run.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const SPAWNS = 'import { execSync } from "node:child_process";\nexecSync("id");\nexport default {};\n';
const INERT =
  "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { environment: 'node' } });\n";

function reasons(command: string, files: Record<string, string>): string {
  p = diskProject('config-roots-');
  p.write(files);
  const a = analyzeShellSync(command, p.env());
  return [...a.hits.map((h) => h.category), ...a.uncertain.map((u) => u.reason)].join('\n');
}

describe('the folder a tool is told to look in for its configuration', () => {
  it.each<[string, string, Record<string, string>, RegExp]>([
    [
      'vitest --root',
      'npx vitest run --root apps/web -t x',
      { 'apps/web/vitest.config.ts': SPAWNS },
      /configuration module/,
    ],
    [
      'vitest --root=',
      'vitest run --root=apps/web',
      { 'apps/web/vitest.config.ts': SPAWNS },
      /configuration module/,
    ],
    [
      'vite --root',
      'vite build --root apps/web',
      { 'apps/web/vite.config.ts': SPAWNS },
      /configuration module/,
    ],
    [
      // jest keeps the configuration it finds from the cwd and moves where `<rootDir>` leads: not followed.
      'jest --rootDir, whatever the folder holds',
      'jest --rootDir packages/a',
      { 'jest.config.js': 'module.exports = {};\n' },
      /moves its root/,
    ],
    [
      // `--cwd` moves where every tool read here looks (commitlint, lint-staged), and commitlint's `-d` is `--cwd`.
      'commitlint --cwd',
      'npx commitlint --cwd tools/ci --from HEAD~1',
      { 'commitlint.config.js': 'module.exports = {};\n', 'tools/ci/commitlint.config.js': SPAWNS },
      /configuration module/,
    ],
    [
      'commitlint -d',
      'commitlint -d tools/ci --edit',
      { 'tools/ci/commitlint.config.mjs': SPAWNS },
      /configuration module/,
    ],
    [
      'commitlint --cwd= outside the workspace',
      'commitlint --cwd=/tmp --edit',
      {},
      /outside the workspace|run time/,
    ],
    [
      // lint-staged runs its commands in that folder, where the tools they start find their own configurations.
      'lint-staged --cwd, whatever its configuration says',
      'npx lint-staged --cwd apps/web',
      { 'apps/web/.lintstagedrc.json': '{"*.ts":"prettier --write"}\n' },
      /another folder/,
    ],
    [
      'a module named beside --cwd',
      'commitlint --cwd tools/ci -g my.config.js --edit',
      { 'my.config.js': 'module.exports = {};\n', 'tools/ci/my.config.js': SPAWNS },
      /another root/,
    ],
    ['outside the workspace', 'vitest run --root /tmp', {}, /outside the workspace|run time/],
    ['named at run time', 'vitest run --root "$D"', {}, /outside the workspace|run time/],
  ])('%s: its configuration is read there', (_name, command, files, why) => {
    expect(reasons(command, files)).toMatch(why);
  });

  // A review of the reading above: vitest resolves `--config` against `--root`; workspaces and projects run each
  // project's own configuration; jest's `rootDir` setting moves `<rootDir>`.
  it.each<[string, string, Record<string, string>]>([
    [
      'vitest --config relative to --root',
      'npx vitest run --root sub --config my.config.mjs',
      { 'my.config.mjs': INERT, 'sub/my.config.mjs': SPAWNS },
    ],
    [
      'vitest projects',
      'npx vitest run',
      {
        'vitest.config.mjs': "export default { test: { projects: ['packages/a'] } };\n",
        'packages/a/vitest.config.mjs': SPAWNS,
      },
    ],
    [
      'a vitest workspace file',
      'npx vitest run',
      { 'vitest.workspace.mjs': "export default ['packages/*'];\n", 'packages/a/vitest.config.mjs': SPAWNS },
    ],
    [
      'jest rootDir',
      'npx jest',
      {
        'jest.config.js': "module.exports = { rootDir: 'src', globalSetup: '<rootDir>/setup.js' };\n",
        'src/setup.js': SPAWNS,
      },
    ],
    [
      'jest rootDir in package.json',
      'npx jest',
      {
        'package.json': '{"name":"a","jest":{"rootDir":"src","globalSetup":"<rootDir>/setup.js"}}',
        'src/setup.js': SPAWNS,
      },
    ],
  ])('%s: uncertain', (_name, command, files) => {
    expect(reasons(command, files)).not.toBe('');
  });

  it('an inert configuration there stays quiet', () => {
    expect(reasons('vitest run --root apps/web', { 'apps/web/vitest.config.ts': INERT })).toBe('');
    expect(
      reasons('commitlint --cwd tools/ci --edit', {
        'tools/ci/commitlint.config.js':
          "module.exports = { extends: ['@commitlint/config-conventional'] };\n",
      }),
    ).toBe('');
  });
});
