/**
 * What a URL fetch reaches, read as the fetching tool reads it (WHATWG URL parsing: IPv4 in any notation is
 * normalized, `file:` names a local path). Pure. Decides no category: collect-facts classes the host or path.
 */

import type { Uncertainty } from '../../shell';

export type FetchTarget =
  | { host: string; port?: number; path?: undefined; urlPath?: string }
  | { path: string }
  | { uncertain: Uncertainty };

const MAX_URL = 8192;

export function fetchTarget(url: string): FetchTarget {
  if (url.length > MAX_URL)
    return { uncertain: { code: 'too-large', reason: 'the URL is too long to judge' } };
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return { uncertain: { code: 'invalid-url', reason: 'the URL could not be parsed' } };
  }
  const scheme = parsed.protocol.toLowerCase();
  if (scheme === 'http:' || scheme === 'https:') {
    const host = parsed.hostname.toLowerCase();
    if (host === '') return { uncertain: { code: 'invalid-url', reason: 'the URL names no host' } };
    const urlPath = parsed.pathname;
    return parsed.port === '' ? { host, urlPath } : { host, port: Number(parsed.port), urlPath };
  }
  if (scheme === 'file:') {
    const host = parsed.hostname.toLowerCase();
    if (host !== '' && host !== 'localhost')
      return { uncertain: { code: 'unknown-scheme', reason: 'a `file:` URL names another machine' } };
    let path: string;
    try {
      path = decodeURIComponent(parsed.pathname);
    } catch {
      return { uncertain: { code: 'invalid-url', reason: 'the URL could not be parsed' } };
    }
    if (path.includes('\u0000') || !path.startsWith('/'))
      return { uncertain: { code: 'invalid-url', reason: 'the URL could not be parsed' } };
    return { path };
  }
  return { uncertain: { code: 'unknown-scheme', reason: 'the URL scheme is not http or https' } };
}
