/**
 * The server `mysql`/`mariadb` connects to when the line names no host: the option files the client reads
 * (`/etc/my.cnf`, `/etc/mysql/my.cnf`, `~/.my.cnf`; the `[client]`, `[mysql]` and MariaDB client groups) decide
 * it, with the files their `!include` and `!includedir` lines name (Debian's `/etc/mysql/my.cnf` includes its
 * `conf.d` folders; `*.cnf` files of a folder, two levels and 32 files at most). A host there on another machine
 * is a production target; an include gavel cannot follow, the obfuscated `~/.mylogin.cnf` or a file that is not
 * a plain file is uncertain; absent or unreadable files leave the client's default, the local
 * socket (the client cannot read what its user cannot). A host on the line is judged by the catalogue. Pure apart
 * from the injected reader and reporting; never quotes a file (ADR 0072).
 */

import { type Invocation, optionText, type Reporter } from '../unwrap/invocation';
import { dsnTarget } from './database-target';
import { readBudgeted } from './disk-scripts';
import { inFolder } from './project-file';

/** Option-file groups the mysql and mariadb command-line clients read. */
const GROUPS = /^(client|mysql|mariadb|mariadb-client|client-mariadb|client-server)$/;

type Target = 'local' | 'remote' | 'unknown' | undefined;

/** The later of two targets as the client reads them in turn: the last setting wins, a remote one anywhere is kept. */
const later = (found: Target, next: Target): Target =>
  next === undefined || found === 'remote' ? found : next === 'remote' || found !== 'unknown' ? next : found;

/** Option files an include chain reads at most, and how deep it is followed. */
const MAX_OPTION_FILES = 32;
const MAX_INCLUDE_DEPTH = 2;

/**
 * The target option file `path` names with what it includes: undefined when it names none, `unknown` when a file
 * or folder cannot be followed; `stop` when the read budget is spent (the caller returns).
 */
function fileTarget(
  path: string,
  depth: number,
  seen: Set<string>,
  inv: Invocation,
  r: Reporter,
): Target | 'stop' {
  const file = readBudgeted(path, inv, r);
  if (file === undefined) return 'stop';
  if (file.kind === 'missing' || (file.kind === 'unreadable' && file.why === 'error')) return undefined;
  if (file.kind !== 'text' || path.endsWith('.mylogin.cnf')) return 'unknown';
  let found: Target;
  for (const line of file.text.split('\n')) {
    const inc = /^\s*!(include|includedir)\s+(\S.*?)\s*$/.exec(line);
    if (!inc) continue;
    const named = inc[2] as string;
    if (depth >= MAX_INCLUDE_DEPTH || !named.startsWith('/')) return 'unknown';
    let files = [named];
    if (inc[1] === 'includedir') {
      const listing = readBudgeted(named, inv, r);
      if (listing === undefined) return 'stop';
      if (listing.kind !== 'unreadable' || !listing.entries) return 'unknown';
      files = listing.entries
        .filter((e) => e.endsWith('.cnf'))
        .sort()
        .map((e) => inFolder(named, e));
    }
    for (const f of files) {
      if (seen.has(f)) continue;
      seen.add(f);
      if (seen.size > MAX_OPTION_FILES) return 'unknown';
      const t = fileTarget(f, depth + 1, seen, inv, r);
      if (t === 'stop') return t;
      // A file an include names that is not there: the client stops with an error, or gavel misread the name.
      if (t === undefined && inc[1] === 'include' && readBudgeted(f, inv, r)?.kind === 'missing')
        return 'unknown';
      found = later(found, t);
    }
  }
  return later(found, optionFileTarget(file.text));
}

/** The target an option file's own lines name: local, remote, or undefined when they name none. */
function optionFileTarget(text: string): 'local' | 'remote' | 'unknown' | undefined {
  let inside = false;
  let found: 'local' | 'remote' | 'unknown' | undefined;
  for (const line of text.split('\n')) {
    const head = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (head) {
      inside = GROUPS.test((head[1] as string).trim().toLowerCase());
      continue;
    }
    const kv = inside ? /^\s*(host|protocol)\s*=\s*["']?([^"'#\s]*)["']?\s*(?:#.*)?$/i.exec(line) : null;
    if (!kv) continue;
    const value = kv[2] as string;
    const target =
      kv[1]?.toLowerCase() === 'protocol'
        ? /^(socket|pipe|memory)$/i.test(value)
          ? 'local'
          : undefined
        : dsnTarget(`x://${value}/`);
    if (target === undefined) continue;
    // The last setting wins; a remote one anywhere is kept.
    if (found !== 'remote') found = target;
  }
  return found;
}

/** The programs clientTargets looks at. */
export const CLIENT_TARGETS_PROGRAMS = () => ['mysql', 'mariadb'];

export function clientTargets(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'mysql' && inv.program !== 'mariadb') return;
  if (!r.env.readScript) return;
  const args = inv.args.map((w) => optionText(w));
  if (args.some((a) => /^(-h|--host)(=|$)|^-h./.test(a))) return;
  // `mysql --version`, `mysql --help`: the client prints and connects to nothing.
  if (args.some((a) => /^(?:-V|--version|-\?|-I|--help)$/.test(a))) return;
  const home = r.env.home;
  let target: 'local' | 'remote' | 'unknown' = 'local';
  let where = '';
  for (const path of [
    '/etc/my.cnf',
    '/etc/mysql/my.cnf',
    inFolder(home, '.my.cnf'),
    inFolder(home, '.mylogin.cnf'),
  ]) {
    const found = fileTarget(path, 0, new Set([path]), inv, r);
    if (found === 'stop') return;
    if (found === undefined) continue;
    const name = path.startsWith(home) ? `~${path.slice(home.length)}` : path;
    if (found === 'remote' || target !== 'remote') {
      target = found;
      where = name;
    }
  }
  if (target === 'remote')
    r.uncertain(
      'production-target',
      `\`${inv.program}\` connects to the server its option file names on another machine (\`${where}\`)`,
      inv.segment,
      'kept',
    );
  else if (target === 'unknown')
    r.uncertain(
      'dynamic-script',
      `\`${inv.program}\` connects to a server its option files name in a way gavel does not read (\`${where}\`)`,
      inv.segment,
      'kept',
    );
}
