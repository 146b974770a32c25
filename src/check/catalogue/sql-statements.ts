/**
 * Statements a database client is given on its command line, read as read-only or not: one `SELECT` (or `WITH
 * ... SELECT`) without `INTO`, a write, a lock or a function outside the computing ones; `SHOW`, `DESCRIBE`,
 * `EXPLAIN` without `ANALYZE`, duckdb's `SUMMARIZE`; psql's describing meta-commands (`\d`, `\dt`, `\l`); redis
 * commands that only read keys or the server's state. Never runs or quotes them. Pure.
 * INVARIANT: an allow-list of shapes; a statement these readers are not sure of is not read-only (a second
 * statement, a comment, dollar quoting, a double-quoted word, a meta-command other than the describing ones).
 */

/** The SQL dialects read here: what a string literal can mean differs (duckdb reads a file or URL it names). */
export type SqlDialect = 'postgres' | 'mysql' | 'sqlite' | 'duckdb' | 'clickhouse';

/** SQL functions that compute on values (never a file, a program, an extension, a sequence or the server's state). */
const FUNCTIONS = new Set(
  (
    'count sum avg min max total group_concat string_agg array_agg lower upper length char_length abs round ' +
    'floor ceil ceiling coalesce ifnull nullif typeof date datetime time julianday strftime now current_date ' +
    'substr substring trim ltrim rtrim replace instr position cast version concat extract date_trunc to_char ' +
    'row_number rank dense_rank greatest least'
  ).split(' '),
);
/** duckdb's readers of a file: known only with workspace paths (every string literal is checked). */
const DUCKDB_READERS = new Set([
  'read_csv',
  'read_csv_auto',
  'read_parquet',
  'parquet_scan',
  'read_json',
  'read_json_auto',
]);
/** Keywords an opening parenthesis may follow without being a function call. */
const KEYWORDS = new Set(
  'in exists over filter as from join on and or not where select any all when then else using by lateral having'.split(
    ' ',
  ),
);
/** Words that write, attach a file, load code, reach a program or change settings (any dialect). */
const VERBS =
  /\b(insert|update|delete|drop|create|alter|attach|detach|pragma|vacuum|reindex|replace\s+into|merge|upsert|share|copy|program|load_extension|into|outfile|dumpfile|grant|revoke|truncate|call|do|execute|exec|prepare|set|reset|lock|unlock|listen|notify|begin|start|commit|rollback|savepoint|analyze|analyse|install|load|export|import|checkpoint|force|use|kill|flush|optimize|system|shutdown|handler)\b/i;
/**
 * Tables and views that hold the server's own credentials (password hashes, user mappings with passwords): reading
 * them is no ordinary query.
 */
const CREDENTIAL_TABLES =
  /\b(?:mysql\s*\.\s*user|mysql\s*\.\s*global_priv|pg_authid|pg_shadow|pg_user_mapping|pg_user_mappings|user_mapping_options|pg_auth_members|sys\s*\.\s*sql_logins|dba_users|sqlite_master\b(?=.*\bpassword))\b/i;
/** The statements that only read, and the word that opens them. */
const OPENING = /^(select|with|show|describe|desc|explain|summarize)\s/i;

/**
 * `EXPLAIN` and its options before a `SELECT` or `WITH`: `ANALYZE`, `VERBOSE`, sqlite's `QUERY PLAN`, postgres'
 * parenthesised list (`(ANALYZE, BUFFERS, FORMAT JSON)`), mysql's `FORMAT=TREE`.
 */
const EXPLAIN_OPTION = '(?:analy[sz]e|verbose|buffers|costs|timing|summary|settings|wal|memory|generic_plan)';
const EXPLAIN_ITEM = `(?:${EXPLAIN_OPTION}(?:\\s+(?:true|false|on|off))?|format\\s+(?:text|json|yaml|xml))`;
const EXPLAIN_READ = new RegExp(
  `^explain\\s+(?:\\(\\s*${EXPLAIN_ITEM}(?:\\s*,\\s*${EXPLAIN_ITEM})*\\s*\\)\\s*|(?:analy[sz]e\\s+)?(?:verbose\\s+)?(?:query\\s+plan\\s+)?(?:format\\s*=\\s*(?:tree|json|traditional)\\s+)?)(?=select\\s|with\\s)`,
  'i',
);

/** A string literal duckdb (or any client) reads as a path or URL: absolute, home, parent, a scheme (`s3:`, `md:`). */
function pathLike(text: string): boolean {
  return /^[/~]|(^|\/)\.\.(\/|$)|^[a-z][a-z0-9+.-]*:/i.test(text);
}

/** One read-only statement of `dialect`. */
export function readOnlyStatement(sql: string, dialect: SqlDialect): boolean {
  let t = sql.trim().replace(/;\s*$/, '');
  if (t.length > 2000 || !OPENING.test(`${t} `)) return false;
  // One statement, no comment, no meta-command, no dollar quoting or escapes a reader could misjoin.
  if (/[;\\`$#]|--|\/\*|^\s*\./m.test(t)) return false;
  // `EXPLAIN` of a read, with its options: `ANALYZE` runs the statement, which is then read as any other (a `WITH`
  // that deletes is refused by the verb test).
  t = t.replace(EXPLAIN_READ, '');
  // Strings hold no words that count: drop them first (a quote left open is not read). A string duckdb can read as
  // a file or URL is known only as a workspace path.
  const strings = [...t.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1] as string);
  if (strings.some((s) => s.includes('\n') || (dialect === 'duckdb' && pathLike(s)))) return false;
  // A double-quoted identifier of plain words (`"User"`) names a table or column: no dot or slash a reader
  // could take for a file.
  const bare = t.replace(/'(?:[^']|'')*'/g, '0').replace(/"[A-Za-z_][\w ]*"/g, 'x');
  if (bare.includes("'") || bare.includes('"')) return false;
  if (VERBS.test(bare) || CREDENTIAL_TABLES.test(bare)) return false;
  // A call needs a plain name before its parenthesis: sqlite also calls a name quoted in brackets or backticks
  // (`[edit]('x', …)` runs a program, white-box review), and only grouping may follow an operator or a comma.
  for (const m of bare.matchAll(/(\S)\s*\(/g)) if (!/[\w(,=<>+\-*/%|!]/.test(m[1] as string)) return false;
  for (const m of bare.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*\(/g)) {
    const name = (m[1] as string).toLowerCase();
    if (FUNCTIONS.has(name) || KEYWORDS.has(name)) continue;
    if (dialect === 'duckdb' && DUCKDB_READERS.has(name)) continue;
    return false;
  }
  return true;
}

/** psql's meta-commands that only describe (`\d users`, `\dt+`, `\l`, `\conninfo`): one, with plain patterns. */
export function psqlDescribe(text: string): boolean {
  return /^\s*\\(?:d[tivmsnfuxeEbpTCDFLgcoy]?S?\+?|l\+?|dn\+?|conninfo)(?:\s+[\w.*]+)?\s*$/.test(text);
}

/** redis commands that read keys or the server's state (never write, block, subscribe, script or reconfigure). */
const REDIS_READS = new Set(
  (
    'ping echo info dbsize time type ttl pttl exists get mget strlen getrange hget hmget hgetall hkeys hvals hlen ' +
    'hexists llen lrange lindex scard smembers sismember srandmember zcard zrange zrangebyscore zrevrange zscore ' +
    'zrank zcount keys scan hscan sscan zscan xlen xrange xinfo pfcount bitcount getbit'
  ).split(' '),
);

/** A redis command line (`ping`, `get session:1`, `keys 'user:*'`): a reading command with plain arguments. */
export function redisRead(words: readonly string[]): boolean {
  const [command, ...rest] = words;
  if (command === undefined || !REDIS_READS.has(command.toLowerCase())) return false;
  // `info` takes a section name, `scan` a cursor and MATCH/COUNT: plain words, no newline a second command hides in.
  return rest.every((w) => /^[\w:.*?[\]{}@,+-]*$/.test(w));
}
