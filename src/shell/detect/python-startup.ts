/**
 * What a Python interpreter runs as it starts, before the program it was asked for: the `import` lines of every
 * `.pth` file in its site-packages and a `sitecustomize`/`usercustomize` module there. Looked at for a virtual
 * environment's interpreter (a program run from `<venv>/bin/`, the project environment `uv run`/`uv sync`/
 * `poetry run` start) and for the user's own site-packages (`~/.local/lib/python3.*`) when `python`/`pip` start.
 * A `.pth` file of paths only, or of the import lines installers write (virtualenv's, setuptools', editable
 * installs', namespace packages'), stays quiet; any other import line is code on every start, not known. The
 * packages themselves are installed code, judged by how they were installed (not here). Pure apart from the
 * injected reader and reporting; never quotes a file.
 */

import { posix } from 'node:path';
import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { folderListing } from './config-modules';
import { readBudgeted } from './disk-scripts';
import { foldersUp, inFolder, projectFile } from './project-file';

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` starts a Python ${why}`, inv.segment, 'kept');

const NAME = "'[\\w.-]+'";
/** The statements of setuptools' namespace-package `.pth` template (each version's), one of them per `;`. */
const NSPKG_STATEMENT = new RegExp(
  [
    '^import sys, types, os$',
    '^has_mfs = sys\\.version_info > \\(3, 5\\)$',
    `^p = os\\.path\\.join\\(sys\\._getframe\\(1\\)\\.f_locals\\['sitedir'\\], \\*\\((?:${NAME},\\s*)*(?:${NAME})?\\)\\)$`,
    "^importlib = (?:has_mfs and )?__import__\\('importlib\\.util'\\)$",
    "^(?:has_mfs and )?__import__\\('importlib\\.machinery'\\)$",
    `^m = (?:has_mfs and )?sys\\.modules\\.setdefault\\(${NAME}, importlib\\.util\\.module_from_spec\\(importlib\\.machinery\\.PathFinder\\.find_spec\\(${NAME}, \\[os\\.path\\.dirname\\(p\\)\\]\\)\\)\\)$`,
    `^m = m or sys\\.modules\\.setdefault\\(${NAME}, types\\.ModuleType\\(${NAME}\\)\\)$`,
    "^mp = \\(m or \\[\\]\\) and m\\.__dict__\\.setdefault\\('__path__',\\s*\\[\\]\\)$",
    '^\\(p not in mp\\) and mp\\.append\\(p\\)$',
    `^m and setattr\\(sys\\.modules\\[${NAME}\\], ${NAME}, m\\)$`,
  ].join('|'),
);
/** The import lines installers write: virtualenv's hook, setuptools' distutils shim, an editable install's finder. */
const KNOWN_IMPORT = [
  /^import _virtualenv$/,
  /^import os; var = 'SETUPTOOLS_USE_DISTUTILS'; enabled = os\.environ\.get\(var, 'local'\) == 'local'; enabled and __import__\('_distutils_hack'\)\.add_shim\(\);?$/,
  /^import (__editable___[\w]+_finder); \1\.install\('[^'\\]*'\)$/,
];

/** Whether every line of a `.pth` file is a path or an import line an installer writes. */
function knownPth(text: string): boolean {
  return text.split(/\r?\n/).every((raw) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return true;
    // Only lines starting with `import` (then a space or tab) run; any other is a folder added to the path.
    if (!/^import[ \t]/.test(line)) return true;
    if (KNOWN_IMPORT.some((re) => re.test(line))) return true;
    return (
      line.startsWith('import sys, types, os;') &&
      line.split(';').every((s) => NSPKG_STATEMENT.test(s.trim()))
    );
  });
}

/** Checks the site-packages folders of the Python under `prefix` (`<prefix>/lib/python3.*\/site-packages`). */
function siteFolders(prefix: string, inv: Invocation, r: Reporter): string[] | 'unlisted' {
  const lib = inFolder(prefix, 'lib');
  const versions = folderListing(lib, inv, r);
  if (versions === 'missing' || versions === 'unlisted') return versions === 'missing' ? [] : versions;
  return [...versions]
    .filter((v) => /^python\d/.test(v))
    .map((v) => inFolder(inFolder(lib, v), 'site-packages'));
}

/** Modules Python imports from the first folder of its path that holds one, at every start (`site`). */
const CUSTOMIZE = ['sitecustomize.py', 'usercustomize.py'];

/** Does `dir` hold a start-up module (or could it, unread)? */
const holdsCustomize = (dir: string, inv: Invocation, r: Reporter) =>
  CUSTOMIZE.some((name) => readBudgeted(inFolder(dir, name), inv, r)?.kind !== 'missing');

/**
 * The folders a `.pth` file's path lines put on Python's path (relative to its site-packages folder), which a
 * `sitecustomize` module there joins to every start (round 33: an editable install's `src` holding one).
 */
const pthFolders = (text: string, site: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#') && !/^import[ \t]/.test(l))
    .map((l) => posix.resolve(site, l));

function sitePackages(prefix: string, what: string, inv: Invocation, r: Reporter): void {
  const sites = siteFolders(prefix, inv, r);
  for (const site of sites === 'unlisted' ? [undefined] : sites) {
    const names = site === undefined ? 'unlisted' : folderListing(site, inv, r);
    if (names === 'missing') continue;
    if (names === 'unlisted' || site === undefined) {
      say(inv, r, `${what} whose start-up files gavel cannot list`);
      return;
    }
    for (const name of names) {
      if (/^(?:site|user)customize\.py$/.test(name)) {
        say(inv, r, `${what} that runs a ${name.slice(0, -3)} module on every start`);
        return;
      }
      if (!name.endsWith('.pth')) continue;
      const file = readBudgeted(inFolder(site, name), inv, r);
      if (file === undefined) return;
      if (file.kind === 'unreadable' || (file.kind === 'text' && !knownPth(file.text))) {
        say(inv, r, `${what} whose .pth start-up file runs code on every start`);
        return;
      }
      if (file.kind === 'text' && pthFolders(file.text, site).some((d) => holdsCustomize(d, inv, r))) {
        say(inv, r, `${what} whose path holds a folder with a start-up module it runs on every start`);
        return;
      }
    }
  }
}

/** Subcommands of the project tools that start (or query) the project environment's interpreter. */
const PROJECT_ENV: Readonly<Record<string, RegExp>> = {
  uv: /^(?:run|sync|lock|tree|pip|add|remove|export)$/,
  poetry: /^(?:run|install|sync|shell|show|lock|add|remove)$/,
  pdm: /^(?:run|install|sync|lock|add|remove|list)$/,
};

/** The subcommands among those that install the project itself into the environment (an editable install). */
const INSTALLS_PROJECT: Readonly<Record<string, RegExp>> = {
  uv: /^(?:run|sync|add|remove)$/,
  poetry: /^(?:run|install|sync|add|remove)$/,
  pdm: /^(?:run|install|sync|add|remove)$/,
};

/** The nearest project folder (a pyproject.toml) from `cwd` up, within the scan's reach. */
function projectEnv(cwd: string, inv: Invocation, r: Reporter): string | undefined {
  for (const dir of foldersUp(cwd)) {
    if (projectFile(inFolder(dir, 'pyproject.toml'), inv, r).kind === 'text') return inFolder(dir, '.venv');
    if (dir === r.scope.home) return undefined;
  }
  return undefined;
}

/**
 * Whether `dir` is a virtual environment on disk. An environment made earlier in the line (`uv venv && ...`) holds
 * only what its maker writes: read as it is now, not taken for changed.
 */
const isVenv = (dir: string, inv: Invocation, r: Reporter) =>
  readBudgeted(inFolder(dir, 'pyvenv.cfg'), inv, r)?.kind === 'text';

/** The interpreter's own options (those before the program, `-c` or `-m`), as flags (`-S`, `-sI`). */
function interpreterFlags(inv: Invocation): string {
  const flags: string[] = [];
  for (const w of inv.args) {
    const t = plain(w);
    if (!t.startsWith('-') || t === '-c' || t === '-m' || t === '-') break;
    if (/^-[a-zA-Z]+$/.test(t)) flags.push(t.slice(1));
  }
  return flags.join('');
}

/**
 * The lines of the scripts pip (distlib) and uv write for a package's console entry point, after the `#!` line: the
 * imports, the main guard, the program-name fix-up and the call. Long interpreter paths make pip write a `/bin/sh`
 * line that execs the interpreter (`'''exec' "…/python" "$0" "$@"`), kept as the first lines.
 */
const ENTRY_LINES = [
  /^# -\*- coding: utf-8 -\*-$/,
  /^import (?:re|sys)$/,
  /^from [A-Za-z_][\w.]* import [A-Za-z_]\w*$/,
  /^if __name__ == (["'])__main__\1:$/,
  /^sys\.argv\[0\] = re\.sub\(r(["'])\(-script\\\.pyw\|\\\.exe\)\?\$\1, (["'])\2, sys\.argv\[0\]\)$/,
  /^if sys\.argv\[0\]\.endswith\((["'])-script\.pyw\1\):$/,
  /^elif sys\.argv\[0\]\.endswith\((["'])\.exe\1\):$/,
  /^sys\.argv\[0\] = sys\.argv\[0\]\[:-(?:11|4)\]$/,
  /^sys\.exit\([A-Za-z_]\w*\(\)\)$/,
  /^'''exec' "[^"'\\]*" "\$0" "\$@"$/,
  /^' '''$/,
];

function entryPointScript(text: string): boolean {
  const lines = text
    .split('\n')
    .slice(1)
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.length > 0 && lines.length <= 16 && lines.every((l) => ENTRY_LINES.some((re) => re.test(l)));
}

/** The interpreter's options that print and exit as its command line is read. */
const VERSION_OR_HELP = /^(?:--version|-V+|-h|-\?|--help|--help-env|--help-xoptions|--help-all)$/;

export function pythonStartup(inv: Invocation, r: Reporter): void {
  if (!r.env.readScript || inv.cwd === undefined) return;
  const python = /^python[\d.]*$/.test(inv.program);
  // `-S`: no site module, so no start-up file at all.
  if (python && interpreterFlags(inv).includes('S')) return;
  // `--version`, `-VV`, `--help`: printed while the command line is read, before `site` runs (measured with
  // CPython 3.11: a `.pth` that writes a file did not run).
  if (python && inv.args.length > 0 && inv.args.every((w) => VERSION_OR_HELP.test(plain(w)))) return;
  const written = inv.command ? plain(inv.command) : '';
  const bin = /^(.*)\/bin\/[^/]+$/.exec(written);
  if (bin) {
    const prefix = posix.resolve(inv.cwd, bin[1] || '/');
    const workspaceVenv = /(?:^|\/)\.?venv$/.test(bin[1] ?? '') && !written.startsWith('/');
    if (!isVenv(prefix, inv, r)) {
      // `.venv/bin/pytest` where no environment is: a file of the workspace named like a tool (review of round 32).
      // (An environment an earlier command of the line makes is not there yet: the line's writes are judged as such.)
      const maker = r.segments
        .slice(0, inv.segment)
        .some((g) =>
          /\bvenv\b|virtualenv|^(?:uv|poetry|pdm|pipenv|conda|mamba|micromamba|hatch|rye|tox|nox)\b/.test(
            g.argv.join(' '),
          ),
        );
      if (workspaceVenv && !maker)
        say(inv, r, 'script of a folder named like a virtual environment that is none');
      return;
    }
    // A program there is Python when it is the interpreter or a script whose `#!` line names one.
    const head = readBudgeted(posix.resolve(inv.cwd, written), inv, r);
    if (!python && !(head?.kind === 'text' && /^#!.*python/.test(head.text))) return;
    // An installer writes a tool's script there as a few fixed lines calling the package's entry point; any other
    // Python there is code the workspace holds, not the tool (review of round 32: `.venv/bin/pytest` rewritten).
    if (!python && head?.kind === 'text' && !entryPointScript(head.text)) {
      say(inv, r, "script of a virtual environment that is not an installer's entry point");
      return;
    }
    sitePackages(prefix, 'virtual environment', inv, r);
    return;
  }
  const sub = PROJECT_ENV[inv.program];
  const first = plain(inv.args.find((w) => !plain(w).startsWith('-')));
  if (sub?.test(first)) {
    const env = projectEnv(inv.cwd, inv, r);
    // The project is installed into it as its folder on the path (editable): a start-up module in the project's
    // folder or its `src` then runs at every start of the environment's Python (round 33: `src/sitecustomize.py`).
    const project = env === undefined ? undefined : posix.dirname(env);
    const words = inv.args.map((w) => plain(w));
    // `uv pip install -e .`: the project put in the environment as its folder, as a sync does.
    const editable =
      first === 'pip' && words.includes('install') && words.some((w) => /^(?:-e|--editable)(?:=|$)/.test(w));
    const installs = INSTALLS_PROJECT[inv.program]?.test(first) === true || editable;
    if (
      installs &&
      project !== undefined &&
      [project, inFolder(project, 'src')].some((d) => holdsCustomize(d, inv, r))
    ) {
      say(inv, r, 'project environment holding the project, whose start-up module runs on every start');
      return;
    }
    if (env !== undefined && isVenv(env, inv, r)) sitePackages(env, 'project environment', inv, r);
    return;
  }
  // The user's own site-packages, read by every Python started from PATH (not `-s`, `-I`, `-S`).
  if ((python && !/[sI]/.test(interpreterFlags(inv))) || /^pip[\d.]*$/.test(inv.program)) {
    const local = posix.join(r.scope.home, '.local');
    sitePackages(local, "with the user's site-packages", inv, r);
  }
}
