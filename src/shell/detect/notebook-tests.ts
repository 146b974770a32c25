/**
 * Notebooks pytest runs as tests: with a notebook plugin's option (`--nbmake`, `--nbval`, `--nbval-lax`) on the line
 * or in the configuration's `addopts`, pytest collects the `.ipynb` files below what it is given (the line's paths,
 * else the configuration's `testpaths`, else the folder it starts in) and runs every code cell. Each is read as
 * `jupyter execute` reads one (scan-code.ts: what its code does is judged); one whose code is not plainly inert
 * (code-imports.ts), that cannot be read, or more of them than one review reads make the run uncertain. Pure apart
 * from the injected reader and reporting; never quotes a notebook.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { OPAQUE_FLOW } from '../walk/flow';
import { PYTHON_INERT, scanPython } from './code-imports';
import { notebookCode } from './detect-scripts';
import { readBudgeted } from './disk-scripts';
import { walkFiles } from './folder-walk';
import { resolveArg } from './path-effects';
import { inFolder, projectFile } from './project-file';
import { configFolders, PYTEST_FILES, pytestSettings } from './runner-config';
import { runnerOf } from './runner-options';
import { scanCode } from './scan-code';

/** Notebooks read for one run; more is uncertain. */
const MAX_NOTEBOOKS = 16;

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`pytest\` ${why}`, inv.segment, 'kept');

/** The settings of the nearest pytest configuration that has any, with its folder. */
function nearestSettings(cwd: string, inv: Invocation, r: Reporter) {
  for (const dir of configFolders(cwd, r))
    for (const name of PYTEST_FILES) {
      const file = projectFile(inFolder(dir, name), inv, r);
      if (file.kind !== 'text') continue;
      const s = pytestSettings(file.text, name);
      if (s && (s.addopts.length > 0 || s.testpaths.length > 0)) return { ...s, dir };
    }
  return undefined;
}

/** pytest's options that take no value: the word after one is not its value. */
export const PYTEST_FLAGS = new Set(
  '-q -v -vv -vvv -x -s -l --lf --ff --nf --sw --co --collect-only --exitfirst --quiet --verbose --no-header --last-failed --failed-first --new-first --stepwise --showlocals --nbmake --nbval --nbval-lax'.split(
    ' ',
  ),
);

/**
 * The paths on the line that name something on disk (`tests`, `nb.ipynb`, `t.py::test_x`), resolved: `sure`, and
 * `maybe` those after an option that may take them as its value (`-k tests`), which are read but do not stand in
 * for the configuration's `testpaths`.
 */
function linePaths(words: readonly string[], inv: Invocation, r: Reporter) {
  const sure: string[] = [];
  const maybe: string[] = [];
  for (const [k, w] of words.entries()) {
    if (w.startsWith('-')) continue;
    const abs = resolveArg({ text: w.split('::')[0] ?? '', flow: OPAQUE_FLOW }, inv, r).resolved;
    if (abs === undefined || readBudgeted(abs, inv, r)?.kind === 'missing') continue;
    const before = words[k - 1];
    const value = before?.startsWith('-') && !before.includes('=') && !PYTEST_FLAGS.has(before);
    (value ? maybe : sure).push(abs);
  }
  return { sure, maybe };
}

/** Does a word or a configuration's text name a notebook plugin's option (`--nbmake`, `-o addopts=--nbval`)? */
const NOTEBOOK_TEXT = /--nb(?:make|val)\b/;

export function notebookTests(inv: Invocation, r: Reporter): void {
  const cwd = inv.cwd;
  if (cwd === undefined || !r.env.readScript) return;
  const { program, args } = runnerOf(inv);
  const base = program.slice(program.lastIndexOf('/') + 1);
  if (base !== 'pytest' && base !== 'py.test') return;
  const settings = nearestSettings(cwd, inv, r);
  const words = args.map((a) => (isLiteral(a) ? plain(a) : ''));
  // A configuration named on the line (`-c other.ini`) is read whole for the option too.
  const named = words.flatMap((w, k) =>
    /^(?:-c|--config-file)$/.test(words[k - 1] ?? '') || /^--config-file=/.test(w)
      ? [w.replace(/^--config-file=/, '')]
      : [],
  );
  const namedText = named.map((n) => {
    const abs = resolveArg({ text: n, flow: OPAQUE_FLOW }, inv, r).resolved;
    const file = abs === undefined ? undefined : projectFile(abs, inv, r);
    return file?.kind === 'text' ? file.text : '--nbmake';
  });
  if (![...(settings?.addopts ?? []), ...words, ...namedText].some((o) => NOTEBOOK_TEXT.test(o))) return;
  // A word computed at run time may be a path, an option or a notebook: the run is not known.
  if (!args.every(isLiteral)) {
    say(inv, r, 'runs notebooks as tests from words computed at run time');
    return;
  }
  const { sure, maybe } = linePaths(words, inv, r);
  const roots = [
    ...(sure.length > 0
      ? sure
      : settings && settings.testpaths.length > 0
        ? settings.testpaths.map((t) => posix.resolve(settings.dir, t))
        : [cwd]),
    ...maybe,
  ];
  const notebooks = roots.filter((p) => p.endsWith('.ipynb'));
  const folders = roots.filter((p) => !p.endsWith('.ipynb'));
  walkFiles(folders, false, inv, r, (_folder, name, abs) => {
    if (name.endsWith('.ipynb')) notebooks.push(abs);
    return notebooks.length > MAX_NOTEBOOKS;
  });
  if (notebooks.length > MAX_NOTEBOOKS) {
    say(inv, r, `runs more notebooks as tests than one review reads (${MAX_NOTEBOOKS})`);
    return;
  }
  for (const path of notebooks) {
    const file = readBudgeted(path, inv, r);
    if (file?.kind !== 'text') {
      say(inv, r, 'runs a notebook as a test that gavel could not read');
      continue;
    }
    const code = notebookCode(file.text);
    scanCode(code, inv, r, 'python', true);
    const scan = scanPython(code);
    // An import is the standard library's only where no module of that name is found first (the notebook's
    // folder, the folder pytest starts in, the configuration's).
    const folders = [posix.dirname(path), cwd, settings?.dir ?? cwd];
    const shadowed = (mod: string) =>
      folders.some((d) =>
        [`${mod}.py`, mod].some((n) => readBudgeted(inFolder(d, n), inv, r)?.kind !== 'missing'),
      );
    const imports = scan.follow.map((f) => (f.split('|')[0] ?? '').split('.')[0] ?? '');
    if (!scan.inert || imports.some((m) => !PYTHON_INERT.has(m) || shadowed(m)))
      say(inv, r, 'runs a notebook as a test whose code may reach the system');
  }
}
