/**
 * What `dart`/`flutter` commands that resolve, build, run or test a package take from it (the .NET/mobile review,
 * from dart.dev: not installable here): pubspec.yaml's and pubspec_overrides.yaml's dependency sources (a `git:`
 * repository, a `hosted:` server other than pub.dev, a `path:` outside the workspace), the package's build hooks
 * (`hook/build.dart`, `hook/link.dart`: Dart the SDK runs when it builds, runs or tests), and for `analyze`,
 * analysis_options.yaml's analyzer `plugins:`. Each is code or a download gavel does not follow. Pure apart from the
 * injected reader and reporting; never quotes a file.
 * INVARIANT: a package file that cannot be read is uncertain, never silently allowed.
 */

import { posix } from 'node:path';
import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { NO_FLOW } from '../walk/flow';
import { readBudgeted } from './disk-scripts';
import { resolveArg } from './path-effects';
import { inFolder, projectFile } from './project-file';

/** Subcommands that resolve the package's dependencies (and so may fetch and build them). */
const RESOLVES = /^(?:pub|test|run|build|analyze|compile|doc|fix|format)$/;

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${posix.basename(inv.program)}\` ${why}`, inv.segment, 'kept');

/** Why a pubspec's dependency sources are not known (a repository, another server, a path outside), or undefined. */
export function pubspecSources(text: string, dir: string, inv: Invocation, r: Reporter): string | undefined {
  const src = text.replace(/(^|\s)#[^\n]*/g, '$1');
  if (/\bgit\s*:/.test(src)) return 'takes a dependency from a git repository';
  // Flow-style maps (`x: {hosted: …}`, `{path: …}`) are not read: only the block style below.
  if (/\{[^}\n]*\b(?:hosted|path|url|sdk)\s*:/.test(src))
    return 'names a dependency source in a form gavel does not read';
  for (const m of src.matchAll(/^\s*hosted\s*:\s*(.*)$/gm)) {
    const inline = (m[1] ?? '').trim().replace(/^["']|["']$/g, '');
    const url = inline !== '' ? inline : /^\s*url\s*:\s*["']?([^"'\s]+)/m.exec(src.slice(m.index ?? 0))?.[1];
    if (url === undefined || !/^https:\/\/pub\.dev\/?$/.test(url))
      return 'takes a dependency from a server other than pub.dev';
  }
  for (const m of src.matchAll(/^\s*path\s*:\s*["']?([^"'\n]+?)["']?\s*$/gm)) {
    const at = resolveArg({ text: posix.resolve(dir, (m[1] ?? '').trim()), flow: NO_FLOW }, inv, r);
    if (at.class !== 'workspace' || (at.real !== undefined && at.real !== at.resolved))
      return 'takes a dependency from a folder outside the workspace';
  }
  return undefined;
}

export function dartPackages(inv: Invocation, r: Reporter): void {
  const program = posix.basename(inv.program);
  if ((program !== 'dart' && program !== 'flutter') || inv.cwd === undefined || !r.env.readScript) return;
  const sub = plain(inv.args.find((w) => !plain(w).startsWith('-')));
  if (!RESOLVES.test(sub)) return;
  const dir = inv.cwd;
  for (const name of ['pubspec.yaml', 'pubspec_overrides.yaml']) {
    const file = projectFile(inFolder(dir, name), inv, r);
    if (file.kind === 'unknown') return;
    if (file.kind !== 'text') continue;
    const why = pubspecSources(file.text, dir, inv, r);
    if (why) {
      say(inv, r, why);
      return;
    }
  }
  // Build hooks run whenever the SDK builds the package (run, test, build), `pub get` included for native assets.
  const hooks = readBudgeted(inFolder(dir, 'hook'), inv, r);
  if (hooks === undefined) return;
  if (hooks.kind !== 'missing' && sub !== 'format' && sub !== 'analyze') {
    say(inv, r, "runs the package's build hooks (`hook/`): Dart code gavel does not follow");
    return;
  }
  if (sub === 'analyze') {
    const options = projectFile(inFolder(dir, 'analysis_options.yaml'), inv, r);
    if (options.kind === 'unknown') return;
    if (options.kind === 'text' && /^\s*plugins\s*:/m.test(options.text.replace(/(^|\s)#[^\n]*/g, '$1')))
      say(inv, r, 'loads analyzer plugins: Dart code gavel does not follow');
  }
}
