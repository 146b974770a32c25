/**
 * A file whose name says nothing may still hold a secret: a cloud service-account key (`"type":
 * "service_account"` with a `"private_key"`), a PEM, OpenPGP or PuTTY private key, AWS credentials (ini or env
 * file), a kubeconfig with a client key or token, a registry `auths` config, a .netrc, an rc file with a
 * registry token, a database client's option file with a password, a key-value store's server password, a
 * settings file setting a password or token to a value of its own (`keystore.properties`, `application.yml`), or a token whose prefix names its issuer. When the surface gives
 * a reader (ShellEnv.readScript: regular files of at most 256 KiB, never blocking), a file a request reads is
 * recognised by that content shape. At most a few files per request are looked at: past them the answer is
 * `unknown` and the caller makes the read uncertain (never presumed clean). A file that cannot be read says
 * nothing (its name decides, as before). The text is never kept, logged or returned. Pure apart from the
 * reader it is given.
 * The other way round, a few files are secret by their name only for what they may carry (a repository's git
 * config, a project's package-manager rc file): read whole and carrying no credential, they are no secret read
 * (`clearedByContent`); unread, unparsed or past the budget, the name decides.
 */

import type { ShellEnv } from '../types';
import { type PathScope, placeOf, type ResolvedPath } from './classify-path';
import { carriesCredentialLiteral } from './credential-literal';
import { parseGitConfig, urlHoldsCredential } from './git-config';
import { personWrittenHomeFile } from './home-trees';

/** Files looked at per analysis: a shell analysis (its reporter) or a tool request (its ShellEnv). */
export const CONTENT_BUDGET = 24;
const BUDGET = CONTENT_BUDGET;
const looked = new WeakMap<object, Map<string, boolean>>();

/**
 * Tokens whose prefix names the issuer, at their full length: GitHub, GitLab, npm, Slack, Anthropic, OpenAI,
 * and Google API keys (also read by action review for a secret written into a tool's own parameters).
 */
export const ISSUER_TOKEN =
  /\b(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{60,}|glpat-[A-Za-z0-9_-]{20}|npm_[A-Za-z0-9]{36}|xox[abprs]-\d{6,}-[A-Za-z0-9-]{10,}|sk-ant-[A-Za-z0-9_-]{40,}|sk-(?:proj-)?[A-Za-z0-9_-]{40,}|AIza[0-9A-Za-z_-]{35})\b/;

/**
 * Shapes by class of credential store, each anchored on what only the store itself holds (a key block, a
 * filled-in value): prose or a template naming the fields (`password <PASS>`, `_authToken=${NPM_TOKEN}`) stays
 * ordinary. Each pattern is linear in the text (no nested unbounded repetition).
 */
const SHAPES: readonly RegExp[] = [
  // Cloud service-account key (JSON).
  /"type"\s*:\s*"service_account"[\s\S]*"private_key"\s*:|"private_key"\s*:[\s\S]*"type"\s*:\s*"service_account"/,
  // PEM and OpenPGP private key blocks (`-----BEGIN PGP PRIVATE KEY BLOCK-----`).
  /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/,
  // PuTTY private key file.
  /^PuTTY-User-Key-File-\d+:/m,
  // AWS credentials ini, or an env file carrying the same value.
  /^\s*aws_secret_access_key\s*=/m,
  /^\s*(?:export\s+)?AWS_SECRET_ACCESS_KEY\s*[=:]\s*["']?[A-Za-z0-9/+]{40}/m,
  // AWS access keys downloaded from the console (CSV): the header, then a key id and its secret.
  /Access key ID,Secret access key[^\n]*\n[^\n]*\b[A-Z0-9]{16,}\s*,\s*[A-Za-z0-9/+]{30,}/,
  // kubeconfig: an embedded client key, or a user token/password under a `kind: Config` document.
  /^\s*client-key-data\s*:\s*[A-Za-z0-9+/=]{16,}/m,
  /^kind\s*:\s*Config\s*$[\s\S]*^\s+(?:token|password)\s*:\s*["']?[^\s"'<$]{8,}/m,
  // Docker / container registry config: `"auths": {"host": {"auth": "<base64>"}}`.
  /"auths"\s*:\s*\{[\s\S]*"(?:auth|identitytoken)"\s*:\s*"[A-Za-z0-9+/=._-]{8,}"/,
  // .netrc: `machine HOST login USER password VALUE` (a value, not a placeholder).
  /^\s*(?:machine\s+\S+|default)\b[\s\S]{0,300}?\bpassword\s+[^\s<$"'{*]\S{5,}/m,
  // npm and other registry tokens in an rc file (`//registry/:_authToken=npm_...`), not `${NPM_TOKEN}`.
  /^\s*(?:\/\/\S+:)?_(?:authToken|auth|password)\s*=\s*["']?[^\s$"'{<][^\s]{7,}/m,
  // A database client's option file (`.my.cnf`, `debian.cnf`): a `[client]`-style group with a password set.
  /^\s*\[(?:client|mysql|mysqldump|mysqladmin|mysqld_safe)\][^[]*?^\s*password\s*=\s*["']?[^\s"'<$]{4,}/m,
  // A key-value store's server password (`requirepass`, a replica's `masterauth`).
  /^\s*(?:requirepass|masterauth)\s+["']?[^\s"'<$#]{4,}/m,
  // Tokens whose prefix names the issuer (above).
  ISSUER_TOKEN,
  // An OAuth client's secret filled in (`"client_secret": "GOCSPX-…"`), not a placeholder (review 30a).
  /"client_secret"\s*:\s*"(?![$<{])[^"\s]{8,}"/,
  // A payment provider's live secret or restricted key.
  /\b[rs]k_live_[A-Za-z0-9]{16,}/,
  // Terraform state: the values of every resource, secrets included, under any file name.
  /"terraform_version"\s*:[\s\S]{0,2000}"lineage"\s*:|"lineage"\s*:[\s\S]{0,2000}"terraform_version"\s*:/,
  // A Wi-Fi or VPN pre-shared key (wpa_supplicant, NetworkManager).
  /^\s*psk\s*=\s*["']?[^\s"'<$]{8,}/m,
];

/** Does the file at `abs` hold secret material by its content? `unknown` past the per-request budget. */
export function holdsSecretContent(abs: string, env: ShellEnv, per: object = env): boolean | 'unknown' {
  if (!env.readScript || !abs.startsWith('/')) return false;
  let seen = looked.get(per);
  if (!seen) {
    seen = new Map();
    looked.set(per, seen);
  }
  const known = seen.get(abs);
  if (known !== undefined) return known;
  if (seen.size >= BUDGET) return 'unknown';
  const file = env.readScript(abs);
  const secret =
    file.kind === 'text' &&
    (SHAPES.some((shape) => shape.test(file.text)) ||
      (SETTINGS_FILE.test(abs) &&
        !TEMPLATE_NAME.test(abs) &&
        !LOCAL_CONTAINERS.test(abs) &&
        settingsSecret(file.text)));
  seen.set(abs, secret);
  return secret;
}

/**
 * A settings file (`application.yml`, `settings.ini`, `keystore.properties`, `app.conf`, `config.toml`) other than
 * a template of one (`settings.example.ini`, `config.yml.dist`).
 */
const SETTINGS_FILE =
  /\.(?:properties|ya?ml|ini|cfg|conf|cnf|toml|json|xml)(?:\.(?:bak|old|orig|save|backup)|~)?$/i;
/** A template of a settings file: its last part before the extension, or after it (`settings.example.ini`, `app.yml.dist`). */
const TEMPLATE_NAME = /[._-](?:example|sample|template|tmpl|dist|defaults?)(?:\.[A-Za-z]+)?$/i;
/**
 * Files that configure throwaway local containers, whose passwords are for them (a compose file's `POSTGRES_PASSWORD`,
 * a CI workflow's service container).
 */
const LOCAL_CONTAINERS =
  /(?:^|\/)(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml$|\/\.github\/workflows\/[^/]+\.ya?ml$|(?:^|\/)\.gitlab-ci\.ya?ml$|\/\.circleci\/config\.ya?ml$|(?:^|\/)bitbucket-pipelines\.ya?ml$/;
/**
 * A setting of a password, secret or token to a filled-in value (`storePassword=…`, `password: …`,
 * `sasl_password = …`), not a placeholder the build fills in (`${DB_PASSWORD}`, `<password>`, `%(pw)s`) nor the name of
 * a secret kept elsewhere (a chart's `existingSecret`).
 */
const SETTINGS_SECRET =
  /^[ \t]*(?:-[ \t]+)?["']?[\w.-]*(?<!existing)(?:passw(?:or)?d|pass|pwd|secret|token|api[._-]?key|private[._-]?key|access[._-]?key|secret[._-]?key)["']?[ \t]*[=:][ \t]*["']?((?![$<{#%>|])[^\s"']\S{3,}?)["']?[ \t]*[,;]?[ \t]*(?:[#;].*)?$/gim;
/** A YAML value on the lines after its key (`password: >-`, `password:` then an indented value). */
const SETTINGS_NEXT_LINE =
  /^[ \t]*["']?[\w.-]*(?:passw(?:or)?d|pass|pwd|secret|token|api[._-]?key)["']?[ \t]*:[ \t]*(?:[>|][-+]?)?[ \t]*\n[ \t]+["']?((?![$<{#%])[^\s"'#:]\S{3,}?)["']?[ \t]*$/gim;
/**
 * A password inside a value (a connection string `Password=…;`, an element `<password>…</password>`, a URL
 * `scheme://user:…@host`): the value, and the user a URL names.
 */
const EMBEDDED_SECRET =
  /(?:^|[;"'\s])(?:Password|Pwd)\s*=\s*((?![$<{%])[^;"'\s]{4,})|<(?:password|passphrase|secret|token)>\s*((?![$<{%])[^<\s]{4,})\s*<\/|:\/\/([^\s/@:$]+):((?![$<{%])[^\s/@$]{3,})@([^\s/:?#"']*)/gi;
/** A value every tutorial and local container uses, or one that says it is none. */
const NO_SECRET_VALUE =
  /^(?:password|passw0rd|postgres|mysql|root|admin|secret|test|testing|dev|development|local|localhost|example|changeme|change_me|dummy|placeholder|none|null|true|false|redacted)$|example|changeme|change[_-]me|dummy|placeholder|your[_-]|xxxx|\*{3}/i;
/** Values of the file's other settings (`user: quarry` beside `password: quarry`: a local default). */
const SETTING_VALUE = /^[ \t]*["']?[\w.-]+["']?[ \t]*[=:][ \t]*["']?([^\s"'#;]+)/gm;

/**
 * Does a settings file set a credential to a value of its own: neither a placeholder, a value that says it is
 * none or a local default, nor the value of another of its settings (a development database's user and password
 * alike)?
 */
function settingsSecret(text: string): boolean {
  // An embedded password that is a local default (the user's own name, a well-known one, a database on this machine)
  // is none.
  for (const m of text.matchAll(EMBEDDED_SECRET)) {
    const value = m[1] ?? m[2] ?? m[4] ?? '';
    if (NO_SECRET_VALUE.test(value) || value === m[3]) continue;
    if (m[5] !== undefined && /^(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)$/i.test(m[5])) continue;
    return true;
  }
  const values = [...text.matchAll(SETTINGS_SECRET), ...text.matchAll(SETTINGS_NEXT_LINE)].map((m) =>
    (m[1] ?? '').replace(/[,;]$/, ''),
  );
  if (values.length === 0) return false;
  // Values the file gives to settings that hold no credential (a user or database name).
  const plain = new Set<string>();
  for (const m of text.matchAll(SETTING_VALUE)) if (!SETTING_IS_SECRET.test(m[0])) plain.add(m[1] ?? '');
  return values.some((v) => !NO_SECRET_VALUE.test(v) && !plain.has(v));
}

/** A setting line whose key names a credential. */
const SETTING_IS_SECRET = /(?:passw(?:or)?d|pass|pwd|secret|token|key|credentials?)["']?[ \t]*[=:]/i;

/** Files secret by name only for what they may carry: git config files of a repository, npm's and yarn's rc files. */
const CONTENT_DECIDED =
  /\/\.git\/(?:modules\/.+\/)?config(?:\.worktree)?$|\/\.git\/worktrees\/[^/]+\/config\.worktree$|\/\.(?:npmrc|yarnrc\.yml)$/;

/** A key that holds a credential when it has a value (`http.extraHeader`, `github.token`, `_authToken`, `npmAuthIdent`). */
const CREDENTIAL_KEY =
  /auth|token|passw|pass$|secret|ident|credential|extraheader|cookie|api[_-]?key|access[_-]?key|private[_-]?key|^pat$/i;
/** Values that name no credential: a switch, or a variable the tool puts in when it runs (`${NPM_TOKEN}`). */
const NO_CREDENTIAL_VALUE = /^(?:true|false|yes|no|on|off|\$\{[A-Za-z_]\w*\}|\$[A-Za-z_]\w*)?$/i;

function gitConfigCarries(text: string): boolean {
  const entries = parseGitConfig(text);
  if (!entries) return true;
  return entries.some(({ key, value }) => configEntryCarries(key, value));
}

/**
 * Does one git configuration entry carry a credential: a URL with a password in its value or its key
 * (`url.https://u:p@host/.insteadOf`), or a credential key with a value (`http.extraHeader`, `github.token`)? A
 * value that could not be read counts.
 */
export function configEntryCarries(key: string, value: string | undefined): boolean {
  if (value === undefined) return true;
  if (urlHoldsCredential(value)) return true;
  if (/^url\./i.test(key) && urlHoldsCredential(key.slice(4))) return true;
  // A command line git runs (an inline credential helper, an alias) with a credential written into it.
  if (carriesCredentialLiteral(value) || ISSUER_TOKEN.test(value)) return true;
  const name = key.slice(key.lastIndexOf('.') + 1);
  return CREDENTIAL_KEY.test(name) && !NO_CREDENTIAL_VALUE.test(value.trim());
}

/** An rc file (`key=value`, or YAML `key: value`) with a credential key set, or a URL with a password in it. */
function rcCarries(text: string): boolean {
  for (const line of text.split('\n')) {
    if (/:\/\/[^\s/@]*:[^\s/@]+@/.test(line)) return true;
    const m =
      /^\s*([^=#;\s][^=]*?)\s*=\s*(.*)$/.exec(line) ?? /^\s*["']?([\w.@/-]+)["']?\s*:\s+(.*)$/.exec(line);
    if (!m) continue;
    const value = (m[2] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2');
    if (CREDENTIAL_KEY.test(m[1] ?? '') && !NO_CREDENTIAL_VALUE.test(value)) return true;
  }
  return false;
}

/**
 * Is `abs`, secret by its name, a file of CONTENT_DECIDED read whole whose text carries no credential (no
 * secret shape, no credential key with a value, no URL with a password)? False when it cannot be read, does not
 * parse, or the per-request budget is spent: the name decides.
 */
export function clearedByContent(abs: string, env: ShellEnv, per: object = env): boolean {
  if (!env.readScript || !CONTENT_DECIDED.test(abs)) return false;
  let seen = looked.get(per);
  if (!seen) {
    seen = new Map();
    looked.set(per, seen);
  }
  const key = `\u0000clear ${abs}`;
  const known = seen.get(key);
  if (known !== undefined) return known;
  if (seen.size >= BUDGET) return false;
  const file = env.readScript(abs);
  const clear =
    file.kind === 'text' &&
    !SHAPES.some((shape) => shape.test(file.text)) &&
    !(/\/\.git\//.test(abs) ? gitConfigCarries(file.text) : rcCarries(file.text));
  seen.set(key, clear);
  return clear;
}

/**
 * A path read, as classed, unless it is secret by its name alone (resolved, no glob, no link on the way) and
 * clearedByContent: then it is classed by where it lies.
 */
export function clearedRead(
  res: ResolvedPath,
  scope: PathScope,
  env: ShellEnv,
  per: object = env,
): ResolvedPath {
  if (res.class !== 'sensitive' || res.glob || res.unresolved || res.real !== undefined) return res;
  const at = res.resolved;
  if (at === undefined || !clearedByContent(at, env, per)) return res;
  return { ...res, class: placeOf(at, scope) };
}

/** A home file whose lines set environment variables or git settings: what it sets is read with it. */
const HOME_SETTINGS =
  /\/\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|kshrc|envrc|gitconfig|config\/git\/config|config\/fish\/config\.fish)$/;
/** A variable named for a credential set to a literal value (`export HF_TOKEN=hf_…`, `set -x API_KEY …`). */
const CREDENTIAL_EXPORT =
  /^\s*(?:export\s+|set\s+-[gx]+\s+)?[A-Za-z_]*(?:TOKEN|SECRET|PASSW(?:OR)?D|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?|AUTH)[A-Za-z0-9_]*(?:=|\s+)["']?[^\s"'$<{][^\s"']{7,}/im;

/**
 * Does a file of the home folder carry a credential by its content: a secret shape anywhere; in a file a person
 * writes (personWrittenHomeFile: all but the package-source trees), a credential exported by a shell start-up file,
 * a git setting holding one, or a credential written as a literal in any form (credential-literal.ts: a script in
 * `~/.local/bin` setting a password, an alias with a bearer token, an inline credential helper). `unknown` past the
 * per-request budget.
 */
export function homeFileCarries(abs: string, env: ShellEnv, per: object = env): boolean | 'unknown' {
  const shaped = holdsSecretContent(abs, env, per);
  if (shaped !== false || !env.readScript || !personWrittenHomeFile(abs, env)) return shaped;
  const file = env.readScript(abs);
  if (file.kind !== 'text') return false;
  if (carriesCredentialLiteral(file.text)) return true;
  if (!HOME_SETTINGS.test(abs)) return false;
  return /gitconfig$|\/git\/config$/.test(abs)
    ? gitConfigCarries(file.text)
    : CREDENTIAL_EXPORT.test(file.text);
}

/**
 * A read of a home file, as classed, unless its content carries a credential (homeFileCarries): then it is a
 * secret read (`cat ~/.bashrc` exporting a token). Past the budget, a file a person writes counts as carrying one.
 */
export function markedRead(res: ResolvedPath, env: ShellEnv, per: object = env): ResolvedPath {
  if (res.class !== 'home' || res.glob || res.unresolved) return res;
  const at = res.real ?? res.resolved;
  if (at === undefined) return res;
  const carries = homeFileCarries(at, env, per);
  if (carries === true || (carries === 'unknown' && personWrittenHomeFile(at, env)))
    return { ...res, class: 'sensitive' };
  return res;
}
