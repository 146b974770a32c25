/**
 * Commands whose output the analysis knows, so a substitution of them is a literal path: `$(pwd)` prints the
 * folder it runs in, `basename`/`dirname` of literal words what those string operations give, `$(git rev-parse
 * --show-toplevel)` the nearest folder at or above it that holds `.git`,
 * looked for up to the workspace root it lies in. `cat "$(pwd)/README.md"` reads a workspace file, not a file
 * named at run time. Pure apart from the injected reader.
 * INVARIANT: an option not listed, a folder known only at run time, a folder outside every workspace root, or no
 * `.git` found up to the root leaves the output unknown.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, optionText, type Reporter } from '../unwrap/invocation';
import { type Flow, literalFlow } from '../walk/flow';
import { readBudgeted } from './disk-scripts';
import { inFolder } from './project-file';

/** The workspace root `dir` lies in (the innermost), if any. */
function rootOf(dir: string, r: Reporter): string | undefined {
  let best: string | undefined;
  for (const root of r.scope.workspaceRoots)
    if ((dir === root || dir.startsWith(`${root}/`)) && (best === undefined || root.length > best.length))
      best = root;
  return best;
}

/** The folder `git rev-parse --show-toplevel` prints when run in `cwd`, when a reader finds it in the workspace. */
function toplevel(cwd: string, inv: Invocation, r: Reporter): string | undefined {
  const root = rootOf(cwd, r);
  if (root === undefined) return undefined;
  for (let dir = cwd; ; dir = dir.slice(0, dir.lastIndexOf('/')) || '/') {
    const git = readBudgeted(inFolder(dir, '.git'), inv, r);
    if (git === undefined) return undefined;
    // A `.git` folder or file is the top; one that cannot be read leaves it unknown.
    if (git.kind === 'unreadable' && git.why === 'error') return undefined;
    if (git.kind !== 'missing') return dir;
    if (dir === root || dir === '/') return undefined;
  }
}

export function knownOutput(inv: Invocation, r: Reporter): Flow | undefined {
  const cwd = inv.cwd;
  if (cwd === undefined || inv.redirects.length > 0) return undefined;
  const args = inv.args.map((w) => optionText(w));
  if (inv.program === 'pwd' && args.every((a) => a === '-L' || a === '-P') && !cwd.includes('\n'))
    return literalFlow(`${cwd}\n`);
  // `basename PATH [SUFFIX]`, `dirname PATH...` of literal words: string operations, no file looked at.
  const literal = inv.args.every(isLiteral) && args.every((a) => !a.startsWith('-') && !a.includes('\n'));
  if (inv.program === 'basename' && literal && (args.length === 1 || args.length === 2)) {
    const base = posix.basename(args[0] as string);
    const suffix = args[1];
    const cut = suffix !== undefined && base !== suffix && base.endsWith(suffix);
    return literalFlow(`${cut ? base.slice(0, -suffix.length) : base}\n`);
  }
  if (inv.program === 'dirname' && literal && args.length > 0)
    return literalFlow(args.map((a) => `${posix.dirname(a)}\n`).join(''));
  // `mktemp [-d] [-q] [-t] [TEMPLATE]`: a new name in the temp folder (a template given without -t, in this one).
  if (inv.program === 'mktemp') {
    const flags = args.filter((a) => /^-[dqut]+$|^--(directory|quiet|dry-run|tmpdir)$/.test(a));
    const rest = args.filter((a) => !flags.includes(a));
    const tmp = r.scope.tempDirs[0];
    const intoTemp = rest.length === 0 || flags.some((f) => /^-[a-z]*t|^--tmpdir$/.test(f));
    if (tmp !== undefined && rest.length <= 1 && inv.args.every(isLiteral) && !(rest[0] ?? '').includes('/'))
      return literalFlow(
        `${intoTemp ? inFolder(tmp, rest[0] ?? 'tmp.XXXXXXXXXX') : inFolder(cwd, rest[0] as string)}\n`,
      );
  }
  if (
    inv.program === 'git' &&
    args.length === 2 &&
    args[0] === 'rev-parse' &&
    args[1] === '--show-toplevel'
  ) {
    const top = toplevel(cwd, inv, r);
    return top === undefined ? undefined : literalFlow(`${top}\n`);
  }
  return undefined;
}
