/**
 * What Django imports of a project's own apps when `manage.py` starts, whatever the command: each app's package,
 * its `apps.py` (the `ready()` hook runs), its models and admin modules, the URL configuration the system checks
 * load, and the project modules those import, then the project's management command of the name given, which
 * replaces a built-in of that name (`billing/management/commands/check.py` is what `manage.py check` runs). The apps
 * are the packages the settings name by string and every package below the project holding an `apps.py` (a list
 * built at run time is covered). What runs on import is read (python-load-time.ts: module and class bodies, hooks,
 * registered and called functions), a command's file whole; Python that reaches the system there (a process, a
 * socket, a download, code built from text, a deletion) is uncertain, as are more modules than one review follows.
 * The tests `manage.py test` collects and the migrations the migration commands load and run are the project's own
 * code that the command is asked to run, as pytest's tests are: not read. A project changing where Python finds
 * modules (`sys.path`) or holding a module named like a standard one is uncertain. Pure apart from the injected
 * reader and reporting; never quotes a file.
 */

import { posix } from 'node:path';
import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { folderListing, listedEntry } from './config-modules';
import { projectFile } from './project-file';
import { loadTimeCode, logicalLines } from './python-load-time';
import { standardModules } from './workspace-programs';

/** Modules followed per command, and folders looked into for apps. */
const MAX_MODULES = 64;
const MAX_FOLDERS = 96;
const APP_DEPTH = 3;

/** Folders that hold no app of the project (environments, dependencies, generated output). */
const NOT_APPS =
  /^(?:node_modules|venv|env|site-packages|__pycache__|migrations|static|staticfiles|media|templates|locale|dist|build|htmlcov|tests?)$/;

/** A module of an app Django imports as it populates the app registry (and the admin its autodiscovery imports). */
const APP_MODULES = ['__init__.py', 'apps.py', 'models.py', 'models/__init__.py', 'admin.py'];

export interface DjangoProject {
  root: string;
  /** The settings modules read, comments cut. */
  settings: readonly string[];
  /** manage.py and the settings modules' files: what they import, and their packages, load first. */
  starts: readonly string[];
  /** A test of Python text that reaches the system as it runs. */
  reaches: (code: string) => boolean;
  /** Project modules a module's text imports, as files below `root`. */
  imports: (text: string, dir: string) => string[];
}

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

/** Dotted names in the settings' strings (`"billing.apps.BillingConfig"`, `"quarry.urls"`). */
const dottedStrings = (text: string): string[] =>
  [...text.matchAll(/["']([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)["']/g)].map((m) => m[1] as string);

/** A folder's entries, each folder listed once per command (a listing counts against the review's reads). */
function lister(inv: Invocation, r: Reporter) {
  const known = new Map<string, Listing>();
  return (dir: string): Listing => {
    let names = known.get(dir);
    if (names === undefined) {
      names = folderListing(dir, inv, r);
      known.set(dir, names);
    }
    return names;
  };
}

/** A folder's names, or why there are none to read (folderListing). */
type Listing = ReadonlySet<string> | 'missing' | 'unlisted';

function appsBelow(
  dir: string,
  list: (dir: string) => Listing,
  out: Set<string>,
  seen: { n: number },
  has: (path: string) => boolean,
  depth = 0,
): boolean {
  const names = list(dir);
  if (names === 'missing') return true;
  // A package folder that cannot be listed may hold any app.
  if (names === 'unlisted') return false;
  if (++seen.n > MAX_FOLDERS) return false;
  if (names.has('apps.py')) out.add(dir);
  if (depth >= APP_DEPTH) return true;
  for (const name of [...names].sort()) {
    if (name.includes('.') || NOT_APPS.test(name)) continue;
    const sub = posix.join(dir, name);
    if (has(posix.join(sub, '__init__.py')) || has(posix.join(sub, 'apps.py')))
      if (!appsBelow(sub, list, out, seen, has, depth + 1)) return false;
  }
  return true;
}

/** The first positional word after `manage.py`: the command Django runs. */
function commandName(inv: Invocation): { name: string; runs: boolean } | undefined {
  const words = inv.args
    .slice(1)
    .map(plain)
    .filter((a) => !a.startsWith('-'));
  // `help NAME` imports NAME's module to print its options: its import-time code runs, its `handle` does not.
  if (words[0] === 'help' && words[1] !== undefined) return { name: words[1], runs: false };
  return words[0] === undefined ? undefined : { name: words[0], runs: true };
}

export function djangoApps(project: DjangoProject, inv: Invocation, r: Reporter): void {
  const { root } = project;
  const list = lister(inv, r);
  const has = (path: string) => listedEntry(path, list(posix.dirname(path)), inv, r);
  const top = list(root);
  if (top === 'missing') return;
  if (top === 'unlisted') {
    say(inv, r, 'starts a project in a folder gavel cannot list: the apps it holds are not read');
    return;
  }
  // A dotted name is the project's when its first part is a package or module at the top (`billing.apps.X`);
  // `django.contrib.admin` is installed code.
  const ours = (name: string) => {
    const first = name.split('.')[0] as string;
    return top.has(first) || top.has(`${first}.py`);
  };
  const apps = new Set<string>();
  const modules: string[] = [];
  for (const name of project.settings.flatMap(dottedStrings).filter(ours)) {
    const path = posix.join(root, name.replaceAll('.', '/'));
    // `pkg.apps.PkgConfig`: the config's module, in the app's package.
    if (/\.[A-Z]\w*$/.test(name)) apps.add(posix.dirname(posix.dirname(path)));
    else apps.add(path);
    modules.push(`${path}.py`, `${posix.dirname(path)}.py`);
  }
  // A module of the project named like a standard one replaces it for Python and Django alike (`zoneinfo.py`).
  const shadows = (n: string) =>
    standardModules().has(n.replace(/\.py$/, '')) &&
    (n.endsWith('.py') || has(posix.join(root, n, '__init__.py')));
  if ([...top].some(shadows)) {
    say(inv, r, 'starts a project with a module named like a standard one, which replaces it');
    return;
  }
  if (!appsBelow(root, list, apps, { n: 0 }, has)) {
    say(inv, r, 'starts a project with more folders than one review looks into (or lists) for its apps');
    return;
  }
  for (const app of apps) {
    if (!app.startsWith(`${root}/`)) continue;
    modules.push(...APP_MODULES.map((m) => posix.join(app, m)));
    // The template tag libraries the system checks import.
    const tags = list(posix.join(app, 'templatetags'));
    if (tags === 'unlisted') {
      say(inv, r, 'starts an app whose template tag folder gavel cannot list');
      return;
    }
    for (const name of tags === 'missing' ? [] : tags)
      if (name.endsWith('.py')) modules.push(posix.join(app, 'templatetags', name));
  }
  modules.push(...project.starts);
  const command = commandName(inv);
  const commands =
    command === undefined || !/^\w+$/.test(command.name)
      ? []
      : [...apps].map((app) => posix.join(app, 'management', 'commands', `${command.name}.py`));
  const texts = new Map<string, string>();
  const whole = new Set<string>();
  const queue = [
    ...commands.map((c) => [c, command?.runs === true] as const),
    ...modules.map((m) => [m, false] as const),
  ];
  while (queue.length > 0) {
    const [path, all] = queue.shift() as readonly [string, boolean];
    if (texts.has(path) || !path.startsWith(`${root}/`) || !has(path)) continue;
    const file = projectFile(path, inv, r);
    if (file.kind === 'unknown') return;
    if (file.kind !== 'text') continue;
    if (texts.size >= MAX_MODULES) {
      say(inv, r, 'starts a project whose apps load more modules than one review follows');
      return;
    }
    const text = logicalLines(file.text).join('\n');
    texts.set(path, text);
    if (all) whole.add(path);
    // What it imports, the packages holding it (each `__init__.py` up to the project), and the project modules and
    // packages its strings name (`include("shop.urls")`, an app config's `name = "core"`).
    const parents: string[] = [];
    for (let d = posix.dirname(path); d.startsWith(`${root}/`); d = posix.dirname(d))
      parents.push(`${d}/__init__.py`);
    for (const next of [
      ...project.imports(text, posix.dirname(path)),
      ...parents,
      ...dottedStrings(text)
        .filter(ours)
        .flatMap((n) => {
          const at = posix.join(root, n.replaceAll('.', '/'));
          return [`${at}.py`, ...APP_MODULES.map((m) => posix.join(at, m))];
        }),
    ])
      queue.push([next, false]);
  }
  const paths = [...texts.keys()];
  const running = loadTimeCode(paths.map((p) => texts.get(p) as string));
  for (const [k, path] of paths.entries()) {
    const code = whole.has(path) ? (texts.get(path) as string) : (running[k] as string);
    if (!project.reaches(code)) continue;
    say(
      inv,
      r,
      whole.has(path)
        ? 'runs a management command of the project whose code may reach the system'
        : 'starts a project whose apps run code that may reach the system as they load',
    );
    return;
  }
}
