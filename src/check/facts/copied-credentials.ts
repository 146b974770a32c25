/**
 * A credential copied into a change (round 31, blind: the release tokens of a git-ignored `.env.release` written
 * into a workspace document): whatever its shape, a value of a well-known credential file of the home folder
 * (package registries, git hosts, cloud and container logins, database passwords) or of a secret file of the
 * workspace by its name (dotenv files other than templates, `.envrc`, `.dev.vars`, in a workspace root or the
 * changed file's folder) that the text a write or edit adds holds. Only random-looking values count (twenty
 * characters or more of a token's alphabet, letters and digits both), so a user name or a host does not. Pure apart
 * from the injected reader; answers yes or no and never returns or logs the text.
 */

import { posix } from 'node:path';
import type { CheckRequest } from '../request/request';

/** Credential files of the home folder, by the tools that write them. */
const CREDENTIAL_FILES = [
  '.npmrc',
  '.yarnrc.yml',
  '.pypirc',
  '.cargo/credentials.toml',
  '.cargo/credentials',
  '.gem/credentials',
  '.netrc',
  '.git-credentials',
  '.config/gh/hosts.yml',
  '.config/hub',
  '.config/glab-cli/config.yml',
  '.docker/config.json',
  '.aws/credentials',
  '.config/gcloud/credentials.db',
  '.azure/accessTokens.json',
  '.kube/config',
  '.terraformrc',
  '.terraform.d/credentials.tfrc.json',
  '.m2/settings.xml',
  '.gradle/gradle.properties',
  '.pgpass',
  '.my.cnf',
  '.config/goreleaser/github_token',
  '.config/goreleaser/gitlab_token',
  '.vault-token',
  '.config/op/config',
];

/** A token's alphabet, twenty characters or more. */
const TOKEN = /[A-Za-z0-9_\-+/]{20,}/g;
const randomLooking = (t: string) => /\d/.test(t) && /[A-Za-z]/.test(t) && !t.startsWith('//');

/** A cheap first look: does the added text hold a random-looking word at all? */
export function mayCopyCredential(added: string): boolean {
  for (const m of added.matchAll(TOKEN)) if (randomLooking(m[0])) return true;
  return false;
}

/** The workspace's own secret files by name: dotenv files (not their templates), `.envrc`, `.dev.vars`. */
const WORKSPACE_SECRET = /^(?:\.env(?:[.-][\w.-]+)?|\.envrc|\.dev\.vars)$/;
const TEMPLATE = /(?:example|sample|template|dist|defaults?|schema|tpl)$/i;

/**
 * The files whose values count: the home's credential files, and the secret files by name in each workspace root
 * and in the folder of the file changed.
 */
function credentialFiles(request: CheckRequest, changed: string): string[] {
  const out = CREDENTIAL_FILES.map((rel) => posix.join(request.home, rel));
  for (const dir of new Set([...request.workspaceRoots, posix.dirname(changed)])) {
    const listing = request.readScript?.(dir);
    if (listing?.kind !== 'unreadable' || !listing.entries) continue;
    for (const name of listing.entries)
      if (WORKSPACE_SECRET.test(name) && !TEMPLATE.test(name)) out.push(posix.join(dir, name));
  }
  return out;
}

/** Does `added`, the text a change to `changed` puts in, hold a value of one of the credential files? */
export function copiesCredential(request: CheckRequest, changed: string, added: string): boolean {
  if (!request.readScript || !mayCopyCredential(added)) return false;
  // One secret file written from another (`.env.test` from `.env`) keeps the value where secrets are kept; a
  // template (`.env.example`) is committed.
  const name = posix.basename(changed);
  if (WORKSPACE_SECRET.test(name) && !TEMPLATE.test(name)) return false;
  for (const path of credentialFiles(request, changed)) {
    if (path === changed) continue;
    const file = request.readScript(path);
    if (file.kind !== 'text') continue;
    for (const m of file.text.matchAll(TOKEN)) if (randomLooking(m[0]) && added.includes(m[0])) return true;
  }
  return false;
}
