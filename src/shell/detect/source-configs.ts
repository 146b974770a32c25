/**
 * Package sources a project's manifest or configuration names, read before an install resolves anything:
 * `.npmrc` `registry` / `@scope:registry` (npm, pnpm, yarn installs), the Gemfile's `source` and `git:`/`path:`
 * gems (bundle install/update), pyproject.toml's indexes (`[[tool.uv.index]]`, `[[tool.poetry.source]]`,
 * `[[tool.pdm.source]]`, `[tool.uv] index-url`, `[tool.uv.sources]` git/url/path) for uv, poetry and pdm, and a
 * conda environment file's channels. A source outside the stated registries is the install category; a path
 * outside the workspace too (pnpm's `.pnpmfile.cjs`, loaded on every pnpm command, is runner-config.ts's). Pure functions over file text; never quotes a file.
 */

import { type Invocation, optionText, plain, type Reporter } from '../unwrap/invocation';
import { NO_FLOW } from '../walk/flow';
import { JS_INSTALLS, manifestSources } from './manifest-sources';
import { covers, DEFAULT_PACKAGE_SOURCES, hostOf } from './network-target';
import { resolveArg } from './path-effects';
import { inFolder, projectFile } from './project-file';
import { configFolders } from './runner-config';

/** Subcommands that resolve and fetch packages, per installer. */
const INSTALLS: Readonly<Record<string, readonly string[]>> = {
  ...JS_INSTALLS,
  // Every build, test, run and pack restores first, from nuget.config's sources.
  dotnet: ['restore', 'build', 'test', 'run', 'publish', 'pack', 'add'],
  bundle: ['', 'install', 'update', 'lock', 'add'],
  // `uv run` syncs the project's environment first, from the project's indexes.
  uv: ['sync', 'lock', 'add', 'pip', 'run'],
  poetry: ['install', 'lock', 'add', 'update', 'sync'],
  pdm: ['install', 'lock', 'add', 'update', 'sync'],
  conda: ['env'],
  mamba: ['env'],
  micromamba: ['env', 'create', 'install'],
};

function stated(r: Reporter, extra: readonly string[] = []): string[] {
  return [...(r.env.packageSources ?? DEFAULT_PACKAGE_SOURCES), ...extra];
}

/** Ruby in a Gemfile beyond its DSL (`source`, `gem`, `group`, `ruby`, `gemspec`): every bundle command evaluates it. */
const GEMFILE_CODE =
  /`|%x|\b(system|exec|spawn|fork|popen|Open3|Process|Kernel|eval|instance_eval|class_eval|send|__send__|public_send|load|require|require_relative|FileUtils|Net|URI|Socket|TCPSocket|open|IO|ObjectSpace|Fiddle|at_exit)\b|\bFile\.(write|open|new|delete|unlink|rename|chmod)|\bDir\.|\bENV\s*\[[^\]]*\]\s*=(?!=)/;

/** `bundle <anything>` evaluates the Gemfile as Ruby: code beyond the DSL is not followed. */
function gemfileCode(inv: Invocation, r: Reporter): boolean {
  if (inv.cwd === undefined || !r.env.readScript) return false;
  const sub = optionText(inv.args.find((w) => !optionText(w).startsWith('-'))).toLowerCase();
  if (sub === 'version' || sub === 'help') return false;
  const file = projectFile(inFolder(inv.cwd, 'Gemfile'), inv, r);
  if (file.kind !== 'text') return false;
  // `gem "x", require: false` (or `:require => "x/y"`) is the DSL's option naming what Bundler.require loads at
  // the application's start, not a call: taken out before the code test.
  const text = file.text
    .replace(/(^|\s)#[^\n]*/g, '$1')
    .replace(/(?:\brequire\s*:|:require\s*=>)\s*(?:false|true|nil|"[\w./-]*"|'[\w./-]*'|\[[^\]\n]*\])/g, '');
  if (!GEMFILE_CODE.test(text)) return false;
  r.uncertain(
    'dynamic-script',
    '`bundle` evaluates a Gemfile holding Ruby code gavel does not follow',
    inv.segment,
    'kept',
  );
  return true;
}

/** Registry configuration files and the package sources each names (one capture group: the URL). */
const REGISTRY_FILES: Readonly<Record<string, RegExp>> = {
  // `registry=` and `@scope:registry=`.
  '.npmrc': /^\s*(?:@[\w.-]+:)?registry\s*=\s*"?([^"\s#;]+)/gm,
  // Yarn 2+: `npmRegistryServer` (per scope under `npmScopes` too).
  '.yarnrc.yml': /^\s*npmRegistryServer\s*:\s*["']?([^"'\s#]+)/gm,
  // `[install] registry = "URL"` or `{ url = "URL" }`, and `[install.scopes]`.
  'bunfig.toml':
    /^\s*(?:registry|url|[\w"@.-]+)\s*=\s*(?:\{[^}]*url\s*=\s*)?["']([a-z][\w+.-]*:\/\/[^"']+)["']/gim,
  // uv.toml beside the project: `[[index]] url`, `index-url`, `extra-index-url`, `find-links`.
  'uv.toml': /^\s*(?:url|index-url|extra-index-url|find-links)\s*=\s*\[?\s*["']([^"']+)["']/gm,
};

/** Does a `name` file of `dirs` take packages from a source nobody stated? */
function registryFile(name: string, dirs: readonly string[], inv: Invocation, r: Reporter): boolean {
  const pattern = REGISTRY_FILES[name];
  if (pattern === undefined) return false;
  for (const dir of dirs) {
    const file = projectFile(inFolder(dir, name), inv, r);
    if (file.kind !== 'text') continue;
    for (const m of file.text.matchAll(pattern)) {
      const host = hostOf(m[1] ?? '');
      if (host === undefined || !covers(stated(r), host)) return true;
    }
  }
  return false;
}

/** The configuration files a one-off package runner takes its registry from, per registry. */
const RUNNER_FILES: Readonly<Record<'npm' | 'pypi', readonly string[]>> = {
  npm: ['.npmrc', '.yarnrc.yml', 'bunfig.toml'],
  pypi: ['uv.toml'],
};

/**
 * A package a one-off runner fetches (`npx prettier`, `pnpm dlx x`, `bunx x`, `uvx ruff`) comes from the registry
 * the workspace's configuration names, as an install's does: one nobody stated is the install category.
 */
export function fetchedSource(registry: 'npm' | 'pypi', inv: Invocation, r: Reporter): void {
  if (inv.cwd === undefined || !r.env.readScript) return;
  const dirs = configFolders(inv.cwd, r);
  const file = RUNNER_FILES[registry].find((name) => registryFile(name, dirs, inv, r));
  if (file !== undefined)
    r.hit(
      'package_install_from_unstated_source',
      `\`${inv.program}\` is fetched by a runner that reads a ${file} naming a registry nobody stated`,
      inv.segment,
    );
}

export function sourceConfigs(inv: Invocation, r: Reporter): void {
  const program = inv.program;
  if (manifestSources(inv, r)) return;
  if (program === 'bundle' && gemfileCode(inv, r)) return;
  const subs = INSTALLS[program];
  if (!subs || !r.env.readScript || inv.cwd === undefined) return;
  const sub = optionText(inv.args.find((w) => !optionText(w).startsWith('-'))).toLowerCase();
  if (!subs.includes(sub)) return;
  const label = sub ? `\`${program} ${sub}\`` : `\`${program}\``;
  const hit = (why: string) => r.hit('package_install_from_unstated_source', `${label} ${why}`, inv.segment);
  const away = (text: string, dir: string) => {
    const res = resolveArg({ text, flow: NO_FLOW }, { ...inv, cwd: dir }, r);
    return res.class !== 'workspace' || (res.real !== undefined && res.real !== res.resolved);
  };
  const unstated = (url: string, extra: readonly string[] = []) => {
    const host = hostOf(url);
    return host === undefined || !covers(stated(r, extra), host);
  };
  const dirs = configFolders(inv.cwd, r);
  if (program === 'npm' || program === 'pnpm' || program === 'yarn') {
    // Yarn 2+ takes its registry from `.yarnrc.yml` (`npmRegistryServer`, per scope under `npmScopes`).
    if (program === 'yarn' && registryFile('.yarnrc.yml', dirs, inv, r)) {
      hit('reads a .yarnrc.yml that takes packages from a registry nobody stated');
      return;
    }
    // The lockfile's own download URLs (`npm ci` fetches exactly those): a host nobody stated is the category.
    const locks = ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml'];
    for (const name of locks) {
      const file = projectFile(inFolder(inv.cwd, name), inv, r);
      if (file.kind !== 'text') continue;
      for (const m of file.text.matchAll(
        /(?:"resolved"\s*:\s*"|\bresolved\s+"|\btarball:\s*['"]?)((?:https?|git\+[a-z]+|git|ssh):\/\/[^"'\s,}#]+)/g,
      ))
        if (unstated(m[1] ?? '')) {
          hit(`reads a lockfile (${name}) that downloads packages from a host nobody stated`);
          return;
        }
    }
    if (registryFile('.npmrc', dirs, inv, r))
      hit('reads a .npmrc that takes packages from a registry nobody stated');
    return;
  }
  if (program === 'dotnet') {
    // nuget.config (any case) up to the workspace top: `<add key="..." value="URL" />` package sources.
    for (const dir of dirs)
      for (const name of ['nuget.config', 'NuGet.Config', 'NuGet.config', 'Nuget.config']) {
        const file = projectFile(inFolder(dir, name), inv, r);
        if (file.kind !== 'text') continue;
        for (const m of file.text.matchAll(/<add\b[^>]*\bvalue\s*=\s*["']([a-z][\w+.-]*:\/\/[^"']+)["']/gi))
          if (!/^https:/i.test(m[1] ?? '') || unstated(m[1] ?? '', ['api.nuget.org', 'nuget.org'])) {
            hit('reads a nuget.config that takes packages from a source nobody stated');
            return;
          }
      }
    return;
  }
  if (program === 'bun') {
    if (registryFile('bunfig.toml', dirs, inv, r))
      hit('reads a bunfig.toml that takes packages from a registry nobody stated');
    return;
  }
  if (program === 'uv' && registryFile('uv.toml', dirs, inv, r)) {
    hit('reads a uv.toml that takes packages from an index nobody stated');
    return;
  }
  if (program === 'bundle') {
    const file = projectFile(inFolder(inv.cwd, 'Gemfile'), inv, r);
    if (file.kind !== 'text') return;
    const text = file.text.replace(/(^|\s)#[^\n]*/g, '$1');
    for (const m of text.matchAll(/^\s*source\s*\(?\s*["']([^"']+)["']/gm))
      if (unstated(m[1] ?? '')) {
        hit('reads a Gemfile that takes gems from a source nobody stated');
        return;
      }
    for (const m of text.matchAll(/\b(git|github|path)\s*(?::|=>)\s*["']([^"']+)["']/g)) {
      const value = m[2] ?? '';
      if (m[1] === 'path' ? away(value, inv.cwd) : m[1] === 'github' || unstated(value)) {
        hit('reads a Gemfile with gems from git or a folder outside the workspace');
        return;
      }
    }
    return;
  }
  if (program === 'uv' || program === 'poetry' || program === 'pdm') {
    for (const dir of dirs) {
      const file = projectFile(inFolder(dir, 'pyproject.toml'), inv, r);
      if (file.kind !== 'text') continue;
      let section = '';
      // The key of an array that spans lines (`members = [` ... `]`).
      let arrayKey = '';
      for (const raw of file.text.replace(/\r\n/g, '\n').split('\n')) {
        const line = raw.replace(/\s+#.*$/, '').trim();
        const header = /^\[\[?\s*([^\]]+?)\s*\]\]?$/.exec(line);
        if (header) {
          section = header[1] ?? '';
          arrayKey = '';
          continue;
        }
        const opened = /^([\w-]+)\s*=\s*\[/.exec(line);
        if (opened) arrayKey = opened[1] ?? '';
        // A uv workspace's members are built and installed with the project: a member outside is code from there.
        if (section === 'tool.uv.workspace' && arrayKey === 'members')
          for (const m of line.matchAll(/["']([^"']+)["']/g))
            if (away(m[1] ?? '', dir)) {
              hit(
                'reads a pyproject.toml whose workspace takes a member from a folder outside the workspace',
              );
              return;
            }
        if (line.includes(']')) arrayKey = '';
        const indexSection = /^tool\.(uv\.index|poetry\.source|pdm\.source)$/.test(section);
        const url = /^(url|index-url|extra-index-url)\s*=\s*["']([^"']+)["']/.exec(line);
        if (
          url &&
          (indexSection || section === 'tool.uv' || section === 'tool.uv.pip') &&
          unstated(url[2] ?? '')
        ) {
          hit('reads a pyproject.toml that takes packages from an index nobody stated');
          return;
        }
        // `[tool.uv.sources]` and inline tables: `x = { git = "..." }`, `{ url = "..." }`, `{ path = "..." }`.
        for (const m of line.matchAll(/\b(git|url|path)\s*=\s*["']([^"']+)["']/g)) {
          if (!/^tool\.(uv\.sources|poetry\.(group\.[\w-]+\.)?dependencies|pdm)/.test(section)) continue;
          const value = m[2] ?? '';
          if (m[1] === 'path' ? away(value, dir) : unstated(value)) {
            hit('reads a pyproject.toml with packages from git, a URL or a folder outside the workspace');
            return;
          }
        }
      }
      return;
    }
    return;
  }
  // `conda env create -f environment.yml`: its channels. `conda env list`, `export`, `remove` read no such file
  // (round 32).
  const words = inv.args.map((w) => plain(w)).filter((t) => !t.startsWith('-'));
  if (words[0] === 'env' && !/^(?:create|update)$/.test(words[1] ?? '')) return;
  let file: string | undefined;
  for (let k = 0; k < inv.args.length; k++) {
    const t = optionText(inv.args[k]);
    if (t === '-f' || t === '--file') file = plain(inv.args[k + 1]);
    else if (t.startsWith('--file=')) file = t.slice(7);
  }
  const path = resolveArg({ text: file ?? 'environment.yml', flow: NO_FLOW }, inv, r).resolved;
  const env = path === undefined ? undefined : projectFile(path, inv, r);
  if (env?.kind !== 'text') return;
  for (const m of env.text.matchAll(/^\s*-\s*["']?([a-z][\w+.-]*:\/\/[^"'\s#]+)/gim))
    if (unstated(m[1] ?? '', ['conda.anaconda.org', 'repo.anaconda.com'])) {
      hit('reads an environment file that takes packages from a channel nobody stated');
      return;
    }
}
