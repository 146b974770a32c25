/**
 * Network hosts named in text, and how they are classed against the allowlist: allowed (a well-known
 * service or local), placeholder (example.com, .test, .invalid: documentation) or unstated. Pure; the
 * lists are data (rules/judge-hosts.json) passed in.
 */

export interface HostLists {
  allowed: readonly string[];
  placeholder: readonly string[];
}

export type HostClass = 'allowed' | 'placeholder' | 'unstated';

const URL_RE =
  /\b(?:https?|wss?|ftp):\/\/([a-z0-9.-]+\.[a-z]{2,}|localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?/gi;
const REMOTE_SPEC_RE = /\b[\w.-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}):/gi;
const BARE_HOST_RE =
  /\b(?:curl|wget|nc|ncat|ssh|scp)\s+(?:-\S+\s+)*([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})\b/gi;

/** Hosts in a line, lower-cased, in order of appearance, without duplicates. */
export function hostsIn(line: string): string[] {
  const out: string[] = [];
  const res = line.includes('@') ? [URL_RE, BARE_HOST_RE, REMOTE_SPEC_RE] : [URL_RE, BARE_HOST_RE];
  for (const re of res) {
    re.lastIndex = 0;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      const host = (m[1] ?? '').toLowerCase().replace(/\.$/, '');
      if (host && !out.includes(host)) out.push(host);
    }
  }
  return out;
}

function matches(host: string, entry: string): boolean {
  if (entry.startsWith('*.')) return host.endsWith(entry.slice(1)) || host === entry.slice(2);
  return host === entry || host.endsWith(`.${entry}`);
}

export function classifyHost(host: string, lists: HostLists): HostClass {
  if (lists.placeholder.some((e) => matches(host, e))) return 'placeholder';
  if (lists.allowed.some((e) => matches(host, e))) return 'allowed';
  if (/^(127\.|10\.|192\.168\.|0\.0\.0\.0$)/.test(host)) return 'allowed';
  return 'unstated';
}
