/**
 * `npm install` (or `pnpm install`, `yarn`, `bun install`) with no package named installs what the workspace's
 * manifest names; a dependency the lockfile does not hold yet is resolved from the registry now, a name nobody
 * reviewed (an edit of package.json earlier in the session adds one silently). The manifest beside the command's
 * folder and its lockfile are read: the registry dependencies the lockfile lacks mark the segment with them
 * (`Segment.fetchedPackages`, known only when every one is a known package, as `npm install A B` is); more than
 * MAX_MISSING, or a name of no package shape, is uncertain.
 * `npm ci` and frozen installs refuse a lockfile out of step and are left alone; so is a project with no lockfile
 * (nothing pins it either way: known limit). Pure apart from the injected reader and the mark.
 */

import { type Invocation, optionText, type Reporter } from '../unwrap/invocation';
import { inFolder, projectFile } from './project-file';

export const LOCKFILE_DRIFT_PROGRAMS = () => ['npm', 'pnpm', 'yarn', 'bun'];

const INSTALLS: Readonly<Record<string, readonly string[]>> = {
  npm: ['install', 'i', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isntall', 'add'],
  pnpm: ['install', 'i'],
  yarn: ['', 'install'],
  bun: ['install', 'i'],
};
const LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock'];
/** Options that make the install refuse a lockfile out of step with the manifest. */
const FROZEN = /^--(?:frozen-lockfile|immutable|ci)$/;
const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;
/** Dependencies the lockfile lacks that are judged by name; more is uncertain (a manifest nobody locked). */
const MAX_MISSING = 32;

export function lockfileDrift(inv: Invocation, r: Reporter): void {
  const subs = INSTALLS[inv.program];
  if (!subs || inv.cwd === undefined || !r.env.readScript) return;
  const words = inv.args.map((w) => optionText(w));
  const positional = words.filter((t) => !t.startsWith('-'));
  if (!subs.includes(positional[0] ?? '') || positional.length > 1) return;
  if (words.some((t) => FROZEN.test(t))) return;
  const manifest = projectFile(inFolder(inv.cwd, 'package.json'), inv, r);
  if (manifest.kind !== 'text') return;
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(manifest.text) as Record<string, unknown>;
  } catch {
    return;
  }
  let lock: string | undefined;
  for (const name of LOCKFILES) {
    const file = projectFile(inFolder(inv.cwd, name), inv, r);
    if (file.kind === 'text') {
      lock = file.text;
      break;
    }
  }
  if (lock === undefined) return;
  const missing: string[] = [];
  for (const section of SECTIONS) {
    const deps = doc[section];
    if (deps === null || typeof deps !== 'object') continue;
    for (const [name, spec] of Object.entries(deps as Record<string, unknown>)) {
      // Sources other than the registry (`file:`, `workspace:`, git, URLs) are judged where they are read.
      if (typeof spec !== 'string' || /^(?:file|link|workspace|portal|git|github|https?|npm):|\//.test(spec))
        continue;
      if (!inLockfile(lock, name)) missing.push(name);
    }
  }
  if (missing.length === 0) return;
  if (missing.length > MAX_MISSING || !missing.every((name) => /^(?:@[\w.-]+\/)?[\w.-]+$/.test(name))) {
    r.uncertain(
      'dynamic-script',
      `\`${inv.program} install\` installs ${missing.length} dependencies its lockfile does not hold: names nobody reviewed`,
      inv.segment,
    );
    return;
  }
  const segment = r.segments[inv.segment];
  if (segment) segment.fetchedPackages = missing.map((name) => ({ registry: 'npm' as const, name }));
}

/** Does the lockfile's text name the package (`"node_modules/NAME"`, `NAME@`, `'NAME':`, `"NAME":`)? */
function inLockfile(lock: string, name: string): boolean {
  const n = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(?:^|[\\s"'/,])${n}(?:@|["']?:|")`, 'm').test(lock);
}
