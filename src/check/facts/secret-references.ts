/**
 * A change that makes a file of the workspace name a secret of the home folder it did not name before (round 31,
 * blind: `src=${HOME}/.ssh/id_ed25519` added to a build's secret mounts, which the next build sends into a
 * container): a path from the home folder (`~/…`, `$HOME/…`, `${HOME}/…`, the home's absolute path) that the path
 * table calls sensitive. Prose (Markdown, reStructuredText, plain text) names such paths in instructions: not
 * counted. Pure apart from the injected classification; answers yes or no and never quotes the text.
 */

import { extname } from 'node:path';
import { isSensitive, type PathScope } from '../../shell';

/** A path from the home folder in a file's text: `~/x`, `$HOME/x`, `${HOME}/x`, or under the home's own path. */
const HOME_PATH = /(?:~|\$\{?HOME\}?|\$\{env:HOME\})(\/[\w.@+-]+)+/g;
/** Files that are prose. */
const PROSE = new Set(['.md', '.markdown', '.mdx', '.rst', '.txt', '.adoc', '.org']);

/** The home paths a text names, resolved. */
function homePaths(text: string, home: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(HOME_PATH)) out.add(home + m[0].slice(m[0].indexOf('/')));
  const escaped = home.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const m of text.matchAll(new RegExp(`${escaped}(?:/[\\w.@+-]+)+`, 'g'))) out.add(m[0]);
  return out;
}

/** Does the change name a sensitive home path the text before did not? */
export function addsSecretReference(
  path: string,
  before: string,
  after: string,
  home: string,
  scope: PathScope,
): boolean {
  if (PROSE.has(extname(path).toLowerCase()) || !/~|HOME|\//.test(after)) return false;
  const had = homePaths(before, home);
  for (const p of homePaths(after, home)) if (!had.has(p) && isSensitive(p, scope)) return true;
  return false;
}
