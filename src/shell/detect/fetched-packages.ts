/**
 * Programs a JavaScript package runner fetches from the registry rather than finds installed. `npx NAME`, `npm
 * exec NAME`, `bunx NAME` and `bun x NAME` run the `NAME` of the nearest `node_modules/.bin` up from the folder they
 * run in; with none there they download the registry package called NAME and run it: `npx tsc` in a project
 * without TypeScript installed runs the package `tsc`, not TypeScript, and `npx ls` a package `ls`, not the system
 * program. `pnpm dlx NAME`, `yarn dlx NAME`, a name with a version (`npx prettier@3`) and a spec of another
 * source (`npx user/repo` from GitHub, `github:`, `git+https:`) always download, as do
 * `uvx NAME`, `uv tool run NAME` and `pipx run NAME` from PyPI (`uvx ls` is a PyPI package `ls`). Marks the segment
 * with the package fetched (`Segment.fetchedPackages`); the catalogue knows such a segment only when the package
 * is one of its known packages of that registry, and reports one fetched from a registry the workspace's
 * configuration names that nobody stated (source-configs.ts). Owns which runners fetch and where they look. Pure
 * apart from the injected reader, reporting and the mark.
 * INVARIANT: with no reader (a caller judging commands by name), nothing is marked, as scripts are judged by name.
 */

import { SHADOWABLE } from '../data/shadowable-tools';
import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { readBudgeted } from './disk-scripts';
import { inFolder } from './project-file';
import { fetchedSource } from './source-configs';

/**
 * Runners (by their wrapper label) and the registry they fetch from; `localFirst`: an installed bin found in a
 * `node_modules/.bin` up from the folder runs instead. uv's and pipx's one-off runs install the PyPI package of
 * the name into a throwaway environment.
 */
const RUNNERS: Readonly<Record<string, { registry: 'npm' | 'pypi'; localFirst: boolean }>> = {
  npx: { registry: 'npm', localFirst: true },
  bunx: { registry: 'npm', localFirst: true },
  'npm exec': { registry: 'npm', localFirst: true },
  'npm x': { registry: 'npm', localFirst: true },
  'bun x': { registry: 'npm', localFirst: true },
  'pnpm dlx': { registry: 'npm', localFirst: false },
  'yarn dlx': { registry: 'npm', localFirst: false },
  uvx: { registry: 'pypi', localFirst: false },
  'uv tool run': { registry: 'pypi', localFirst: false },
  'pipx run': { registry: 'pypi', localFirst: false },
};
/** How far up from the working folder a runner's search for `node_modules/.bin` is followed here. */
const MAX_LEVELS = 16;

/**
 * The registry package a name stands for: `prettier@3` is `prettier`, `@scope/x@1` is `@scope/x`, PyPI's
 * `ruff==0.5` is `ruff` (PyPI names compare lower case, `-`, `_` and `.` alike).
 */
function packageOf(name: string, registry: 'npm' | 'pypi'): { name: string; always: boolean } {
  if (registry === 'pypi') {
    const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)(.*)$/.exec(name);
    const base = (m?.[1] ?? name).toLowerCase().replace(/[-_.]+/g, '-');
    return { name: base, always: (m?.[2] ?? '') !== '' };
  }
  // Not a registry name (`user/repo` is GitHub, `github:`, `git+https:`, `file:`): always fetched, as itself.
  if (name.includes(':') || (name.includes('/') && !/^@[^/]+\/[^/]+$/.test(name.replace(/@[^@/]*$/, ''))))
    return { name, always: true };
  const at = name.indexOf('@', name.startsWith('@') ? 1 : 0);
  return at > 0 ? { name: name.slice(0, at), always: true } : { name, always: false };
}

/** Is a bin called `bin` installed in a `node_modules/.bin` at `cwd` or a folder above it? */
function installedAbove(bin: string, cwd: string, inv: Invocation, r: Reporter): boolean | undefined {
  let dir = cwd;
  for (let level = 0; level < MAX_LEVELS; level++) {
    const file = readBudgeted(inFolder(inFolder(inFolder(dir, 'node_modules'), '.bin'), bin), inv, r);
    if (file === undefined) return undefined;
    // A bin that cannot be read is not taken for installed: the fetch stays possible.
    if (file.kind === 'text' || (file.kind === 'unreadable' && file.why !== 'error')) return true;
    if (dir === '/' || dir === '') return false;
    const up = dir.slice(0, dir.lastIndexOf('/')) || '/';
    if (up === dir) return false;
    dir = up;
  }
  return false;
}

/** Runners that run a name from the nearest `node_modules/.bin` before PATH. */
const LOCAL_BIN_RUNNERS = new Set(['npx', 'bunx', 'npm exec', 'npm x', 'bun x', 'pnpm exec', 'yarn exec']);

/**
 * A local-bin runner given the name of a system tool (`pnpm exec git`, `npx curl`) runs a file in node_modules/.bin
 * of that name when there is one: a workspace file nobody read (detect/bin-shadows.ts for the scripts they run).
 */
function shadowedTool(inv: Invocation, runner: string | undefined, r: Reporter): void {
  if (runner === undefined || !LOCAL_BIN_RUNNERS.has(runner) || !SHADOWABLE.has(inv.program)) return;
  if (!r.env.readScript || inv.cwd === undefined) return;
  if (installedAbove(inv.program, inv.cwd, inv, r) !== false)
    r.uncertain(
      'dynamic-command',
      `\`${runner}\` runs a \`${inv.program}\` that a file in node_modules/.bin may replace`,
      inv.segment,
      'kept',
    );
}

/**
 * Marks `inv`'s segment with the npm package its runner fetches, when it fetches one. `runner`: the segment's last
 * wrapper (`npx`, `npm exec`, `pnpm dlx`, ...).
 */
export function markFetchedPackage(inv: Invocation, runner: string | undefined, r: Reporter): void {
  shadowedTool(inv, runner, r);
  const spec = runner === undefined || !Object.hasOwn(RUNNERS, runner) ? undefined : RUNNERS[runner];
  if (!spec) return;
  if (!r.env.readScript) return;
  const word = plain(inv.command);
  // A path (`npx ./bin/x.js`) runs that file.
  if (word.startsWith('.') || word.startsWith('/')) return;
  const pkg = packageOf(word, spec.registry);
  if (spec.localFirst && !pkg.always) {
    const bin = pkg.name.slice(pkg.name.lastIndexOf('/') + 1);
    const found = inv.cwd === undefined ? false : installedAbove(bin, inv.cwd, inv, r);
    if (found !== false) return;
  }
  const segment = r.segments[inv.segment];
  if (segment) segment.fetchedPackages = [{ registry: spec.registry, name: pkg.name }];
  fetchedSource(spec.registry, inv, r);
}
