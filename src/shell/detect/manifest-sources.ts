/**
 * Package sources a project's MANIFEST names, read before a command that resolves its dependencies (ADR 0062):
 * package.json dependency specs (URL, git, GitHub shorthand, `file:`/`link:` outside the workspace; literal
 * workspace packages too), pyproject.toml PEP 508 direct references and uv.lock sources, Cargo.toml `[patch]`,
 * `[replace]`, git/registry/path dependencies and Cargo.lock sources, composer.json `repositories`, pom.xml
 * `<repositories>`/`<pluginRepositories>` (with literal modules), Gradle build and settings scripts' `maven`/`ivy`
 * repositories, deno.json(c) `imports`/`scopes`, deno.lock and the entry file's URL imports, Chart.yaml dependency
 * repositories (helm dependency update/build, `--dependency-update`) and Bundler's `.bundle/config`.
 * A source that is not a stated registry is `package_install_from_unstated_source`; a manifest that cannot be read
 * or parsed, or a setting that changes what runs, is uncertain. Pure apart from the injected reader and reporting;
 * never quotes a file.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import { NO_FLOW } from '../walk/flow';
import { flatToml } from './build-configs';
import { PIP_INERT } from './client-rc-files';
import { changedEarlier, readBudgeted } from './disk-scripts';
import { covers, DEFAULT_PACKAGE_SOURCES, hostOf } from './network-target';
import { resolveArg } from './path-effects';
import { inFolder, projectFile } from './project-file';
import { configFolders } from './runner-config';

/** Manifests read per command (workspace packages, modules, included projects together). */
export const MAX_MANIFESTS = 32;

/** Registries each ecosystem resolves from by default, beyond the stated package sources. */
const HOSTS = {
  npm: [] as string[],
  python: [] as string[],
  cargo: ['index.crates.io', 'static.crates.io'],
  composer: ['repo.packagist.org', 'packagist.org'],
  maven: ['repo.maven.apache.org', 'repo1.maven.org'],
  gradle: [
    'repo.maven.apache.org',
    'repo1.maven.org',
    'plugins.gradle.org',
    'maven.google.com',
    'dl.google.com',
  ],
  // Deno's own registries (JSR and deno.land/x, std); every other URL import is a host nobody stated.
  deno: ['jsr.io', 'deno.land'],
  // Helm has no default repository: the public chart repositories of well-known projects (ADR 0072).
  helm: [
    'charts.bitnami.com',
    'registry-1.docker.io',
    'charts.helm.sh',
    'prometheus-community.github.io',
    'grafana.github.io',
    'kubernetes.github.io',
    'kubernetes-sigs.github.io',
    'charts.jetstack.io',
    'helm.releases.hashicorp.com',
    'argoproj.github.io',
    'helm.cilium.io',
    'open-telemetry.github.io',
    'aws.github.io',
  ],
  ruby: [] as string[],
  hex: ['hex.pm', 'repo.hex.pm'],
  nuget: ['api.nuget.org', 'nuget.org'],
  // SwiftPM has no default registry: every package URL is a host of its own.
  swift: [] as string[],
};
type Ecosystem = keyof typeof HOSTS;

const CRATES_INDEX =
  /^(registry\+https:\/\/github\.com\/rust-lang\/crates\.io-index|sparse\+https:\/\/index\.crates\.io\/?)$/;

/** The JavaScript package managers' subcommands that resolve and fetch packages (source-configs.ts reads them too). */
export const JS_INSTALLS: Readonly<Record<string, readonly string[]>> = {
  npm: [
    'install',
    'i',
    'add',
    'ci',
    'update',
    'up',
    'upgrade',
    'in',
    'ins',
    'isntall',
    'install-test',
    'it',
    'cit',
  ],
  pnpm: ['install', 'i', 'add', 'update', 'up', 'upgrade', 'fetch'],
  yarn: ['', 'install', 'add', 'up', 'upgrade'],
  bun: ['install', 'i', 'add', 'a', 'update'],
};

/** Subcommands that resolve dependencies, per program (`''`: the bare program). */
const RESOLVES: Readonly<Record<string, readonly string[]>> = {
  ...JS_INSTALLS,
  uv: ['sync', 'lock', 'add', 'run', 'export', 'tree'],
  poetry: ['install', 'lock', 'add', 'update', 'sync'],
  pdm: ['install', 'lock', 'add', 'update', 'sync'],
  pip: ['install', 'download', 'wheel'],
  pip3: ['install', 'download', 'wheel'],
  cargo: [
    'build',
    'b',
    'check',
    'c',
    'test',
    't',
    'run',
    'r',
    'bench',
    'doc',
    'd',
    'fetch',
    'update',
    'generate-lockfile',
    'clippy',
    'metadata',
    'tree',
    'vendor',
    'package',
    'fix',
    'rustc',
    'rustdoc',
    'nextest',
    'llvm-cov',
  ],
  composer: ['install', 'i', 'update', 'u', 'upgrade', 'require', 'r', 'reinstall'],
  deno: ['run', 'test', 'bench', 'cache', 'install', 'i', 'compile', 'check', 'serve', 'task', 'info'],
  helm: ['dependency', 'dep', 'dependencies', 'install', 'upgrade', 'template', 'package'],
  pipenv: ['install', 'sync', 'lock', 'update', 'upgrade'],
  mix: ['deps.get', 'deps.update', 'deps.compile', 'setup'],
  // SwiftPM resolves the manifest's dependencies before it builds, tests or runs (ADR 0089).
  swift: ['build', 'test', 'run', 'package'],
  // Every build, test, run and pack restores first.
  dotnet: ['restore', 'build', 'test', 'run', 'publish', 'pack'],
};

interface Ctx {
  inv: Invocation;
  r: Reporter;
  label: string;
  /** Reports the install category once; false after a report (stop reading). */
  done: boolean;
}

function stated(c: Ctx, eco: Ecosystem): string[] {
  return [...(c.r.env.packageSources ?? DEFAULT_PACKAGE_SOURCES), ...HOSTS[eco]];
}

function hit(c: Ctx, why: string): void {
  if (c.done) return;
  c.done = true;
  c.r.hit('package_install_from_unstated_source', `${c.label} ${why}`, c.inv.segment);
}

function unsure(c: Ctx, why: string): void {
  if (c.done) return;
  c.done = true;
  c.r.uncertain('dynamic-script', `${c.label} ${why}`, c.inv.segment, 'kept');
}

/** Whether a URL's host is outside the stated sources of `eco` (no host: not stated). */
function unstatedUrl(c: Ctx, eco: Ecosystem, url: string): boolean {
  const host = hostOf(url);
  return host === undefined || !covers(stated(c, eco), host);
}

/** Whether `path` (relative to `dir`) leads outside the workspace. */
function away(c: Ctx, path: string, dir: string): boolean {
  const res = resolveArg({ text: path, flow: NO_FLOW }, { ...c.inv, cwd: dir }, c.r);
  return res.class !== 'workspace' || (res.real !== undefined && res.real !== res.resolved);
}

/** The text of `dir/name`, or undefined (missing, unknown: already reported, or unread). */
function read(c: Ctx, dir: string, name: string): string | undefined {
  const file = projectFile(inFolder(dir, name), c.inv, c.r);
  return file.kind === 'text' ? file.text : undefined;
}

/** JSON, or undefined after reporting the manifest as unreadable. */
function json(c: Ctx, text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    unsure(c, `reads a ${name} gavel cannot parse`);
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Every string value under `v` (nested objects and arrays), bounded. */
function strings(v: unknown, out: string[] = []): string[] {
  if (out.length > 5000) return out;
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (isObject(v)) for (const x of Object.values(v)) strings(x, out);
  return out;
}

// ---------------------------------------------------------------- package.json

const NPM_DEP_KEYS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
  'overrides',
  'resolutions',
];

/** One npm-family dependency spec, relative to the folder of its package.json. */
function npmSpec(c: Ctx, spec: string, dir: string): void {
  const v = spec.trim();
  if (/^(npm|workspace|catalog|patch|jsr):/.test(v)) return;
  if (/^exec:/.test(v)) {
    hit(c, 'reads a package.json with a package made by a script (an `exec:` spec)');
    return;
  }
  const local = /^(file|link|portal):(.*)$/.exec(v);
  const path = local
    ? (local[2] ?? '').replace(/^\/\/(?=\/)/, '')
    : /^(\/|~|\.\.?(\/|$))/.test(v)
      ? v
      : undefined;
  if (path !== undefined) {
    if (away(c, path, dir)) hit(c, 'reads a package.json with a package from a folder outside the workspace');
    return;
  }
  if (/^[a-z][\w+.-]*:/i.test(v)) {
    if (!/^https:/.test(v) || unstatedUrl(c, 'npm', v))
      hit(c, 'reads a package.json with a package from a URL or git source nobody stated');
    return;
  }
  // `user/repo` (GitHub shorthand), not `@scope/name`.
  if (/^[\w.-]+\/[\w.-]+(#.*)?$/.test(v))
    hit(c, 'reads a package.json with a package from a URL or git source nobody stated');
}

/** A package.json's dependency specs; returns its literal workspace folders. */
function packageJson(c: Ctx, dir: string, text: string): string[] {
  const doc = json(c, text, 'package.json');
  if (!isObject(doc)) return [];
  const tables: unknown[] = NPM_DEP_KEYS.map((k) => doc[k]);
  if (isObject(doc.pnpm)) tables.push(doc.pnpm.overrides);
  for (const t of tables) {
    if (!isObject(t)) continue;
    for (const spec of strings(t)) {
      npmSpec(c, spec, dir);
      if (c.done) return [];
    }
  }
  const ws = Array.isArray(doc.workspaces)
    ? doc.workspaces
    : isObject(doc.workspaces) && Array.isArray(doc.workspaces.packages)
      ? doc.workspaces.packages
      : [];
  return ws.filter((w): w is string => typeof w === 'string');
}

function npmFamily(c: Ctx): void {
  const cwd = c.inv.cwd as string;
  const text = read(c, cwd, 'package.json');
  if (text === undefined) return;
  const members = packageJson(c, cwd, text);
  const yaml = read(c, cwd, 'pnpm-workspace.yaml');
  if (yaml !== undefined)
    for (const m of yaml.matchAll(/^\s*-\s*["']?([^"'#\n]+?)["']?\s*$/gm)) members.push(m[1] ?? '');
  // Literal workspace folders are read; a pattern (`packages/*`) cannot be listed: the lockfile covers those.
  let n = 0;
  for (const m of members) {
    if (c.done || /[*?{}[\]!]/.test(m) || m.trim() === '') continue;
    if (++n > MAX_MANIFESTS) {
      unsure(c, `names more workspace packages than one review reads (${MAX_MANIFESTS})`);
      return;
    }
    const dir = posix.resolve(cwd, m.trim());
    if (away(c, dir, cwd)) {
      hit(c, 'installs a workspace package from a folder outside the workspace');
      return;
    }
    const t = read(c, dir, 'package.json');
    if (t !== undefined) packageJson(c, dir, t);
  }
}

// ---------------------------------------------------------------- Python

/** pyproject.toml keys whose strings are PEP 508 requirements. */
const PEP508_KEYS =
  /^(project\.dependencies|project\.optional-dependencies\..+|dependency-groups\..+|build-system\.requires|tool\.uv\.(dev-dependencies|constraint-dependencies|override-dependencies)|tool\.pdm\.dev-dependencies\..+)$/;

function pythonRef(c: Ctx, requirement: string, dir: string): void {
  const at = /^\s*[A-Za-z0-9][\w.-]*\s*(\[[^\]]*\])?\s*@\s*([^\s;]+)/.exec(requirement);
  if (!at) return;
  const ref = at[2] ?? '';
  if (/^file:/.test(ref)) {
    const path = ref.replace(/^file:(\/\/)?/, '');
    if (away(c, path.startsWith('/') ? path : `./${path}`, dir))
      hit(c, 'reads a pyproject.toml with a package from a folder outside the workspace');
    return;
  }
  if (!/^https:/.test(ref) || unstatedUrl(c, 'python', ref))
    hit(
      c,
      'reads a pyproject.toml with a package from a URL or git source nobody stated (a direct reference)',
    );
}

/**
 * pip's configuration files, read by every pip command: the user's (`~/.config/pip/pip.conf`, the older
 * `~/.pip/pip.conf`) and a virtual environment's own (`<venv>/pip.conf` for `.venv/bin/pip`). An index or a
 * folder of archives nobody stated is where the next install's code comes from.
 */
function pipConfig(c: Ctx): void {
  const home = c.r.scope.home;
  // The system's files are the administrator's (like the machine's own index or certificate), not read here.
  const files = [`${home}/.pip/pip.conf`, `${home}/.config/pip/pip.conf`];
  const bin = /^(.*)\/bin\/pip[\d.]*$/.exec(c.inv.command ? plain(c.inv.command) : '');
  // The environment's own file is read as it is on disk: a venv made earlier in the line writes none.
  const venv = bin?.[1] ? `${posix.resolve(c.inv.cwd as string, bin[1])}/pip.conf` : undefined;
  if (venv) files.push(venv);
  for (const path of files) {
    const onDisk = path === venv ? readBudgeted(path, c.inv, c.r) : undefined;
    const text =
      path === venv
        ? onDisk?.kind === 'text'
          ? onDisk.text
          : undefined
        : read(c, posix.dirname(path), posix.basename(path));
    if (text === undefined) continue;
    let key = '';
    for (const raw of text.split(/\r?\n/)) {
      if (/^\s*[#;]/.test(raw) || raw.trim() === '') continue;
      const m = /^([\w.-]+)\s*[=:]\s*(.*)$/.exec(raw);
      // A value continued on the next line (`extra-index-url =` and one URL a line) belongs to the key above.
      // pip reads a name as its option's (`--index-url`, `index_url`: `index-url`).
      if (m) key = (m[1] ?? '').toLowerCase().replace(/_/g, '-').replace(/^--?/, '');
      else if (!/^\s/.test(raw)) key = '';
      const values = (m ? (m[2] ?? '') : raw).trim().split(/\s+/).filter(Boolean);
      if (key === 'index-url' || key === 'extra-index-url') {
        if (values.some((v) => unstatedUrl(c, 'python', v)))
          hit(c, 'reads a pip configuration that takes packages from an index nobody stated');
      } else if (key === 'find-links') {
        if (values.length > 0) hit(c, 'reads a pip configuration that takes packages from archives it names');
      } else if (key !== '' && !PIP_INERT.test(key))
        // Any other setting may run another interpreter (`python`), write elsewhere (`log`, `target`, `prefix`,
        // `src`) or trust a host without its certificate: not known.
        unsure(c, 'reads a pip configuration with a setting gavel does not know inert');
      if (c.done) return;
    }
  }
}

function python(c: Ctx, sub: string): void {
  const cwd = c.inv.cwd as string;
  // pip reads the project's dependencies only when it installs the project (`pip install .`, `-e .`).
  if (c.inv.program.startsWith('pip')) {
    pipConfig(c);
    if (c.done) return;
    const operands = c.inv.args.map((w) => optionText(w)).filter((t) => !t.startsWith('-'));
    const project = operands
      .slice(1)
      .map((t) => t.replace(/\[[^\]]*\]$/, ''))
      .find((t) => /^\.\.?(\/|$)|^\//.test(t) && !/\.(txt|in)$/.test(t));
    if (sub === '' || project === undefined || away(c, project, cwd)) return;
    const dir = posix.resolve(cwd, project);
    const text = read(c, dir, 'pyproject.toml');
    if (text !== undefined) pyproject(c, dir, text);
    return;
  }
  for (const dir of configFolders(cwd, c.r)) {
    const text = read(c, dir, 'pyproject.toml');
    if (text === undefined) continue;
    pyproject(c, dir, text);
    const lock = read(c, dir, 'uv.lock');
    if (lock !== undefined && !c.done) uvLock(c, dir, lock);
    return;
  }
}

function pyproject(c: Ctx, dir: string, text: string): void {
  const entries = flatToml(text);
  if (!entries) {
    unsure(c, 'reads a pyproject.toml gavel cannot parse');
    return;
  }
  for (const { key, values } of entries) {
    if (!PEP508_KEYS.test(key)) continue;
    for (const v of values) {
      pythonRef(c, v, dir);
      if (c.done) return;
    }
  }
}

/**
 * A build of the project (`uv build`, `python -m build`, `hatch build`, ...) installs `[build-system] requires` in
 * a fresh environment: a direct reference there is an install from an unstated source, as a dependency's is.
 */
const BUILDS = /^(uv|hatch|poetry|pdm|rye|flit)$/;
function buildsProject(program: string, inv: Invocation, sub: string): boolean {
  if (program === 'pyproject-build') return true;
  if (BUILDS.test(program)) return sub === 'build';
  if (!/^python(3(\.\d+)?)?$/.test(program)) return false;
  const words = inv.args.map((w) => optionText(w));
  const m = words.indexOf('-m');
  return m >= 0 && words[m + 1] === 'build';
}

function buildRequires(c: Ctx): void {
  for (const dir of configFolders(c.inv.cwd as string, c.r)) {
    const text = read(c, dir, 'pyproject.toml');
    if (text === undefined) continue;
    const entries = flatToml(text);
    if (!entries) {
      unsure(c, 'reads a pyproject.toml gavel cannot parse');
      return;
    }
    for (const { key, values } of entries)
      if (key === 'build-system.requires')
        for (const v of values) {
          pythonRef(c, v, dir);
          if (c.done) return;
        }
    return;
  }
}

/** uv.lock: every `git`, `url`, `registry` and `path`-like source of the resolved packages. */
function uvLock(c: Ctx, dir: string, text: string): void {
  for (const m of text.matchAll(/\b(git|url|registry|path|directory|editable)\s*=\s*"([^"]+)"/g)) {
    const kind = m[1] ?? '';
    const value = m[2] ?? '';
    if (kind === 'git' || kind === 'url' || kind === 'registry') {
      if (kind === 'git' || !/^https:/.test(value) || unstatedUrl(c, 'python', value)) {
        hit(c, 'reads a uv.lock with packages from a URL, git or index nobody stated');
        return;
      }
    } else if (away(c, value.startsWith('/') ? value : `./${value}`, dir)) {
      hit(c, 'reads a uv.lock with packages from a folder outside the workspace');
      return;
    }
  }
}

// ---------------------------------------------------------------- Cargo

const DEP_TABLE = /^(dependencies|dev-dependencies|build-dependencies|dev_dependencies|build_dependencies)$/;

/** The `key = "string"` pairs of an inline table. */
function inlinePairs(raw: string): [string, string][] {
  return [...raw.matchAll(/([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/g)].map((m) => [
    m[1] ?? '',
    m[2] ?? m[3] ?? '',
  ]);
}

function cargoField(c: Ctx, field: string, value: string, dir: string): void {
  if (field === 'git') hit(c, 'reads a Cargo.toml with crates from git');
  else if (field === 'registry' && value !== 'crates-io')
    hit(c, 'reads a Cargo.toml with crates from a registry nobody stated');
  else if (field === 'registry-index' && unstatedUrl(c, 'cargo', value.replace(/^(sparse|registry)\+/, '')))
    hit(c, 'reads a Cargo.toml with crates from a registry nobody stated');
  else if (field === 'path' && away(c, value.startsWith('/') ? value : `./${value}`, dir))
    hit(c, 'reads a Cargo.toml with crates from a folder outside the workspace');
}

/** One Cargo.toml; returns its literal workspace members. */
function cargoToml(c: Ctx, dir: string, text: string): string[] {
  const entries = flatToml(text);
  if (!entries) {
    unsure(c, 'reads a Cargo.toml gavel cannot parse');
    return [];
  }
  const members: string[] = [];
  for (const { key, values, raw } of entries) {
    if (key === 'workspace.members') members.push(...values);
    const parts = key.split('.');
    // `[patch.<registry>]` and `[replace]`: the crate's source is replaced; any source there is judged.
    const patched = parts[0] === 'patch' || parts[0] === 'replace';
    const at = parts.findIndex((p) => DEP_TABLE.test(p));
    if (!patched && at < 0) continue;
    const rest = patched ? parts.slice(parts[0] === 'patch' ? 2 : 1) : parts.slice(at + 1);
    // `name = { git = ... }` (rest: [name]) or `[dependencies.name] git = ...` (rest: [name, field]).
    if (raw.startsWith('{')) for (const [f, v] of inlinePairs(raw)) cargoField(c, f, v, dir);
    else if (rest.length >= 2) cargoField(c, rest[rest.length - 1] ?? '', values[0] ?? '', dir);
    if (c.done) return [];
  }
  return members;
}

function cargo(c: Ctx): void {
  const cwd = c.inv.cwd as string;
  let n = 0;
  for (const dir of configFolders(cwd, c.r)) {
    const text = read(c, dir, 'Cargo.toml');
    if (text !== undefined) {
      const members = cargoToml(c, dir, text);
      for (const m of members) {
        if (c.done || /[*?[\]{}]/.test(m)) continue;
        if (++n > MAX_MANIFESTS) break;
        const t = read(c, posix.resolve(dir, m), 'Cargo.toml');
        if (t !== undefined) cargoToml(c, posix.resolve(dir, m), t);
      }
    }
    const lock = read(c, dir, 'Cargo.lock');
    if (lock !== undefined && !c.done)
      for (const m of lock.matchAll(/^\s*source\s*=\s*"([^"]+)"/gm)) {
        const source = m[1] ?? '';
        if (
          !CRATES_INDEX.test(source) &&
          (/^git\+/.test(source) || unstatedUrl(c, 'cargo', source.replace(/^\w+\+/, '')))
        ) {
          hit(c, 'reads a Cargo.lock with crates from git or a registry nobody stated');
          break;
        }
      }
    if (c.done) return;
  }
}

// ---------------------------------------------------------------- composer

function composer(c: Ctx): void {
  const cwd = c.inv.cwd as string;
  const text = read(c, cwd, 'composer.json');
  if (text === undefined) return;
  const doc = json(c, text, 'composer.json');
  if (!isObject(doc)) return;
  const repos = Array.isArray(doc.repositories)
    ? doc.repositories
    : isObject(doc.repositories)
      ? Object.values(doc.repositories)
      : [];
  for (const repo of repos) {
    if (!isObject(repo) || typeof repo.type !== 'string') continue;
    const url = typeof repo.url === 'string' ? repo.url : '';
    if (repo.type === 'composer') {
      if (unstatedUrl(c, 'composer', url))
        hit(c, 'reads a composer.json that takes packages from a repository nobody stated');
    } else if (repo.type === 'path' || repo.type === 'artifact') {
      if (url === '' || away(c, url.startsWith('/') ? url : `./${url}`, cwd))
        hit(c, 'reads a composer.json that takes packages from a folder outside the workspace');
    } else
      hit(
        c,
        `reads a composer.json that takes packages from a ${repo.type.slice(0, 20)} repository nobody stated`,
      );
    if (c.done) return;
  }
}

// ---------------------------------------------------------------- Maven and Gradle

function pomXml(c: Ctx, dir: string, text: string): string[] {
  const xml = text.replace(/<!--[\s\S]*?-->/g, '');
  for (const block of xml.matchAll(/<(repositories|pluginRepositories)>([\s\S]*?)<\/\1>/g))
    for (const m of (block[2] ?? '').matchAll(/<url>\s*([^<\s]*)\s*<\/url>/g))
      if (unstatedUrl(c, 'maven', m[1] ?? '')) {
        hit(c, 'reads a pom.xml that takes dependencies or plugins from a repository nobody stated');
        return [];
      }
  return [...xml.matchAll(/<module>\s*([^<\s]+)\s*<\/module>/g)].map((m) => posix.resolve(dir, m[1] ?? ''));
}

function maven(c: Ctx): void {
  let pom = 'pom.xml';
  const args = c.inv.args.map((w) => optionText(w));
  for (let k = 0; k < args.length; k++) {
    const m = /^(-f|--file)(=(.*))?$/.exec(args[k] ?? '');
    if (m) pom = m[3] ?? args[++k] ?? pom;
  }
  const cwd = c.inv.cwd as string;
  const first = posix.resolve(cwd, pom);
  const queue = [first.endsWith('.xml') ? first : inFolder(first, 'pom.xml')];
  const seen = new Set<string>();
  while (queue.length > 0 && !c.done) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    if (seen.size > MAX_MANIFESTS) return;
    const file = projectFile(path, c.inv, c.r);
    if (file.kind !== 'text') continue;
    for (const m of pomXml(c, posix.dirname(path), file.text))
      queue.push(m.endsWith('.xml') ? m : inFolder(m, 'pom.xml'));
  }
}

/** The balanced `{...}` or `(...)` block opening at `open`. */
function block(text: string, open: number): string {
  const close = text[open] === '{' ? '}' : ')';
  let depth = 0;
  for (let i = open; i < text.length && i < open + 4000; i++) {
    if (text[i] === text[open]) depth++;
    else if (text[i] === close && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open, open + 4000);
}

function gradleScript(c: Ctx, text: string): void {
  let t = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/[^\n]*/g, '$1');
  // `publishing { repositories { maven { url ... } } }` is where the build uploads, not what it fetches.
  for (let at = t.search(/\bpublishing\s*\{/); at >= 0; at = t.search(/\bpublishing\s*\{/)) {
    const open = t.indexOf('{', at);
    t = t.slice(0, at) + t.slice(open + block(t, open).length);
  }
  for (const m of t.matchAll(/\b(maven|ivy)\s*[({]/g)) {
    if (m[1] === 'ivy') {
      hit(c, 'reads a Gradle script that takes dependencies from an ivy repository nobody stated');
      return;
    }
    const body = block(t, (m.index ?? 0) + m[0].length - 1);
    const urls = [...body.matchAll(/["']([a-z][\w+.-]*:[^"']*)["']/gi)].map((u) => u[1] ?? '');
    for (const url of urls)
      if (!/^https:/.test(url) || unstatedUrl(c, 'gradle', url)) {
        hit(c, 'reads a Gradle script that takes dependencies from a repository nobody stated');
        return;
      }
    if (urls.length === 0 && /\burl\b|\(\s*\S/.test(body)) {
      unsure(c, 'reads a Gradle script whose repository address is computed');
      return;
    }
  }
}

function gradle(c: Ctx): void {
  const cwd = c.inv.cwd as string;
  const dirs = configFolders(cwd, c.r);
  const projects: string[] = [];
  for (const dir of dirs) {
    for (const name of ['settings.gradle.kts', 'settings.gradle', 'build.gradle.kts', 'build.gradle']) {
      const text = read(c, dir, name);
      if (text === undefined) continue;
      gradleScript(c, text);
      if (c.done) return;
      if (name.startsWith('settings'))
        for (const inc of text.matchAll(/\binclude\s*\(?([^)\n]*)/g))
          for (const s of (inc[1] ?? '').matchAll(/["']:?([\w.:/-]+)["']/g))
            projects.push(posix.resolve(dir, (s[1] ?? '').replace(/:/g, '/')));
    }
  }
  for (const dir of projects.slice(0, MAX_MANIFESTS)) {
    for (const name of ['build.gradle.kts', 'build.gradle']) {
      const text = read(c, dir, name);
      if (text !== undefined) gradleScript(c, text);
      if (c.done) return;
    }
  }
}

// ---------------------------------------------------------------- Deno

/** JSONC: comments outside strings and trailing commas dropped (also turbo.json, turbo-plan.ts). */
export function jsonc(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"') {
      const end = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(i));
      const s = end ? end[0] : text.slice(i);
      out += s;
      i += s.length - 1;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else out += ch;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

function denoSpecifier(c: Ctx, spec: string, dir: string): void {
  if (/^https?:/.test(spec)) {
    if (!/^https:/.test(spec) || unstatedUrl(c, 'deno', spec))
      hit(c, 'reads a Deno import from a host nobody stated');
  } else if (/^(\/|\.\.\/)/.test(spec) && away(c, spec, dir))
    hit(c, 'reads a Deno import from a folder outside the workspace');
}

function deno(c: Ctx): void {
  const cwd = c.inv.cwd as string;
  // A deno command inside a deno task: the task (which may write files) was judged with this same configuration
  // read before it ran; what the task itself writes makes every later read unknown, so it is not read again.
  if (c.inv.depth > 0 && changedEarlier(inFolder(cwd, 'deno.json'), c.inv, c.r)) return;
  for (const dir of configFolders(cwd, c.r)) {
    let found = false;
    for (const name of ['deno.json', 'deno.jsonc']) {
      const text = read(c, dir, name);
      if (text === undefined) continue;
      found = true;
      const doc = json(c, jsonc(text), name);
      if (!isObject(doc)) return;
      const maps: unknown[] = [doc.imports, doc.scopes];
      if (typeof doc.importMap === 'string' && !/^[a-z][\w+.-]*:/i.test(doc.importMap)) {
        const mapText = read(
          c,
          posix.dirname(posix.resolve(dir, doc.importMap)),
          posix.basename(doc.importMap),
        );
        const map = mapText === undefined ? undefined : json(c, jsonc(mapText), 'import map');
        if (isObject(map)) maps.push(map.imports, map.scopes);
      } else if (typeof doc.importMap === 'string') unsure(c, 'reads an import map from a URL');
      for (const spec of strings(maps)) {
        denoSpecifier(c, spec, dir);
        if (c.done) return;
      }
    }
    const lock = read(c, dir, 'deno.lock');
    if (lock !== undefined)
      for (const m of lock.matchAll(/"(https?:\/\/[^"]+)"\s*:/g)) {
        denoSpecifier(c, m[1] ?? '', dir);
        if (c.done) return;
      }
    if (found || lock !== undefined) break;
  }
  // The entry file's own URL imports (`deno run main.ts`, `deno test x_test.ts`).
  const operands = c.inv.args.map((w) => optionText(w)).filter((t) => !t.startsWith('-'));
  const entry = operands.slice(1).find((t) => /\.(m|c)?[jt]sx?$/.test(t) && !/^[a-z][\w+.-]*:/i.test(t));
  if (entry === undefined || away(c, entry, cwd)) return;
  const path = posix.resolve(cwd, entry);
  const text = read(c, posix.dirname(path), posix.basename(path));
  if (text === undefined) return;
  for (const m of text.matchAll(/\b(?:from|import)\s*\(?\s*["']([a-z][\w+.-]*:[^"']+)["']/gi)) {
    denoSpecifier(c, m[1] ?? '', posix.dirname(path));
    if (c.done) return;
  }
}

// ---------------------------------------------------------------- helm

function helm(c: Ctx, sub: string): void {
  const args = c.inv.args.map((w) => optionText(w));
  const operands = args.filter((t) => !t.startsWith('-'));
  const dependency = /^(dependency|dep|dependencies)$/.test(sub);
  if (dependency && !/^(update|up|build)$/.test(operands[1] ?? '')) return;
  if (!dependency && !args.some((t) => /^(--dependency-update|-u)$/.test(t))) return;
  const cwd = c.inv.cwd as string;
  const charts = dependency ? [operands[2] ?? '.'] : operands.slice(1);
  for (const chart of charts) {
    if (/^[a-z][\w+.-]*:/i.test(chart)) continue;
    const dir = posix.resolve(cwd, chart);
    const text = read(c, dir, 'Chart.yaml');
    if (text === undefined) continue;
    for (const m of text.matchAll(/^\s*(?:-\s*)?repository\s*:\s*["']?([^"'\s#]*)/gm)) {
      const repo = m[1] ?? '';
      if (repo === '') continue;
      if (/^file:\/\//.test(repo)) {
        if (away(c, repo.slice(7), dir))
          hit(c, 'reads a Chart.yaml with a dependency from a folder outside the workspace');
      } else if (unstatedUrl(c, 'helm', repo.replace(/^oci:/, 'https:')))
        hit(c, 'reads a Chart.yaml with dependencies from a chart repository nobody stated');
      if (c.done) return;
    }
    return;
  }
}

// ---------------------------------------------------------------- Bundler

/** `.bundle/config` keys that change neither where gems come from nor what runs. */
const BUNDLE_INERT =
  /^BUNDLE_(WITHOUT|WITH|ONLY|JOBS|RETRY|TIMEOUT|REDIRECT|CACHE_ALL|CACHE_ALL_PLATFORMS|DISABLE_SHARED_GEMS|CLEAN|SILENCE_ROOT_WARNING|SILENCE_DEPRECATIONS|FORCE_RUBY_PLATFORM|SPECIFIC_PLATFORM|NO_PRUNE|NO_INSTALL|DISABLE_VERSION_CHECK|IGNORE_MESSAGES|AUTO_CLEAN_WITHOUT_PATH|PATH__SYSTEM|PREFER_PATCH|GLOBAL_GEM_CACHE|FORGET_CLI_OPTIONS|AUTO_INSTALL|LOCKFILE_CHECKSUMS|IGNORE_FUNDING_REQUESTS|DISABLE_CHECKSUM_VALIDATION_NEVER|GEM__\w+)$/;
/** Keys that are a folder: inside the workspace they are the project's own. */
const BUNDLE_FOLDERS = /^BUNDLE_(PATH|BIN|CACHE_PATH|APP_CONFIG)$/;

/**
 * The user's own `~/.bundle/config`, read by every bundle command too: a Gemfile or a local gem checkout it names
 * is code from elsewhere (its folders and build options are the user's, not the project's).
 */
function bundlerHome(c: Ctx): void {
  const home = c.r.scope.home;
  const text = read(c, home, '.bundle/config');
  if (text === undefined) return;
  // A bundle path of the user's own relative to the project (`vendor/bundle`) is the project's folder.
  const path = /^\s*["']?BUNDLE_PATH["']?\s*:\s*["']?([^"'\s#][^"'#]*?)["']?\s*$/m.exec(text)?.[1];
  if (path !== undefined && !path.startsWith('/') && !path.startsWith('~'))
    for (const dir of configFolders(c.inv.cwd as string, c.r)) {
      bundledBundler(c, posix.resolve(dir, path));
      if (c.done) return;
    }
  for (const m of text.matchAll(/^\s*["']?(BUNDLE_GEMFILE|BUNDLE_LOCAL__[A-Z0-9_]+)["']?\s*:/gm)) {
    unsure(
      c,
      `reads the user's ~/.bundle/config, whose ${m[1]?.startsWith('BUNDLE_LOCAL') ? 'local gem checkout' : 'Gemfile'} is code from elsewhere`,
    );
    return;
  }
}

/**
 * A Bundler kept in the project's bundle path (`vendor/bundle/ruby/3.3.0/specifications/bundler-2.5.0.gemspec`):
 * every bundle command, `bundle -v` and `bundle config` too, re-runs itself with the Bundler of the version the
 * lockfile's `BUNDLED WITH` names when that one is installed there (Bundler 2.3 and later).
 */
function bundledBundler(c: Ctx, path: string): void {
  const rubies = readBudgeted(inFolder(path, 'ruby'), c.inv, c.r);
  if (!rubies || rubies.kind === 'missing') return;
  if (rubies.kind !== 'unreadable' || !rubies.entries) {
    unsure(c, 'keeps gems in a bundle path gavel could not list, where a Bundler of its own may be');
    return;
  }
  for (const version of rubies.entries) {
    for (const folder of ['specifications', 'gems']) {
      const listed = readBudgeted(inFolder(path, `ruby/${version}/${folder}`), c.inv, c.r);
      if (!listed || listed.kind === 'missing') continue;
      if (listed.kind !== 'unreadable' || !listed.entries) {
        unsure(c, 'keeps gems in a bundle path gavel could not list, where a Bundler of its own may be');
        return;
      }
      if (listed.entries.some((e) => e.startsWith('bundler-'))) {
        unsure(c, 'keeps a Bundler of its own in the bundle path, which runs in place of the installed one');
        return;
      }
    }
  }
}

function bundler(c: Ctx): void {
  bundlerHome(c);
  if (c.done) return;
  const cwd = c.inv.cwd as string;
  for (const dir of configFolders(cwd, c.r)) {
    const text = read(c, dir, '.bundle/config');
    if (text === undefined) continue;
    let deployment = false;
    let path = false;
    for (const raw of text.replace(/\r\n/g, '\n').split('\n')) {
      const line = raw.trim();
      if (line === '' || line === '---' || line.startsWith('#')) continue;
      const m = /^["']?([A-Z][A-Z0-9_]*)["']?\s*:\s*["']?(.*?)["']?\s*$/.exec(line);
      if (!m) {
        unsure(c, 'reads a .bundle/config gavel cannot parse');
        return;
      }
      const key = m[1] ?? '';
      const value = m[2] ?? '';
      if (key === 'BUNDLE_PATH') path = true;
      if (BUNDLE_INERT.test(key)) continue;
      if (key === 'BUNDLE_GEMFILE') {
        if (away(c, value, dir))
          hit(c, 'reads a .bundle/config that takes its Gemfile from outside the workspace');
        else if (posix.resolve(dir, value) !== inFolder(dir, 'Gemfile'))
          unsure(c, 'reads a .bundle/config that names another Gemfile');
      } else if (key.startsWith('BUNDLE_MIRROR__')) {
        if (unstatedUrl(c, 'ruby', value)) hit(c, 'reads a .bundle/config with a gem mirror nobody stated');
      } else if (key.startsWith('BUNDLE_LOCAL__')) {
        hit(c, 'reads a .bundle/config that takes a gem from a local checkout');
      } else if (BUNDLE_FOLDERS.test(key)) {
        if (away(c, value, dir))
          unsure(c, 'reads a .bundle/config that keeps gems or binstubs outside the workspace');
        else if (key === 'BUNDLE_PATH') bundledBundler(c, posix.resolve(dir, value));
      } else if (key === 'BUNDLE_DEPLOYMENT' || key === 'BUNDLE_FROZEN') {
        deployment = true;
      } else if (key.startsWith('BUNDLE_BUILD__')) {
        unsure(c, 'reads a .bundle/config with build options for native gems');
      } else if (/^BUNDLE_[A-Z0-9_]+__[A-Z0-9_]+$/.test(key) && !/^BUNDLE_SSL_/.test(key)) {
        // Credentials for a source host (`BUNDLE_GEMS__EXAMPLE__COM`): the source itself must still be stated.
      } else unsure(c, 'reads a .bundle/config with a setting gavel does not know');
      if (c.done) return;
    }
    // Deployment mode keeps the gems in `vendor/bundle` unless a path is set.
    if (deployment && !path) bundledBundler(c, posix.join(dir, 'vendor/bundle'));
    if (c.done) return;
    // Bundler reads the settings beside the Gemfile it finds, which may be a folder further up: each is read.
  }
}

// ---------------------------------------------------------------- Pipfile, mix.exs, MSBuild props

/** Pipfile: `[[source]]` URLs and git/file/path packages. */
function pipfile(c: Ctx): void {
  const cwd = c.inv.cwd as string;
  const text = read(c, cwd, 'Pipfile');
  if (text === undefined) return;
  const entries = flatToml(text);
  if (!entries) {
    unsure(c, 'reads a Pipfile gavel cannot parse');
    return;
  }
  for (const { key, values, raw } of entries) {
    if (key === 'source.url') {
      if (unstatedUrl(c, 'python', values[0] ?? ''))
        hit(c, 'reads a Pipfile that takes packages from an index nobody stated');
    } else if (/^(packages|dev-packages|[\w-]+)\.[^.]+$/.test(key) && raw.startsWith('{'))
      for (const [f, v] of inlinePairs(raw)) {
        if (
          f === 'git' ||
          f === 'hg' ||
          f === 'svn' ||
          f === 'bzr' ||
          (f === 'file' && /^[a-z][\w+.-]*:\/\//i.test(v) && !/^file:/.test(v))
        )
          hit(c, 'reads a Pipfile with packages from a URL or version control');
        else if ((f === 'path' || f === 'file') && away(c, v.replace(/^file:(\/\/)?/, ''), cwd))
          hit(c, 'reads a Pipfile with packages from a folder outside the workspace');
      }
    if (c.done) return;
  }
}

/** mix.exs dependencies from git, GitHub, another Hex repository or a folder outside the workspace. */
function mixExs(c: Ctx): void {
  const cwd = c.inv.cwd as string;
  const text = read(c, cwd, 'mix.exs');
  if (text === undefined) return;
  const code = text.replace(/(^|\s)#[^\n]*/g, '$1');
  for (const m of code.matchAll(/\{\s*:[\w]+\s*,([^{}]*)\}/g)) {
    const opts = m[1] ?? '';
    if (/\b(git|github)\s*:/.test(opts)) hit(c, 'reads a mix.exs with dependencies from git');
    const repo = /\brepo\s*:\s*"([^"]+)"/.exec(opts);
    if (repo && repo[1] !== 'hexpm')
      hit(c, 'reads a mix.exs with dependencies from a Hex repository nobody stated');
    const path = /\bpath\s*:\s*"([^"]+)"/.exec(opts);
    if (path && away(c, path[1] ?? '', cwd))
      hit(c, 'reads a mix.exs with dependencies from a folder outside the workspace');
    if (c.done) return;
  }
}

/** MSBuild properties that add package sources: `RestoreSources`, `RestoreAdditionalProjectSources`. */
function msbuildSources(c: Ctx): void {
  const cwd = c.inv.cwd as string;
  const names = ['Directory.Build.props', 'Directory.Build.targets', 'Directory.Packages.props'];
  for (const w of c.inv.args) {
    const t = optionText(w);
    if (/\.(cs|fs|vb)proj$/i.test(t) && !t.startsWith('-')) names.push(t);
  }
  for (const dir of configFolders(cwd, c.r))
    for (const name of names) {
      if (name.includes('/') && dir !== cwd) continue;
      const text = read(c, dir, name);
      if (text === undefined) continue;
      for (const m of text.matchAll(/<(RestoreSources|RestoreAdditionalProjectSources)\b[^>]*>([^<]*)</g))
        for (const source of (m[2] ?? '')
          .split(';')
          .map((x) => x.trim())
          .filter(Boolean)) {
          if (/^\$\(/.test(source)) continue;
          const url = /^[a-z][\w+.-]*:\/\//i.test(source);
          if (url ? unstatedUrl(c, 'nuget', source) : away(c, source, dir))
            hit(c, 'reads MSBuild properties that take packages from a source nobody stated');
          if (c.done) return;
        }
    }
}

// ---------------------------------------------------------------- SwiftPM

/** `swift package` subcommands that resolve and fetch dependencies. */
const SWIFT_RESOLVES =
  /^(resolve|update|show-dependencies|fetch|edit|archive-source|plugin|generate-xcodeproj)$/;

/**
 * Package.swift dependencies and binary targets: a package from a URL on a host nobody stated, from a package
 * registry (none is stated by default), a binary downloaded from a URL, or a path outside the workspace; a source
 * that is not a string literal is not known. Package.resolved pins are read as Cargo.lock is.
 */
function swiftPackage(c: Ctx): void {
  let cwd = c.inv.cwd as string;
  const at = c.inv.args.findIndex((w) => /^--package-path(=|$)/.test(optionText(w)));
  if (at >= 0) {
    const text = optionText(c.inv.args[at]);
    const word = text.includes('=') ? c.inv.args[at] : c.inv.args[at + 1];
    const value = text.includes('=') ? text.slice(text.indexOf('=') + 1) : optionText(word);
    if (!isLiteral(word) || value === '') {
      unsure(c, 'builds a package named at run time');
      return;
    }
    cwd = posix.resolve(cwd, value);
  }
  const text = read(c, cwd, 'Package.swift');
  if (text === undefined) return;
  const code = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:"])\/\/[^\n]*/g, '$1');
  for (const m of code.matchAll(/\.(package|binaryTarget)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
    const args = m[2] ?? '';
    const source = /\b(url|path|id)\s*:\s*("[^"\\]*"|[^,)]+)/.exec(args);
    if (!source) continue;
    const [, kind, raw] = source;
    const value = (raw ?? '').trim();
    if (!/^"[^"]*"$/.test(value) || value.includes('\\(')) {
      unsure(c, 'reads a Package.swift whose dependency sources are computed');
      return;
    }
    const v = value.slice(1, -1);
    if (kind === 'id') hit(c, 'reads a Package.swift with packages from a registry nobody stated');
    else if (kind === 'path' && away(c, v, cwd))
      hit(c, 'reads a Package.swift with packages from a folder outside the workspace');
    else if (kind === 'url' && unstatedUrl(c, 'swift', v))
      hit(
        c,
        m[1] === 'binaryTarget'
          ? 'reads a Package.swift that downloads a binary from a host nobody stated'
          : 'reads a Package.swift with packages from a host nobody stated',
      );
    if (c.done) return;
  }
  const pins = read(c, cwd, 'Package.resolved');
  if (pins !== undefined)
    for (const m of pins.matchAll(/"(?:location|repositoryURL)"\s*:\s*"([^"]+)"/g))
      if (unstatedUrl(c, 'swift', m[1] ?? '')) {
        hit(c, 'reads a Package.resolved with packages from a host nobody stated');
        return;
      }
}

// ---------------------------------------------------------------- entry

/** The first word that is not an option (`cargo +nightly build`: the toolchain is skipped). */
function subcommand(inv: Invocation): string {
  return optionText(inv.args.find((w) => !/^[-+]/.test(optionText(w)))).toLowerCase();
}

/** Programs some branch of `manifestSources` looks at (`in`: a name of Object's prototype is looked at too). */
function readsManifests(program: string): boolean {
  return (
    program in RESOLVES ||
    MANIFEST_PROGRAMS.has(program) ||
    BUILDS.test(program) ||
    /^python(3(\.\d+)?)?$/.test(program)
  );
}
const MANIFEST_PROGRAMS = new Set(['bundle', 'mvn', 'mvnw', 'gradle', 'gradlew', 'pyproject-build']);

/**
 * Reports the sources the manifests of `inv`'s project name, when `inv` resolves dependencies. Returns whether
 * something was reported.
 */
export function manifestSources(inv: Invocation, r: Reporter): boolean {
  if (!r.env.readScript || inv.cwd === undefined) return false;
  const program = inv.program.slice(inv.program.lastIndexOf('/') + 1);
  // Runs for every invocation: a program none of the branches below names costs no subcommand or context.
  if (!readsManifests(program)) return false;
  const sub = subcommand(inv);
  const c: Ctx = { inv, r, label: sub ? `\`${program} ${sub}\`` : `\`${program}\``, done: false };
  if (program === 'bundle') {
    bundler(c);
    return c.done;
  }
  if (program === 'mvn' || program === 'mvnw') {
    if (!c.inv.args.some((w) => /^(-v|--version|-h|--help)$/.test(optionText(w)))) maven(c);
    return c.done;
  }
  if (program === 'gradle' || program === 'gradlew') {
    if (!c.inv.args.some((w) => /^(-v|--version|-h|--help|--stop|--status)$/.test(optionText(w)))) gradle(c);
    return c.done;
  }
  if (buildsProject(program, inv, sub)) {
    buildRequires(c);
    return c.done;
  }
  const subs = RESOLVES[program];
  if (!subs?.includes(sub)) return false;
  if (program === 'npm' || program === 'pnpm' || program === 'yarn' || program === 'bun') npmFamily(c);
  else if (program === 'cargo') cargo(c);
  else if (program === 'composer') composer(c);
  else if (program === 'deno') deno(c);
  else if (program === 'helm') helm(c, sub);
  else if (program === 'pipenv') pipfile(c);
  else if (program === 'mix') mixExs(c);
  else if (program === 'dotnet') msbuildSources(c);
  else if (program === 'swift') {
    const words = c.inv.args.map(optionText).filter((w) => !w.startsWith('-'));
    if (sub !== 'package' || SWIFT_RESOLVES.test(words[1] ?? '')) swiftPackage(c);
  } else python(c, sub);
  return c.done;
}
