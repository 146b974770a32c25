/**
 * The start-up files clients read from the user's home before they do anything, for what makes them run a
 * program, load code, write elsewhere or send more: sqlite3's `~/.sqliterc` (dot-commands), psql's `~/.psqlrc`
 * (meta-commands, backquoted shell), mysql's `~/.my.cnf` (plugins, includes, a pager or tee), kubectl's
 * `~/.kube/config` (credential plugins), the aws CLI's config, credentials and aliases (`credential_process`,
 * plugins, an alias replacing a command), wget's and curl's rc files, less's key files (an input preprocessor). Only what is known inert
 * stays quiet: plain display settings, connection settings, a credential helper of a well-known name. Pure apart
 * from the injected reader and reporting; never quotes a file (these hold passwords).
 */

import { posix } from 'node:path';
import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { folderListing } from './config-modules';
import { settledFile } from './runner-config';

const say = (program: string, file: string, inv: Invocation, r: Reporter) =>
  r.uncertain(
    'dynamic-script',
    `\`${program}\` reads the user's ${file}, whose settings may run a program or load code`,
    inv.segment,
    'kept',
  );

/** sqlite3 dot-commands that only set how results look. */
const SQLITE_INERT =
  /^\.(?:mode|headers?|timer|nullvalue|prompt|width|separator|bail|echo|changes|eqp|stats|timeout)(?:\s|$)/;
/** psql meta-commands that only set variables and how results look (a backquote runs a shell command). */
const PSQL_INERT = /^\\(?:set|unset|pset|timing|x|encoding|a|t|H)(?:\s|$)/;
/** mysql client options that only say where and how to connect and display. */
const MYSQL_INERT =
  /^(?:user|password|host|port|socket|database|default[-_]character[-_]set|protocol|ssl[-_][\w-]+|tls[-_][\w-]+|compress|compression[-_]algorithms|connect[-_]timeout|auto[-_]rehash|no[-_]auto[-_]rehash|prompt|safe[-_]updates|i[-_]am[-_]a[-_]dummy|max[-_]allowed[-_]packet|skip[-_]column[-_]names|column[-_]names|show[-_]warnings|reconnect|no[-_]beep|silent|verbose|batch|table|vertical|line[-_]numbers)$/;
/** The client sections mysql reads (`[client]`, `[mysql]`, MariaDB's). */
const MYSQL_SECTION = /^(?:client|mysql|mariadb|mariadb-client|client-server|client-mariadb)$/;
/** Credential helpers by their well-known names (kubeconfig `exec`, aws `credential_process`), found on PATH. */
const KNOWN_HELPER =
  /^(?:aws|aws-vault|aws-sso-util|aws-iam-authenticator|heptio-authenticator-aws|granted|assume|saml2aws|gimme-aws-creds|op|gcloud|gke-gcloud-auth-plugin|kubelogin|kubectl|kubectl-oidc_login|doctl|az|oci|ibmcloud|tsh|pinniped)$/;

type Check = (text: string) => boolean;

/** Each line, comments and blanks dropped, must be one `inert` accepts. */
const everyLine =
  (comment: RegExp, inert: (line: string) => boolean): Check =>
  (text) =>
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .every((l) => l === '' || comment.test(l) || inert(l));

const sqliterc = everyLine(/^--/, (l) => SQLITE_INERT.test(l));
// One meta-command a line: psql starts another at any later unquoted backslash (`\\set x 1 \\! sh`).
const psqlrc = everyLine(/^--/, (l) => PSQL_INERT.test(l) && !l.includes('`') && l.indexOf('\\', 1) < 0);

function myCnf(text: string): boolean {
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || /^[#;]/.test(line)) continue;
    if (line.startsWith('!')) return false;
    const head = /^\[([^\]]+)\]$/.exec(line);
    if (head) {
      section = (head[1] ?? '').trim().toLowerCase();
      continue;
    }
    if (!MYSQL_SECTION.test(section)) continue;
    const key = (/^([\w-]+)/.exec(line)?.[1] ?? '').toLowerCase();
    if (!MYSQL_INERT.test(key)) return false;
  }
  return true;
}

/** A command a helper setting names: its first word, as written (no quotes), must be a helper of a well-known name. */
const knownHelper = (command: string) => KNOWN_HELPER.test(command.trim().split(/\s+/)[0] ?? '');

/** Environment variables a kubeconfig may hand its credential helper: a profile and a region only. */
const KUBE_HELPER_ENV = /^(?:AWS_PROFILE|AWS_REGION|AWS_DEFAULT_REGION|AWS_STS_REGIONAL_ENDPOINTS)$/;

/**
 * A kubeconfig in any YAML style (block, flow, JSON): every `command` of an `exec` credential plugin must be a
 * helper of a well-known name, written whole (a quoted scalar that goes on, `'aws''/x'`, is another path), handed
 * only a profile or region in its environment; a legacy auth provider's `cmd-path`, an escape (JSON's `\u`), an
 * `exec` whose command is not read here are not known.
 */
function kubeconfig(text: string): boolean {
  if (/["']?\b(?:cmd-path|auth-provider)["']?\s*:|\\[ux]/i.test(text)) return false;
  const commands = [
    ...text.matchAll(
      /["']?\bcommand["']?\s*:\s*(?:"([^"]*)"|'([^']*)'|([^\s,}\]#'"]+))(?=[ \t]*(?:[,}\]#\r\n]|$))/g,
    ),
  ];
  const written = [...text.matchAll(/["']?\bcommand["']?\s*:/g)].length;
  if (commands.length !== written) return false;
  if (/["']?\bexec["']?\s*:/.test(text) && commands.length === 0) return false;
  // Every environment variable the helper is handed (`- name: X` entries of `env`) must be a profile or region.
  for (const m of text.matchAll(
    /["']?\bname["']?\s*:\s*["']?([A-Z][A-Z0-9_]*)["']?(?=[ \t]*(?:[,}\r\n]|$))/g,
  ))
    if (!KUBE_HELPER_ENV.test(m[1] ?? '')) return false;
  return commands.every((m) => KNOWN_HELPER.test(m[1] ?? m[2] ?? m[3] ?? ''));
}

/**
 * The aws CLI's INI files (keys read in any case; a value continued on the next line is not known): a
 * `credential_process` must be a helper of a well-known name; plugins are code.
 */
function awsConfig(text: string): boolean {
  if (/^\s*\[\s*plugins\s*\]|^\s*cli_legacy_plugin_path\s*=/im.test(text)) return false;
  for (const m of text.matchAll(/^\s*credential_process\s*[=:]\s*(.*)$/gim))
    if (!knownHelper(m[1] ?? '')) return false;
  return true;
}

/** wget's settings that run nothing and write nothing (names read without case, `-` or `_`, as wget does). */
const WGET_INERT =
  /^(?:timeout|readtimeout|connecttimeout|dnstimeout|tries|wait|waitretry|randomwait|retryconnrefused|useragent|verbose|quiet|progress|dotstyle|showprogress|robots|inet4only|inet6only|preferfamily|maxredirect|compression|limitrate)$/;
const wgetrc = everyLine(/^#/, (l) =>
  WGET_INERT.test((/^([\w-]+)\s*=/.exec(l)?.[1] ?? '').toLowerCase().replace(/[-_]/g, '')),
);

/** curl's options that run nothing, write nothing and send nothing more (long names, with or without dashes). */
const CURL_INERT =
  /^(?:-?-?(?:silent|show-error|location|connect-timeout|max-time|retry|retry-delay|retry-max-time|retry-connrefused|user-agent|compressed|fail|fail-with-body|progress-bar|no-progress-meter|ipv4|ipv6|http1\.1|http2|tcp-nodelay|keepalive-time|max-redirs)|-[sSLf46#A])$/;
const curlrc = everyLine(/^#/, (l) => CURL_INERT.test(/^(\S+?)(?:\s*[=:]|\s|$)/.exec(l)?.[1] ?? ''));

/** less's key files: an `#env` section (or a compiled file) setting an input preprocessor runs it on every file. */
// An `#env` section may set any variable, its name written with escapes (`LESS\\117PEN`) or pulling in another key
// file (`LESS=--lesskey-src=`): a key file with one, or a compiled one naming `LESS`, is not known.
const lesskey: Check = (text) => !/#env|LESS/i.test(text);

/**
 * pip's settings on any pip command: only those that change how it reports, waits and caches (PIP_INERT, shared with
 * the install's reading) and where packages come from (an install judges those: manifest-sources.ts); `python`
 * re-runs pip with another interpreter, `log`, `target`, `prefix`, `src` write elsewhere.
 */
export const PIP_INERT =
  /^(?:timeout|default-timeout|retries|disable-pip-version-check|no-cache-dir|progress-bar|no-input|quiet|verbose|require-virtualenv|no-color|no-index|pre|only-binary|prefer-binary|no-binary|upgrade-strategy|use-feature|root-user-action|break-system-packages)$/;
const PIP_SOURCE = /^(?:index-url|extra-index-url|find-links|trusted-host)$/;
const pipConf = everyLine(/^[#;]|^\[/, (l) => {
  const key = /^([\w.-]+)\s*(?:=|:(?!\/\/))/.exec(l)?.[1];
  // A line that is not `key = value` continues the value above it (one URL a line).
  const name = key?.toLowerCase().replace(/_/g, '-').replace(/^--?/, '');
  return name === undefined || PIP_INERT.test(name) || PIP_SOURCE.test(name);
});

interface Client {
  /** Options that skip the start-up files (`psql -X`); mysql's only as its first word. */
  skip?: RegExp;
  skipFirst?: boolean;
  files: readonly string[];
  check: Check;
}

const CLIENTS: Readonly<Record<string, Client>> = {
  sqlite3: { skip: /^-init$/, files: ['.sqliterc', '.config/sqlite3/sqliterc'], check: sqliterc },
  psql: { skip: /^(?:-X|--no-psqlrc)$/, files: ['.psqlrc'], check: psqlrc },
  mysql: { skip: /^--no-defaults$/, skipFirst: true, files: ['.my.cnf'], check: myCnf },
  mariadb: { skip: /^--no-defaults$/, skipFirst: true, files: ['.my.cnf'], check: myCnf },
  kubectl: { files: ['.kube/config'], check: kubeconfig },
  aws: { files: ['.aws/config', '.aws/credentials'], check: awsConfig },
  wget: { files: ['.wgetrc'], check: wgetrc },
  curl: {
    skip: /^(?:-q|--disable)$/,
    skipFirst: true,
    files: ['.curlrc', '.config/.curlrc', '.config/curlrc', '_curlrc'],
    check: curlrc,
  },
  pip: { files: ['.config/pip/pip.conf', '.pip/pip.conf'], check: pipConf },
  pip3: { files: ['.config/pip/pip.conf', '.pip/pip.conf'], check: pipConf },
  less: { files: ['.lesskey', '.config/lesskey', '.less', '.config/less'], check: lesskey },
  more: { files: ['.lesskey', '.config/lesskey', '.less', '.config/less'], check: lesskey },
};

/**
 * The aws CLI's aliases (`~/.aws/cli/alias`, `name = ...` or `name: ...`): one named like a word of the command, or
 * of a `credential_process` that runs the aws CLI, replaces that command with what it says.
 */
function awsAlias(inv: Invocation, r: Reporter, also: readonly string[] = []): boolean {
  const file = settledFile(posix.join(r.scope.home, '.aws/cli/alias'), inv, r);
  if (file.kind !== 'text') return file.kind !== 'unknown';
  const words = new Set([...inv.args.map((w) => plain(w).toLowerCase()), ...also]);
  const config = settledFile(posix.join(r.scope.home, '.aws/config'), inv, r);
  if (config.kind === 'text')
    for (const m of config.text.matchAll(/^\s*credential_process\s*[=:]\s*(.*)$/gim))
      for (const w of (m[1] ?? '').toLowerCase().split(/\s+/)) words.add(w);
  for (const m of file.text.matchAll(/^\s*([\w-]+)\s*[=:]/gm))
    if (words.has((m[1] ?? '').toLowerCase())) {
      say('aws', '~/.aws/cli/alias', inv, r);
      return false;
    }
  return true;
}

/** The programs clientRcFiles looks at. */
export const CLIENT_RC_PROGRAMS = () => Object.keys(CLIENTS);

/** Whether the files of `client` (relative to the home folder) are known inert; false once one is reported. */
function filesInert(
  program: string,
  files: readonly string[],
  check: Check,
  inv: Invocation,
  r: Reporter,
): boolean {
  for (const name of files) {
    const file = settledFile(posix.join(r.scope.home, name), inv, r);
    if (file.kind === 'unknown') return false;
    if (file.kind === 'text' && !check(file.text)) {
      say(program, `~/${name}`, inv, r);
      return false;
    }
  }
  return true;
}

export function clientRcFiles(inv: Invocation, r: Reporter): void {
  const program = inv.program.slice(inv.program.lastIndexOf('/') + 1);
  const client = CLIENTS[program];
  if (!client || !r.env.readScript) return;
  const words = client.skipFirst ? inv.args.slice(0, 1) : inv.args;
  if (client.skip && words.some((w) => client.skip?.test(plain(w)))) return;
  if (program === 'aws' && !awsAlias(inv, r)) return;
  const home = r.scope.home;
  const files = [...client.files];
  // psql also reads a start-up file named for its version (`~/.psqlrc-16`, `~/.psqlrc-16.2`).
  if (program === 'psql') {
    const listed = folderListing(home, inv, r);
    if (listed === 'unlisted') {
      say(program, '~/.psqlrc', inv, r);
      return;
    }
    if (listed !== 'missing') files.push(...[...listed].filter((n) => n.startsWith('.psqlrc-')));
  }
  if (!filesInert(program, files, client.check, inv, r)) return;
  // A kubeconfig's aws helper reads the aws CLI's own files (a credential process, an alias) as `aws` does.
  if (program === 'kubectl') {
    const kube = settledFile(posix.join(home, '.kube/config'), inv, r);
    if (kube.kind === 'text' && /command["']?\s*:\s*["']?aws\b/.test(kube.text)) {
      const aws = CLIENTS.aws as Client;
      if (filesInert('kubectl', aws.files, aws.check, inv, r)) awsAlias(inv, r, ['eks', 'get-token']);
    }
  }
}
