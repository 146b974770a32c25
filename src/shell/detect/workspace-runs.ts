/**
 * Monorepo orchestrators that run a script in every package of a workspace: `turbo run x` (and `turbo x`,
 * `turbo watch x`, with the tasks turbo.json makes them depend on), `lerna run x`, `nx run-many -t x`,
 * `nx affected -t x`, `nx run p:x`, `nx x p`. The workspace's packages come from pnpm-workspace.yaml, the root
 * package.json `workspaces` or lerna.json `packages`; each package's script is read from its package.json and
 * analysed as the `sh -c` text it is, as `npm run` is (package-scripts.ts). Never quotes a file. Pure apart from
 * the injected reader and reporting.
 * Patterns (`packages/*`) are expanded by listing folders through the same reader (workspacePackages, which the
 * package managers' own workspace runs use too).
 * INVARIANT: a pattern gavel does not expand or a folder it cannot list, more packages than the bound below,
 * a manifest that does not parse, nx project files (targets gavel does not follow) and tasks named at run time are
 * uncertain, never silently allowed.
 */

import { isRecord } from '../../core';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import { readBudgeted, runFileText } from './disk-scripts';
import { foldersUp, inFolder, projectFile } from './project-file';
import { turboPlan, turboRunsNothing } from './turbo-plan';

/** Workspace packages read for one orchestrator run; more is uncertain. */
export const MAX_WORKSPACE_PACKAGES = 64;

const say = (program: string, inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${program}\` ${why}`, inv.segment, 'kept');

/** turbo's own commands (other first words name tasks). */
const TURBO_COMMANDS = new Set(
  'login logout link unlink prune gen generate daemon ls query info telemetry scan bin boundaries completion devtools help'.split(
    ' ',
  ),
);
/** Options of the orchestrators that take a separate value. */
const VALUE =
  /^(--filter|-F|--scope|--ignore|--concurrency|--cache-dir|--log-order|--output-logs|--graph|--env-mode|--profile|--since|--cwd|--projects|-p|--exclude|--parallel|--configuration|-c|--base|--head|--files|--nx-bail|--team|--token|--api|--summarize|--ui|--cache|--log-prefix|--dry|--affected)$/;

/** The tasks an orchestrator invocation runs, or undefined when it runs none; `dynamic` when named at run time. */
function tasksOf(program: string, inv: Invocation): { tasks: string[]; dynamic: boolean } | undefined {
  const words: string[] = [];
  let dynamic = false;
  const targets: string[] = [];
  for (let k = 0; k < inv.args.length; k++) {
    const w = inv.args[k];
    const t = optionText(w);
    if (t === '--') break;
    const target = /^(-t|--target|--targets)(=(.*))?$/.exec(t);
    if (program === 'nx' && target) {
      const value = target[3] !== undefined ? w : inv.args[++k];
      if (!isLiteral(value)) dynamic = true;
      targets.push(...(target[3] ?? plain(value)).split(',').filter(Boolean));
      continue;
    }
    if (t.startsWith('-')) {
      if (!t.includes('=') && VALUE.test(t)) k++;
      continue;
    }
    if (!isLiteral(w)) dynamic = true;
    words.push(t);
  }
  const [first, ...rest] = words;
  if (first === undefined) return undefined;
  if (program === 'turbo') {
    if (first === 'run' || first === 'watch') return { tasks: rest, dynamic };
    return TURBO_COMMANDS.has(first) ? undefined : { tasks: words, dynamic };
  }
  if (program === 'lerna') return first === 'run' ? { tasks: rest.slice(0, 1), dynamic } : undefined;
  if (program === 'nx') {
    if (first === 'run-many' || first === 'affected') return { tasks: targets, dynamic };
    if (/^affected:/.test(first)) return { tasks: [first.slice(9)], dynamic };
    if (first === 'run') return { tasks: rest.map((x) => x.split(':')[1] ?? '').filter(Boolean), dynamic };
    if (
      /^(graph|show|list|report|migrate|generate|g|init|add|reset|daemon|format|format:check|format:write|print-affected|connect|release|repair|sync|watch|exec|view-logs|login|logout|help)$/.test(
        first,
      )
    )
      return undefined;
    // `nx build web`, `nx web:build`.
    return { tasks: [first.includes(':') ? (first.split(':')[1] ?? '') : first], dynamic };
  }
  return undefined;
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(text);
    return isRecord(json) ? json : undefined;
  } catch {
    return undefined;
  }
}

/** A workspace list as a manifest writes it: an array, or `{ packages: [...] }` (yarn 1). */
const listOf = (ws: unknown): unknown[] | undefined =>
  Array.isArray(ws) ? ws : isRecord(ws) && Array.isArray(ws.packages) ? ws.packages : undefined;

/** The package folders a workspace lists, as written (pnpm-workspace.yaml, package.json workspaces, lerna.json). */
function workspaceEntries(
  inv: Invocation,
  r: Reporter,
): { root: string; entries: string[]; includeRoot?: boolean } | 'unknown' | undefined {
  const top = r.scope.workspaceRoots.find((w) => w !== '/' && w !== r.scope.home && inv.cwd?.startsWith(w));
  for (const dir of foldersUp(inv.cwd as string)) {
    const pnpm = projectFile(inFolder(dir, 'pnpm-workspace.yaml'), inv, r);
    if (pnpm.kind === 'unknown') return 'unknown';
    if (pnpm.kind === 'text') {
      const entries = pnpmPackages(pnpm.text);
      if (entries === undefined) return 'unknown';
      // `includeWorkspaceRoot` (or `.npmrc`'s `include-workspace-root`) runs the root's own script with `-r` (review).
      const npmrc = projectFile(inFolder(dir, '.npmrc'), inv, r);
      if (npmrc.kind === 'unknown') return 'unknown';
      const includeRoot =
        /^\s*includeWorkspaceRoot\s*:\s*(?!false\b)/m.test(pnpm.text) ||
        (npmrc.kind === 'text' && /^\s*include-workspace-root\s*=\s*(?!false\b)/m.test(npmrc.text));
      // npm, yarn and turbo read the manifest's `workspaces` instead: both lists count.
      const manifest = projectFile(inFolder(dir, 'package.json'), inv, r);
      if (manifest.kind === 'unknown') return 'unknown';
      if (manifest.kind === 'text') {
        const json = parseJson(manifest.text);
        if (!json) return 'unknown';
        for (const e of listOf(json.workspaces) ?? []) if (typeof e === 'string') entries.push(e);
      }
      return { root: dir, entries, includeRoot };
    }
    const manifest = projectFile(inFolder(dir, 'package.json'), inv, r);
    if (manifest.kind === 'unknown') return 'unknown';
    const lerna = projectFile(inFolder(dir, 'lerna.json'), inv, r);
    if (lerna.kind === 'unknown') return 'unknown';
    const entries: string[] = [];
    let listed = false;
    for (const file of [manifest, lerna]) {
      if (file.kind !== 'text') continue;
      const json = parseJson(file.text);
      if (!json) return 'unknown';
      const list = listOf(file === lerna ? json.packages : json.workspaces);
      if (list) {
        listed = true;
        for (const e of list) if (typeof e === 'string') entries.push(e);
      } else if (file === lerna) {
        // lerna's default.
        listed = true;
        entries.push('packages/*');
      }
    }
    if (listed) return { root: dir, entries };
    if (dir === top) break;
  }
  return undefined;
}

/** The entry names of a folder, through the injected reader (a folder is listed, not read); undefined: not listed. */
function listed(dir: string, inv: Invocation, r: Reporter): readonly string[] | undefined {
  const file = readBudgeted(dir, inv, r);
  if (file?.kind === 'missing') return [];
  return file?.kind === 'unreadable' && file.why === 'not-regular' ? file.entries : undefined;
}

/** One path segment of a workspace pattern (`*`, `web-*`, `?pp`) as a regular expression. */
const segmentPattern = (segment: string) =>
  new RegExp(
    `^${segment
      .replace(/[.+^$()|\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]')}$`,
  );

/**
 * The package folders a workspace's entries name, patterns expanded by listing folders (`packages/*`,
 * `apps/web-*`; hidden folders and node_modules left out, as the managers' globbing does), or undefined when that
 * is uncertain (reported): `**`, a class or brace pattern, `..`, a folder that cannot be listed, too many packages.
 */
function packageFolders(
  program: string,
  ws: { root: string; entries: string[] },
  inv: Invocation,
  r: Reporter,
): string[] | undefined {
  const folders = new Set<string>();
  const unlisted = (why: string) => {
    say(program, inv, r, why);
    return undefined;
  };
  for (const entry of ws.entries) {
    // A negated entry leaves packages out: reading them anyway only reads more.
    if (entry.startsWith('!')) continue;
    const clean = entry.replace(/^\.\//, '').replace(/\/+$/, '');
    if (/[[\]{}]|\*\*/.test(clean) || clean.split('/').includes('..') || clean.startsWith('/'))
      return unlisted('runs scripts of workspace packages listed by a pattern gavel does not expand');
    let dirs = [ws.root];
    for (const segment of clean === '' || clean === '.' ? [] : clean.split('/')) {
      if (!/[*?]/.test(segment)) {
        dirs = dirs.map((d) => inFolder(d, segment));
        continue;
      }
      const re = segmentPattern(segment);
      const next: string[] = [];
      for (const d of dirs) {
        const names = listed(d, inv, r);
        if (names === undefined)
          return unlisted('runs scripts of workspace packages in a folder gavel cannot list');
        for (const n of names)
          if (!n.startsWith('.') && n !== 'node_modules' && re.test(n)) next.push(inFolder(d, n));
        if (next.length > MAX_WORKSPACE_PACKAGES) break;
      }
      dirs = next;
    }
    for (const d of dirs) folders.add(d);
    if (folders.size > MAX_WORKSPACE_PACKAGES)
      return unlisted(
        `runs scripts of more workspace packages than one review reads (${MAX_WORKSPACE_PACKAGES})`,
      );
  }
  return [...folders];
}

/**
 * The package folders of the workspace `inv` runs in (pnpm-workspace.yaml, package.json `workspaces`,
 * lerna.json), the root left out; undefined when they cannot be known (reported uncertain) or with no reader.
 */
export function workspacePackages(inv: Invocation, r: Reporter): string[] | undefined {
  if (!r.env.readScript || inv.cwd === undefined) return undefined;
  return listedPackages(inv, r, () => {
    say(inv.program, inv, r, 'runs scripts of workspace packages but no workspace lists them');
    return undefined;
  });
}

/**
 * As workspacePackages, for a command that runs workspace packages' scripts only when there is a workspace (an
 * install runs each package's install scripts): no workspace, no packages (nothing said); with no reader, none.
 */
export function workspacePackagesIfAny(inv: Invocation, r: Reporter): string[] | undefined {
  if (!r.env.readScript || inv.cwd === undefined) return [];
  return listedPackages(inv, r, () => []);
}

function listedPackages(
  inv: Invocation,
  r: Reporter,
  none: () => string[] | undefined,
): string[] | undefined {
  const ws = workspaceEntries(inv, r);
  if (ws === 'unknown') {
    say(inv.program, inv, r, 'reads a workspace manifest that does not parse: what it runs is uncertain');
    return undefined;
  }
  if (!ws) return none();
  const folders = packageFolders(inv.program, ws, inv, r)?.filter((d) => d !== ws.root);
  return folders && ws.includeRoot ? [ws.root, ...folders] : folders;
}

/** The root package's scripts turbo runs (`//#task` in turbo.json). */
function rootScripts(root: string, tasks: Set<string>, inv: Invocation, r: Reporter, wrapper: string): void {
  if (tasks.size === 0) return;
  const file = projectFile(inFolder(root, 'package.json'), inv, r);
  if (file.kind === 'unknown') return;
  const json = file.kind === 'text' ? parseJson(file.text) : undefined;
  if (file.kind === 'text' && (!json || (json.scripts !== undefined && !isRecord(json.scripts)))) {
    say('turbo', inv, r, 'reads a package.json that does not parse: what it runs is uncertain');
    return;
  }
  const scripts = isRecord(json?.scripts) ? json.scripts : {};
  for (const task of tasks) {
    const text = scripts[task];
    if (typeof text === 'string')
      runFileText(text, root === inv.cwd ? inv : { ...inv, cwd: root }, r, wrapper);
  }
}

export function workspaceRuns(inv: Invocation, r: Reporter): void {
  const program = inv.program;
  if (program !== 'turbo' && program !== 'lerna' && program !== 'nx') return;
  const run = tasksOf(program, inv);
  if (!run) return;
  if (run.dynamic) {
    say(program, inv, r, 'runs a task named at run time');
    return;
  }
  if (!r.env.readScript || inv.cwd === undefined) return;
  const ws = workspaceEntries(inv, r);
  if (ws === 'unknown') {
    say(program, inv, r, 'reads a workspace manifest that does not parse: what it runs is uncertain');
    return;
  }
  let tasks = new Set(run.tasks.filter(Boolean));
  const root = ws?.root ?? (inv.cwd as string);
  if (program === 'turbo' && turboRunsNothing(inv)) return;
  // `turbo run web#build`: a task of one package, which turbo finds by the package's name.
  if (program === 'turbo' && [...tasks].some((t) => t.includes('#'))) {
    say(program, inv, r, 'runs a task of a package named in the task, which gavel does not place');
    return;
  }
  let folders = ws ? packageFolders(program, ws, inv, r) : [root];
  if (!folders) return;
  const wrapper = `${program}${SCRIPT_FILE_WRAPPER}`;
  if (program === 'turbo') {
    // turbo.json `dependsOn`/`with`: the tasks run first or alongside, in the package (`x`) or its dependencies (`^x`).
    const plan = turboPlan([...tasks], root, ws ? folders : [], inv, r);
    if (!plan) return;
    tasks = plan.tasks;
    if (ws) folders = plan.folders;
    if (ws) rootScripts(root, plan.rootTasks, inv, r, wrapper);
  }
  for (const dir of folders) {
    if (program === 'nx') {
      const project = projectFile(inFolder(dir, 'project.json'), inv, r);
      if (project.kind === 'unknown') return;
      if (project.kind === 'text') {
        say(program, inv, r, 'runs targets of a project.json, which gavel does not follow');
        return;
      }
    }
    const file = projectFile(inFolder(dir, 'package.json'), inv, r);
    if (file.kind === 'unknown') return;
    if (file.kind !== 'text') continue;
    const json = parseJson(file.text);
    const scripts = json?.scripts;
    if (!json || (scripts !== undefined && !isRecord(scripts))) {
      say(program, inv, r, 'reads a package.json that does not parse: what it runs is uncertain');
      return;
    }
    if (!isRecord(scripts)) continue;
    const at = dir === inv.cwd ? inv : { ...inv, cwd: dir };
    for (const task of tasks) {
      // lerna runs a script through npm, with its `pre` and `post` scripts.
      const names = program === 'lerna' ? [`pre${task}`, task, `post${task}`] : [task];
      for (const name of names) {
        const text = scripts[name];
        if (typeof text === 'string') runFileText(text, at, r, wrapper);
      }
    }
  }
}

/**
 * The `packages` list of a pnpm-workspace.yaml (block items, indented or not, or a flow list of plain or quoted
 * names); undefined when it is written in another form (review: an unindented block and a flow list were missed).
 */
function pnpmPackages(text: string): string[] | undefined {
  const entries: string[] = [];
  const lines = text.split(/\r\n?|\n/);
  for (let k = 0; k < lines.length; k++) {
    const head = /^packages\s*:\s*(.*?)\s*$/.exec(lines[k] ?? '');
    if (!head) continue;
    const inline = (head[1] ?? '').replace(/\s+#.*$/, '');
    if (inline !== '') {
      const flow = /^\[(.*)\]$/.exec(inline);
      if (!flow) return undefined;
      for (const item of (flow[1] ?? '').split(',')) {
        const m = /^\s*(?:"([^"\\]*)"|'([^']*)'|([^"'\s,[\]{}#]+))\s*$/.exec(item);
        if (!m) {
          if (item.trim() === '') continue;
          return undefined;
        }
        entries.push(m[1] ?? m[2] ?? m[3] ?? '');
      }
      continue;
    }
    for (k++; k < lines.length; k++) {
      const line = lines[k] ?? '';
      if (line.trim() === '' || /^\s*#/.test(line)) continue;
      const m = /^\s*-\s*(?:"([^"\\]*)"|'([^']*)'|([^"'\s#]+))\s*(?:#.*)?$/.exec(line);
      if (m) entries.push(m[1] ?? m[2] ?? m[3] ?? '');
      else if (/^\S/.test(line)) {
        k--;
        break;
      } else return undefined;
    }
  }
  return entries;
}
