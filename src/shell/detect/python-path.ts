/**
 * `PYTHONPATH=DIR` puts DIR before the standard library on Python's import path: a `sitecustomize.py` or
 * `usercustomize.py` there runs at start-up in every Python process the command starts, a module named like one
 * of the standard library's (`json.py`) or like the one `python -m NAME` runs replaces it. The catalogue knows a
 * relative PYTHONPATH by its value's shape only; the folders it names are looked at here. Pure apart from the
 * injected reader and reporting; never quotes a file.
 * INVARIANT: a folder named at run time, or one that holds such a file (or cannot be read), is uncertain.
 */

import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { listBudgeted } from './disk-scripts';
import { resolveArg } from './path-effects';

/** Modules Python imports at start-up from the path (`site`'s hooks, the codecs) whatever program runs. */
const STARTUP = ['sitecustomize', 'usercustomize', 'encodings'];

/**
 * Standard-library modules a Python tool commonly imports that are not frozen into the interpreter (a frozen
 * module, `os` or `site` since 3.11, is never looked up on the path). A file of the same name on PYTHONPATH wins.
 */
const SHADOWED = [
  'json',
  're',
  'subprocess',
  'typing',
  'pathlib',
  'logging',
  'argparse',
  'collections',
  'functools',
  'tempfile',
  'shutil',
  'random',
  'socket',
  'threading',
  'inspect',
  'importlib',
  'dataclasses',
  'enum',
  'contextlib',
  'string',
  'textwrap',
  'copy',
  'platform',
  'sysconfig',
  'warnings',
  'traceback',
  'weakref',
  'base64',
  'hashlib',
  'glob',
  'fnmatch',
  'datetime',
  'locale',
  'signal',
  'unittest',
  'email',
  'http',
  'urllib',
  'ssl',
  'zipfile',
  'tarfile',
  'configparser',
  'csv',
  'pickle',
  'struct',
  'tokenize',
  'ast',
  'dis',
];

/**
 * The top-level names the inline program of `python -c CODE` imports (`import a.b, c`, `from d import e`): a module
 * of that name in a PYTHONPATH folder is what runs (round 31: `PYTHONPATH=backend python3 -c 'import hook'`).
 */
function inlineImports(args: readonly string[]): string[] {
  const at = args.indexOf('-c');
  if (at < 0 || args.slice(0, at).some((a) => !a.startsWith('-'))) return [];
  const out: string[] = [];
  for (const m of (args[at + 1] ?? '').matchAll(
    /(?:^|[;\n:])\s*(?:import\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)|from\s+([\w.]+)\s+import\b)/g,
  )) {
    const list = m[1] ?? m[2] ?? '';
    for (const part of list.split(',')) out.push(part.trim().split(/[.\s]/)[0] as string);
  }
  return out.filter((n) => n !== '');
}

/** The interpreter's options before its program, `-c` or `-m` (single-letter clusters, as written). */
function interpreterOptions(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const a of args) {
    if (!a.startsWith('-') || a === '-' || a === '-c' || a === '-m' || /^-[A-Za-z]*[cm]$/.test(a)) break;
    out.push(a);
  }
  return out;
}

export function pythonPath(inv: Invocation, r: Reporter): void {
  const seg = r.segments[inv.segment];
  const value = [...(seg?.assignedValues ?? []), ...(seg?.earlierValues ?? [])].find(
    ([name]) => name === 'PYTHONPATH',
  )?.[1];
  if (value === undefined || !r.env.readScript || inv.cwd === undefined) return;
  const say = (why: string) =>
    r.uncertain('dynamic-script', `\`${inv.program}\` runs with PYTHONPATH ${why}`, inv.segment, 'kept');
  if (value.includes('$')) {
    say('naming a folder at run time, whose modules replace what Python imports');
    return;
  }
  const args = inv.args.map((w) => plain(w));
  // The interpreter's own options (before the program, `-c` or `-m`): `-I`/`-E` ignore PYTHONPATH, `--version`
  // prints before any import, `-S` imports no site module (so no sitecustomize), measured with CPython 3.11.
  const own = interpreterOptions(args);
  if (/^python/.test(inv.program)) {
    if (own.some((o) => /^-[A-Za-z]*[IE]/.test(o))) return;
    if (args.length > 0 && args.every((a) => /^(?:--version|-V+)$/.test(a))) return;
  }
  const noSite = /^python/.test(inv.program) && own.some((o) => /^-[A-Za-z]*S/.test(o));
  const module = args[0] === '-m' ? args[1]?.split('.')[0] : undefined;
  const names = [
    ...STARTUP.filter((n) => !noSite || n === 'encodings'),
    ...SHADOWED,
    ...(module ? [module] : []),
    ...inlineImports(args),
  ];
  for (const folder of value.split(':').filter(Boolean)) {
    const dir = resolveArg(
      { text: folder, flow: { sensitive: false, network: false, decoded: false } },
      inv,
      r,
    ).resolved;
    if (dir === undefined) {
      say('naming a folder gavel cannot place');
      return;
    }
    const listing = listBudgeted(dir, r);
    if (listing === undefined || listing === 'over' || (listing.kind === 'unreadable' && listing.tooMany)) {
      say('naming a folder gavel could not list');
      return;
    }
    // A folder that is not there puts nothing on the path; a file there is a zip archive Python imports from.
    if (listing.kind === 'missing') continue;
    if (listing.kind !== 'unreadable' || listing.why !== 'not-regular') {
      say('naming a file, an archive Python imports modules from');
      return;
    }
    if (listing.entries === undefined) {
      say('naming a folder gavel could not list');
      return;
    }
    const entries = new Set(listing.entries);
    const folders = new Set(listing.folders ?? []);
    if (
      names.some(
        (n) =>
          entries.has(`${n}.py`) ||
          entries.has(`${n}.pyc`) ||
          (folders.has(n) && entries.has(n)) ||
          // A native extension (`hook.so`, `hook.cpython-311-x86_64-linux-gnu.so`, `hook.pyd`).
          [...entries].some((e) => e.startsWith(`${n}.`) && /\.(?:so|pyd)$/.test(e)),
      )
    ) {
      say('naming a folder that holds a module Python imports in place of its own');
      return;
    }
  }
}
