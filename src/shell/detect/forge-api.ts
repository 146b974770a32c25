/**
 * Calls to a code forge's REST API that do what `git push -f` or `git push --delete` would do to a shared branch,
 * through `gh api`, `glab api` or an HTTP client to the API host: a forced ref update or a deletion of a shared
 * branch, and the deletion of a whole repository, rewrite shared history; deleting branch protection or a ruleset
 * turns a control off. A feature branch and every read stay as they are. Pure apart from reporting.
 */

import { type Invocation, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { isSharedRef } from './git-repository';

/** A forge request: its method, its endpoint path (no host, no query) and the text of its fields or body. */
export interface ForgeRequest {
  readonly method: string;
  readonly endpoint: string;
  readonly body: string;
}

const GITHUB_REF = /^repos\/[^/]+\/[^/]+\/git\/refs\/heads\/(.+)$/i;
const GITHUB_REPO = /^repos\/[^/]+\/[^/]+$/i;
const GITHUB_PROTECTION = /^repos\/[^/]+\/[^/]+\/(branches\/[^/]+\/protection(\/.*)?|rulesets\/[^/]+)$/i;
const GITLAB_BRANCH = /^projects\/[^/]+\/repository\/branches\/(.+)$/i;
const GITLAB_PROJECT = /^projects\/[^/]+$/i;
const GITLAB_PROTECTION = /^projects\/[^/]+\/(protected_branches|protected_tags)\/[^/]+$/i;

function branchOf(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A protection field switched off in a request body (`-F enforce_admins=false`, `"required_status_checks": null`). */
const WEAKENED =
  /["']?(enforce_admins|required_pull_request_reviews|required_status_checks|required_signatures|required_linear_history)["']?\s*[:=]\s*["']?(false|null)\b/i;

/** Reports what a forge API request does to shared refs and their protection. */
export function forgeRequest(req: ForgeRequest, inv: Invocation, r: Reporter): void {
  const endpoint = req.endpoint
    .replace(/^\/+/, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  const method = req.method.toUpperCase();
  const force = /["']?force["']?\s*[:=]\s*["']?true\b/i.test(req.body);
  const ref = GITHUB_REF.exec(endpoint) ?? GITLAB_BRANCH.exec(endpoint);
  if (ref && isSharedRef(branchOf(ref[1] ?? ''))) {
    if (method === 'DELETE')
      r.hit(
        'history_rewrite_on_shared_ref',
        `\`${inv.program}\` deletes a shared branch through the API`,
        inv.segment,
      );
    else if ((method === 'PATCH' || method === 'POST' || method === 'PUT') && force)
      r.hit(
        'history_rewrite_on_shared_ref',
        `\`${inv.program}\` force-updates a shared branch through the API`,
        inv.segment,
      );
  }
  if (method === 'DELETE' && (GITHUB_REPO.test(endpoint) || GITLAB_PROJECT.test(endpoint)))
    r.hit(
      'history_rewrite_on_shared_ref',
      `\`${inv.program}\` deletes a whole repository through the API`,
      inv.segment,
    );
  if (method === 'DELETE' && (GITHUB_PROTECTION.test(endpoint) || GITLAB_PROTECTION.test(endpoint)))
    r.hit(
      'disable_security_control',
      `\`${inv.program}\` removes branch protection through the API`,
      inv.segment,
    );
  // A protection rewritten with its checks switched off (`enforce_admins=false`, required reviews or status
  // checks set to null): the control stays in name only.
  else if (
    (method === 'PUT' || method === 'PATCH' || method === 'POST') &&
    GITHUB_PROTECTION.test(endpoint) &&
    WEAKENED.test(req.body)
  )
    r.hit(
      'disable_security_control',
      `\`${inv.program}\` turns branch protection checks off through the API`,
      inv.segment,
    );
}

/** `gh api` / `glab api` options that take a value. */
const API_VALUES = new Set([
  '-X',
  '--method',
  '-f',
  '--raw-field',
  '-F',
  '--field',
  '-H',
  '--header',
  '--hostname',
  '--input',
  '-q',
  '--jq',
  '-t',
  '--template',
  '--cache',
  '-p',
  '--preview',
]);

/** `gh api ENDPOINT -X METHOD -f k=v -F force=true`, `glab api ...`: the request it makes. */
export function forgeCli(inv: Invocation, r: Reporter): void {
  if ((inv.program !== 'gh' && inv.program !== 'glab') || optionText(inv.args[0]) !== 'api') return;
  let method = '';
  let endpoint: string | undefined;
  const fields: string[] = [];
  const args = inv.args.slice(1);
  for (let i = 0; i < args.length; i++) {
    const t = optionText(args[i]);
    const eq = t.startsWith('--') ? t.indexOf('=') : -1;
    const name = eq > 0 ? t.slice(0, eq) : t.startsWith('-') && !t.startsWith('--') ? t.slice(0, 2) : t;
    if (API_VALUES.has(name)) {
      const inline = eq > 0 ? t.slice(eq + 1) : t.length > 2 && !t.startsWith('--') ? t.slice(2) : undefined;
      const value = inline ?? plain(args[++i] as Word | undefined);
      if (name === '-X' || name === '--method') method = value;
      else if (['-f', '--raw-field', '-F', '--field'].includes(name)) fields.push(value);
      continue;
    }
    if (t.startsWith('-')) continue;
    endpoint ??= plain(args[i]);
  }
  if (endpoint === undefined) return;
  forgeRequest(
    { method: method || (fields.length > 0 ? 'POST' : 'GET'), endpoint, body: fields.join('\n') },
    inv,
    r,
  );
}

/** The forge endpoint of an API URL (`https://api.github.com/repos/...`, `https://host/api/v4/projects/...`). */
export function forgeEndpoint(url: string): string | undefined {
  const m = /^https?:\/\/([^/]+)(\/[^?#]*)?/i.exec(url);
  if (!m) return undefined;
  const host = (m[1] ?? '').toLowerCase().replace(/:\d+$/, '');
  const path = m[2] ?? '/';
  if (host === 'api.github.com') return path;
  const api = /^\/api\/v[34](\/.*)$/.exec(path);
  return api ? api[1] : undefined;
}
