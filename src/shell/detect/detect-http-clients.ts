/**
 * HTTP clients (curl, wget, httpie, xh, aria2c): destinations, uploads of files and of stdin, output to a
 * file (remembered as a download), `-X DELETE` and delete-by-query calls, and secret material sent to a
 * non-local host. Pure apart from reporting.
 */

import { type Invocation, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { type Flow, OPAQUE_FLOW } from '../walk/flow';
import { localService, unixSocket } from './local-services';
import { hostOf, networkTarget } from './network-target';
import { touchPath } from './path-effects';

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
  '--connect-to',
  '--preproxy',
  '--proxy1.0',
  '--socks4',
  '--socks4a',
  '--socks5',
  '--socks5-hostname',
  '--doh-url',
  '--unix-socket',
  '--abstract-unix-socket',
  '-U',
  '--proxy-user',
  '--json',
  '-Y',
  '-y',
  '-z',
  '-C',
]);

/**
 * Where a data option names a file whose content is sent: `@file` everywhere, `name=@file` and `name=<file` in a
 * form, `name@file` in `--data-urlencode`. -1 when the text is sent as it is.
 */
function fileAt(t: string, urlencode: boolean): number {
  if (t.startsWith('@') || t.startsWith('<')) return 0;
  const form = /^[^=@<]*=[@<]/.exec(t);
  if (form) return form[0].length - 1;
  if (urlencode) {
    const named = /^[^=@]*@/.exec(t);
    if (named) return named[0].length - 1;
  }
  return -1;
}

function sends(inv: Invocation, r: Reporter, data: Word, nonLocal: boolean, urlencode = false): void {
  const t = plain(data);
  const at = fileAt(t, urlencode);
  if (at >= 0) {
    const file = t.slice(at + 1).replace(/;.*$/, '');
    const mark = t[at] as string;
    if (file === '-') {
      if (inv.stdin.sensitive && nonLocal)
        r.exfiltration(
          inv.segment,
          `\`${inv.program}\` sends secret material from its input to a remote host`,
        );
      return;
    }
    const res = touchPath(
      { text: data.text.slice(data.text.indexOf(mark) + 1).replace(/;.*$/, ''), flow: data.flow },
      'read',
      inv,
      r,
    );
    if (res.class === 'sensitive' && nonLocal)
      r.exfiltration(inv.segment, `\`${inv.program}\` uploads secret material to a remote host`);
  }
}

export function curlLike(inv: Invocation, r: Reporter): Flow {
  const args = inv.args;
  const urls: string[] = [];
  const data: Word[] = [];
  const encoded = new Set<Word>();
  /** Hosts the request really goes to besides its URLs: a proxy, a `--connect-to`/`--resolve` target. */
  const via: string[] = [];
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
      ) {
        data.push(value);
        if (key === '--data-urlencode') encoded.add(value);
      } else if (key === '-w' || key === '--write-out') {
        // `-w @file` reads the format from that file and prints it.
        if (plain(value).startsWith('@') && plain(value) !== '@-')
          touchPath(
            { text: value.text.slice(value.text.indexOf('@') + 1), flow: value.flow },
            'read',
            inv,
            r,
          );
      } else if (
        ['-x', '--proxy', '--preproxy', '--proxy1.0', '--doh-url'].includes(key) ||
        key.startsWith('--socks')
      )
        via.push(proxyHost(plain(value)));
      else if (key === '--connect-to') via.push(...connectTo(plain(value)));
      else if (key === '--resolve') via.push(...resolveTo(plain(value)));
      else if (key === '-T' || key === '--upload-file')
        data.push({ text: `@${value.text}`, flow: value.flow });
      else if (key === '-X' || key === '--request') method = plain(value).toUpperCase();
      else if (key === '--url') urls.push(plain(value));
      else if (key === '--unix-socket' || key === '--abstract-unix-socket') unixSocket(plain(value), inv, r);
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
  for (const host of via) {
    if (host === '') continue;
    const url = `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/`;
    localService(url, inv, r);
    nonLocal = networkTarget(url, inv.program, inv, r) || nonLocal;
  }
  for (const url of urls) localService(url, inv, r);
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
    sends(inv, r, d, nonLocal, encoded.has(d));
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

/** The host of a proxy option's value (`[scheme://][user@]host[:port]`). */
function proxyHost(value: string): string {
  const rest = value.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^[^@/]*@/, '');
  const bracket = /^\[([^\]]*)\]/.exec(rest);
  if (bracket) return bracket[1] as string;
  return rest.split(/[:/]/)[0] ?? '';
}

/** Splits `a:b:c` on colons outside brackets (IPv6 addresses are bracketed in curl's host:port lists). */
function fields(value: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  for (const ch of value) {
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    if (ch === ':' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((f) => f.replace(/^\[|\]$/g, ''));
}

/** `--connect-to HOST1:PORT1:HOST2:PORT2`: the connection goes to HOST2 (empty: the URL's own host). */
function connectTo(value: string): string[] {
  const f = fields(value);
  return f.length >= 3 ? [f[2] as string] : [''];
}

/** `--resolve [+]HOST:PORT:ADDR[,ADDR]...`: the connection goes to those addresses. */
function resolveTo(value: string): string[] {
  const f = fields(value.replace(/^[+-]/, ''));
  return f.length >= 3
    ? f
        .slice(2)
        .join(':')
        .split(',')
        .map((a) => a.replace(/^\[|\]$/g, ''))
    : [];
}
