/**
 * A file whose name says nothing may still hold a secret: a cloud service-account key (`"type":
 * "service_account"` with a `"private_key"`), a PEM, OpenPGP or PuTTY private key, AWS credentials (ini or env
 * file), a kubeconfig with a client key or token, a registry `auths` config, a .netrc, an rc file with a
 * registry token, a database client's option file with a password, a key-value store's server password, or a
 * token whose prefix names its issuer. When the surface gives
 * a reader (ShellEnv.readScript: regular files of at most 256 KiB, never blocking), a file a request reads is
 * recognised by that content shape. At most a few files per request are looked at: past them the answer is
 * `unknown` and the caller makes the read uncertain (never presumed clean). A file that cannot be read says
 * nothing (its name decides, as before). The text is never kept, logged or returned. Pure apart from the
 * reader it is given.
 */

import type { ShellEnv } from '../types';

/** Files looked at per analysis: a shell analysis (its reporter) or a tool request (its ShellEnv). */
const BUDGET = 8;
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
  const secret = file.kind === 'text' && SHAPES.some((shape) => shape.test(file.text));
  seen.set(abs, secret);
  return secret;
}
