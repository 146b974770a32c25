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
const HOME_PATH =
  /(?:~|\$\{?HOME\}?|\$\{HOME:?[-=][^}]*\}|\$\{env:HOME\}|\$ENV\{HOME\}|%USERPROFILE%)(\/[\w.@+-]*)+/g;
/** Files that are prose (`.txt` is not: `CMakeLists.txt`, `requirements.txt`). */
const PROSE = new Set(['.md', '.markdown', '.rst', '.adoc', '.org']);
/** Folders of the home that hold credentials whole (a mount or copy of one takes them along). */
const HOLDING = new Set([
  '.ssh',
  '.aws',
  '.docker',
  '.kube',
  '.gnupg',
  '.azure',
  '.config',
  '.config/gh',
  '.config/gcloud',
  '.password-store',
  '.local/share/keyrings',
]);

/** The home paths a text names, resolved. */
function homePaths(text: string, home: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(HOME_PATH))
    out.add((home + m[0].slice(m[0].indexOf('/'))).replace(/\/+$/, ''));
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
  for (const p of homePaths(after, home)) {
    if (had.has(p)) continue;
    // The home itself, a secret file, or a folder holding one (`~/.docker`, `~/.config/gh`) mounted or copied whole.
    if (p === home || isSensitive(p, scope) || HOLDING.has(p.slice(home.length + 1))) return true;
  }
  return false;
}
