/**
 * Network destinations: the host of a URL or `user@host:path`, loopback as local (by ./address-class: a
 * container host or a private range is not local), and the one place that reports an outbound connection to a
 * host nobody stated and a read of a cloud metadata service. Pure apart from reporting.
 */

import type { ShellEnv } from '../types';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { addressClass } from './address-class';

export const DEFAULT_PACKAGE_SOURCES = [
  'registry.npmjs.org',
  'registry.yarnpkg.com',
  'pypi.org',
  'files.pythonhosted.org',
  'crates.io',
  'rubygems.org',
  'proxy.golang.org',
];

/** Loopback in any notation (`localhost`, `127.0.0.1`, `0x7f.1`, `[::ffff:127.0.0.1]`): the machine itself. */
export function isLocalHost(host: string): boolean {
  return addressClass(host) === 'loopback';
}

/** A cloud or container metadata service: reaching it reads the machine's credentials. */
export function isMetadataHost(host: string): boolean {
  return addressClass(host) === 'metadata';
}

/** A host the user stated, or a stated package source (default: the public registries). */
export function isStatedHost(host: string, env: ShellEnv): boolean {
  return covers(env.statedHosts ?? [], host) || covers(env.packageSources ?? DEFAULT_PACKAGE_SOURCES, host);
}

/** `example.com` covers it and its subdomains; `*.example.com` its subdomains only. */
export function covers(list: readonly string[], host: string): boolean {
  const h = host.toLowerCase();
  return list.some((raw) => {
    const s = raw.toLowerCase();
    if (s.startsWith('*.')) return h.endsWith(s.slice(1));
    return h === s || h.endsWith(`.${s}`);
  });
}

/** Host of a URL, `user@host:path`, `host:path` or bare host; undefined when not a destination. */
export function hostOf(text: string): string | undefined {
  // The authority ends at the first `/`, `?` or `#`: an `@` after one (`http://evil.com#@localhost/`) is no
  // user name's end, and the host is the one before it, as clients read the URL.
  const url = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]+\]|[^/:?#]+)/i.exec(text);
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
  if (isMetadataHost(host))
    r.hit('secret_material_read', `\`${via}\` reaches a cloud metadata service`, inv.segment);
  if (!local && !isStatedHost(host, r.env)) {
    r.hit(
      'outbound_network_to_unstated_host',
      `\`${via}\` connects to a host nobody stated (${host.slice(0, 60)})`,
      inv.segment,
    );
  }
  return !local;
}
