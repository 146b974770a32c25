/**
 * The server `mysql`/`mariadb` connects to when the line names no host: the option files the client reads
 * (`/etc/my.cnf`, `/etc/mysql/my.cnf`, `~/.my.cnf`; the `[client]`, `[mysql]` and MariaDB client groups) decide
 * it. A host there on another machine is a production target; an `!include`, the obfuscated `~/.mylogin.cnf` or
 * a file that is not a plain file is uncertain; absent or unreadable files leave the client's default, the local
 * socket (the client cannot read what its user cannot). A host on the line is judged by the catalogue. Pure apart
 * from the injected reader and reporting; never quotes a file (ADR 0072).
 */

import { type Invocation, optionText, type Reporter } from '../unwrap/invocation';
import { dsnTarget } from './database-target';
import { readBudgeted } from './disk-scripts';
import { inFolder } from './project-file';

/** Option-file groups the mysql and mariadb command-line clients read. */
const GROUPS = /^(client|mysql|mariadb|mariadb-client|client-mariadb|client-server)$/;

/** The target an option file names: local, remote, unknown, or undefined when it names none. */
function optionFileTarget(text: string): 'local' | 'remote' | 'unknown' | undefined {
  if (/^\s*!include/m.test(text)) return 'unknown';
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
    const file = readBudgeted(path, inv, r);
    if (file === undefined) return;
    if (file.kind === 'missing' || (file.kind === 'unreadable' && file.why === 'error')) continue;
    const name = path.startsWith(home) ? `~${path.slice(home.length)}` : path;
    const found =
      file.kind === 'text' && !path.endsWith('.mylogin.cnf') ? optionFileTarget(file.text) : 'unknown';
    if (found === undefined) continue;
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
