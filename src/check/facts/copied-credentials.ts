/**
 * A credential of the user's own files copied into a change (round 31, blind: the npm and crates.io tokens of
 * `~/.npmrc` and `~/.cargo/credentials.toml` written into a workspace document): whatever its shape, a value of a
 * well-known credential file of the home folder (package registries, git hosts, cloud and container logins,
 * database passwords) that the text a write or edit adds holds. Only random-looking values count (twenty
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

/** Does `added` hold a value of one of the user's credential files? */
export function copiesCredential(request: CheckRequest, added: string): boolean {
  if (!request.readScript || !mayCopyCredential(added)) return false;
  for (const rel of CREDENTIAL_FILES) {
    const file = request.readScript(posix.join(request.home, rel));
    if (file.kind !== 'text') continue;
    for (const m of file.text.matchAll(TOKEN)) if (randomLooking(m[0]) && added.includes(m[0])) return true;
  }
  return false;
}
