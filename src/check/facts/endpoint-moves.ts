/**
 * A write or edit of code or configuration that moves where it sends its requests to another site: the change
 * takes out a URL host (`https://api.shop.example`) and puts in, on a line that names where requests go (a base,
 * endpoint, webhook or URL setting, a `fetch(`/`requests.post(` call: TARGET; in a configuration file any setting
 * but a page shown or an origin let in), a URL of another site (registrable name: the last two labels) that the
 * file did not name before, that is no loopback host nor a `.local`, `.internal` or `.test` name, and that no
 * stated host or package source covers. An API base, a webhook or an upload target then goes
 * elsewhere (the user's data with it): uncertain (`endpoint-moved`), a person decides. A URL added where none was
 * taken out, or a move within one site (`api` to `staging-api`), does not count; documentation (Markdown, text,
 * reStructuredText, AsciiDoc) and change logs are not looked at, nor are lockfiles and manifests (package-sources.ts
 * answers for where code comes from). Reasons name the file, never a host or a line. Pure but for the request's
 * reader.
 */

import { basename } from 'node:path';
import { isLocalHost, isStatedHost, type ShellEnv, type Uncertainty } from '../../shell';
import type { CheckRequest, FileChange } from '../request/request';
import { changedLineTexts, changedPath, diskText } from './change-text';
import { sourceReader } from './package-sources';

const URL_HOST =
  /\bhttps?:\/\/(?:[^\s/@'"`]+@)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+)/gi;
const DOCUMENT =
  /\.(?:md|mdx|markdown|txt|rst|adoc|asciidoc|org)$|(?:^|\/)(?:CHANGELOG|CHANGES|HISTORY|NEWS|AUTHORS|LICENSE|NOTICE)[^/]*$/i;
/**
 * A line that names where requests go: a setting or call of a target (`apiBase`, `endpoint`, `url`, `webhook`,
 * `fetch(`, `requests.post(`, `dsn`), not an origin allowed in (CORS) or a link shown.
 */
const TARGET =
  /(?:base|api|endpoint|url|uri|host|server|webhook|hook|upload|callback|target|remote|sink|collector|dsn|ingest|report|proxy|gateway|address|addr)\w*["']?\s*(?:[:=]|=>|\()|\b(?:fetch|axios(?:\.\w+)?|requests\.\w+|http\.\w+|https?\.request|urlopen|post|get|put|connect|WebSocket|EventSource|HttpClient|Uri|URL)\s*\(/i;

/** A configuration file, where a setting's value is where the program goes (`orders: https://...`). */
const SETTINGS_FILE = /\.(?:ya?ml|json|toml|ini|cfg|conf|env|properties|xml)$|(?:^|\/)\.env(?:\.[\w.-]+)?$/i;
const SETTING = /^\s*-?\s*["']?[\w.-]+["']?\s*[:=]/;
/** Settings that name a page shown or an origin let in, not a place requests go. */
const NOT_TARGET =
  /^\s*-?\s*["']?[\w.-]*(?:origin|cors|allow|homepage|home_page|website|docs?|documentation|repository|repo|link|href|image|logo|icon|avatar|license|funding|bugs|issues|source_code|changelog)[\w.-]*["']?\s*[:=]/i;

/** The registrable part of a host: its last two labels (`api.shop.example` is `shop.example`). */
function site(host: string): string {
  return host.toLowerCase().split('.').slice(-2).join('.');
}

function hostsOf(text: string): string[] {
  return [...text.matchAll(URL_HOST)].map((m) => (m[1] ?? '').toLowerCase());
}

export function movedEndpoints(
  request: CheckRequest,
  path: string,
  change: FileChange | undefined,
  env: ShellEnv,
): Uncertainty[] {
  const name = path.replaceAll('\\', '/');
  if (change === undefined || DOCUMENT.test(name) || sourceReader(name) !== undefined) return [];
  const abs = changedPath(request, path);
  const old = diskText(request, abs);
  if (old === undefined) return [];
  const { before, after } = changedLineTexts(change, old);
  // Hosts the change takes out (none left in what it puts in) and hosts it brings in.
  const kept = new Set(hostsOf(after));
  const gone = hostsOf(before).filter((h) => !kept.has(h));
  if (gone.length === 0) return [];
  const was = new Set(hostsOf(before));
  const settings = SETTINGS_FILE.test(name);
  const added = after
    .split('\n')
    .filter((line) => TARGET.test(line) || (settings && SETTING.test(line) && !NOT_TARGET.test(line)))
    .flatMap(hostsOf)
    .filter((h) => !was.has(h));
  const goneSites = new Set(gone.map(site));
  const known = new Set(hostsOf(old).map(site));
  const elsewhere = added.some((host) => {
    const s = site(host);
    return (
      !goneSites.has(s) &&
      !known.has(s) &&
      !isLocalHost(host) &&
      !/\.(?:local|internal|localhost|test)$/.test(host) &&
      !isStatedHost(host, env)
    );
  });
  return elsewhere ? [moved(path)] : [];
}

function moved(path: string): Uncertainty {
  return {
    code: 'endpoint-moved',
    reason: `the change to \`${basename(path)}\` moves a URL it names to a site the file did not name`,
  };
}
