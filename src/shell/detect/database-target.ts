/**
 * Where a database connection string leads: this machine (a unix socket, `localhost`, a loopback address, a
 * database file in the workspace, memory) or not (another host, a file elsewhere, a service name or anything
 * not read). Reads URLs (`postgres://u@localhost/app`, `sqlite:///dev.db`, `file:./dev.db`), libpq keyword strings
 * (`host=localhost dbname=app`) and Go driver strings (`u:p@tcp(127.0.0.1:3306)/app`), and `.env` files. Pure.
 * INVARIANT: a string not read to the end as local is not local (an allow-list of shapes).
 */

import { isLocalHost } from './network-target';

export type DatabaseTarget = 'local' | 'remote' | 'unknown';

/** A workspace-relative file: no absolute or home path, no parent folder, no variable. */
const RELATIVE_FILE = /^(?![/~])(?!(?:.*\/)?\.\.(?:\/|$))[\w./@+-]+$/;

/** Host names known to be this machine's own containers (the services of the workspace's compose file). */
const NONE: ReadonlySet<string> = new Set();

/** A host as a connection string names it: empty (the default socket), loopback, or a socket folder. */
function hostTarget(host: string, services: ReadonlySet<string>): DatabaseTarget {
  if (host === '' || isLocalHost(host) || services.has(host)) return 'local';
  // A unix socket folder (`/var/run/postgresql`, `%2Fvar%2Frun%2Fpostgresql`).
  const decoded = host.replace(/%2f/gi, '/');
  if (/^\/[\w/.-]*$/.test(decoded) && !decoded.includes('..')) return 'local';
  return /^[\w.[\]:%-]+$/.test(host) ? 'remote' : 'unknown';
}

/** Every target of a list: local only when all are. */
function all(targets: readonly DatabaseTarget[]): DatabaseTarget {
  if (targets.includes('remote')) return 'remote';
  return targets.every((t) => t === 'local') ? 'local' : 'unknown';
}

/** A sqlite file named by a connection string: in the workspace, or memory. */
function sqliteFile(path: string): DatabaseTarget {
  if (path === '' || path === ':memory:') return 'local';
  return RELATIVE_FILE.test(path.replace(/^\.\//, '')) ? 'local' : 'unknown';
}

/**
 * Where the connection string `dsn` leads. `services`: the services of the workspace's compose file, whose names
 * resolve to the project's own containers on this machine (`postgres://app@db/app` beside a `db` service).
 */
export function dsnTarget(raw: string, services: ReadonlySet<string> = NONE): DatabaseTarget {
  const dsn = raw.trim();
  if (dsn === '' || /[$`{}]/.test(dsn)) return 'unknown';
  // libpq keywords: `host=localhost port=5432 dbname=app user=me`.
  if (/^\w+=/.test(dsn)) {
    const pairs = dsn.split(/\s+/).map((p) => p.split('='));
    if (pairs.some((p) => p.length !== 2 || /[$`]/.test(p[1] as string))) return 'unknown';
    if (pairs.some(([k]) => k === 'service')) return 'unknown';
    return all(
      pairs
        .filter(([k]) => k === 'host' || k === 'hostaddr')
        .map(([, v]) => hostTarget(v as string, services)),
    );
  }
  if (/\s/.test(dsn)) return 'unknown';
  // JDBC (flyway, liquibase): `jdbc:postgresql://localhost/app`, `jdbc:sqlite:dev.db`, `jdbc:h2:mem:test`.
  const jdbc = /^jdbc:([a-z][\w]*):(.*)$/i.exec(dsn);
  if (jdbc) {
    const [, driver, rest] = jdbc as unknown as [string, string, string];
    if (/^(h2|hsqldb|derby)$/i.test(driver)) {
      if (/^mem:[\w-]*(;[\w=]*)*$/i.test(rest)) return 'local';
      const file = /^(?:file:)?([^;:]+)(;[\w=]*)*$/i.exec(rest.replace(/^mem:/i, ''));
      return file && !rest.startsWith('//') ? sqliteFile(file[1] as string) : 'unknown';
    }
    if (/^sqlite$/i.test(driver)) return sqliteFile(rest.replace(/\?.*$/, ''));
    return rest.startsWith('//') ? dsnTarget(`${driver}:${rest}`, services) : 'unknown';
  }
  // Prisma's and sqlite's file forms.
  const file = /^(?:file|sqlite3?):(?!\/\/)(.*)$/i.exec(dsn);
  if (file) return sqliteFile((file[1] as string).replace(/\?.*$/, ''));
  // SQLAlchemy: `sqlite:///relative.db` (three slashes), `sqlite:////absolute.db`, `sqlite://` (memory).
  const alchemy = /^sqlite(?:\+\w+)?:\/\/(\/.*)?$/i.exec(dsn);
  if (alchemy) return sqliteFile((alchemy[1] ?? '/').slice(1).replace(/\?.*$/, ''));
  // Go drivers: `user:pass@tcp(127.0.0.1:3306)/app`, `user@unix(/tmp/mysql.sock)/app`.
  const go = /^(?:[^@/\s]*@)?(tcp|unix)\(([^)]*)\)\/[\w-]*(?:\?[\w=&%.-]*)?$/.exec(dsn);
  if (go)
    return hostTarget(
      go[1] === 'unix' ? (go[2] as string) : (go[2] as string).replace(/:\d+$/, ''),
      services,
    );
  // The Go MySQL driver without an address: `user:pass@/app` connects to 127.0.0.1:3306.
  if (/^[^@/\s:]*(?::[^@/\s]*)?@\/[\w-]*(?:\?[\w=&%.-]*)?$/.test(dsn)) return 'local';
  const url = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#\s]*@)?([^/?#\s]*)(\/[^?#\s]*)?(?:\?([^#\s]*))?$/i.exec(dsn);
  if (!url) return 'unknown';
  const hosts = (url[2] as string).split(',').map((h) => h.replace(/:\d+$/, ''));
  // Query parameters that name another host or a service (`?host=`, `?hostaddr=`, `?service=`).
  const query = new URLSearchParams(url[4] ?? '');
  if (query.has('service')) return 'unknown';
  const named = [...query.getAll('host'), ...query.getAll('hostaddr')];
  return all([...hosts, ...named].map((h) => hostTarget(h, services)));
}

/** A `.env` file's assignments (`KEY=value`, `export KEY="value"`); a value with a reference is kept raw. */
export function envFile(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    let value = m[2] as string;
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2] as string;
    else value = value.replace(/\s+#.*$/, '');
    out.set(m[1] as string, value);
  }
  return out;
}
