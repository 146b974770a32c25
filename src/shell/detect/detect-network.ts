/**
 * Network programs other than HTTP clients: ssh, scp, sftp, rsync, nc and friends, openssl s_client,
 * `/dev/tcp/host/port`, and uploaders (gh gist, aws s3 cp, rclone…) — destinations, and secret material sent
 * to a non-local host. Dispatches HTTP clients to detect-http-clients.ts. Pure apart from reporting.
 */

import { isUnder } from '../../core';
import {
  type Invocation,
  isLiteral,
  optionText,
  plain,
  type Reporter,
  splitArgs,
} from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { type Flow, NO_FLOW, OPAQUE_FLOW } from '../walk/flow';
import { CLOUD_SENDERS_PROGRAMS, cloudSenders } from './cloud-senders';
import { curlLike } from './detect-http-clients';
import { exclusionPatterns } from './exclusion-patterns';
import { forgeCli } from './forge-api';
import { hostSenders, SENDERS_PROGRAMS } from './host-senders';
import { hostOf, networkTarget } from './network-target';
import { holdsSecrets, readsTree, resolveArg, stdinSensitive, touchPath } from './path-effects';
import { SERVICE_HOST_PROGRAMS, serviceHost } from './service-hosts';

const SSH_VALUES = new Set([
  '-b',
  '-c',
  '-D',
  '-E',
  '-e',
  '-F',
  '-I',
  '-i',
  '-J',
  '-L',
  '-l',
  '-m',
  '-O',
  '-o',
  '-p',
  '-Q',
  '-R',
  '-S',
  '-W',
  '-w',
  '-B',
  '-P',
]);

function ssh(inv: Invocation, r: Reporter): Flow {
  const args = inv.args;
  let i = 0;
  for (; i < args.length; i++) {
    const t = optionText(args[i]);
    if (!t.startsWith('-')) break;
    if (SSH_VALUES.has(t)) {
      if (t === '-i' || t === '-F') touchPath(args[i + 1] as Word, 'arg', inv, r);
      i++;
    }
  }
  const host = args[i];
  if (!host) return OPAQUE_FLOW;
  const nonLocal = isLiteral(host) && networkTarget(plain(host), 'ssh', inv, r, true);
  if (stdinSensitive(inv, r) && nonLocal)
    r.exfiltration(inv.segment, '`ssh` sends secret material from its input to a remote host');
  const remote = args.slice(i + 1);
  if (remote.length > 0) {
    if (remote.every(isLiteral)) r.script(remote.map((w) => plain(w)).join(' '), inv, 'shell-string', 'ssh');
    else r.uncertain('dynamic-script', '`ssh` runs a remote command built at run time', inv.segment);
  }
  return { sensitive: false, network: nonLocal, decoded: false, opaque: true };
}

function copyRemote(inv: Invocation, r: Reporter): void {
  const { positionals, options } = splitArgs(inv.args);
  const remote = positionals.filter((w) => hostOf(plain(w)) !== undefined && !/^\.?\//.test(plain(w)));
  let nonLocal = false;
  for (const w of remote) nonLocal = networkTarget(plain(w), inv.program, inv, r) || nonLocal;
  const dest = positionals[positionals.length - 1];
  const destRemote = dest !== undefined && remote.includes(dest);
  const patterns = exclusionPatterns(inv);
  for (const w of positionals) {
    if (remote.includes(w) || patterns.has(w)) continue;
    const res = touchPath(w, w === dest ? 'write' : 'read', inv, r);
    const secretTree = w !== dest && readsTree(inv, options) && holdsSecrets(res.resolved, r);
    if (secretTree)
      r.hit(
        'secret_material_read',
        `\`${inv.program}\` reads a whole folder that holds secret material`,
        inv.segment,
      );
    if (w !== dest && (res.class === 'sensitive' || secretTree) && nonLocal && destRemote)
      r.exfiltration(inv.segment, `\`${inv.program}\` copies secret material to a remote host`);
  }
  if (inv.program === 'rsync' && options.some((o) => /^--(delete|del$|remove-source-files)/.test(o))) {
    if (destRemote || options.some((o) => o === '--remove-source-files'))
      r.hit('remote_resource_delete', '`rsync` deletes files at the destination', inv.segment);
    else if (dest) {
      const res = touchPath(dest, 'delete', inv, r);
      // Into `/`, home (or a folder above it) or a top-level folder, --delete empties the root: the floor.
      const roots = [res.resolved, res.real].filter((x): x is string => x !== undefined);
      if (roots.some((x) => x === '/' || isUnder(r.scope.home, x) || /^\/[^/]+$/.test(x)))
        r.hit(
          'destructive_root_delete',
          '`rsync --delete` empties the home folder or a system root',
          inv.segment,
        );
      else if (res.class !== 'workspace' && res.class !== 'temp')
        r.hit(
          'recursive_delete_outside_workspace',
          `\`rsync --delete\` deletes files in ${res.class} space`,
          inv.segment,
        );
    }
  }
}

/** netcat's options that run a program for the peer: `-e`/`-c` in any cluster (`-lvpe`), ncat's `--exec` family. */
const NETCAT_EXEC = /^-[a-zA-Z]*[ec]|^--(?:sh-|lua-)?exec(?:=|$)/;

function netcat(inv: Invocation, r: Reporter): Flow {
  const { options, positionals } = splitArgs(inv.args);
  // A listener too (`nc -lp 4444 -e /bin/sh`, a bind shell): whoever connects gets the program.
  if (options.some((o) => NETCAT_EXEC.test(o)))
    r.hit('remote_code_execution', `\`${inv.program} -e\` hands a shell to a network peer`, inv.segment);
  if (options.some((o) => /^-[a-zA-Z]*l|^--listen$/.test(o))) return OPAQUE_FLOW;
  const host = positionals[0];
  const nonLocal =
    host !== undefined && isLiteral(host) && networkTarget(plain(host), inv.program, inv, r, true);
  if (stdinSensitive(inv, r) && nonLocal)
    r.exfiltration(inv.segment, `\`${inv.program}\` sends secret material from its input to a remote host`);
  return { sensitive: false, network: nonLocal, decoded: false, opaque: true };
}

/** Analyses in which `exec` opened a descriptor on a remote socket (`exec 3<>/dev/tcp/host/80`). */
const OPEN_SOCKETS = new WeakSet<Reporter>();

/** Secret material this invocation writes: its input, or a file it names that is sensitive. */
function writesSecret(inv: Invocation, r: Reporter): boolean {
  return (
    inv.stdin.sensitive ||
    inv.args.some((w) => w.flow.sensitive || resolveArg(w, inv, r).class === 'sensitive')
  );
}

/** `sftp host <<< 'put FILE'`: the batch on standard input uploads each file it puts. */
function sftpBatch(inv: Invocation, r: Reporter): void {
  const batch = inv.stdin.literal;
  if (batch === undefined) return;
  const host = splitArgs(inv.args).positionals[0];
  const name =
    plain(host)
      .replace(/^[^@]*@/, '')
      .split(':')[0] ?? '';
  const nonLocal = name !== '' && isLiteral(host) && networkTarget(name, 'sftp', inv, r, true);
  for (const m of batch.matchAll(/^\s*(?:put|mput|reput)\s+(?:-[a-zA-Z]+\s+)*(\S+)/gm)) {
    const res = touchPath({ text: m[1] ?? '', flow: NO_FLOW }, 'read', inv, r);
    if (res.class === 'sensitive' && nonLocal)
      r.exfiltration(inv.segment, '`sftp` uploads secret material to a remote host');
  }
}

/**
 * socat's two addresses: a file one (`FILE:`, `OPEN:`, `GOPEN:`, `CREATE:`) reads or writes its path, a network one
 * (`TCP:`, `TCP4:`, `OPENSSL:`, `UDP:`, ...) reaches its host, `EXEC:`/`SYSTEM:` runs a command. A secret file (or
 * secret input on `STDIO`/`-`) joined to a remote host is exfiltration; a command joined to one is a remote shell.
 */
function socat(inv: Invocation, r: Reporter): Flow {
  const { positionals } = splitArgs(inv.args);
  let nonLocal = false;
  let secret = false;
  let runs = false;
  for (const w of positionals.slice(0, 2)) {
    const text = plain(w);
    const m = /^([A-Za-z0-9-]+):(.*)$/.exec(text);
    const kind = (m?.[1] ?? text).toUpperCase();
    const rest = m?.[2] ?? '';
    if (
      /^(TCP|TCP4|TCP6|TCP-CONNECT|TCP4-CONNECT|TCP6-CONNECT|OPENSSL|OPENSSL-CONNECT|SSL|UDP|UDP4|UDP6|UDP-CONNECT|UDP-SENDTO|SCTP|SCTP-CONNECT|SOCKS4|SOCKS4A|SOCKS5|PROXY)$/.test(
        kind,
      )
    ) {
      const host = rest.split(/[:,]/)[0] ?? '';
      if (host !== '' && networkTarget(host, 'socat', inv, r, true)) nonLocal = true;
    } else if (/^(FILE|OPEN|GOPEN|CREATE|READLINE|PIPE)$/.test(kind) && m) {
      const path: Word = { text: w.text.slice(w.text.indexOf(':') + 1).split(',')[0] ?? '', flow: w.flow };
      if (touchPath(path, 'read', inv, r).class === 'sensitive') secret = true;
    } else if (/^(EXEC|SYSTEM)$/.test(kind)) runs = true;
    else if ((kind === '-' || kind === 'STDIO' || kind === 'STDIN') && stdinSensitive(inv, r)) secret = true;
  }
  if (secret && nonLocal) r.exfiltration(inv.segment, '`socat` sends secret material to a remote host');
  if (runs && nonLocal)
    r.hit('remote_code_execution', '`socat` joins a command to a network peer', inv.segment);
  return { sensitive: false, network: nonLocal, decoded: false, opaque: true };
}

/** `/dev/tcp/host/port` redirects, and writes to a descriptor an earlier `exec` opened on one. */
export function devTcp(inv: Invocation, r: Reporter): void {
  for (const redirect of inv.redirects) {
    // `cat ~/.aws/credentials >&3` after `exec 3<>/dev/tcp/host/80`: the descriptor is the socket.
    const fd = /^>&$|^>$/.test(redirect.op) ? /^&?(\d+)$/.exec(plain(redirect.target)) : null;
    if (fd && Number(fd[1]) >= 3 && OPEN_SOCKETS.has(r) && writesSecret(inv, r))
      r.exfiltration(inv.segment, `\`${inv.program}\` writes secret material to a network socket`);
  }
  for (const redirect of inv.redirects) {
    const m = /^\/dev\/(tcp|udp)\/([^/]+)\/\d+/.exec(plain(redirect.target));
    if (!m?.[2]) continue;
    const nonLocal = networkTarget(m[2], '/dev/tcp', inv, r, true);
    if ((inv.program === 'exec' || inv.program === ':') && nonLocal) OPEN_SOCKETS.add(r);
    if (
      redirect.op.includes('>') &&
      (inv.stdin.sensitive ||
        inv.args.some((w) => w.flow.sensitive || resolveArg(w, inv, r).class === 'sensitive')) &&
      nonLocal
    ) {
      r.exfiltration(inv.segment, `\`${inv.program}\` writes secret material to a network socket`);
    }
    if (redirect.op.includes('>') && ['bash', 'sh', 'zsh'].includes(inv.program) && nonLocal) {
      r.hit('remote_code_execution', `\`${inv.program}\` attaches a shell to a network socket`, inv.segment);
    }
  }
}

/** Programs that upload their file arguments somewhere remote. */
const UPLOADERS: Record<string, RegExp> = {
  gh: /^(gist (create|edit)|release (upload|create)|secret set)\b/,
  glab: /^(snippet (create|new)|release (upload|create))\b/,
  aws: /(^| )s3 (cp|sync|mv)\b/,
  gsutil: /(^| )(cp|rsync|mv)( |$)/,
  gcloud: /storage (cp|rsync)/,
  az: /storage blob upload/,
  rclone: /^(copy|sync|move|copyto)\b/,
  s3cmd: /^(put|sync)\b/,
  transfer: /./,
  // Peer-to-peer and relay file transfer, content-addressed publishing, object-store copiers.
  croc: /(^| )send( |$)/,
  wormhole: /(^| )send( |$)/,
  ffsend: /(^| )(upload|u)( |$)/,
  ipfs: /(^| )add( |$)/,
  azcopy: /(^| )(copy|cp|sync)( |$)/,
  b2: /(^| )(upload-file|upload_file|sync)( |$)/,
  pastebinit: /./,
  git: /^send-email\b/,
};

/** Mail senders: the attachment options and the body read from standard input leave the machine. */
const MAILERS = new Set([
  'mail',
  'mailx',
  's-nail',
  'bsd-mailx',
  'mutt',
  'neomutt',
  'sendmail',
  'msmtp',
  'swaks',
]);
const MAIL_ATTACH = /^(-a|-A|--attach|--attach-file|--attach-body)$/;

function mail(inv: Invocation, r: Reporter): void {
  const args = inv.args;
  let sent = stdinSensitive(inv, r);
  for (let i = 0; i < args.length && !sent; i++) {
    const t = optionText(args[i]);
    const eq = t.startsWith('--') ? t.indexOf('=') : -1;
    const name = eq > 0 ? t.slice(0, eq) : t;
    if (!MAIL_ATTACH.test(name)) continue;
    const w = args[i] as Word;
    const value = eq > 0 ? { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow } : args[++i];
    if (value !== undefined) sent = touchPath(value, 'read', inv, r).class === 'sensitive';
  }
  if (sent) r.exfiltration(inv.segment, `\`${inv.program}\` mails secret material`);
}

/**
 * Static file servers: a folder served on the network is a read of everything in it by whoever connects
 * (`python3 -m http.server -d ~`, `php -S 0.0.0.0:8000 -t ~/.ssh`). Home, a folder holding a secret folder, or
 * a secret folder itself is exfiltration; the program's other arguments are judged as usual.
 */
function servedFolder(inv: Invocation): Word | 'cwd' | undefined {
  const args = inv.args;
  const texts = args.map((w) => optionText(w));
  const optionValue = (names: readonly string[]): Word | undefined => {
    for (let i = 0; i < args.length; i++) {
      const t = texts[i] as string;
      for (const n of names) {
        if (t === n) return args[i + 1];
        if (n.startsWith('--') && t.startsWith(`${n}=`)) {
          const w = args[i] as Word;
          return { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow };
        }
      }
    }
    return undefined;
  };
  const module = texts[texts.indexOf('-m') + 1];
  if (/^python[0-9.]*$/.test(inv.program) && texts.includes('-m') && module === 'http.server')
    return optionValue(['-d', '--directory']) ?? 'cwd';
  if (/^php[0-9.]*$/.test(inv.program) && texts.includes('-S')) return optionValue(['-t']) ?? 'cwd';
  if (inv.program === 'ruby' && texts.includes('-run') && texts.includes('httpd')) {
    const after = args.slice(texts.indexOf('httpd') + 1).filter((w) => !optionText(w).startsWith('-'));
    return after[0] ?? 'cwd';
  }
  if ((inv.program === 'busybox' && texts[0] === 'httpd') || inv.program === 'httpd')
    return optionValue(['-h']) ?? 'cwd';
  if (['serve', 'http-server', 'live-server', 'updog'].includes(inv.program)) {
    const dir = optionValue(['-d', '--directory']);
    if (dir) return dir;
    const positional = splitArgs(inv.args).positionals.find((w) => !/^\d+$/.test(plain(w)));
    return positional ?? 'cwd';
  }
  return undefined;
}

function serves(inv: Invocation, r: Reporter): void {
  const folder = servedFolder(inv);
  if (folder === undefined) return;
  const res = resolveArg(folder === 'cwd' ? { text: '.', flow: NO_FLOW } : folder, inv, r);
  if (res.class === 'sensitive' || holdsSecrets(res.resolved, r))
    r.exfiltration(inv.segment, `\`${inv.program}\` serves a folder holding secret material to the network`);
}

/**
 * GitHub's CLI sends a file's text through an option: `--body-file F` / `-F F` (an issue, a pull request, a
 * comment, a release note), `gh api --input F`, `-F/--field name=@F`. `-` is its standard input.
 */
function ghFileOptions(inv: Invocation, r: Reporter): void {
  const args = inv.args;
  const texts = args.map((w) => optionText(w));
  const api = texts[0] === 'api';
  const sent: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const t = texts[i] as string;
    const eq = t.indexOf('=');
    const name = t.startsWith('--') && eq > 0 ? t.slice(0, eq) : t;
    const w = args[i] as Word;
    const value = (): Word | undefined =>
      t.startsWith('--') && eq > 0
        ? { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow }
        : args[++i];
    if (name === '--body-file' || name === '--notes-file' || name === '--input' || (!api && name === '-F')) {
      const v = value();
      if (v !== undefined) sent.push(v);
    } else if (name === '-F' || name === '--field') {
      const v = value();
      const at = v === undefined ? -1 : v.text.indexOf('=@');
      if (v !== undefined && at >= 0) sent.push({ text: v.text.slice(at + 2), flow: v.flow });
    }
  }
  for (const w of sent) {
    const secret =
      plain(w) === '-' ? stdinSensitive(inv, r) : touchPath(w, 'read', inv, r).class === 'sensitive';
    if (secret) r.exfiltration(inv.segment, `\`${inv.program}\` sends secret material to GitHub`);
  }
}

function uploads(inv: Invocation, r: Reporter): void {
  if (inv.program === 'gh') ghFileOptions(inv, r);
  const pattern = UPLOADERS[inv.program];
  if (!pattern) return;
  const line = inv.args.map((w) => optionText(w).toLowerCase()).join(' ');
  if (!pattern.test(line)) return;
  for (const w of splitArgs(inv.args).positionals) {
    const text = plain(w);
    if (!/^(~|\/|\.)/.test(text) && !text.includes('/') && !/\.(env|pem|key)$|^\.env/.test(text)) continue;
    if (resolveArg(w, inv, r).class === 'sensitive') {
      touchPath(w, 'read', inv, r);
      r.exfiltration(inv.segment, `\`${inv.program}\` uploads secret material`);
    }
  }
}

/**
 * Files and folders sent or served to other machines, whatever else the program is (`git send-email`, `python3
 * -m http.server`): called before the interpreters and git return.
 */
/** The programs detectTransfers looks at: its parts' (forgeCli: gh, glab; servedFolder: the servers; mail). */
export const TRANSFERS_PROGRAMS = () => [
  ...SERVICE_HOST_PROGRAMS(),
  ...SENDERS_PROGRAMS(),
  ...CLOUD_SENDERS_PROGRAMS(),
  ...['gh', 'glab', ...Object.keys(UPLOADERS), ...MAILERS],
  ...['python', 'php', 'ruby', 'busybox', 'httpd', 'serve', 'http-server', 'live-server', 'updog'],
];

export function detectTransfers(inv: Invocation, r: Reporter): void {
  serviceHost(inv, r);
  hostSenders(inv, r);
  forgeCli(inv, r);
  uploads(inv, r);
  cloudSenders(inv, r);
  serves(inv, r);
  if (MAILERS.has(inv.program)) mail(inv, r);
}

export function detectNetwork(inv: Invocation, r: Reporter): Flow | undefined {
  if (inv.program === 'openssl' && plain(inv.args[0]) === 's_client') {
    const at = inv.args.findIndex((w) => plain(w) === '-connect');
    const target = plain(inv.args[at + 1]).replace(/:\d+$/, '');
    const nonLocal = at >= 0 && networkTarget(target, 'openssl', inv, r, true);
    if (nonLocal && stdinSensitive(inv, r))
      r.exfiltration(inv.segment, '`openssl s_client` sends secret material to a remote host');
    return { sensitive: false, network: true, decoded: false, opaque: true };
  }
  switch (inv.program) {
    case 'curl':
    case 'wget':
    case 'http':
    case 'https':
    case 'xh':
    case 'xhs':
    case 'curlie':
    case 'aria2c':
      return curlLike(inv, r);
    case 'ssh':
    case 'mosh':
      return ssh(inv, r);
    case 'sftp':
      sftpBatch(inv, r);
      copyRemote(inv, r);
      return OPAQUE_FLOW;
    case 'scp':
    case 'rsync':
      copyRemote(inv, r);
      return OPAQUE_FLOW;
    case 'socat':
      return socat(inv, r);
    case 'nc':
    case 'ncat':
    case 'netcat':
    case 'telnet':
      return netcat(inv, r);
    default:
      return undefined;
  }
}
