/**
 * What an approval of a presumed-denied category grants, concretely: the hosts of an outbound connection, the
 * paths of a secret read or of a recursive delete outside the workspace, the packages and sources of an install,
 * the branches of a force push. Read from gavel's own shell analysis (the segments the category hits point to)
 * or, for a file or web tool, from the request's subject. Pure; decides nothing (target-named.ts matches a quote
 * against these). A name holding dynamic text (`$...`) is no name; a target with no name left, or a category with
 * no concrete target (`git push -f` with no branch), yields nothing to name.
 */

import type { Category } from '../../core';
import type { Segment } from '../../shell';
import type { ReviewerRequest } from './review-input';

export type TargetKind = 'host' | 'path' | 'package' | 'branch';

export interface GrantTarget {
  category: Category;
  kind: TargetKind;
  /** Spellings of one target, any one of which names it (a path as written and resolved, and its file name). */
  names: readonly string[];
  /** Host spellings among `names` (a package's source), matched as hosts. */
  hosts?: readonly string[];
}

type TargetSource = Pick<ReviewerRequest, 'categories' | 'shell' | 'subject'>;

export function grantTargets(input: TargetSource, presumed: readonly Category[]): GrantTarget[] {
  const out: GrantTarget[] = [];
  const seen = new Set<string>();
  const add = (t: GrantTarget | undefined) => {
    if (!t) return;
    const names = t.names.filter(usable);
    if (names.length === 0) return;
    const key = JSON.stringify([t.category, t.kind, names]);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ ...t, names, ...(t.hosts ? { hosts: t.hosts.filter(usable) } : {}) });
  };
  const wanted = (c: Category) => presumed.includes(c) && input.categories.includes(c);
  if (input.shell) {
    for (const hit of input.shell.hits) {
      if (!wanted(hit.category)) continue;
      const segment = input.shell.segments[hit.segment];
      if (segment) for (const t of segmentTargets(hit.category, segment)) add(t);
    }
  } else if (input.subject) {
    const s = input.subject;
    for (const category of input.categories) {
      if (!wanted(category)) continue;
      if (s.kind === 'host' && category === 'outbound_network_to_unstated_host')
        add({ category, kind: 'host', names: [s.host] });
      if (
        s.kind === 'path' &&
        (category === 'secret_material_read' || category === 'recursive_delete_outside_workspace')
      )
        add({ category, kind: 'path', names: pathNames(s.path) });
    }
  }
  return out;
}

function segmentTargets(category: Category, segment: Segment): GrantTarget[] {
  switch (category) {
    case 'outbound_network_to_unstated_host':
      return segment.hosts.filter((h) => !h.local).map((h) => ({ category, kind: 'host', names: [h.host] }));
    case 'secret_material_read':
      return segment.paths
        .filter((p) => p.class === 'sensitive')
        .map((p) => ({ category, kind: 'path', names: pathNames(p.raw, p.resolved) }));
    case 'recursive_delete_outside_workspace':
      return segment.paths
        .filter((p) => p.role === 'delete' && p.class !== 'workspace' && p.class !== 'temp')
        .map((p) => ({ category, kind: 'path', names: pathNames(p.raw, p.resolved) }));
    case 'package_install_from_unstated_source': {
      const { packages, sources } = installWords(segment.argv);
      if (packages.length === 0 && sources.length === 0) return [];
      // The package or its source: one target, any of whose names grants it.
      return [{ category, kind: 'package', names: [...packages, ...sources], hosts: sources }];
    }
    case 'force_push':
      return pushedBranches(segment.argv).map((names) => ({ category, kind: 'branch', names }));
    default:
      return [];
  }
}

function usable(name: string): boolean {
  return !name.includes('$') && /[a-z0-9]/i.test(name) && name.length >= 2;
}

/** A path as written, as resolved, and its file name. */
export function pathNames(raw: string, resolved?: string): string[] {
  const names = [raw, ...(resolved ? [resolved] : [])];
  const base = (resolved ?? raw).replace(/\/+$/, '').split('/').pop();
  if (base) names.push(base);
  return [...new Set(names)];
}

/** Options of installers whose value is a package source. */
const SOURCE_OPTION =
  /^(--registry|--index-url|-i|--extra-index-url|--find-links|-f|--source|--git|--index)$/;
const INSTALL_VERBS = new Set([
  'install',
  'i',
  'add',
  'ci',
  'exec',
  'x',
  'dlx',
  'download',
  'run',
  'pip',
  'get',
]);

function installWords(argv: readonly string[]): { packages: string[]; sources: string[] } {
  const packages: string[] = [];
  const sources: string[] = [];
  const words = argv.slice(1);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const eq = w.indexOf('=');
    const option = w.startsWith('-') ? (eq > 0 ? w.slice(0, eq) : w) : undefined;
    if (option !== undefined) {
      if (!SOURCE_OPTION.test(option)) continue;
      const value = eq > 0 ? w.slice(eq + 1) : (words[++i] ?? '');
      sources.push(value, ...hostIn(value));
      continue;
    }
    if (INSTALL_VERBS.has(w.toLowerCase()) && packages.length === 0) continue;
    const host = hostIn(w.replace(/^git\+/, ''));
    if (host.length > 0 || /^(github|gitlab|bitbucket|file):/.test(w)) {
      sources.push(w, ...host, w.replace(/^[a-z+]+:(\/\/)?/, ''));
      continue;
    }
    packages.push(packageName(w));
  }
  return { packages, sources };
}

/** `lodash@4` -> `lodash`, `@scope/pkg@1` -> `@scope/pkg`, `requests[extra]>=2` -> `requests`. */
function packageName(spec: string): string {
  const at = spec.indexOf('@', 1);
  const bare = at > 0 ? spec.slice(0, at) : spec;
  return bare.replace(/[[<>=!~;].*$/, '');
}

/** The host of a URL or of `user@host:path`. */
function hostIn(text: string): string[] {
  const url = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:?#]+)/i.exec(text);
  if (url?.[1]) return [url[1]];
  const scp = /^[\w.-]+@([\w.-]+):/.exec(text);
  return scp?.[1] ? [scp[1]] : [];
}

/** Options of `git push` that take a value as the next word. */
const PUSH_VALUE_OPTIONS = new Set(['-o', '--push-option', '--repo', '--receive-pack', '--exec']);
/** Options of `git` itself that take a value as the next word. */
const GIT_VALUE_OPTIONS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace']);

/** Each refspec's branch names (destination, then source), after `git ... push [options] <remote>`. */
function pushedBranches(argv: readonly string[]): string[][] {
  let i = 1;
  while (i < argv.length && argv[i] !== 'push') i += GIT_VALUE_OPTIONS.has(argv[i] ?? '') ? 2 : 1;
  const positionals: string[] = [];
  for (i += 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--') continue;
    if (w.startsWith('-')) {
      if (PUSH_VALUE_OPTIONS.has(w)) i += 1;
      continue;
    }
    positionals.push(w);
  }
  return positionals.slice(1).map((ref) => {
    const [src = '', dst = src] = ref.replace(/^\+/, '').split(':');
    const strip = (r: string) => r.replace(/^refs\/heads\//, '');
    return [...new Set([strip(dst), strip(src)].filter((n) => n !== ''))];
  });
}
