/**
 * Runners pointed at code outside the workspace: an option naming the folder, project file, configuration or
 * module a build tool, test runner or linter loads (`make -C /tmp/x`, `cargo --manifest-path ../x/Cargo.toml`,
 * `vitest --reporter=/tmp/r.mjs`, `eslint -f /tmp/f.js`, `pytest -c /tmp/pytest.ini`), or a test file given as an
 * operand (`mocha /tmp/t.js`). What gavel reads of a project (its manifest, Makefile, conftest.py, repository
 * configuration) is the workspace's; a runner sent elsewhere runs code gavel never read. A module option naming a
 * package (`--reporter dot`, `-r ts-node/register`) resolves inside the workspace's dependencies and stays quiet.
 * Pure apart from reporting.
 * INVARIANT: a value outside the workspace, or known only at run time, is uncertain, never silently allowed.
 */

import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { folderListing, listedEntry } from './config-modules';
import { readBudgeted } from './disk-scripts';
import { resolveArg } from './path-effects';
import { inFolder, projectFile, unknownFolder } from './project-file';
import { standardModules } from './workspace-programs';

/** `folder`: a project folder or file, any value counts; `module`: a value counts when it is a path. */
type Kind = 'folder' | 'module';

const MAKE: Record<string, Kind> = {
  '-C': 'folder',
  '--directory': 'folder',
  '-f': 'folder',
  '--file': 'folder',
  '--makefile': 'folder',
  '-I': 'folder',
  '--include-dir': 'folder',
};

/** Options per program whose value is where the runner loads code from. */
const OPTIONS: Readonly<Record<string, Readonly<Record<string, Kind>>>> = {
  make: MAKE,
  gmake: MAKE,
  bmake: MAKE,
  ninja: { '-C': 'folder', '-f': 'folder' },
  meson: { '-C': 'folder', '--sourcedir': 'folder' },
  scons: {
    '-C': 'folder',
    '--directory': 'folder',
    '-f': 'folder',
    '--file': 'folder',
    '--sconstruct': 'folder',
    '--site-dir': 'folder',
    '-Y': 'folder',
    '--repository': 'folder',
  },
  ctest: { '--test-dir': 'folder', '-S': 'folder', '-SP': 'folder' },
  cmake: { '-S': 'folder', '-C': 'folder', '-P': 'folder', '--toolchain': 'folder', '--build': 'folder' },
  // The interpreter a Python project manager runs and builds its environment on: a name or version request
  // (`3.12`, `pypy`) is looked up on PATH; a path is run as it is.
  uv: {
    '--python': 'module',
    '-p': 'module',
    '--directory': 'folder',
    '--project': 'folder',
    '--with-requirements': 'folder',
  },
  pip: { '--python': 'module' },
  pip3: { '--python': 'module' },
  pipenv: { '--python': 'module' },
  pdm: { '-p': 'folder', '--project': 'folder' },
  poetry: { '-C': 'folder', '--directory': 'folder', '-P': 'folder', '--project': 'folder' },
  nox: {
    '-f': 'folder',
    '--noxfile': 'folder',
    '--python': 'module',
    '-p': 'module',
    '--force-python': 'module',
  },
  tsc: { '-p': 'folder', '--project': 'folder' },
  // A documentation template is code the generator runs (`jsdoc -t DIR` loads DIR/publish.js).
  jsdoc: { '-t': 'folder', '--template': 'folder', '-c': 'folder', '--configure': 'folder' },
  typedoc: { '--theme': 'module', '--plugin': 'module', '--options': 'folder', '--tsconfig': 'folder' },
  cargo: { '--manifest-path': 'folder' },
  go: { '-C': 'folder', '-modfile': 'folder', '-overlay': 'folder' },
  unittest: {
    '-s': 'folder',
    '--start-directory': 'folder',
    '-t': 'folder',
    '--top-level-directory': 'folder',
  },
  pytest: {
    '-c': 'folder',
    '--config-file': 'folder',
    '--rootdir': 'folder',
    '--confcutdir': 'folder',
    '-p': 'module',
  },
  tox: { '-c': 'folder', '--conf': 'folder', '--root': 'folder', '--workdir': 'folder' },
  just: { '-f': 'folder', '--justfile': 'folder', '-d': 'folder', '--working-directory': 'folder' },
  task: { '-d': 'folder', '--dir': 'folder', '-t': 'folder', '--taskfile': 'folder' },
  vitest: {
    '--root': 'folder',
    '-r': 'folder',
    '--dir': 'folder',
    '--config': 'folder',
    '-c': 'folder',
    '--workspace': 'folder',
    '--reporter': 'module',
    '--environment': 'module',
    '--pool': 'module',
    '--globalSetup': 'module',
    '--setupFiles': 'module',
  },
  jest: {
    '--config': 'folder',
    '-c': 'folder',
    '--rootDir': 'folder',
    '--roots': 'folder',
    '--setupFiles': 'module',
    '--setupFilesAfterEnv': 'module',
    '--globalSetup': 'module',
    '--globalTeardown': 'module',
    '--testEnvironment': 'module',
    '--testRunner': 'module',
    '--runner': 'module',
    '--reporters': 'module',
    '--resolver': 'module',
    '--transform': 'module',
    '--preset': 'module',
    '--snapshotResolver': 'module',
    '--testSequencer': 'module',
  },
  mocha: {
    '--config': 'folder',
    '--package': 'folder',
    '--require': 'module',
    '-r': 'module',
    '--reporter': 'module',
    '-R': 'module',
    '--file': 'module',
    '--ui': 'module',
    '-u': 'module',
  },
  playwright: { '--config': 'folder', '-c': 'folder', '--reporter': 'module' },
  cypress: { '--project': 'folder', '-P': 'folder', '--config-file': 'folder', '-C': 'folder' },
  eslint: {
    '-c': 'folder',
    '--config': 'folder',
    '--rulesdir': 'folder',
    '--resolve-plugins-relative-to': 'folder',
    '-f': 'module',
    '--format': 'module',
    '--plugin': 'module',
    '--parser': 'module',
  },
  prettier: {
    '--config': 'folder',
    '--plugin': 'module',
    '--parser': 'module',
    '--plugin-search-dir': 'folder',
  },
  stylelint: { '--config': 'folder', '-c': 'folder', '--custom-formatter': 'module' },
  turbo: { '--cwd': 'folder' },
  'lint-staged': { '--cwd': 'folder', '-c': 'folder', '--config': 'folder' },
  lerna: { '--cwd': 'folder' },
  nx: { '--cwd': 'folder' },
  pylint: { '--rcfile': 'folder', '--load-plugins': 'module' },
  mypy: { '--config-file': 'folder' },
  ruff: { '--config': 'folder' },
  flake8: { '--config': 'folder', '--append-config': 'folder' },
  rake: {
    '-f': 'folder',
    '--rakefile': 'folder',
    '-C': 'folder',
    '--directory': 'folder',
    '-I': 'folder',
    '--libdir': 'folder',
    '-R': 'folder',
    '--rakelibdir': 'folder',
    '-r': 'module',
    '--require': 'module',
  },
  rspec: { '-I': 'folder', '-O': 'folder', '--options': 'folder', '-r': 'module', '--require': 'module' },
  gradle: {
    '-p': 'folder',
    '--project-dir': 'folder',
    '-b': 'folder',
    '--build-file': 'folder',
    '-c': 'folder',
    '--settings-file': 'folder',
    '-I': 'folder',
    '--init-script': 'folder',
  },
  mvn: {
    '-f': 'folder',
    '--file': 'folder',
    '-s': 'folder',
    '--settings': 'folder',
    '-gs': 'folder',
    '--global-settings': 'folder',
  },
  phpunit: { '-c': 'folder', '--configuration': 'folder', '--bootstrap': 'folder' },
  composer: { '-d': 'folder', '--working-dir': 'folder' },
  npm: { '--prefix': 'folder' },
  pnpm: { '-C': 'folder', '--dir': 'folder' },
  yarn: { '--cwd': 'folder' },
  bun: { '--cwd': 'folder', '--config': 'folder', '-c': 'folder', '--preload': 'module', '-r': 'module' },
  vite: { '--config': 'folder', '-c': 'folder' },
  next: {},
  nuxt: {},
  astro: { '--root': 'folder', '--config': 'folder' },
};
/** Other names of the same runners. */
const ALIASES: Readonly<Record<string, string>> = {
  gradlew: 'gradle',
  mvnw: 'mvn',
  'py.test': 'pytest',
  'go-task': 'task',
};

/** Runners whose operands are test files or a project folder they load: run from outside, they run its code. */
const OPERANDS = new Set([
  'mocha',
  'tap',
  'ava',
  'jest',
  'vitest',
  'pytest',
  'py.test',
  'rspec',
  'phpunit',
  'vite',
  'next',
  'nuxt',
  'astro',
]);

/** Options of those runners that take a separate value (so the word after is not an operand). */
const TAKES_VALUE =
  /^-(k|m|t|g|n|x|o|w|W|-(grep|fgrep|timeout|reporter-option|reporter-options|testNamePattern|testPathPattern|project|mode|port|host|outDir|filter|maxfail|durations|tb|junitxml|cov|cov-report|deselect|ignore|ignore-glob|lf|ff|log-level|color|shard|workers|retries|max-workers|format|output))$/;

/** The runner an invocation is (`python3 -m pytest` is pytest), with its own arguments. */
export function runnerOf(inv: Invocation): { program: string; args: readonly Word[] } {
  if (/^python\d*(\.\d+)?$/.test(inv.program) && plain(inv.args[0]) === '-m' && inv.args[1])
    return { program: plain(inv.args[1]), args: inv.args.slice(2) };
  return { program: inv.program, args: inv.args };
}

/** A value naming a file or folder rather than a package (`./x.js`, `/tmp/x`, `~/x`, `a/b.js`). */
export function looksLikePath(text: string): boolean {
  return /^(\/|~|\.\.?(\/|$))/.test(text) || (text.includes('/') && !text.startsWith('@'));
}

/**
 * Subcommands whose operand is the interpreter a Python project manager runs and builds its environment on
 * (`poetry env use X`, `pdm venv create X`, `pdm use X`, `hatch env create`-style): judged as a module value.
 */
const INTERPRETER_OPERANDS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  poetry: [['env', 'use']],
  pdm: [['venv', 'create'], ['use']],
};

/** The operand words after an interpreter subcommand (its options skipped), or none. */
function interpreterOperands(program: string, args: readonly Word[]): Word[] {
  const words = args.map((w) => plain(w));
  for (const sub of INTERPRETER_OPERANDS[program] ?? []) {
    const at = words.findIndex((_, k) => sub.every((s, j) => words[k + j] === s));
    if (at < 0) continue;
    return args.slice(at + sub.length).filter((w) => !plain(w).startsWith('-'));
  }
  return [];
}

/**
 * The module `python -m NAME` runs when the current folder is first on its import path (no `-I`/`-P`), or
 * undefined: the first component of NAME. Options before `-m` are read as python reads them (`-W`/`-X` take a
 * value, other letters are flags); `-c`, a script or `-` end them without a module.
 */
function shadowableModule(inv: Invocation): string | undefined {
  if (!/^python\d*(\.\d+)?$/.test(inv.program)) return undefined;
  for (let k = 0; k < inv.args.length; k++) {
    const t = optionText(inv.args[k]);
    if (!/^-[A-Za-z]/.test(t)) return undefined;
    for (let j = 1; j < t.length; j++) {
      const c = t[j] as string;
      if (c === 'I' || c === 'P' || c === 'c') return undefined;
      if (c === 'm') {
        const name = j + 1 < t.length ? t.slice(j + 1) : plain(inv.args[k + 1]);
        return /^[A-Za-z_][\w.]*$/.test(name) ? (name.split('.')[0] as string) : undefined;
      }
      if (c === 'W' || c === 'X') {
        if (j + 1 === t.length) k++;
        break;
      }
    }
  }
  return undefined;
}

/**
 * Third-party modules a `python -m` tool imports as it starts (its own package's dependencies): a module of the
 * current folder with one of these names replaces it, as a standard one's namesake does.
 */
const TOOL_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  pytest: ['_pytest', 'pluggy', 'iniconfig', 'packaging', 'exceptiongroup', 'tomli', 'py', 'colorama'],
  coverage: ['tomli'],
  mypy: ['mypy_extensions', 'typing_extensions', 'tomli'],
  black: ['click', 'platformdirs', 'pathspec', 'mypy_extensions', 'packaging', 'tomli', 'typing_extensions'],
  build: ['pyproject_hooks', 'packaging', 'tomli'],
  flake8: ['pyflakes', 'pycodestyle', 'mccabe'],
  pylint: ['astroid', 'dill', 'platformdirs', 'tomlkit', 'mccabe', 'isort', 'tomli'],
  isort: [],
  pip: [],
};

/**
 * The module a file of the folder listing defines, when it is one Python imports from that folder: `NAME.py`,
 * `NAME.pyc`, a native extension (`NAME.cpython-311-x86_64-linux-gnu.so`, `NAME.pyd`), or a folder `NAME` (a package
 * only with its `__init__.py`: checked by the caller).
 */
function moduleOf(entry: string): { name: string; folder: boolean } | undefined {
  const file = /^([A-Za-z_]\w*)(?:\.py|\.pyc|(?:\.[\w-]+)?\.(?:so|pyd))$/.exec(entry);
  if (file) return { name: file[1] as string, folder: false };
  return /^[A-Za-z_]\w*$/.test(entry) ? { name: entry, folder: true } : undefined;
}

/**
 * `python -m NAME` puts the current folder first on the import path before the standard library and the tool's
 * own dependencies load: a module of the folder named like one of them (`logging.py` beside `python -m venv`,
 * `pluggy.py` beside `python -m pytest`) runs in its place (review of round 32). The folder must be listed; a
 * folder gavel cannot list is uncertain.
 */
function importShadow(name: string, cwd: string, inv: Invocation, r: Reporter): boolean {
  const listed = folderListing(cwd, inv, r);
  if (listed === 'missing') return false;
  if (listed === 'unlisted') {
    r.uncertain(
      'dynamic-script',
      `\`${inv.program} -m\` runs in a folder gavel cannot list, whose modules replace those of the same name`,
      inv.segment,
      'kept',
    );
    return true;
  }
  const tool = new Set(TOOL_IMPORTS[name] ?? []);
  for (const entry of listed) {
    const m = moduleOf(entry);
    // The standard library's own test package is no module a tool imports; a project's `test/` is common.
    if (!m || m.name === 'test' || !(standardModules().has(m.name) || tool.has(m.name))) continue;
    if (
      m.folder &&
      !listedEntry(inFolder(cwd, `${entry}/__init__.py`), folderListing(inFolder(cwd, entry), inv, r), inv, r)
    )
      continue;
    r.uncertain(
      'dynamic-script',
      `\`${inv.program} -m\` runs with a module of the current folder named like a standard one or one it imports, which replaces it`,
      inv.segment,
      'kept',
    );
    return true;
  }
  return false;
}

/**
 * `python -m NAME` imports NAME from the current folder first: a workspace `NAME.py` or package `NAME/` (or one
 * this line writes) runs instead of the module the catalogue knows. Its presence is uncertain.
 */
function moduleShadow(inv: Invocation, r: Reporter): void {
  const name = shadowableModule(inv);
  // The module was read, with what it imports, and found inert (workspace-programs.ts): it is what runs.
  if (name === undefined || r.segments[inv.segment]?.workspaceProgram) return;
  if (inv.cwd === undefined) {
    if (r.env.readScript) unknownFolder(inv, r);
    return;
  }
  // A native extension of that name (`NAME.cpython-311-x86_64-linux-gnu.so`, `NAME.so`, `NAME.pyd`) too.
  const listing = readBudgeted(inv.cwd, inv, r);
  const native =
    listing?.kind === 'unreadable' &&
    (listing.entries ?? []).filter((e) => e.startsWith(`${name}.`) && /\.(?:so|pyd)$/.test(e));
  for (const file of [`${name}.py`, `${name}/__init__.py`, `${name}.pyc`, ...(native || [])]) {
    const found = projectFile(inFolder(inv.cwd, file), inv, r);
    if (found.kind === 'missing' || found.kind === 'unread') continue;
    r.uncertain(
      'dynamic-script',
      `\`${inv.program} -m\` imports a file of the current folder named like the module, which gavel does not read`,
      inv.segment,
      'kept',
    );
    return;
  }
  if (r.env.readScript) importShadow(name, inv.cwd, inv, r);
}

export function runnerOptions(inv: Invocation, r: Reporter): void {
  moduleShadow(inv, r);
  const { program: path, args } = runnerOf(inv);
  // `./gradlew`, `./mvnw`: the base name.
  const named = path.slice(path.lastIndexOf('/') + 1);
  const program = ALIASES[named] ?? named;
  const table = OPTIONS[program];
  if (!table && !OPERANDS.has(program)) return;
  const away = (what: string) =>
    r.uncertain('dynamic-script', `\`${program}\` ${what}, which gavel does not read`, inv.segment, 'kept');
  for (const w of interpreterOperands(program, args))
    if (!isLiteral(w) || looksLikePath(plain(w))) {
      const res = isLiteral(w) ? resolveArg(w, inv, r) : undefined;
      if (
        res === undefined ||
        res.class !== 'workspace' ||
        (res.real !== undefined && res.real !== res.resolved)
      ) {
        away('runs an interpreter from outside the workspace or named at run time');
        return;
      }
    }
  const check = (value: Word | undefined, kind: Kind, option: string): boolean => {
    if (!value) return false;
    if (!isLiteral(value)) {
      away(`loads code from a place named at run time (\`${option}\`)`);
      return true;
    }
    const text = plain(value);
    if (text === '' || (kind === 'module' && !looksLikePath(text))) return false;
    // `-r foo,bar` and `--reporter=a,b`: each item of a list is a module of its own.
    for (const item of kind === 'module' ? text.split(',') : [text]) {
      if (kind === 'module' && !looksLikePath(item)) continue;
      const res = resolveArg({ text: item, flow: value.flow }, inv, r);
      if (res.class !== 'workspace' || (res.real !== undefined && res.real !== res.resolved)) {
        away(`loads code or a project from outside the workspace (\`${option}\`)`);
        return true;
      }
    }
    return false;
  };
  for (let k = 0; k < args.length; k++) {
    const t = optionText(args[k]);
    if (t === '--') {
      if (OPERANDS.has(program)) for (const w of args.slice(k + 1)) if (check(w, 'folder', 'operand')) return;
      break;
    }
    if (t.startsWith('-')) {
      const eq = t.indexOf('=');
      const name = eq < 0 ? t : t.slice(0, eq);
      const kind = table?.[name];
      if (kind) {
        const value =
          eq >= 0
            ? {
                text: (args[k] as Word).text.slice((args[k] as Word).text.indexOf('=') + 1),
                flow: (args[k] as Word).flow,
              }
            : args[++k];
        if (check(value, kind, name)) return;
        continue;
      }
      // An option attached to its short name (`-C/tmp/x`, `-rfoo`).
      const short = t.length > 2 && !t.startsWith('--') ? table?.[t.slice(0, 2)] : undefined;
      if (short) {
        const w = args[k] as Word;
        if (check({ text: w.text.slice(2), flow: w.flow }, short, t.slice(0, 2))) return;
        continue;
      }
      if (OPERANDS.has(program) && TAKES_VALUE.test(name) && eq < 0) k++;
      continue;
    }
    const w = args[k] as Word;
    if (OPERANDS.has(program) && looksLikePath(plain(w)) && check(w, 'folder', 'operand')) return;
  }
}
