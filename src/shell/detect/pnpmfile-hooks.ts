/**
 * pnpm's `.pnpmfile.cjs`, loaded by every pnpm command: what counts of it for one command. Its install hooks
 * (`readPackage`, `afterAllResolved`, resolution and fetch hooks) run only when pnpm resolves or installs packages;
 * `updateConfig` runs on every command and may return any setting (a script shell, node options), and the file's
 * top level runs as it loads. So a command that installs nothing (a script run, `exec`, a listing, or a name that is
 * no pnpm command: a script or a bin of the workspace) is unaffected by a file whose code is inert (the closed scan of
 * code-imports.ts), imports nothing, and cannot export a hook other than the install ones (no name containing
 * `Config`, no `filterLog`, no bracket at all, escape, `with`, proxy or `Object` that could name one). Pure.
 */

import { scanJavaScript } from './code-imports';

/** pnpm's own commands (pnpm 10) and aliases; any other first word runs a script or a bin of that name. */
const BUILTIN = new Set(
  'add approve-builds audit bin c cache cat-file cat-index completion config create dedupe deploy dlx doctor env exec fetch find-hash help i ignored-builds import init install install-completion install-test it la licenses link list ll ln ls outdated pack patch patch-commit patch-remove prune publish rb rebuild recursive remove rm root run run-script sbom self-update server setup start store t test tst un uninstall unlink up update upgrade why'.split(
    ' ',
  ),
);
/** Built-in commands that resolve and install nothing. */
const NO_INSTALL = new Set(
  'run run-script test t tst start exec ls list la ll why outdated licenses root bin config c pack'.split(
    ' ',
  ),
);
/** pnpm's options before the command that take the next word as their value. */
const VALUE_OPTIONS =
  /^(?:--dir|-C|--filter|-F|--filter-prod|--loglevel|--workspace-concurrency|--reporter)$/;
/** Options before the command known to take no value. */
const PLAIN_OPTIONS =
  /^(?:-[rwsq]|--(?:recursive|workspace-root|silent|parallel|stream|no-bail|bail|sort|no-sort|reverse|aggregate-output|if-present|include-workspace-root|fail-if-no-match|offline|prefer-offline|color|no-color|(?:dir|filter|filter-prod|loglevel|workspace-concurrency|reporter)=\S*))$/;

/**
 * Does pnpm with these literal words (undefined: known only at run time) resolve or install packages, and so run
 * the pnpmfile's install hooks? True whenever that cannot be told.
 */
export function pnpmInstalls(words: readonly (string | undefined)[]): boolean {
  let i = 0;
  for (; i < words.length; i++) {
    const w = words[i];
    if (w === undefined) return true;
    if (!w.startsWith('-')) break;
    if (w === '--version' || w === '-v') return false;
    if (VALUE_OPTIONS.test(w)) i++;
    else if (!PLAIN_OPTIONS.test(w)) return true;
  }
  const sub = words[i];
  if (sub === undefined) return true;
  return BUILTIN.has(sub) && !NO_INSTALL.has(sub);
}

/** Can a pnpmfile with this text change what a command that installs nothing does? */
export function pnpmfileMatters(text: string): boolean {
  const scan = scanJavaScript(text);
  return (
    !scan.inert ||
    scan.follow.length > 0 ||
    /\b(?:require|import)\b/.test(text) ||
    // A name that may be a hook's: spelt out, built (a computed key, member or entry list: any bracket), escaped, or
    // reached reflectively (review: a comment split a computed key from its colon; `const O = Object` renamed it).
    /Config|filterLog|Proxy|\bObject\b|\[|\\|\bwith\b/.test(text)
  );
}
