/**
 * A credential written as a literal into a file a person keeps (a script in `~/.local/bin`, a shell alias, an inline
 * git credential helper, a tool's settings): a credential-named variable, key or option set to a value
 * (`DB_PASS=hunter2…`, `password: "…"`, `--token …`), an authorization header with its token, a user and password
 * given to a client (`-u admin:…`) or in a URL. A value the file takes from elsewhere when it runs (`$DB_PASS`,
 * `$(pass show db)`, `${TOKEN}`, `<password>`, `os.environ[…]`, `config.token`) is none. Pure; answers yes or no
 * and never returns or logs the text. Each pattern is linear in the text.
 */

/** A name that ends in a credential word (`DB_PASS`, `GITHUB_TOKEN`, `api_key`, `--password`). */
const NAME =
  '[A-Za-z0-9_.-]*?(?:token|secret|passwd|password|pass|pwd|api[_-]?key|access[_-]?key|private[_-]?key|credentials?|auth)';
/** A literal value: not a variable, a substitution, a placeholder, a call or a dotted name; six characters or more. */
const VALUE = String.raw`["']?(?![$<{(%*\`]|(?:true|false|null|none|nil|undefined|required|optional|string|boolean|number|integer)\b|[A-Za-z_]\w*(?:\.[A-Za-z_]+)+(?![\w.]))[^\s"'\`$(){};,<>]{6,}(?=["'\s;,]|$)`;

const SHAPES: readonly RegExp[] = [
  // `DB_PASS=…`, `export API_TOKEN=…`, `password: …`, `"api_key": "…"`, `--password=…` (the name ends at its word).
  new RegExp(String.raw`(?:^|[^A-Za-z0-9_.-])${NAME}["']?[ \t]*(?:=|:[ \t])[ \t]*${VALUE}`, 'im'),
  // A credential option with its value as the next word (`--password hunter2…`, `--token …`).
  new RegExp(String.raw`(?:^|\s)--(?:password|passwd|token|api-key|secret|auth-token)[ \t]+${VALUE}`, 'im'),
  // An authorization header with its token (`-H "Authorization: Bearer …"`).
  /\b(?:proxy-)?authorization\s*:\s*(?:bearer|basic|token|digest)\s+[A-Za-z0-9._~+/=-]{12,}/i,
  // A user and password given to a client (`curl -u admin:…`, `--user admin:…`).
  /(?:^|\s)(?:-u|--user)[ \t]*["']?[^\s:"'$]+:[^\s"'$]{4,}/m,
  // A URL with a password in it (`postgres://admin:…@db`).
  /:\/\/[^\s/@:$]+:[^\s/@$]{3,}@/,
  // Clients given a password by a short option: mysql's `-pPASS`, `sshpass -p PASS`, `docker login -p PASS`, openssl's
  // `-k PASS` and `-pass pass:PASS`.
  /\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n]*\s-p(?![\s$'"-])\S{4,}/,
  /\bsshpass\b[^\n]*\s-p[ \t]*(?![$'"-])\S{4,}/,
  /\b(?:docker|podman|buildah|helm|oras|skopeo)\b[^\n]*\blogin\b[^\n]*\s(?:-p|--password)[ \t=]*(?![$'"-])\S{4,}/,
  /\bopenssl\b[^\n]*\s(?:-k[ \t]+(?![$'"-])\S{4,}|-pass(?:in|out)?[ \t]+pass:(?!\$)\S{4,})/,
];

/** Does `text` set a credential to a literal value? */
export function carriesCredentialLiteral(text: string): boolean {
  return SHAPES.some((s) => s.test(text));
}
