/**
 * Network: destinations of curl, wget, ssh, scp, rsync, nc and friends, `/dev/tcp/host/port`, package
 * installs from sources the user did not state, and sensitive data sent to a network sink. Loopback is
 * local. Pure.
 */

import type { Word } from '../decode-word';
import { type Flow, OPAQUE_FLOW } from '../flow';
import { type Invocation, isLiteral, optionText, plain, type Reporter, splitArgs } from '../invocation';
import { holdsSecrets, readsTree, resolveArg, touchPath } from './path-effects';

export const DEFAULT_PACKAGE_SOURCES = [
  'registry.npmjs.org',
  'registry.yarnpkg.com',
  'pypi.org',
  'files.pythonhosted.org',
  'crates.io',
  'rubygems.org',
  'proxy.golang.org',
];

export function isLocalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    /^127\./.test(h) ||
    h === '::1' ||
    h === '0.0.0.0' ||
    h === '' ||
    h === 'host.docker.internal'
  );
}

function covers(list: readonly string[], host: string): boolean {
  const h = host.toLowerCase();
  return list.some((s) => h === s.toLowerCase() || h.endsWith(`.${s.toLowerCase()}`));
}

/** Host of a URL, `user@host:path`, `host:path` or bare host; undefined when not a destination. */
export function hostOf(text: string): string | undefined {
  const url = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:?#]+)/i.exec(text);
  if (url) return url[1];
  const scp = /^(?:[\w.-]+@)?(\[[^\]]+\]|[\w.-]+):/.exec(text);
  if (scp && !/^[a-z]:$/i.test(`${scp[1]}:`)) return scp[1];
  return undefined;
}

/** Records a destination; reports an unstated non-local host. Returns whether it is non-local. */
export function networkTarget(
  target: string,
  via: string,
  inv: Invocation,
  r: Reporter,
  bare = false,
): boolean {
  const host = bare ? target.replace(/^[\w.-]+@/, '') : hostOf(target);
  if (!host || host.includes('\u0000')) return false;
  const local = isLocalHost(host);
  r.host(inv.segment, { host, local, via });
  if (!local && !covers(r.env.statedHosts ?? [], host)) {
    r.hit(
      'outbound_network_to_unstated_host',
      `\`${via}\` connects to a host nobody stated (${host.slice(0, 60)})`,
      inv.segment,
    );
  }
  return !local;
}

const CURL_VALUES = new Set([
  '-o',
  '--output',
  '-d',
  '--data',
  '--data-binary',
  '--data-raw',
  '--data-ascii',
  '--data-urlencode',
  '-H',
  '--header',
  '-X',
  '--request',
  '-u',
  '--user',
  '-F',
  '--form',
  '-T',
  '--upload-file',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '-b',
  '--cookie',
  '-c',
  '--cookie-jar',
  '-x',
  '--proxy',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-w',
  '--write-out',
  '-K',
  '--config',
  '--url',
  '-r',
  '--range',
  '--retry',
  '--cacert',
  '--cert',
  '--key',
  '-E',
  '--resolve',
  '--unix-socket',
  '-U',
  '--proxy-user',
  '--json',
  '-Y',
  '-y',
  '-z',
  '-C',
]);

function sends(inv: Invocation, r: Reporter, data: Word, nonLocal: boolean): void {
  const t = plain(data);
  const at = t.indexOf('@');
  if (at >= 0 && (at === 0 || /^[\w-]+=@/.test(t))) {
    const file = t.slice(at + 1).replace(/;.*$/, '');
    if (file === '-') {
      if (inv.stdin.sensitive && nonLocal)
        r.exfiltration(
          inv.segment,
          `\`${inv.program}\` sends secret material from its input to a remote host`,
        );
      return;
    }
    const res = touchPath(
      { text: data.text.slice(data.text.indexOf('@') + 1), flow: data.flow },
      'read',
      inv,
      r,
    );
    if (res.class === 'sensitive' && nonLocal)
      r.exfiltration(inv.segment, `\`${inv.program}\` uploads secret material to a remote host`);
  }
}

function curlLike(inv: Invocation, r: Reporter): Flow {
  const args = inv.args;
  const urls: string[] = [];
  const data: Word[] = [];
  let toFile = false;
  let method = '';
  for (let i = 0; i < args.length; i++) {
    const t = optionText(args[i]);
    const [name, attached] = t.startsWith('--')
      ? [t.split('=')[0] ?? t, t.includes('=') ? t.slice(t.indexOf('=') + 1) : undefined]
      : [t.slice(0, 2), t.length > 2 ? t.slice(2) : undefined];
    if (t.startsWith('-') && t.length > 1 && (CURL_VALUES.has(name) || CURL_VALUES.has(t))) {
      const value =
        attached !== undefined && !CURL_VALUES.has(t)
          ? { text: attached, flow: args[i]?.flow ?? OPAQUE_FLOW }
          : (args[++i] as Word | undefined);
      if (!value) continue;
      const key = CURL_VALUES.has(t) ? t : name;
      if (key === '-o' || key === '--output') {
        toFile = plain(value) !== '-';
        if (toFile) {
          const res = touchPath(value, 'write', inv, r);
          if (res.resolved) r.downloaded.add(res.resolved);
        }
      } else if (
        [
          '-d',
          '--data',
          '--data-binary',
          '--data-raw',
          '--data-ascii',
          '--data-urlencode',
          '-F',
          '--form',
          '--json',
        ].includes(key)
      )
        data.push(value);
      else if (key === '-T' || key === '--upload-file')
        data.push({ text: `@${value.text}`, flow: value.flow });
      else if (key === '-X' || key === '--request') method = plain(value).toUpperCase();
      else if (key === '--url') urls.push(plain(value));
      else if (key === '-H' || key === '--header' || key === '-u' || key === '--user') data.push(value);
    } else if (inv.program === 'wget' && (/^-[a-zA-Z]*O$/.test(t) || t === '--output-document')) {
      const out = args[++i];
      if (out && plain(out) !== '-') {
        const res = touchPath(out, 'write', inv, r);
        if (res.resolved) r.downloaded.add(res.resolved);
      }
    } else if (t === '-O' || t === '--remote-name' || /^-[a-zA-Z]*O$/.test(t)) toFile = true;
    else if (!t.startsWith('-')) urls.push(plain(args[i]));
  }
  if (inv.program === 'wget') {
    const texts = args.map((w) => plain(w));
    toFile = !texts.some(
      (t, k) =>
        /^-[a-zA-Z]*O-$/.test(t) ||
        t === '--output-document=-' ||
        (/^-[a-zA-Z]*O$/.test(t) && texts[k + 1] === '-'),
    );
    for (const w of args) {
      const t = plain(w);
      if (/^--(post-file|body-file)=/.test(t))
        data.push({ text: `@${w.text.slice(w.text.indexOf('=') + 1)}`, flow: w.flow });
    }
  }
  let nonLocal = false;
  for (const url of urls) {
    if (hostOf(url) || /^[\w.-]+\.[a-z]{2,}(\/|:|$)/i.test(url)) {
      nonLocal = networkTarget(hostOf(url) ? url : `http://${url}`, inv.program, inv, r) || nonLocal;
    }
  }
  if (method === 'DELETE' || urls.some((u) => /\/_delete_by_query\b|\/_flush_all\b/.test(u)))
    r.hit(
      'remote_resource_delete',
      `\`${inv.program} -X DELETE\` deletes a resource on a server`,
      inv.segment,
    );
  for (const d of data) {
    sends(inv, r, d, nonLocal);
    if (d.flow.sensitive && nonLocal) {
      r.exfiltration(inv.segment, `\`${inv.program}\` sends secret material to a remote host`);
    }
  }
  if (inv.stdin.sensitive && nonLocal && data.length > 0)
    r.exfiltration(inv.segment, `\`${inv.program}\` sends secret material from its input to a remote host`);
  for (const w of args)
    if (w.flow.sensitive && nonLocal)
      r.exfiltration(inv.segment, `\`${inv.program}\` sends secret material to a remote host`);
  // Fetched text is network data even from loopback: a local server can still serve a script.
  return toFile ? OPAQUE_FLOW : { sensitive: false, network: true, decoded: false, opaque: true };
}

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
  if (inv.stdin.sensitive && nonLocal)
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
  for (const w of positionals) {
    if (remote.includes(w)) continue;
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
      if (res.class !== 'workspace' && res.class !== 'temp')
        r.hit(
          'recursive_delete_outside_workspace',
          `\`rsync --delete\` deletes files in ${res.class} space`,
          inv.segment,
        );
    }
  }
}

function netcat(inv: Invocation, r: Reporter): Flow {
  const { options, positionals } = splitArgs(inv.args);
  if (options.some((o) => /^-[a-z]*l/.test(o))) return OPAQUE_FLOW;
  const host = positionals[0];
  const nonLocal =
    host !== undefined && isLiteral(host) && networkTarget(plain(host), inv.program, inv, r, true);
  if (stdinSensitive(inv, r) && nonLocal)
    r.exfiltration(inv.segment, `\`${inv.program}\` sends secret material from its input to a remote host`);
  if (options.some((o) => /^-[a-z]*[ec]/.test(o)))
    r.hit('remote_code_execution', `\`${inv.program} -e\` hands a shell to a network peer`, inv.segment);
  return { sensitive: false, network: nonLocal, decoded: false, opaque: true };
}

/** `/dev/tcp/host/port` redirects. */
export function devTcp(inv: Invocation, r: Reporter): void {
  for (const redirect of inv.redirects) {
    const m = /^\/dev\/(tcp|udp)\/([^/]+)\/\d+/.exec(plain(redirect.target));
    if (!m?.[2]) continue;
    const nonLocal = networkTarget(m[2], '/dev/tcp', inv, r, true);
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

/** Secret material arriving on stdin: through the pipe or from a `<` redirect of a sensitive file. */
function stdinSensitive(inv: Invocation, r: Reporter): boolean {
  if (inv.stdin.sensitive) return true;
  return inv.redirects.some((x) => x.op === '<' && resolveArg(x.target, inv, r).class === 'sensitive');
}

/** Programs that upload their file arguments somewhere remote. */
const UPLOADERS: Record<string, RegExp> = {
  gh: /^(gist (create|edit)|release (upload|create)|secret set)\b/,
  aws: /^s3 (cp|sync|mv)\b/,
  gsutil: /(^| )(cp|rsync|mv)( |$)/,
  gcloud: /storage (cp|rsync)/,
  az: /storage blob upload/,
  rclone: /^(copy|sync|move|copyto)\b/,
  s3cmd: /^(put|sync)\b/,
  transfer: /./,
};

function uploads(inv: Invocation, r: Reporter): void {
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

export function detectNetwork(inv: Invocation, r: Reporter): Flow | undefined {
  uploads(inv, r);
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
    case 'aria2c':
      return curlLike(inv, r);
    case 'ssh':
    case 'mosh':
      return ssh(inv, r);
    case 'scp':
    case 'sftp':
    case 'rsync':
      copyRemote(inv, r);
      return OPAQUE_FLOW;
    case 'nc':
    case 'ncat':
    case 'netcat':
    case 'telnet':
    case 'socat':
      return netcat(inv, r);
    default:
      return undefined;
  }
}
