/**
 * Programs a JavaScript package runner fetches from the registry rather than finds installed. `npx NAME`, `npm
 * exec NAME`, `bunx NAME` and `bun x NAME` run the `NAME` of the nearest `node_modules/.bin` up from the folder they
 * run in; with none there they download the registry package called NAME and run it: `npx tsc` in a project
 * without TypeScript installed runs the package `tsc`, not TypeScript, and `npx ls` a package `ls`, not the system
 * program. `pnpm dlx NAME`, `yarn dlx NAME` and a name with a version (`npx prettier@3`) always download. Marks the
 * segment with the package fetched (`Segment.fetchedPackage`); the catalogue knows such a segment only when the
 * package is one of its known npm packages. Owns which runners fetch and where they look. Pure apart from the
 * injected reader and the mark.
 * INVARIANT: with no reader (a caller judging commands by name), nothing is marked, as scripts are judged by name.
 */

import { inFolder } from './project-file';
import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { readBudgeted } from './disk-scripts';

/** Runners that run an installed bin when one is found, and fetch the package of that name otherwise. */
const LOCAL_FIRST = new Set(['npx', 'bunx', 'npm exec', 'npm x', 'bun x']);
/** Runners that always fetch the package named. */
const ALWAYS = new Set(['pnpm dlx', 'yarn dlx']);
/** How far up from the working folder a runner's search for `node_modules/.bin` is followed here. */
const MAX_LEVELS = 16;

/** The registry package a name stands for: `prettier@3` is `prettier`, `@scope/x@1` is `@scope/x`. */
function packageOf(name: string): { name: string; versioned: boolean } {
  const at = name.indexOf('@', name.startsWith('@') ? 1 : 0);
  return at > 0 ? { name: name.slice(0, at), versioned: true } : { name, versioned: false };
}

/** Is a bin called `bin` installed in a `node_modules/.bin` at `cwd` or a folder above it? */
function installedAbove(bin: string, cwd: string, inv: Invocation, r: Reporter): boolean | undefined {
  let dir = cwd;
  for (let level = 0; level < MAX_LEVELS; level++) {
    const file = readBudgeted(inFolder(inFolder(inFolder(dir, 'node_modules'), '.bin'), bin), inv, r);
    if (file === undefined) return undefined;
    if (file.kind !== 'missing') return true;
    if (dir === '/' || dir === '') return false;
    const up = dir.slice(0, dir.lastIndexOf('/')) || '/';
    if (up === dir) return false;
    dir = up;
  }
  return false;
}

/**
 * Marks `inv`'s segment with the npm package its runner fetches, when it fetches one. `runner`: the segment's last
 * wrapper (`npx`, `npm exec`, `pnpm dlx`, ...).
 */
export function markFetchedPackage(inv: Invocation, runner: string | undefined, r: Reporter): void {
  if (runner === undefined || (!LOCAL_FIRST.has(runner) && !ALWAYS.has(runner))) return;
  if (!r.env.readScript) return;
  const word = plain(inv.command);
  // A path (`npx ./bin/x.js`) runs that file.
  if (word.startsWith('.') || word.startsWith('/')) return;
  const pkg = packageOf(word);
  if (!ALWAYS.has(runner) && !pkg.versioned) {
    const bin = pkg.name.slice(pkg.name.lastIndexOf('/') + 1);
    const found = inv.cwd === undefined ? false : installedAbove(bin, inv.cwd, inv, r);
    if (found !== false) return;
  }
  const segment = r.segments[inv.segment];
  if (segment) segment.fetchedPackage = pkg.name;
}
