/**
 * Programs that send to a host their own words name, whatever their trade (print spoolers, `finger`, packet
 * crafters, backup clients, ftp-style clients, scriptable HTTP requesters): a table of where each finds its host
 * and what it sends. Secret material reaching one of them (a secret file named in its words, its standard input,
 * a substitution's output, a `put` in its batch) while the host is another machine is credential exfiltration;
 * with a host known only at run time it is uncertain. Pure apart from reporting; reads no file.
 */

import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { hostOf, networkTarget } from './network-target';
import { holdsSecrets, resolveArg, stdinSensitive, touchPath } from './path-effects';

/** Where a program's host is written. */
type HostSpec =
  /** The value of one of these options (`lp -h host:631`). */
  | { readonly option: readonly string[] }
  /** The first operand: `host`, `user@host`, `//host/share`, a URL. */
  | { readonly first: true }
  /** Every operand that is a URL (`lwp-request -m POST http://h/`). */
  | { readonly urls: true }
  /** The part after the last `@` of an operand (`finger user@host`). */
  | { readonly at: true }
  /** A backup repository option: `rest:URL`, `s3:host/bucket`, `sftp:user@host:/p`, `b2:bucket`, ... */
  | { readonly repository: readonly string[] };

interface Sender {
  readonly hosts: readonly HostSpec[];
  /** Options that take a value (so the value is not taken for an operand). */
  readonly values?: readonly string[];
  /** Options whose file the program reads for itself (credentials for its login, a CA): not what it sends. */
  readonly own?: readonly string[];
  /** Its standard input or these options hold a command batch whose `put` lines upload files. */
  readonly batch?: readonly string[];
  /** After this option the rest of the words are one batch command (`tftp host -c put F`). */
  readonly batchRest?: string;
  /** It sends whole folders named as operands (a backup). */
  readonly tree?: boolean;
  /** Only this first operand (a subcommand) sends. */
  readonly command?: RegExp;
}

const LPR: Sender = {
  hosts: [{ option: ['-h', '-H'] }],
  values: ['-h', '-H', '-u', '-d', '-P', '-n', '-o', '-q', '-t', '-T', '-U', '-J', '-C', '-#', '-E'],
};

/** libwww-perl's request program, also installed as `GET`, `POST` and `HEAD` (upper case only). */
const LWP: Sender = { hosts: [{ urls: true }], values: ['-m', '-c', '-H', '-C', '-p', '-t', '-i'] };

const FTP: Sender = { hosts: [{ first: true }], values: ['-P'], batch: [] };

/** Lower-cased program name to where it finds its host and what it sends. */
const SENDERS: Readonly<Record<string, Sender>> = {
  finger: { hosts: [{ at: true }] },
  lp: LPR,
  lpr: LPR,
  cancel: LPR,
  lpq: LPR,
  lprm: LPR,
  hping3: {
    hosts: [{ first: true }],
    values: [
      '-c',
      '-i',
      '-d',
      '-E',
      '-p',
      '-s',
      '-t',
      '-a',
      '-I',
      '-w',
      '-M',
      '-L',
      '-N',
      '-H',
      '-o',
      '-g',
      '-m',
    ],
  },
  hping: { hosts: [{ first: true }], values: ['-c', '-i', '-d', '-E', '-p', '-s', '-t', '-a', '-I'] },
  restic: {
    command: /^backup$/,
    hosts: [{ repository: ['-r', '--repo'] }],
    values: ['-r', '--repo', '-p', '--password-file', '--cacert', '--tls-client-cert', '--cache-dir', '-o'],
    own: ['-p', '--password-file', '--cacert', '--tls-client-cert', '--password-command'],
    tree: true,
  },
  // `borg create REPO::ARCHIVE PATH...`: a repository `ssh://host/...` or `user@host:path` is another machine.
  borg: {
    command: /^create$/,
    hosts: [{ first: true }],
    values: [
      '-e',
      '--exclude',
      '--exclude-from',
      '-C',
      '--compression',
      '--comment',
      '--pattern',
      '--patterns-from',
      '--checkpoint-interval',
      '--chunker-params',
      '--files-cache',
      '--timestamp',
      '--rsh',
      '--remote-path',
      '--lock-wait',
      '--umask',
      '--upload-ratelimit',
    ],
    own: ['--exclude-from', '--patterns-from'],
    tree: true,
  },
  'lwp-request': LWP,
  GET: LWP,
  POST: LWP,
  HEAD: LWP,
  ftp: FTP,
  pftp: FTP,
  ncftp: FTP,
  lftp: {
    hosts: [{ first: true }],
    values: ['-p', '-u', '-e', '-c', '-f'],
    own: ['-f'],
    batch: ['-e', '-c'],
  },
  tftp: { hosts: [{ first: true }], values: ['-m', '-R'], batch: [], batchRest: '-c' },
  smbclient: {
    hosts: [{ first: true }],
    values: ['-U', '-A', '-W', '-I', '-p', '-m', '-O', '-s', '-n', '-t', '-c', '-D', '-d', '--command'],
    own: ['-A', '-s', '--authentication-file'],
    batch: ['-c', '--command'],
  },
  ncftpput: { hosts: [{ first: true }], values: ['-u', '-p', '-P', '-f'], own: ['-f'] },
  // ApacheBench posts or puts the file of `-p`/`-u` to the URL it is given.
  ab: {
    hosts: [{ urls: true }],
    values: [
      '-p',
      '-u',
      '-T',
      '-c',
      '-n',
      '-t',
      '-s',
      '-b',
      '-B',
      '-C',
      '-H',
      '-A',
      '-P',
      '-X',
      '-g',
      '-e',
      '-m',
      '-Z',
      '-f',
    ],
  },
};

/** A host in an operand: a URL's, `user@host[:path]`, `//host/share`, or a bare name or address. */
function operandHost(text: string): string | undefined {
  const smb = /^(?:\\\\|\/\/)([^/\\]+)/.exec(text);
  if (smb) return smb[1];
  const url = hostOf(text);
  if (url !== undefined) return url;
  const bare = text.replace(/^[^@]*@/, '').replace(/:\d+$/, '');
  return /^(\[[0-9a-f:.]+\]|[\w-]+(\.[\w-]+)*)$/i.test(bare) ? bare : undefined;
}

/** A backup repository's host: undefined for a local folder, `?` for a hosted service with no readable host. */
function repositoryHost(text: string): string | undefined {
  const m = /^(rest|s3|sftp|b2|azure|gs|swift|rclone):(.*)$/i.exec(text);
  if (!m) return undefined;
  const rest = m[2] ?? '';
  const kind = (m[1] ?? '').toLowerCase();
  if (kind === 'rest' || kind === 's3') return hostOf(rest) ?? rest.split('/')[0] ?? '?';
  if (kind === 'sftp')
    return hostOf(rest.replace(/^\/\//, '')) ?? rest.replace(/^[^@]*@/, '').split(/[:/]/)[0];
  return '?';
}

/** The option named `name` with its value (`-h v`, `-hv`, `--name=v`); the value's index when separate. */
function optionValue(args: readonly Word[], i: number, names: readonly string[]): Word | undefined {
  const t = optionText(args[i]);
  for (const n of names) {
    if (t === n) return args[i + 1];
    if (n.startsWith('--') && t.startsWith(`${n}=`)) {
      const w = args[i] as Word;
      return { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow };
    }
    if (!n.startsWith('--') && t.length > n.length && t.startsWith(n)) {
      const w = args[i] as Word;
      return { text: w.text.slice(w.text.indexOf(n) + n.length), flow: w.flow };
    }
  }
  return undefined;
}

/** Files a command batch uploads: `put F`, `mput F G`, `reput F`, `send F`, `append F`. */
function batchPuts(batch: string): string[] {
  const out: string[] = [];
  for (const line of batch.split(/[\n;]/)) {
    const m = /^\s*(?:put|mput|reput|send|append)\s+(.*)$/i.exec(line);
    if (!m) continue;
    const words = (m[1] ?? '').split(/\s+/).filter((w) => w !== '' && !w.startsWith('-'));
    out.push(...(/^\s*mput/i.test(line) ? words : words.slice(0, 1)));
  }
  return out;
}

/** A word that may name a file: a path shape or a secret file's usual name. */
function pathLike(text: string): boolean {
  if (text.includes('://')) return false;
  return (
    /^(~|\/|\.{1,2}\/)/.test(text) ||
    text.includes('/') ||
    /(^|\/)(\.env(\..*)?|id_(rsa|dsa|ecdsa|ed25519)|[^/]*\.(pem|key|p12|pfx)|credentials(\.json)?|\.netrc|\.npmrc|\.pgpass)$/.test(
      text,
    )
  );
}

/** Reports what a sender sends to the host its words name (nothing for a program not in the table). */
/** The programs hostSenders looks at (`GET`, `POST`, `HEAD` are named by their command word). */
export const SENDERS_PROGRAMS = () => [
  ...Object.keys(SENDERS).map((k) => k.toLowerCase()),
  'get',
  'post',
  'head',
];

export function hostSenders(inv: Invocation, r: Reporter): void {
  const word = plain(inv.command).replace(/^.*\//, '');
  const sender = /^(GET|POST|HEAD)$/.test(word) ? SENDERS[word] : SENDERS[inv.program];
  if (sender === undefined) return;
  const args = inv.args;
  const values = new Set(sender.values ?? []);
  const own = new Set(sender.own ?? []);
  const hostWords = new Set<Word>();
  const hosts: string[] = [];
  let unreadable = false;
  const operands: Word[] = [];
  const sent: Word[] = [];
  const batches: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    const t = optionText(w);
    if (sender.batchRest !== undefined && t === sender.batchRest) {
      batches.push(
        args
          .slice(i + 1)
          .map((x) => plain(x))
          .join(' '),
      );
      break;
    }
    if (t.startsWith('-') && t.length > 1) {
      const name = t.startsWith('--') ? (t.split('=')[0] ?? t) : t.slice(0, 2);
      for (const spec of sender.hosts) {
        const names = 'option' in spec ? spec.option : 'repository' in spec ? spec.repository : [];
        const v = names.includes(name) ? optionValue(args, i, names) : undefined;
        if (v === undefined) continue;
        hostWords.add(v);
        if (!isLiteral(v)) unreadable = true;
        else {
          const h = 'repository' in spec ? repositoryHost(plain(v)) : operandHost(plain(v));
          if (h !== undefined) hosts.push(h);
        }
      }
      const v = values.has(name) ? optionValue(args, i, [name]) : undefined;
      if (v !== undefined) {
        if ((sender.batch ?? []).includes(name) && isLiteral(v)) batches.push(plain(v));
        else if (!own.has(name) && !hostWords.has(v)) sent.push(v);
        if (t === name) i++;
      } else if (t.startsWith('--') && t.includes('=') && !own.has(name)) {
        sent.push({ text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow });
      }
      continue;
    }
    operands.push(w);
  }
  if (sender.command !== undefined) {
    const first = operands.shift();
    if (first === undefined || !sender.command.test(plain(first))) return;
  }
  for (const spec of sender.hosts) {
    const pick = 'first' in spec ? operands.slice(0, 1) : 'urls' in spec || 'at' in spec ? operands : [];
    for (const w of pick) {
      const text = w.text;
      if ('urls' in spec && hostOf(plain(w)) === undefined) continue;
      if ('at' in spec) {
        const tail = text.slice(text.lastIndexOf('@') + 1);
        if (!text.includes('@')) continue;
        hostWords.add(w);
        if (!isLiteral({ text: tail, flow: NO_FLOW })) unreadable = true;
        else if (tail !== '') hosts.push(plain({ text: tail, flow: NO_FLOW }));
        continue;
      }
      hostWords.add(w);
      if (!isLiteral(w)) unreadable = true;
      else {
        const h = operandHost(plain(w));
        if (h !== undefined) hosts.push(h);
      }
    }
  }
  let nonLocal = false;
  for (const h of hosts) {
    if (h === '?') nonLocal = true;
    else if (networkTarget(h, inv.program, inv, r, true)) nonLocal = true;
  }
  if (!nonLocal && !unreadable) return;
  let secret = stdinSensitive(inv, r);
  for (const w of args) if (w.flow.sensitive) secret = true;
  const files = [...operands.filter((w) => !hostWords.has(w)), ...sent];
  for (const w of files) {
    if (!pathLike(plain(w))) continue;
    const res = resolveArg(w, inv, r);
    if (res.class === 'sensitive' || (sender.tree && holdsSecrets(res.resolved, r))) {
      touchPath(w, 'read', inv, r);
      secret = true;
    }
  }
  if (sender.batch) {
    if (inv.stdin.literal !== undefined) batches.push(inv.stdin.literal);
    for (const batch of batches)
      for (const f of batchPuts(batch))
        if (touchPath({ text: f, flow: NO_FLOW }, 'read', inv, r).class === 'sensitive') secret = true;
  }
  if (!secret) return;
  if (nonLocal) r.exfiltration(inv.segment, `\`${inv.program}\` sends secret material to a remote host`);
  else
    r.uncertain(
      'dynamic-command',
      `\`${inv.program}\` sends secret material to a host known only at run time`,
      inv.segment,
    );
}
