/**
 * The dependencies a manifest names, as the install commands that would fetch them (package.json and
 * composer.json dependency tables, pyproject's dependency lists and build requirements, requirements files,
 * Cargo.toml, a Gemfile, go.mod): a write or edit that adds one is judged as `npm install NAME`, `pip install
 * NAME`, `cargo add NAME`, `bundle add NAME`, `go get MODULE` or `composer require NAME` would be, since the next
 * ordinary install fetches and runs it (runner-files.ts diffs what the change adds). A dependency from a source
 * other than the default registry (a git URL, another index or registry, a patch or replacement), or code in a
 * Gemfile, becomes a `__gavel_runner_source` / `__gavel_runner_code` entry (uncertain); a local path inside the
 * workspace adds nothing to fetch. Names are matched as written; nothing here reads the file system. Pure.
 */

import { posix } from 'node:path';

/** One dependency entry: where it is declared (a table or list name) and the command that stands for it. */
export type DependencyEntry = [where: string, command: string];

/** What a reader needs to place local paths: the manifest's folder and whether a path lies in the workspace. */
export interface ManifestPlace {
  folder: string;
  inWorkspace: (abs: string) => boolean;
  /** Is there a readable file at this absolute path (through the request's reader)? */
  isFile?: (abs: string) => boolean;
}

const q = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;
const source = (where: string, what: string): DependencyEntry => [where, `__gavel_runner_source ${what}`];
const NPM_NAME = /^(?:@[\w.-]+\/)?[\w.-]+$/;
const PLAIN_NAME = /^[A-Za-z0-9](?:[\w.-]*[A-Za-z0-9])?$/;

/** A local path dependency: nothing to fetch when it stays in the workspace; otherwise another source. */
function local(where: string, path: string, place: ManifestPlace): DependencyEntry[] {
  const abs = posix.resolve(place.folder, path);
  return place.inWorkspace(abs) ? [] : [source(where, path)];
}

/** An npm dependency spec: a registry range or tag installs NAME; an alias installs the aliased package. */
function npmDependency(where: string, name: string, spec: unknown, place: ManifestPlace): DependencyEntry[] {
  if (typeof spec !== 'string' || !NPM_NAME.test(name))
    return [source(where, 'a dependency of an unknown shape')];
  if (/^(?:workspace|portal):/.test(spec)) return [];
  if (/^(?:file|link):/.test(spec)) return local(where, spec.replace(/^(?:file|link):/, ''), place);
  const alias = /^npm:((?:@[\w.-]+\/)?[\w.-]+)(?:@[^/:]*)?$/.exec(spec);
  if (alias) return [[where, `npm install ${alias[1]}`]];
  if (spec.includes('/') || spec.includes(':')) return [[where, `npm install ${q(spec)}`]];
  return [[where, `npm install ${name}`]];
}

const NPM_SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

/** package.json: its dependency tables, and `overrides`/`resolutions` that replace what a dependency fetches. */
export function npmManifest(doc: Record<string, unknown>, place: ManifestPlace): DependencyEntry[] | string {
  const out: DependencyEntry[] = [];
  for (const section of [...NPM_SECTIONS, 'overrides', 'resolutions']) {
    const table = doc[section];
    if (table === undefined || table === null) continue;
    if (typeof table !== 'object' || Array.isArray(table)) return `has \`${section}\` of an unknown shape`;
    for (const [name, spec] of Object.entries(table as Record<string, unknown>)) {
      // An override may nest (`"a": { "b": "1" }`) or name a path (`"a>b"`): judged by its specs alone.
      if (section === 'overrides' || section === 'resolutions') {
        const specs = typeof spec === 'object' && spec !== null ? Object.values(spec) : [spec];
        for (const s of specs)
          if (typeof s !== 'string' || s.includes('/') || s.includes(':'))
            out.push(source(section, 'an override from another source'));
        continue;
      }
      out.push(...npmDependency(section, name, spec, place));
    }
  }
  return out;
}

/** composer.json: `require`, `require-dev` (platform packages aside) and `repositories`. */
export function composerManifest(doc: Record<string, unknown>): DependencyEntry[] | string {
  const out: DependencyEntry[] = [];
  for (const section of ['require', 'require-dev']) {
    const table = doc[section];
    if (table === undefined || table === null) continue;
    if (typeof table !== 'object' || Array.isArray(table)) return `has \`${section}\` of an unknown shape`;
    for (const name of Object.keys(table as Record<string, unknown>)) {
      if (/^(?:php|hhvm|composer(?:-\w+)?|ext-[\w-]+|lib-[\w-]+)$/i.test(name)) continue;
      out.push(
        /^[\w.-]+\/[\w.-]+$/.test(name) ? [section, `composer require ${name}`] : source(section, name),
      );
    }
  }
  const repos = doc.repositories;
  if (repos !== undefined && repos !== null)
    for (const r of Array.isArray(repos) ? repos : Object.values(repos as Record<string, unknown>))
      out.push(source('repositories', JSON.stringify(r)));
  return out;
}

/** A PEP 508 requirement (`name[extra]>=1; marker`, `name @ URL`): the command that installs it. */
export function pep508(where: string, requirement: string): DependencyEntry {
  const m = /^\s*([A-Za-z0-9](?:[\w.-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*(.*)$/.exec(requirement);
  if (!m) return source(where, 'a requirement of an unknown shape');
  const rest = (m[2] ?? '').trim();
  if (rest.startsWith('@')) return [where, `pip install ${q(rest.slice(1).split(';')[0]?.trim() ?? '')}`];
  return [where, `pip install ${m[1]}`];
}

/** The strings of a TOML array or string value (quotes removed; escapes left as written). */
function strings(value: string): string[] {
  return [...value.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2] ?? '');
}

/** `key = value` pairs of a TOML text, by table, with values that span lines joined. */
function tomlPairs(text: string): { table: string; key: string; value: string }[] {
  const out: { table: string; key: string; value: string }[] = [];
  let table = '';
  let pending: { key: string; value: string } | undefined;
  const open = (v: string) => (v.match(/[[{]/g)?.length ?? 0) > (v.match(/[\]}]/g)?.length ?? 0);
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^\s+/, '');
    if (pending) {
      pending.value += ` ${line}`;
      if (!open(pending.value)) {
        out.push({ table, ...pending });
        pending = undefined;
      }
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    const head = /^\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/.exec(line);
    if (head) {
      table = (head[1] ?? '').replace(/["']/g, '');
      continue;
    }
    const kv = /^("[^"]*"|'[^']*'|[\w.-]+)\s*=\s*(.*)$/.exec(line);
    if (!kv) continue;
    const pair = { key: (kv[1] ?? '').replace(/^["']|["']$/g, ''), value: kv[2] ?? '' };
    if (open(pair.value)) pending = pair;
    else out.push({ table, ...pair });
  }
  if (pending) out.push({ table, ...pending });
  return out;
}

/** Keys of an inline table (`{ git = "...", path = "..." }`) and their string values. */
function inline(value: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of value.matchAll(/([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(true|false))/g))
    out.set(m[1] ?? '', m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

const DEFAULT_INDEX = /^https:\/\/(?:pypi\.org\/simple|files\.pythonhosted\.org)\/?$/;

/** pyproject.toml: project, optional and build requirements, dependency groups, Poetry's tables, uv's sources. */
export function pyprojectManifest(text: string, place: ManifestPlace): DependencyEntry[] {
  const out: DependencyEntry[] = [];
  for (const { table, key, value } of tomlPairs(text)) {
    const list =
      (table === 'project' && key === 'dependencies') ||
      (table === 'build-system' && key === 'requires') ||
      table === 'project.optional-dependencies' ||
      table === 'dependency-groups';
    if (list) {
      for (const s of strings(value.replace(/\{[^}]*\}/g, ''))) out.push(pep508(table, s));
      continue;
    }
    if (/^tool\.poetry\.(?:(?:group\.[\w-]+\.)?dependencies|dev-dependencies)$/.test(table)) {
      if (key === 'python') continue;
      if (!value.trim().startsWith('{')) {
        out.push(PLAIN_NAME.test(key) ? [table, `pip install ${key}`] : source(table, key));
        continue;
      }
      const t = inline(value);
      if (t.has('path')) out.push(...local(table, t.get('path') ?? '', place));
      else if (t.has('git') || t.has('url') || t.has('source')) out.push(source(table, key));
      else out.push(PLAIN_NAME.test(key) ? [table, `pip install ${key}`] : source(table, key));
      continue;
    }
    if (table === 'tool.uv.sources') {
      const t = inline(value);
      if (t.get('workspace') === 'true') continue;
      if (t.has('path') && t.size === 1) out.push(...local(table, t.get('path') ?? '', place));
      else out.push(source(table, key));
      continue;
    }
    // Another index or source: uv's, Poetry's, PDM's, pip's settings in the project.
    if (
      /^tool\.(?:uv(?:\.index|\.pip)?|poetry\.source|pdm\.source|pip)$/.test(table) &&
      /^(?:url|index-url|extra-index-url|find-links|default-index|index)$/.test(key)
    ) {
      const urls = strings(value);
      if (urls.length === 0 || urls.some((u) => !DEFAULT_INDEX.test(u))) out.push(source(table, key));
    }
  }
  return out;
}

/** A requirements file: each requirement as its install; another index or source is uncertain. */
export function requirementsManifest(text: string): DependencyEntry[] {
  const out: DependencyEntry[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') continue;
    if (/^(?:-r|-c|--requirement|--constraint)\b/.test(line)) continue;
    if (/^(?:-i|--index-url|--extra-index-url|-f|--find-links|--trusted-host)\b/.test(line)) {
      const url = line.split(/[\s=]+/)[1] ?? '';
      if (!DEFAULT_INDEX.test(url)) out.push(source('requirements', 'an index'));
      continue;
    }
    if (/^(?:-e|--editable)\b/.test(line) || line.startsWith('-')) {
      out.push(source('requirements', 'an option'));
      continue;
    }
    if (/^[\w+.-]+:\/\/|^git\+/.test(line)) {
      out.push(['requirements', `pip install ${q(line)}`]);
      continue;
    }
    out.push(pep508('requirements', line.split(';')[0] ?? ''));
  }
  return out;
}

/** Cargo.toml: dependency tables (target-specific too), `[dependencies.NAME]` tables, patches and replacements. */
export function cargoManifest(text: string, place: ManifestPlace): DependencyEntry[] {
  const out: DependencyEntry[] = [];
  const DEPS = /^(?:target\..+\.)?(?:dev-|build-)?dependencies$|^workspace\.dependencies$/;
  const ONE = /^(?:target\..+\.)?(?:dev-|build-)?dependencies\.([\w-]+)$|^workspace\.dependencies\.([\w-]+)$/;
  const judge = (where: string, key: string, t: Map<string, string>) => {
    if (t.get('workspace') === 'true') return;
    if (t.has('git') || t.has('registry') || t.has('registry-index')) out.push(source(where, key));
    else if (t.has('path')) out.push(...local(where, t.get('path') ?? '', place));
    else {
      const name = t.get('package') ?? key;
      out.push(PLAIN_NAME.test(name) ? [where, `cargo add ${name}`] : source(where, name));
    }
  };
  const tables = new Map<string, Map<string, string>>();
  for (const { table, key, value } of tomlPairs(text)) {
    if (/^(?:patch\..+|replace)$/.test(table)) {
      out.push(source(table, key));
      continue;
    }
    if (DEPS.test(table)) {
      const v = value.trim();
      judge(table, key, v.startsWith('{') ? inline(v) : new Map());
      continue;
    }
    const one = ONE.exec(table);
    if (one) {
      const name = one[1] ?? one[2] ?? '';
      const t = tables.get(table) ?? new Map<string, string>();
      const s = strings(value)[0];
      t.set(key, s ?? value.trim());
      tables.set(table, t);
      if (!t.has('\u0000name')) t.set('\u0000name', name);
    }
  }
  for (const [table, t] of tables) judge(table, t.get('\u0000name') ?? '', t);
  return out;
}

/** A Gemfile: `gem` lines as `bundle add`, other sources uncertain; a line of any other Ruby is code. */
export function gemfileManifest(text: string): DependencyEntry[] {
  const out: DependencyEntry[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '' || line === 'end' || /^(?:gemspec|ruby\s+["'][\w.-]+["'])$/.test(line)) continue;
    if (/^(?:group|platforms?)\b[^;`]*\bdo$/.test(line)) continue;
    const src = /^source\s+["']([^"']+)["']\s*(?:do)?$/.exec(line);
    if (src) {
      if (!/^https:\/\/rubygems\.org\/?$/.test(src[1] ?? '')) out.push(source('source', 'a gem source'));
      continue;
    }
    const gem = /^gem\s+["']([\w.-]+)["']\s*(.*)$/.exec(line);
    if (gem) {
      const rest = gem[2] ?? '';
      if (
        /\b(?:git|github|gist|bitbucket|source|path)\s*:|:(?:git|github|gist|bitbucket|source|path)\s*=>/.test(
          rest,
        )
      )
        out.push(source('gem', gem[1] ?? ''));
      else if (/[`(;]|\beval\b|\bsystem\b/.test(rest))
        out.push(['gem', `__gavel_runner_code ${line.slice(0, 40)}`]);
      else out.push(['gem', `bundle add ${gem[1]}`]);
      continue;
    }
    out.push(['code', `__gavel_runner_code ${line.slice(0, 40)}`]);
  }
  return out;
}

/** go.mod: required modules as `go get`, replacements as another source (a local folder in the workspace aside). */
export function goModManifest(text: string, place: ManifestPlace): DependencyEntry[] {
  const out: DependencyEntry[] = [];
  let block: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (line === '') continue;
    if (block && line === ')') {
      block = undefined;
      continue;
    }
    const open = /^(require|replace|tool|exclude|retract)\s*\($/.exec(line);
    if (open) {
      block = open[1];
      continue;
    }
    const m = /^(require|replace|tool|exclude|retract)\s+(.*)$/.exec(line);
    const verb = block ?? m?.[1];
    const body = block ? line : (m?.[2] ?? '');
    if (verb === 'require' || verb === 'tool') {
      const mod = body.split(/\s+/)[0] ?? '';
      out.push(/^[\w.-]+(?:\/[\w.~-]+)+$/.test(mod) ? [verb, `go get ${mod}`] : source(verb, 'a module'));
    } else if (verb === 'replace') {
      const target = body.split('=>')[1]?.trim().split(/\s+/)[0] ?? '';
      if (/^\.\.?\//.test(target)) out.push(...local('replace', target, place));
      else out.push(source('replace', 'a module'));
    }
  }
  return out;
}
