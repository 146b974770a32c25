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

/** Options of the notebook plugins that make pytest collect and run notebooks. */
const NOTEBOOK_OPTIONS = /^--(?:nbmake|nbval|nbval-lax)$/;
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

/** The paths on the line that name something on disk (`tests`, `nb.ipynb`, `t.py::test_x`), resolved. */
function linePaths(words: readonly string[], inv: Invocation, r: Reporter): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (w.startsWith('-')) continue;
    const path = w.split('::')[0] ?? '';
    const abs = resolveArg({ text: path, flow: OPAQUE_FLOW }, inv, r).resolved;
    if (abs !== undefined && readBudgeted(abs, inv, r)?.kind !== 'missing') out.push(abs);
  }
  return out;
}

export function notebookTests(inv: Invocation, r: Reporter): void {
  const cwd = inv.cwd;
  if (cwd === undefined || !r.env.readScript) return;
  const { program, args } = runnerOf(inv);
  const base = program.slice(program.lastIndexOf('/') + 1);
  if (base !== 'pytest' && base !== 'py.test') return;
  if (!args.every(isLiteral)) return;
  const words = args.map((a) => plain(a));
  const settings = nearestSettings(cwd, inv, r);
  if (![...(settings?.addopts ?? []), ...words].some((o) => NOTEBOOK_OPTIONS.test(o))) return;
  const named = linePaths(words, inv, r);
  const roots =
    named.length > 0
      ? named
      : settings && settings.testpaths.length > 0
        ? settings.testpaths.map((t) => posix.resolve(settings.dir, t))
        : [cwd];
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
