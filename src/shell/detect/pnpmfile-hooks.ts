/**
 * pnpm's `.pnpmfile.cjs`, loaded by every pnpm command: what counts of it for one command. Its install hooks
 * (`readPackage`, `afterAllResolved`, resolution and fetch hooks) run only when pnpm resolves or installs packages;
 * `updateConfig` runs on every command and may return any setting (a script shell, node options), and the file's
 * top level runs as it loads. So a command that installs nothing (a script run, `exec`, a listing, or a name that is
 * no pnpm command: a script or a bin of the workspace) is unaffected by a file of the one shape read here: functions
 * declared, and install hooks exported by name (pnpmfileMatters). Pure.
 */

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

/** Hooks pnpm calls only while it resolves or installs packages. */
const INSTALL_HOOKS = new Set(['readPackage', 'afterAllResolved', 'preResolution', 'importPackage']);

/**
 * Can a pnpmfile with this text change what a command that installs nothing does? Only a CommonJS file of this exact
 * shape cannot: function declarations (whose bodies run only when called) and `module.exports = { hooks: { … } }`
 * naming install hooks by declared functions, with `'use strict'` and comments; no backslash, backtick or `/` outside
 * a comment (so strings and braces are read exactly). Anything else may run code as it loads or export a hook that
 * runs on every command (review: computed keys, a renamed `Object`, a `JSON.parse` reviver built `updateConfig`).
 */
export function pnpmfileMatters(text: string, name = '.pnpmfile.cjs'): boolean {
  if (!name.endsWith('.cjs') || /[\\`]/.test(text)) return true;
  // Comments out, strings kept; a `/` left over is a regular expression or a division: not read.
  let code = '';
  for (let k = 0; k < text.length; k++) {
    const c = text[k] as string;
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, k + 1);
      if (end < 0 || text.slice(k, end).includes('\n')) return true;
      code += text.slice(k, end + 1);
      k = end;
    } else if (text.startsWith('//', k)) {
      const end = text.indexOf('\n', k);
      k = end < 0 ? text.length : end - 1;
    } else if (text.startsWith('/*', k)) {
      const end = text.indexOf('*/', k + 2);
      if (end < 0) return true;
      code += ' ';
      k = end + 1;
    } else if (c === '/') return true;
    else code += c;
  }
  const functions = new Set<string>();
  let i = 0;
  const skipBlank = () => {
    while (i < code.length && /[\s;]/.test(code[i] as string)) i++;
  };
  /** The index just past the brace block opening at `open`, strings skipped; -1 when it does not close. */
  const block = (open: number): number => {
    let depth = 0;
    for (let k = open; k < code.length; k++) {
      const c = code[k] as string;
      if (c === '"' || c === "'") k = code.indexOf(c, k + 1);
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return k + 1;
    }
    return -1;
  };
  let exported = false;
  for (skipBlank(); i < code.length; skipBlank()) {
    const rest = code.slice(i);
    const strict = /^(["'])use strict\1/.exec(rest);
    if (strict) {
      i += strict[0].length;
      continue;
    }
    const fn = /^function\s+([A-Za-z_$][\w$]*)\s*\(\s*[\w$\s,]*\)\s*(?=\{)/.exec(rest);
    if (fn) {
      const end = block(i + fn[0].length);
      if (end < 0) return true;
      functions.add(fn[1] as string);
      i = end;
      continue;
    }
    const exp = /^module\.exports\s*=\s*\{\s*hooks\s*:\s*\{([\w$\s,:]*)\}\s*,?\s*\}/.exec(rest);
    if (!exp || exported) return true;
    for (const item of (exp[1] ?? '').split(',')) {
      if (item.trim() === '') continue;
      const m = /^\s*([A-Za-z_$][\w$]*)\s*(?::\s*([A-Za-z_$][\w$]*)\s*)?$/.exec(item);
      if (!m || !INSTALL_HOOKS.has(m[1] as string) || !functions.has(m[2] ?? (m[1] as string))) return true;
    }
    exported = true;
    i += exp[0].length;
  }
  return false;
}
