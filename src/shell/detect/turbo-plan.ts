/**
 * What `turbo run` runs, as turbo plans it: the tasks named and, through turbo.json's `dependsOn` and `with` (the
 * root's and each package's), the tasks they need, closed over; the packages a `--filter` of package names
 * selects with every workspace package they depend on (a superset of what `^task` reaches); root tasks only where
 * turbo.json names them `//#task`. `--dry-run`/`--dry`/`--graph` plan and run nothing. Anything gavel does not
 * read this way (a turbo.json that does not parse, a dependency on another package's task `pkg#task`, a filter by
 * folder, glob, git range or dependents) widens the plan to every task any turbo.json names, in every package, as
 * before. Pure apart from the injected reader; never quotes a file.
 */

import { isRecord } from '../../core';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import { jsonc } from './manifest-sources';
import { inFolder, projectFile } from './project-file';

export interface TurboPlan {
  /** Task names run in each package of `folders`. */
  tasks: Set<string>;
  /** Task names run in the workspace root (`//#task`). */
  rootTasks: Set<string>;
  /** Package folders the tasks run in. */
  folders: string[];
}

/** A package name turbo's `--filter` takes as a name (with `...` after it: and its dependencies). */
const FILTER_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\^?\.\.\.)?$/i;

/** turbo.json's JSON with the comments and trailing commas it allows; undefined when it does not parse. */
function parseJsonc(text: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(jsonc(text));
    return isRecord(json) ? json : undefined;
  } catch {
    return undefined;
  }
}

/** Does turbo plan and run nothing (`--dry-run`, `--dry=json`, `--graph`)? */
export function turboRunsNothing(inv: Invocation): boolean {
  for (const w of inv.args) {
    const t = optionText(w);
    if (t === '--') return false;
    if (/^--(?:dry-run|dry|graph)(?:=|$)/.test(t)) return true;
  }
  return false;
}

/** The values of `--filter`/`-F`; undefined when one is named at run time. */
function filters(inv: Invocation): string[] | undefined {
  const out: string[] = [];
  for (let k = 0; k < inv.args.length; k++) {
    const t = optionText(inv.args[k]);
    if (t === '--') break;
    const m = /^(--filter|-F)(?:=([\s\S]*))?$/.exec(t);
    if (!m) continue;
    const w = m[2] !== undefined ? inv.args[k] : inv.args[++k];
    if (w === undefined || !isLiteral(w)) return undefined;
    out.push(m[2] ?? plain(w));
  }
  return out;
}

interface Manifest {
  folder: string;
  name?: string;
  deps: string[];
}

/**
 * The plan of `turbo run` over `folders` (the workspace's packages) from `root`, for the tasks named; undefined
 * when a turbo.json cannot be read (unknown to the reader: the caller stops, as for any file).
 */
export function turboPlan(
  named: readonly string[],
  root: string,
  folders: readonly string[],
  inv: Invocation,
  r: Reporter,
): TurboPlan | undefined {
  const widened = new Set(named);
  const widenedRoot = new Set<string>();
  const configs: Record<string, unknown>[] = [];
  let exact = true;
  for (const dir of [root, ...folders]) {
    const file = projectFile(inFolder(dir, 'turbo.json'), inv, r);
    if (file.kind === 'unknown') return undefined;
    if (file.kind !== 'text') continue;
    // Every task any turbo.json names as needed: the plan when it is not read exactly.
    for (const m of file.text.matchAll(/"(?:dependsOn|with)"\s*:\s*\[([^\]]*)\]/g))
      for (const s of (m[1] ?? '').matchAll(/"\^?(?:[^"#]*#)?([^"#]+)"/g)) widened.add(s[1] ?? '');
    for (const m of file.text.matchAll(/"\/\/#([^"]+)"/g)) widenedRoot.add(m[1] ?? '');
    const json = parseJsonc(file.text);
    const tasks = json ? (json.tasks ?? json.pipeline) : undefined;
    if (!isRecord(tasks)) exact = false;
    else configs.push(tasks);
  }
  const manifests: Manifest[] = [];
  for (const folder of folders) {
    const file = projectFile(inFolder(folder, 'package.json'), inv, r);
    if (file.kind === 'unknown') return undefined;
    const json = file.kind === 'text' ? parseJsonc(file.text) : undefined;
    const deps = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'].flatMap(
      (k) => (isRecord(json?.[k]) ? Object.keys(json[k] as Record<string, unknown>) : []),
    );
    manifests.push({ folder, ...(typeof json?.name === 'string' ? { name: json.name } : {}), deps });
  }
  const everything: TurboPlan = { tasks: widened, rootTasks: widenedRoot, folders: [...folders] };
  if (!exact) return everything;
  // The closure of the tasks named over `dependsOn` and `with` (`task`, `^task`, `pkg#task` for any package).
  const tasks = new Set(named);
  const rootTasks = new Set<string>();
  const queue = [...named];
  while (queue.length > 0) {
    const task = queue.pop() as string;
    for (const config of configs)
      for (const [key, spec] of Object.entries(config)) {
        if (key !== task && !key.endsWith(`#${task}`)) continue;
        if (key === `//#${task}`) rootTasks.add(task);
        if (!isRecord(spec)) continue;
        for (const listName of ['dependsOn', 'with']) {
          const list = spec[listName];
          if (list === undefined) continue;
          if (!Array.isArray(list)) return everything;
          for (const entry of list) {
            if (typeof entry !== 'string') return everything;
            // A task of one named package (`docs#build`) may lie outside the packages a filter selects.
            if (entry.includes('#')) return everything;
            const name = entry.replace(/^\^/, '');
            if (name.startsWith('$') || tasks.has(name)) continue;
            tasks.add(name);
            queue.push(name);
          }
        }
      }
  }
  const given = filters(inv);
  if (given === undefined || given.length === 0 || !given.every((f) => FILTER_NAME.test(f)))
    return { tasks, rootTasks, folders: [...folders] };
  // The packages named and every workspace package they depend on, transitively.
  const byName = new Map(manifests.filter((m) => m.name !== undefined).map((m) => [m.name as string, m]));
  const chosen = new Set<Manifest>();
  const pending = given.map((f) => f.replace(/\^?\.\.\.$/, ''));
  if (!pending.every((n) => byName.has(n))) return { tasks, rootTasks, folders: [...folders] };
  while (pending.length > 0) {
    const m = byName.get(pending.pop() as string);
    if (!m || chosen.has(m)) continue;
    chosen.add(m);
    pending.push(...m.deps.filter((d) => byName.has(d)));
  }
  return { tasks, rootTasks, folders: [...chosen].map((m) => m.folder) };
}
