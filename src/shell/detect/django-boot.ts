/**
 * What a Django project runs when `python manage.py <command>` starts it: `manage.py` itself and the settings
 * module it names (`DJANGO_SETTINGS_MODULE`, a file or a package), with the project modules the settings import
 * (`from .local import *`), every time, whatever the command. Read for Python that reaches the system as it loads (a process, a
 * socket, a download, code built from text, a deletion, the environment dumped): uncertain, as is a settings module
 * manage.py does not name or more modules than one review follows; one not in the project is installed code, or
 * none. Reading the environment (`os.environ.get`), paths
 * and ordinary configuration stays quiet. The apps the settings install load next (django-apps.ts).
 * Pure apart from the injected reader and reporting; never quotes a file.
 */

import { posix } from 'node:path';
import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { djangoApps } from './django-apps';
import { projectFile } from './project-file';
import { logicalLines } from './python-load-time';

/** Python that reaches the system when a settings module loads. */
const PY_BOOT_REACHES =
  /\b(?:os\s*\.\s*(?:system|popen|exec\w*|spawn\w*|fork\w*|remove|unlink|rmdir|removedirs|kill|putenv)|subprocess|socket|urllib\.request|urlopen|requests\s*\.\s*(?:get|post|put|delete|patch|request|head|Session)|httpx|http\.client|ftplib|pickle|marshal|shelve|shutil\s*\.\s*(?:rmtree|move|copy\w*)|ctypes|__import__|importlib|pty|runpy)\b|(?<![.\w])(?:eval|exec|compile)\s*\(|os\s*\.\s*environ\s*\.\s*(?:copy|items|keys|values|update|pop|clear)\s*\(|dict\s*\(\s*os\s*\.\s*environ\s*\)|\bopen\s*\([^)]*,\s*['"][wax]/;

/** Project modules followed per command. */
const MAX_MODULES = 16;

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

/** The code of a Python file with its comments out of the way (a `#` in a string ends it too: cautious). */
/** The code of a Python file with its comments out of the way, read as Python reads its lines (python-load-time.ts). */
const code = (text: string) => logicalLines(text).join('\n');

/** A module and a package of that dotted name below `base`. */
const moduleFiles = (base: string, dotted: string) => [
  posix.join(base, `${dotted.replaceAll('.', '/')}.py`),
  posix.join(base, dotted.replaceAll('.', '/'), '__init__.py'),
];

/**
 * The project modules a module imports, as files below `root`, relative imports resolved from `dir`: the module, and
 * each name it imports from it that may be a module of its own (`from shop import signals`).
 */
function imports(text: string, dir: string, root: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*from\s+(\.*)([\w.]*)\s+import\s+([\w*, ()]+)/gm)) {
    let base = root;
    if ((m[1] ?? '') !== '') {
      base = dir;
      for (let k = 1; k < (m[1] ?? '.').length; k++) base = posix.dirname(base);
    }
    const mod = m[2] ?? '';
    if (mod !== '') out.push(...moduleFiles(base, mod));
    const from = mod === '' ? base : posix.join(base, mod.replaceAll('.', '/'));
    for (const name of (m[3] ?? '').split(/[\s,()]+/))
      if (/^\w+$/.test(name)) out.push(...moduleFiles(from, name));
  }
  for (const m of text.matchAll(/^\s*import\s+([\w., ]+)/gm))
    for (const mod of (m[1] ?? '').split(/\s*,\s*/)) {
      const name = mod.trim().split(/\s+/)[0] ?? '';
      if (/^[\w.]+$/.test(name)) out.push(...moduleFiles(root, name));
    }
  return out;
}

export function djangoBoot(inv: Invocation, r: Reporter): void {
  const cwd = inv.cwd;
  if (cwd === undefined || !/^python\d*(\.\d+)?$/.test(inv.program)) return;
  const script = plain(inv.args[0]);
  if (!/(^|\/)manage\.py$/.test(script)) return;
  if (inv.args.some((a) => /^(-h|--help|--version)$/.test(plain(a)))) return;
  const managePath = posix.resolve(cwd, script);
  const manage = projectFile(managePath, inv, r);
  if (manage.kind !== 'text') return;
  const root = posix.dirname(managePath);
  const given = inv.args.map(plain).find((a) => a.startsWith('--settings='));
  const named =
    given?.slice('--settings='.length) ??
    /DJANGO_SETTINGS_MODULE['"]\s*,\s*['"]([\w.]+)['"]/.exec(manage.text)?.[1];
  if (PY_BOOT_REACHES.test(code(manage.text))) {
    say(inv, r, 'runs a manage.py whose code may reach the system');
    return;
  }
  if (named === undefined || !/^[\w.]+$/.test(named)) {
    say(inv, r, 'loads a settings module gavel cannot find');
    return;
  }
  const modulePath = posix.join(root, named.replaceAll('.', '/'));
  const queue = [`${modulePath}.py`, `${modulePath}/__init__.py`];
  const seen = new Set<string>();
  const settings: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    if (seen.size > MAX_MODULES) {
      say(inv, r, 'loads more settings modules than one review follows');
      return;
    }
    // A module not in the project is an installed one, or none (the command fails): not the project's text.
    const file = projectFile(path, inv, r);
    if (file.kind === 'unknown') return;
    if (file.kind !== 'text') continue;
    const text = code(file.text);
    settings.push(text);
    if (PY_BOOT_REACHES.test(text)) {
      say(inv, r, 'loads a settings module whose code may reach the system as the project starts');
      return;
    }
    queue.push(...imports(text, posix.dirname(path), root).filter((p) => p.startsWith(`${root}/`)));
  }
  // The apps the settings install load next, whatever the command (django-apps.ts).
  djangoApps(
    {
      root,
      settings,
      starts: [managePath, ...seen],
      reaches: (text) => APP_REACHES.test(text.replace(PLAIN_IMPORT, '')),
      imports: (text, dir) => imports(text, dir, root).filter((p) => p.startsWith(`${root}/`)),
    },
    inv,
    r,
  );
}

/**
 * Python reaching the system as the apps load: what settings may not do, and names taken from the modules that reach
 * (`from os import system`), asyncio's processes and connections, mail and HTTP clients, files written or appended,
 * and names looked up at run time (`globals()["x"]()`, a `getattr` of a name not written out).
 */
const APP_REACHES = new RegExp(
  `${PY_BOOT_REACHES.source}|\\bfrom\\s+(?:os|subprocess|socket|shutil|pty|ctypes|asyncio|http|urllib|smtplib|ftplib|telnetlib|multiprocessing|requests|httpx|importlib|runpy|pickle|marshal|builtins)\\b[^\\n]*\\bimport\\b|\\bcreate_subprocess_\\w+|\\bposix_spawn\\w*|\\bopen_connection\\b|\\bsmtplib\\b|\\bhttp\\s*\\.\\s*client\\b|\\bwrite_(?:text|bytes)\\s*\\(|\\bopen\\s*\\([^)]*\\bmode\\s*=\\s*['"][wax]|\\b(?:globals|locals|vars)\\s*\\(|\\bsys\\s*\\.\\s*(?:modules|path)\\b|__dict__|\\bgetattr\\s*\\([^,()]+,\\s*(?!['"])`,
);

/** `import subprocess` alone runs nothing of it: what uses it is read where it runs (`from x import y` stays). */
const PLAIN_IMPORT = /^[ \t]*import[ \t]+[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*[ \t]*$/gm;
