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
import { projectFile } from './project-file';

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

/** A command a helper setting names: its first word must be a helper of a well-known name. */
const knownHelper = (command: string) =>
  KNOWN_HELPER.test(
    command
      .trim()
      .replace(/^["']/, '')
      .split(/[\s"']/)[0] ?? '',
  );

/**
 * A kubeconfig in any YAML style (block, flow, JSON): every `command` of an `exec` credential plugin must be a
 * helper of a well-known name; a legacy auth provider's `cmd-path`, an escape (JSON's `\u`), an `exec` whose
 * command is not read here are not known.
 */
function kubeconfig(text: string): boolean {
  if (/["']?\b(?:cmd-path|auth-provider)["']?\s*:|\\[ux]/i.test(text)) return false;
  const commands = [...text.matchAll(/["']?\bcommand["']?\s*:\s*(?:"([^"]*)"|'([^']*)'|([^\s,}\]#]+))/g)];
  if (/["']?\bexec["']?\s*:/.test(text) && commands.length === 0) return false;
  return commands.every((m) => knownHelper(m[1] ?? m[2] ?? m[3] ?? ''));
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
const lesskey: Check = (text) => !/LESS(?:OPEN|CLOSE)/.test(text);

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
  curl: { skip: /^(?:-q|--disable)$/, skipFirst: true, files: ['.curlrc', '.config/.curlrc'], check: curlrc },
  less: { files: ['.lesskey', '.config/lesskey', '.less', '.config/less'], check: lesskey },
  more: { files: ['.lesskey', '.config/lesskey', '.less', '.config/less'], check: lesskey },
};

/**
 * The aws CLI's aliases (`~/.aws/cli/alias`): one named like a word of the command (`[toplevel] sts = !...`)
 * replaces the built-in command with what it says.
 */
function awsAlias(inv: Invocation, r: Reporter): boolean {
  const file = projectFile(posix.join(r.scope.home, '.aws/cli/alias'), inv, r);
  if (file.kind !== 'text') return file.kind !== 'unknown';
  const words = new Set(inv.args.map((w) => plain(w).toLowerCase()));
  for (const m of file.text.matchAll(/^\s*([\w-]+)\s*=/gm))
    if (words.has((m[1] ?? '').toLowerCase())) {
      say('aws', '~/.aws/cli/alias', inv, r);
      return false;
    }
  return true;
}

/** The programs clientRcFiles looks at. */
export const CLIENT_RC_PROGRAMS = () => Object.keys(CLIENTS);

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
  for (const name of files) {
    const file = projectFile(posix.join(home, name), inv, r);
    if (file.kind === 'unknown') return;
    if (file.kind === 'text' && !client.check(file.text)) {
      say(program, `~/${name}`, inv, r);
      return;
    }
  }
}
