// Runners pointed at code outside the workspace through an option or operand (issue 11, runner configuration):
// the folder, project file, configuration or module a runner loads. Outside the workspace or named at run time:
// uncertain. Inside, or a module named as a package: quiet.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile } from '../types';

const env = shellEnv();
const uncertain = (command: string) =>
  analyzeShellSync(command, env).uncertain.some((u) => u.reason.includes('gavel does not read'));

beforeAll(async () => {
  await loadShellParser();
});

describe('a runner sent outside the workspace is uncertain', () => {
  it.each([
    ['make -C', 'make -C /tmp/evil'],
    ['make -f attached', 'make -f/tmp/evil/Makefile'],
    ['ninja -C', 'ninja -C /tmp/evil'],
    ['scons -C', 'scons -C /tmp/evil'],
    ['ctest --test-dir', 'ctest --test-dir /tmp/evil'],
    ['cargo --manifest-path=', 'cargo test --manifest-path=../../tmp/evil/Cargo.toml'],
    ['unittest discover -s', 'python3 -m unittest discover -s /tmp/evil'],
    ['pytest -c', 'python3 -m pytest -c /tmp/evil/pytest.ini'],
    ['pytest -p a plugin file path', 'pytest -p /tmp/evil/plugin.py'],
    ['task -d', 'task -d /tmp/evil build'],
    ['task -t', 'task -t /tmp/evil/Taskfile.yml'],
    ['vitest --root', 'vitest run --root /tmp/evil'],
    ['vitest --reporter a file', 'vitest run --reporter=/tmp/evil/rep.mjs'],
    ['eslint -f a file', 'eslint -f /tmp/evil/fmt.js .'],
    ['mocha --reporter a file', 'mocha --reporter /tmp/evil/r.js'],
    ['mocha a test file', 'mocha /tmp/evil/t.js'],
    ['jest -c', 'jest -c ~/jest.config.js'],
    ['next build a folder', 'next build /tmp/evil'],
    ['cypress --project', 'cypress run --project /tmp/evil'],
    ['turbo --cwd', 'turbo run test --cwd /tmp/evil'],
    ['pylint --rcfile', 'pylint --rcfile=/tmp/evil/pylintrc src'],
    ['gradle -p', './gradlew -p /tmp/evil build'],
    ['pnpm -C', 'pnpm -C /tmp/evil test'],
    ['yarn --cwd', 'yarn --cwd /tmp/evil test'],
    ['npm --prefix', 'npm --prefix /tmp/evil test'],
    ['a folder named at run time', 'make -C "$DIR" test'],
    ['meson compile -C', 'meson compile -C /tmp/evil/build'],
    ['meson test -C', 'meson test -C /tmp/evil/build'],
    ['cmake --build an outside tree', 'cmake --build /tmp/evil/build'],
    ['uv --python a path', 'uv sync --python /tmp/evil/python'],
    ['uv -p attached to pip install', 'uv pip install -p /tmp/evil/python requests'],
    ['uv run --python a path', 'uv run --python=/tmp/evil/python pytest'],
    ['uv --directory', 'uv run --directory /tmp/evil pytest'],
    ['pip --python', 'pip --python /tmp/evil/python install x'],
    ['poetry env use a path', 'poetry env use /tmp/evil/python'],
    ['pdm venv create a path', 'pdm venv create /tmp/evil/python'],
    ['pdm use a path', 'pdm use ~/x/python'],
    ['nox --python a path', 'nox --python /tmp/evil/python'],
    ['prettier --parser a file', 'prettier --parser /tmp/evil/p.js --check .'],
    ['tsc -p an outside project', 'tsc -p /tmp/evil/tsconfig.json'],
    ['jsdoc -t an outside template (its publish.js runs)', 'jsdoc -t /tmp/evil/tpl src'],
    ['typedoc --plugin a file', 'typedoc --plugin /tmp/evil/p.js src/index.ts'],
  ])('%s', (_n, command) => {
    expect(uncertain(command)).toBe(true);
  });
});

describe('a runner kept in the workspace stays quiet', () => {
  it.each([
    ['make -C a subfolder', 'make -C docs html'],
    ['cargo --manifest-path inside', 'cargo test --manifest-path crates/core/Cargo.toml'],
    ['vitest a reporter by name', 'vitest run --reporter=dot'],
    ['mocha -r a package', 'mocha -r ts-node/register test/**/*.ts'],
    ['eslint -f a formatter by name', 'eslint -f stylish src'],
    ['pytest -p disabling a plugin', 'pytest -p no:cacheprovider tests/'],
    ['jest a test file', 'jest src/app.test.ts'],
    ['pytest -k an expression', 'pytest -k "not slow" tests/unit'],
    ['eslint -c a workspace config', 'eslint -c .eslintrc.cjs src'],
    ['a scoped package as a plugin', 'prettier --plugin @trivago/prettier-plugin-sort-imports --check .'],
    ['uv --python a version', 'uv sync --python 3.12'],
    ['uv venv -p a name', 'uv venv -p python3.12 .venv'],
    ['poetry env use a version', 'poetry env use 3.11'],
    ['pdm venv create a version', 'pdm venv create 3.12'],
    ['poetry env use the project venv', 'poetry env use .venv/bin/python'],
    ['meson compile -C a workspace build', 'meson compile -C build'],
    ['cmake --build a workspace tree', 'cmake --build build -j 4'],
    ['prettier --parser by name', 'prettier --parser typescript --check src'],
    ['tsc -p a workspace project', 'tsc -p tsconfig.build.json'],
    ['jsdoc -t a workspace template', 'jsdoc -t docs/template src'],
  ])('%s', (_n, command) => {
    expect(uncertain(command)).toBe(false);
  });
});

describe('python -m imports a module of the current folder first', () => {
  const FILES: Record<string, ScriptFile> = {
    '/home/u/proj/pip.py': { kind: 'text', text: 'import os' },
    '/home/u/proj/black/__init__.py': { kind: 'text', text: 'import os' },
    '/home/u/proj': {
      kind: 'unreadable',
      why: 'not-regular',
      entries: ['pip.py', 'black', 'mypy.cpython-311-x86_64-linux-gnu.so'],
    },
    '/home/u/proj/mypy.cpython-311-x86_64-linux-gnu.so': { kind: 'text', text: 'ELF' },
  };
  const withFiles = shellEnv({ readScript: (abs: string) => FILES[abs] ?? { kind: 'missing' } });
  const shadowed = (command: string) =>
    analyzeShellSync(command, withFiles).uncertain.some((u) => u.reason.includes('named like the module'));

  it.each([
    ['a workspace module file', 'python3 -m pip list'],
    ['a workspace package', 'python -m black --check .'],
    ['a dotted name', 'python3 -m pip.__main__ list'],
    ['after other options', 'python3 -u -W ignore -m pip list'],
    ['attached to -m', 'python3 -mpip list'],
    // A native extension of that name (review of the twenty-ninth session).
    ['a native extension', 'python3 -m mypy src'],
    ['written earlier in the line', "printf 'import os' > venv.py && python3 -m venv .venv"],
  ])('%s: `%s` is uncertain', (_n, command) => {
    expect(shadowed(command)).toBe(true);
  });

  it.each([
    ['no such file', 'python3 -m pytest -q'],
    ['-I keeps the folder off the path', 'python3 -I -m pip list'],
    ['-P keeps the folder off the path', 'python3 -P -m black .'],
    ['inline code', "python3 -c 'print(1)'"],
  ])('%s: `%s` stays quiet', (_n, command) => {
    expect(shadowed(command)).toBe(false);
  });
});

// Review of round 32: `python -m` puts the folder first on the path before the standard library and the tool's own
// dependencies load: a module of the folder named like one of them runs in their place.
describe('python -m imports the modules it loads from the current folder first', () => {
  const at = (entries: string[], files: Record<string, ScriptFile> = {}) => {
    const all: Record<string, ScriptFile> = {
      '/home/u/proj': { kind: 'unreadable', why: 'not-regular', entries },
      ...files,
    };
    return shellEnv({ readScript: (abs: string) => all[abs] ?? { kind: 'missing' } });
  };
  const shadowed = (command: string, env: ReturnType<typeof at>) =>
    analyzeShellSync(command, env).uncertain.some((u) => u.reason.includes('named like a standard one'));
  const PKG = { kind: 'text', text: '' } as const;
  const DIR = { kind: 'unreadable', why: 'not-regular', entries: ['__init__.py'] } as const;
  it.each<[string, string, ReturnType<typeof at>]>([
    ['a standard module beside compileall', 'python3 -m compileall src', at(['filecmp.py', 'src'])],
    ['a standard module beside http.server', 'python3 -m http.server 8765', at(['mimetypes.py'])],
    ['a standard module beside json.tool', 'python3 -m json.tool package.json', at(['argparse.py'])],
    [
      'a standard package beside venv',
      'python3 -m venv /tmp/x',
      at(['logging'], { '/home/u/proj/logging': DIR, '/home/u/proj/logging/__init__.py': PKG }),
    ],
    ['compiled', 'python3 -m unittest', at(['re.pyc'])],
    ['a native extension', 'python3 -m py_compile x.py', at(['select.cpython-311-x86_64-linux-gnu.so'])],
    ['a dependency of the tool run', 'python3 -m pytest -q', at(['pluggy.py', 'tests'])],
    [
      "the tool's own package",
      'python3 -m pytest -q',
      at(['_pytest'], { '/home/u/proj/_pytest': DIR, '/home/u/proj/_pytest/__init__.py': PKG }),
    ],
    [
      'a folder gavel cannot list',
      'python3 -m json.tool x.json',
      shellEnv({
        readScript: (abs: string) =>
          abs === '/home/u/proj' ? { kind: 'unreadable', why: 'not-regular' } : { kind: 'missing' },
      }),
    ],
  ])('%s: `%s` is uncertain', (_n, command, env) => {
    expect(
      shadowed(command, env) ||
        analyzeShellSync(command, env).uncertain.some((u) => u.reason.includes('cannot list')),
    ).toBe(true);
  });
  it.each<[string, string, ReturnType<typeof at>]>([
    [
      'project files of other names',
      'python3 -m pytest -q',
      at(['setup.py', 'conftest.py', 'noxfile.py', 'src', 'tests']),
    ],
    [
      'a folder without __init__.py (a namespace package does not replace one)',
      'python3 -m venv .venv',
      at(['logging']),
    ],
    [
      "the standard library's test package name",
      'python3 -m unittest',
      at(['test'], { '/home/u/proj/test': DIR, '/home/u/proj/test/__init__.py': PKG }),
    ],
    ['-I keeps the folder off the path', 'python3 -I -m json.tool x.json', at(['argparse.py'])],
    ["another tool's dependency", 'python3 -m json.tool x.json', at(['pluggy.py'])],
  ])('%s: `%s` stays quiet', (_n, command, env) => {
    expect(analyzeShellSync(command, env).uncertain).toEqual([]);
  });
});
