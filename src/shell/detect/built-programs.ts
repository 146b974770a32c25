/**
 * Programs built earlier in the same command line from the workspace's code and then run by their path
 * (`go build -o /tmp/app . && /tmp/app --version`, `cargo build && ./target/debug/app`, `cc -o hello main.c &&
 * ./hello`): running one is what `go run .` or `cargo run` is. Marks the segment as a workspace program
 * (`Segment.workspaceProgram`, its arguments) for the catalogue to judge; the builder is judged as itself. Also
 * owns that mark and the shape of the arguments a workspace program may take. Pure apart from the injected
 * reader and the mark.
 * INVARIANT: a path no builder of this line names as its output, a file there now that is a script (not a
 * compiled program), a file there now outside the workspace (anyone's, and run if the build fails), or an
 * argument computed at run time is never marked.
 */

import { resolvePath } from '../classify/classify-path';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { directKind, readBudgeted } from './disk-scripts';
import { resolveArg } from './path-effects';

/**
 * An argument a workspace program may be given: no URL, no `@` (user@host, a package at a version), no absolute
 * path, `~` or `..` (outside the workspace), no text computed at run time. The same words `go run` takes.
 */
export const PROGRAM_ARG = /^(?![/~@])(?!.*:\/\/)(?!(.*\/)?\.\.(\/|$))[^$`@\u2026]*$/;

export function programArgsKnown(args: readonly Word[]): boolean {
  return args.every((w) => isLiteral(w) && PROGRAM_ARG.test(plain(w)));
}

/** Marks `inv`'s segment as running a workspace program known to be what it says, with these arguments. */
export function markProgram(inv: Invocation, r: Reporter, args: readonly Word[]): void {
  const segment = r.segments[inv.segment];
  if (segment) segment.workspaceProgram = args.map((w) => plain(w));
}

/** Marks `inv` as asking installed modules only what they are (module-query.ts); markProgram marks it known. */
export function markModuleQuery(inv: Invocation, r: Reporter): void {
  const segment = r.segments[inv.segment];
  if (segment) segment.moduleQuery = true;
}

/** Compilers whose `-o FILE` is the program built from the sources named. */
const COMPILERS = new Set(['go', 'gcc', 'g++', 'cc', 'c++', 'clang', 'clang++']);

/** The package's binary names in a Cargo.toml: `[package] name` and each `[[bin]] name`. */
function cargoNames(text: string): Set<string> {
  const names = new Set<string>();
  let section = '';
  for (const line of text.split('\n')) {
    const head = /^\s*\[\[?\s*([\w.-]+)\s*\]\]?/.exec(line);
    if (head) section = head[1] ?? '';
    const name = /^\s*name\s*=\s*"([\w-]+)"\s*$/.exec(line)?.[1];
    if (name && (section === 'package' || section === 'bin')) names.add(name);
  }
  return names;
}

/** Did a builder before `inv` in this line write `path` as its output? */
function builtEarlier(path: string, inv: Invocation, r: Reporter): boolean {
  const cargo = /^(.*)\/target\/(debug|release)\/([\w-]+)$/.exec(path);
  return r.segments.slice(0, inv.segment).some((seg) => {
    if (COMPILERS.has(seg.program) && (seg.program !== 'go' || seg.argv[1] === 'build'))
      return seg.paths.some((p) => p.role === 'write' && p.resolved === path);
    if (seg.program !== 'cargo' || seg.argv[1] !== 'build' || !cargo) return false;
    if (seg.argv.some((a) => /^--(target-dir|target|manifest-path|config|profile)\b|^-Z/.test(a)))
      return false;
    const release = seg.argv.some((a) => a === '--release' || a === '-r');
    if (release !== (cargo[2] === 'release')) return false;
    const manifest = readBudgeted(`${cargo[1]}/Cargo.toml`, inv, r);
    return manifest?.kind === 'text' && cargoNames(manifest.text).has(cargo[3] ?? '');
  });
}

/**
 * `inv` runs, by its path, a program a builder of this line wrote: marks it and returns true (the file is not
 * read as a script). A file there now that a shell or an interpreter would run is not a build's output.
 */
export function builtProgram(inv: Invocation, r: Reporter): boolean {
  const word = inv.command;
  if (!word || !isLiteral(word) || !plain(word).includes('/')) return false;
  const path = resolveArg(word, inv, r).resolved;
  if (path === undefined || !builtEarlier(path, inv, r)) return false;
  const now = readBudgeted(path, inv, r);
  if (now === undefined) return false;
  // A file already there outside the workspace (a shared /tmp) may be anyone's: if the build fails, or is not
  // joined by `&&` (`go build -o /tmp/app . ; /tmp/app`), that file runs instead of the build's output.
  if (now.kind !== 'missing' && resolvePath(path, r.scope).class !== 'workspace') return false;
  if (now.kind === 'text' && directKind(now.text) !== 'binary') return false;
  if (now.kind === 'unreadable' && (now.why !== 'too-large' || directKind(now.head ?? '') !== 'binary'))
    return false;
  if (!programArgsKnown(inv.args)) return false;
  markProgram(inv, r, inv.args);
  return true;
}
