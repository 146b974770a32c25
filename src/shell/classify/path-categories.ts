/**
 * Categories of a single path or host, for tools that are not shell commands (Read, Write, Edit, WebFetch):
 * `Read(.env)` is a secret read, `Write(.claude/settings.json)` is self-modification, a fetch from an
 * unstated host is outbound network. Same rules as the shell detectors use. Pure.
 */

import type { Category } from '../../core';
import { isUnder } from '../../core';
import { globMatches } from '../detect/folder-walk';
import { adminPortCategory } from '../detect/local-services';
import { isLocalHost, isMetadataHost, isStatedHost } from '../detect/network-target';
import { homeTwinsOf, isAgentConfig, isBlockDevice, isPersistence } from '../detect/path-effects';
import type { PathRef, ShellEnv } from '../types';
import { protectQuoted } from '../walk/markers';
import { resolvePath, scopeFor } from './classify-path';
import { isGitRecord } from './git-records';
import { globReach } from './glob-reach';
import { instructionImports } from './instruction-imports';
import { clearedRead, holdsSecretContent, markedRead } from './secret-content';

export interface PathVerdict {
  ref: PathRef;
  categories: Category[];
  /** The path could not be followed (too long to resolve, a symlink chain the resolver gave up on). */
  uncertain?: boolean;
}

export function pathCategories(path: string, role: 'read' | 'write' | 'delete', env: ShellEnv): PathVerdict {
  const scope = scopeFor(env);
  // A tool's path is literal text: no globs, no variables.
  const named = resolvePath(protectQuoted(path), scope);
  // A repository's git config or a project's rc file read whole and carrying no credential is no secret read; a
  // home file carrying one (a token a shell start-up file exports) is one, as the shell's read of it is.
  const res = role === 'read' ? markedRead(clearedRead(named, scope, env), env) : named;
  const categories: Category[] = [];
  const p = res.resolved;
  if (role === 'read' && res.class === 'sensitive') categories.push('secret_material_read');
  // A secret by its content (a service-account key named `sa.json`, a key in `notes`); past the budget, unknown.
  const content =
    role === 'read' && p !== undefined && res.class !== 'sensitive' && holdsSecretContent(res.real ?? p, env);
  if (content === true) categories.push('secret_material_read');
  // A symlink on the way: what the path names and where it really leads both count.
  const seen = p === undefined ? [] : res.real === undefined ? [p] : [p, res.real];
  // A home file that leads to it, or that a delete takes away (a dotfiles repository's `zsh/.zshrc` is `~/.zshrc`).
  if (role !== 'read' && p !== undefined && res.class === 'workspace')
    seen.push(...homeTwinsOf(p, role, scope));
  if (role !== 'read') {
    if (seen.some((x) => isAgentConfig(x, scope))) categories.push('agent_self_modification');
    if (role === 'write' && seen.some((x) => isPersistence(x, scope))) categories.push('persistence');
    if (seen.some((x) => isGitRecord(x))) categories.push('local_work_loss');
    // A file an instruction file imports (`@docs/conventions.md` in CLAUDE.md) is part of the agent's instructions.
    if (!categories.includes('agent_self_modification') && seen.some((x) => instructionImports(env).has(x)))
      categories.push('agent_self_modification');
    if (role === 'write' && seen.some((x) => isBlockDevice(x))) categories.push('block_device_write');
  }
  if (role === 'delete' && p !== undefined) {
    // A tool that deletes a path may delete all of it: the root, home or a system root is gone.
    if (seen.some((x) => x === '/' || isUnder(scope.home, x) || scope.systemRoots.includes(x)))
      categories.push('destructive_root_delete');
    else if (res.class !== 'workspace' && res.class !== 'temp')
      categories.push('recursive_delete_outside_workspace');
  }
  const ref: PathRef = {
    raw: path.slice(0, 120),
    class: res.class,
    role,
    ...(p === undefined ? {} : { resolved: p }),
    ...(res.real === undefined ? {} : { real: res.real }),
  };
  return p === undefined || res.unresolved || content === 'unknown'
    ? { ref, categories, uncertain: true }
    : { ref, categories };
}

export function hostCategories(host: string, env: ShellEnv, port?: number, path?: string): Category[] {
  const out: Category[] = [];
  if (isMetadataHost(host)) out.push('secret_material_read');
  // An administration port or path on this machine or its network: a container engine's API, a secret store.
  const admin = adminPortCategory(host, port, path);
  if (admin !== undefined && !out.includes(admin)) out.push(admin);
  if (!isLocalHost(host) && !isStatedHost(host.toLowerCase(), env))
    out.push('outbound_network_to_unstated_host');
  return out;
}

/** Usual names of secret files, one of each sensitive kind: a filter glob matching one aims at secrets. */
const USUAL_SECRET_NAMES = [
  '.env',
  '.env.local',
  'id_rsa',
  'id_ed25519',
  'server.pem',
  'server.key',
  'cert.p12',
  'cert.pfx',
  'release.jks',
  'app.keystore',
  'credentials',
  '.netrc',
  '.npmrc',
  '.pgpass',
  'secrets.toml',
  'terraform.tfstate',
  'terraform.tfvars',
  'prod.kubeconfig',
  'app.token',
  'gh_token',
  'app.credentials',
  'vault_pass.txt',
  'key.ppk',
  'vault.kdbx',
  'client.ovpn',
];

/** Does a filter glob name a secret file by its usual name (`.env*`, `*.pem`, `id_*`), not only by a wildcard? */
export function aimsAtSecrets(glob: string): boolean {
  return USUAL_SECRET_NAMES.some((name) => globMatches(glob, name));
}

export interface SearchVerdict {
  /** One per pattern alternative, with the folder it starts in as the path. */
  verdicts: PathVerdict[];
  /** A pattern gavel cannot follow (too long, too many alternatives, a `..` after a wildcard). */
  uncertain: boolean;
}

/**
 * A search tool's reads: `names` lists what a path glob matches (Glob, find, ls), `contents` reads every file
 * below `path` whose name matches a filter glob, at any depth (Grep, ripgrep's `--glob`). A content search whose
 * pattern names a secret, or any search that starts in or walks into a sensitive folder, is a secret read; a
 * listing of names that match a secret's pattern is not; the folder it starts in gives the scope. `walked`: the
 * caller judges the secret files the search prints by reading them (a glob that may name a secret then selects none).
 */
export function searchCategories(
  path: string,
  patterns: readonly string[],
  mode: 'names' | 'contents',
  env: ShellEnv,
  walked = false,
): SearchVerdict {
  const scope = scopeFor(env);
  const sensitive = [...env.paths.sensitive, ...(env.sensitivePaths ?? [])];
  const base = resolvePath(protectQuoted(path), scope);
  const from = base.resolved ?? scope.cwd;
  const widening = patterns.filter((p) => p.length > 0 && !p.startsWith('!'));
  const globs =
    mode === 'contents'
      ? (widening.length > 0 ? widening : ['*']).map((g) => (g.includes('/') ? g : `**/${g}`))
      : widening.length > 0
        ? widening
        : ['*'];
  const verdicts: PathVerdict[] = [];
  let uncertain = base.resolved === undefined;
  for (const g of globs) {
    const reach = globReach(g, scope, sensitive, from);
    if (reach === undefined) {
      uncertain = true;
      continue;
    }
    for (const r of reach) {
      if (r.root === undefined) {
        uncertain = true;
        continue;
      }
      const v = pathCategories(r.root, 'read', env);
      // A listing prints names, never a file's content (`Glob **/.env*` as `find . -name '.env*'`): only a content
      // search reads the secret files its glob names. The folder it starts in is still classed (`~/.ssh`).
      // `walked`: the files below were read for the lines the search prints (the caller's analysis judges those),
      // unless the glob aims at secret files by their usual names (`.env*`, `*.pem`): that search is for secrets.
      if (
        mode === 'contents' &&
        r.secret &&
        (!walked || aimsAtSecrets(g)) &&
        !v.categories.includes('secret_material_read')
      )
        v.categories.push('secret_material_read');
      verdicts.push(v);
    }
  }
  return { verdicts, uncertain };
}
