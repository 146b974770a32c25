/**
 * Whether a verified goal quote names what an approval grants (grant-targets.ts). Case never matters. A name
 * counts only as a whole token: not inside a longer word, host or file name. A host is named by itself or by its
 * registrable domain (`paste.example.net` by `example.net`, but not by `evil.example.net` nor `example.net.io`);
 * a path by itself as written or resolved, by its file name, or by a folder above it written as a path (`/opt/app`
 * names `/opt/app/cache`; `/` and `~` name nothing); a package by its name or its source; a branch by its name.
 * Pure; decides nothing (derive-review.ts turns an unnamed target into an escalation).
 */

import type { GrantTarget } from './grant-targets';

export function targetNamed(quote: string, target: GrantTarget): boolean {
  const q = quote.toLowerCase();
  const hosts = new Set(
    (target.kind === 'host' ? target.names : (target.hosts ?? [])).map((h) => h.toLowerCase()),
  );
  return target.names.some((raw) => {
    const name = raw.toLowerCase();
    if (hosts.has(name)) return hostSpellings(name).some((h) => mentions(q, h, HOST_CHARS));
    if (target.kind === 'path') return mentions(q, name, PATH_CHARS) || folderAbove(q, name);
    return mentions(q, name, WORD_CHARS);
  });
}

/** The targets `quote` leaves unnamed. */
export function unnamedTargets(quote: string, targets: readonly GrantTarget[]): GrantTarget[] {
  return targets.filter((t) => !targetNamed(quote, t));
}

const HOST_CHARS = /[a-z0-9.-]/;
const PATH_CHARS = /[a-z0-9_.-]/;
const WORD_CHARS = /[a-z0-9_.@/-]/;

/**
 * `needle` occurs in `hay` with no `inner` character touching it. A `.` after it still ends it when what follows
 * is not a letter or digit (a sentence's full stop).
 */
function mentions(hay: string, needle: string, inner: RegExp): boolean {
  if (needle === '') return false;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    const before = hay[at - 1];
    const after = hay[at + needle.length];
    const next = hay[at + needle.length + 1];
    if (before !== undefined && inner.test(before) && !startsFree(needle)) continue;
    if (after === undefined || !inner.test(after)) return true;
    if (after === '.' && (next === undefined || !/[a-z0-9]/.test(next))) return true;
  }
  return false;
}

/** A path that starts with `/` or `~` may follow any character (`@/etc/x`, `(~/x)`). */
function startsFree(needle: string): boolean {
  return needle.startsWith('/') || needle.startsWith('~');
}

const TWO_LEVEL_SUFFIX = ['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'ne', 'or', 'go'];
/**
 * Suffixes under which anyone can get a name (hosting, tunnels, buckets): the registrable domain is one label
 * more, so naming `github.io` never grants `attacker.github.io`.
 */
const SHARED_SUFFIX = [
  'github.io',
  'gitlab.io',
  'herokuapp.com',
  'vercel.app',
  'netlify.app',
  'pages.dev',
  'workers.dev',
  'web.app',
  'firebaseapp.com',
  'appspot.com',
  'azurewebsites.net',
  'cloudfront.net',
  'amazonaws.com',
  'blogspot.com',
  'ngrok.io',
  'ngrok-free.app',
  'ngrok.app',
  'trycloudflare.com',
  'onrender.com',
  'fly.dev',
  'glitch.me',
  'repl.co',
  'requestcatcher.com',
  'webhook.site',
];

/**
 * The host and its registrable domain: two labels, three under a country's second level (`x.co.uk`), one more
 * than a shared suffix (`me.github.io`).
 */
export function hostSpellings(host: string): string[] {
  if (/^[\d.]+$/.test(host) || host.includes(':') || !host.includes('.')) return [host];
  const labels = host.split('.');
  const tld = labels.at(-1) ?? '';
  const second = labels.at(-2) ?? '';
  const shared = SHARED_SUFFIX.find((s) => host.endsWith(`.${s}`));
  const keep = shared
    ? shared.split('.').length + 1
    : tld.length === 2 && TWO_LEVEL_SUFFIX.includes(second)
      ? 3
      : 2;
  if (labels.length <= keep) return [host];
  return [host, labels.slice(-keep).join('.')];
}

/** A folder written as a path in the quote (`/opt/app`, `~/old`) that holds `path`. */
function folderAbove(quote: string, path: string): boolean {
  if (!path.startsWith('/') && !path.startsWith('~')) return false;
  for (const m of quote.matchAll(/(?:~|\B)\/[^\s'"`,;()<>]*/g)) {
    const folder = m[0].replace(/[./]+$/, '');
    if (folder === '' || folder === '~') continue;
    if (path.startsWith(`${folder}/`)) return true;
  }
  return false;
}
