// What a Python runs as it starts (round 26: a `.pth` file in the project's virtual environment ran on `uv run
// pytest`, `.venv/bin/python -m pytest` and `make py-test`, all allowed): an import line no installer writes, or a
// sitecustomize module, is uncertain for the environment's interpreter, the project environment uv and poetry
// start, and the user's own site-packages; paths and the installers' own lines stay quiet. Real files in a temp
// folder; nothing is run.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const SITE = '.venv/lib/python3.12/site-packages';
const VENV = {
  'pyproject.toml': '[project]\nname = "x"\nversion = "0.1.0"\n',
  '.venv/pyvenv.cfg': 'home = /usr/bin\n',
  '.venv/bin/pytest': '#!/home/u/proj/.venv/bin/python\nimport sys\n',
  [`${SITE}/_virtualenv.pth`]: 'import _virtualenv\n',
  [`${SITE}/_x.pth`]: '/home/u/proj/src\n',
  [`${SITE}/distutils-precedence.pth`]:
    "import os; var = 'SETUPTOOLS_USE_DISTUTILS'; enabled = os.environ.get(var, 'local') == 'local'; enabled and __import__('_distutils_hack').add_shim(); \n",
  [`${SITE}/__editable__.x-0.1.0.pth`]:
    "import __editable___x_0_1_0_finder; __editable___x_0_1_0_finder.install('/home/u/proj/src/x')\n",
  [`${SITE}/google_api-1.0-py3.12-nspkg.pth`]:
    "import sys, types, os;has_mfs = sys.version_info > (3, 5);p = os.path.join(sys._getframe(1).f_locals['sitedir'], *('google',));importlib = has_mfs and __import__('importlib.util');has_mfs and __import__('importlib.machinery');m = has_mfs and sys.modules.setdefault('google', importlib.util.module_from_spec(importlib.machinery.PathFinder.find_spec('google', [os.path.dirname(p)])));m = m or sys.modules.setdefault('google', types.ModuleType('google'));mp = (m or []) and m.__dict__.setdefault('__path__',[]);(p not in mp) and mp.append(p)\n",
};
const HOSTILE = "import os, subprocess; subprocess.Popen(['sh', '-c', 'curl x'])\n";

function reasons(command: string, files: Record<string, string>): string {
  p = diskProject('py-start-');
  const home = p.home;
  p.write(Object.fromEntries(Object.entries(files).map(([k, v]) => [k.replace('HOMEDIR', home), v])));
  return analyzeShellSync(command, p.env())
    .uncertain.map((u) => u.reason)
    .join('\n');
}

describe('code a Python runs as it starts is uncertain', () => {
  it.each<[string, string, Record<string, string>]>([
    ['uv run of a tool', 'uv run pytest -q', { ...VENV, [`${SITE}/telemetry.pth`]: HOSTILE }],
    ['uv sync', 'uv sync --frozen', { ...VENV, [`${SITE}/telemetry.pth`]: HOSTILE }],
    ["the environment's interpreter", '.venv/bin/python -m pytest', { ...VENV, [`${SITE}/t.pth`]: HOSTILE }],
    [
      '--version before code',
      ".venv/bin/python --version -c 'print(1)'",
      { ...VENV, [`${SITE}/t.pth`]: HOSTILE },
    ],
    ["a script of the environment's", '.venv/bin/pytest -q', { ...VENV, [`${SITE}/t.pth`]: HOSTILE }],
    ['poetry run', 'poetry run pytest', { ...VENV, [`${SITE}/t.pth`]: HOSTILE }],
    ['a sitecustomize module', 'uv run pytest', { ...VENV, [`${SITE}/sitecustomize.py`]: 'import os\n' }],
    [
      'a namespace template with a statement added',
      'uv run pytest',
      { ...VENV, [`${SITE}/a-nspkg.pth`]: "import sys, types, os;__import__('os').system('curl x')\n" },
    ],
    // Round 33: a start-up module in a folder the environment's path holds, or in the project the tool installs.
    [
      'a .pth path to a folder holding sitecustomize',
      '.venv/bin/python -m pytest',
      { ...VENV, [`${SITE}/_src.pth`]: '../../../../src\n', 'src/sitecustomize.py': 'import os\n' },
    ],
    [
      'uv run of a project whose src holds sitecustomize',
      'uv run pytest',
      { 'pyproject.toml': VENV['pyproject.toml'], 'src/sitecustomize.py': 'import os\n' },
    ],
    [
      'an editable install by uv pip',
      'uv pip install -e .',
      { 'pyproject.toml': VENV['pyproject.toml'], 'src/sitecustomize.py': 'import os\n' },
    ],
    [
      'uv sync of a project holding usercustomize',
      'uv sync',
      { 'pyproject.toml': VENV['pyproject.toml'], 'usercustomize.py': 'import os\n' },
    ],
    [
      "the user's own site-packages",
      "python3 -c 'print(1)'",
      { 'HOMEDIR/.local/lib/python3.11/site-packages/zz.pth': HOSTILE },
    ],
  ])('%s', (_n, command, files) => {
    expect(reasons(command, files)).toMatch(/starts a Python/);
  });
});

describe("paths and the installers' own lines stay quiet", () => {
  it.each<[string, string, Record<string, string>]>([
    // A lock or a listing installs no project (round 33: `uv lock` beside `src/sitecustomize.py`).
    [
      'uv lock beside a project sitecustomize',
      'uv lock',
      { 'pyproject.toml': VENV['pyproject.toml'], 'src/sitecustomize.py': 'import os\n' },
    ],
    [
      'uv tree beside it',
      'uv tree --depth 1',
      { 'pyproject.toml': VENV['pyproject.toml'], 'src/sitecustomize.py': 'import os\n' },
    ],
    ['uv run', 'uv run pytest -q', VENV],
    ["the environment's interpreter", '.venv/bin/python -m pytest', VENV],
    ['-S starts no site module', '.venv/bin/python -S -c 1', { ...VENV, [`${SITE}/t.pth`]: HOSTILE }],
    // Printed as the command line is read, before `site` (round 32's `.venv/bin/python --version`).
    ['--version prints before site', '.venv/bin/python --version', { ...VENV, [`${SITE}/t.pth`]: HOSTILE }],
    ['-VV prints before site', '.venv/bin/python3 -VV', { ...VENV, [`${SITE}/t.pth`]: HOSTILE }],
    ['--help prints before site', '.venv/bin/python -h', { ...VENV, [`${SITE}/t.pth`]: HOSTILE }],
    [
      '-s skips the user site',
      "python3 -s -c 'print(1)'",
      { 'HOMEDIR/.local/lib/python3.11/site-packages/zz.pth': HOSTILE },
    ],
    [
      'a native program of the environment',
      '.venv/bin/ruff check .',
      { ...VENV, '.venv/bin/ruff': '\u007fELF', [`${SITE}/t.pth`]: HOSTILE },
    ],
  ])('%s', (_n, command, files) => {
    expect(reasons(command, files)).not.toMatch(/starts a Python/);
  });
});

// Review of round 32: a tool's script in the workspace's virtual environment is what an installer writes, or it is
// code of the workspace named like the tool.
describe("a virtual environment's tool script", () => {
  const PIP = (module: string, fn: string) =>
    `#!/home/u/proj/.venv/bin/python3\n# -*- coding: utf-8 -*-\nimport re\nimport sys\nfrom ${module} import ${fn}\nif __name__ == '__main__':\n    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n    sys.exit(${fn}())\n`;
  const UV =
    '#!/home/u/proj/.venv/bin/python3\n# -*- coding: utf-8 -*-\nimport sys\nfrom pytest import console_main\nif __name__ == "__main__":\n    if sys.argv[0].endswith("-script.pyw"):\n        sys.argv[0] = sys.argv[0][:-11]\n    elif sys.argv[0].endswith(".exe"):\n        sys.argv[0] = sys.argv[0][:-4]\n    sys.exit(console_main())\n';
  const ENV = { '.venv/pyvenv.cfg': 'home = /usr/bin\n' };
  it.each<[string, string, Record<string, string>]>([
    [
      "pip's entry point",
      '.venv/bin/pytest -q',
      { ...ENV, '.venv/bin/pytest': PIP('pytest', 'console_main') },
    ],
    ["uv's entry point", '.venv/bin/pytest -q', { ...ENV, '.venv/bin/pytest': UV }],
    [
      'a dotted module',
      '.venv/bin/pip list',
      { ...ENV, '.venv/bin/pip': PIP('pip._internal.cli.main', 'main') },
    ],
    [
      "pip's exec line for a long interpreter path",
      '.venv/bin/pytest -q',
      {
        ...ENV,
        '.venv/bin/pytest': PIP('pytest', 'console_main').replace(
          '# -*- coding: utf-8 -*-\n',
          `'''exec' "/home/u/proj/.venv/bin/python3" "$0" "$@"\n' '''\n`,
        ),
      },
    ],
  ])('quiet: %s', (_n, command, files) => {
    expect(reasons(command, files)).toBe('');
  });
  it.each<[string, string, Record<string, string>]>([
    [
      'other Python under a tool name',
      '.venv/bin/pytest -q',
      { ...ENV, '.venv/bin/pytest': '#!/usr/bin/env python3\nimport os\nos.system("id")\n' },
    ],
    [
      "a string closed on pip's exec line, code after it",
      '.venv/bin/pytest -q',
      {
        ...ENV,
        '.venv/bin/pytest': PIP('pytest', 'console_main').replace(
          '# -*- coding: utf-8 -*-\n',
          `'''exec' '''; import os; os.system('id')\n`,
        ),
      },
    ],
    [
      'an entry point with a line added',
      '.venv/bin/pytest -q',
      {
        ...ENV,
        '.venv/bin/pytest': PIP('pytest', 'console_main').replace('import re\n', 'import re\nimport os\n'),
      },
    ],
    [
      'a folder named like an environment that is none',
      'venv/bin/mypy src',
      { 'venv/bin/mypy': PIP('mypy', 'main') },
    ],
    ['the same after cd', 'cd . && venv/bin/mypy src', { 'venv/bin/mypy': PIP('mypy', 'main') }],
  ])('uncertain: %s', (_n, command, files) => {
    expect(reasons(command, files)).not.toBe('');
  });
});
