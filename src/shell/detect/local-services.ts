/**
 * Fetches that are not ordinary web requests: a `file:` URL with any local host spelling (`file://localhost/`)
 * reads that path; schemes that speak raw protocols to a service (`gopher:`, `dict:`, `telnet:`, `ldap:`,
 * ...) are uncertain; well-known administration ports on the machine or its network (docker 2375/2376,
 * kubelet 10250, cluster API servers, debuggers, etcd 2379, consul 8500, vault 8200, redis 6379, `kubectl proxy`'s
 * API paths, ...) and a container engine's unix socket are
 * control of the host or a read of its secrets, in any loopback spelling (`127.1`, `[::1]`, `0.0.0.0`,
 * `localhost.`, `2130706433`). Pure: `adminPortCategory` decides for file tools too; `localService` reports.
 */

import type { Category } from '../../core';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { addressClass } from './address-class';
import { touchPath } from './path-effects';

/**
 * Ports whose service runs containers or code on the host: container engines, kubelets, cluster API servers
 * (6443, 16443), Nomad, and debuggers that run code in a process of the user (a browser's DevTools protocol 9222,
 * with its sessions; Node's inspector 9229).
 */
const CONTROL_PORTS = new Set([
  2375, 2376, 4243, 10250, 10255, 10248, 2377, 9323, 8472, 16443, 4646, 6443, 9222, 9229,
]);
/** `kubectl proxy`'s default port: a cluster's API (`/api`, `/apis`) with the user's credentials behind it. */
const CLUSTER_PROXY_PORT = 8001;
const CLUSTER_API_PATH = /^\/apis?(?:\/|$)/;
/** Ports whose service holds secrets or data: configuration stores, secret stores, caches. */
const SECRET_PORTS = new Set([2379, 2380, 8500, 8200, 6379, 11211]);
/** Schemes an HTTP client speaks that are raw protocols to a service (`gopher://127.0.0.1:6379/_FLUSHALL`). */
const RAW_SCHEMES =
  /^(?:gopher|dict|telnet|ldap|ldaps|tftp|smb|smbs|scp|sftp|imap|imaps|pop3|pop3s|smtp|smtps|mqtt|rtsp)$/i;
/** Container engine and cluster sockets: whoever speaks to them runs as root on the host. */
const ENGINE_SOCKET =
  /(?:docker|containerd|podman|crio|cri-dockerd|kubelet|buildkit)[^/]*\.sock$|\/docker\.sock$/i;

/**
 * Paths of services on this machine that answer with its secrets or configuration, on any port: an application
 * server's environment and heap dumps (`/actuator/env`), a cluster's secrets through a proxy, a key-value or
 * secret store's API.
 */
const SECRET_PATH =
  /^\/(?:[\w-]+\/)?actuator\/(?:env|heapdump|configprops|threaddump)\b|^\/api\/v1\/(?:namespaces\/[^/]+\/)?secrets\b|^\/v1\/(?:kv|secret|sys)\/|^\/(?:env|environment|\.env)$|^\/debug\/vars\b/i;

/**
 * The category of reaching `port` (and `path`) on `host`, when the host is this machine or its network; else
 * undefined.
 */
export function adminPortCategory(host: string, port: number | undefined, path = ''): Category | undefined {
  const cls = addressClass(host);
  if (cls === 'public') return undefined;
  if (port === CLUSTER_PROXY_PORT && CLUSTER_API_PATH.test(path)) return 'privilege_escalation';
  if (port !== undefined && CONTROL_PORTS.has(port)) return 'privilege_escalation';
  if (port !== undefined && SECRET_PORTS.has(port)) return 'secret_material_read';
  if (SECRET_PATH.test(path)) return 'secret_material_read';
  return undefined;
}

interface UrlParts {
  scheme: string;
  host: string;
  port?: number;
  path: string;
}

function parts(url: string): UrlParts | undefined {
  // `file:/path` (no authority) is a local path to curl, as `file:///path` is.
  const bare = /^(file):(\/(?!\/)[^?#]*)/i.exec(url);
  if (bare) return { scheme: 'file', host: '', path: bare[2] as string };
  const m = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?(\[[^\]]*\]|[^/:?#]*)(?::(\d{1,5}))?([^?#]*)/i.exec(url);
  if (!m) return undefined;
  const port = m[3] === undefined ? undefined : Number(m[3]);
  return {
    scheme: (m[1] as string).toLowerCase(),
    host: m[2] as string,
    path: m[4] ?? '',
    ...(port === undefined ? {} : { port }),
  };
}

/**
 * A URL as the client reads it: curl and wget take one without a scheme as `http://` (`localhost:2375/info`), httpie
 * and xh one starting with `:` as this machine (`:3000/x`).
 */
function withScheme(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || /^file:/i.test(url)) return url;
  if (url.startsWith(':')) return `http://localhost${url}`;
  return /^(?:[^@/\s]*@)?[\w.[\]:-]+(?:[/?#]|$)/.test(url) ? `http://${url}` : url;
}

/** Judges one URL an HTTP client was given; true when it reads a sensitive file (a `file:` URL of a secret). */
export function localService(url: string, inv: Invocation, r: Reporter): boolean {
  const u = parts(withScheme(url));
  if (!u) return false;
  if (u.scheme === 'file') {
    const cls = u.host === '' ? 'loopback' : addressClass(u.host);
    if (cls !== 'loopback') {
      r.uncertain(
        'unknown-scheme',
        `\`${inv.program}\` reads a \`file:\` URL on another machine`,
        inv.segment,
      );
      return false;
    }
    let path: string;
    try {
      path = decodeURIComponent(u.path);
    } catch {
      r.uncertain('unknown-scheme', `\`${inv.program}\` reads a \`file:\` URL it cannot decode`, inv.segment);
      return false;
    }
    return (
      path.startsWith('/') && touchPath({ text: path, flow: inv.stdin }, 'read', inv, r).class === 'sensitive'
    );
  }
  if (RAW_SCHEMES.test(u.scheme)) {
    r.uncertain('unknown-scheme', `\`${inv.program}\` speaks \`${u.scheme}:\` to a service`, inv.segment);
    return false;
  }
  const port = u.port ?? undefined;
  if (port === CLUSTER_PROXY_PORT && CLUSTER_API_PATH.test(u.path) && addressClass(u.host) !== 'public') {
    r.hit(
      'privilege_escalation',
      `\`${inv.program}\` reaches a cluster's API through a local proxy (port ${port})`,
      inv.segment,
    );
    return false;
  }
  const category = adminPortCategory(u.host, port, u.path);
  if (category === 'privilege_escalation')
    r.hit(
      category,
      `\`${inv.program}\` reaches a service that runs containers or code on the host (port ${port})`,
      inv.segment,
    );
  else if (category === 'secret_material_read')
    r.hit(
      category,
      `\`${inv.program}\` reads a configuration or secret store (${port === undefined ? 'its path' : `port ${port}`})`,
      inv.segment,
    );
  return false;
}

/** `--unix-socket PATH`: a container engine's socket is root on the host; any other is not an ordinary fetch. */
export function unixSocket(path: string, inv: Invocation, r: Reporter): void {
  if (ENGINE_SOCKET.test(path))
    r.hit('privilege_escalation', `\`${inv.program}\` talks to a container engine's socket`, inv.segment);
  else r.uncertain('unknown-scheme', `\`${inv.program}\` talks to a local socket`, inv.segment);
}
