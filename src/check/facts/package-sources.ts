/**
 * Where a project's files say packages, plugins, providers or state come from, read when a change writes them:
 * NuGet sources (`NuGet.Config`, MSBuild `RestoreSources`/`RestoreAdditionalProjectSources`), Maven repositories
 * and mirrors (`pom.xml`, `settings.xml`), SwiftPM package URLs, Terraform provider registries, module hosts and
 * state backends, git submodules, and every URL host of a lockfile or of a manifest of Dart, Deno, Nix, R, conda,
 * Haskell, CocoaPods, Julia or git LFS. Each host a change adds that is not a public default is another source (runner-files.ts says
 * so: uncertain). Pure.
 */

import { basename } from 'node:path';
import { sbtResolverUrls } from '../../shell';

type Entry = [script: string, command: string];

/** The public registries and forges these files name by default. */
const DEFAULT_HOSTS = new Set([
  'api.nuget.org',
  'www.nuget.org',
  'nuget.org',
  'repo.maven.apache.org',
  'repo1.maven.org',
  'maven.google.com',
  'plugins.gradle.org',
  'services.gradle.org',
  'github.com',
  'gitlab.com',
  'registry.terraform.io',
  'registry.opentofu.org',
]);

const hostOf = (url: string): string | undefined => {
  const m = /^(?:git\+|git::)?(?:https?|ssh|git):\/\/(?:[^@/]+@)?([^/:?#]+)/i.exec(url.trim());
  return m?.[1]?.toLowerCase();
};

const entry = (where: string, host: string): Entry => [where, `__gavel_runner_source ${host}`];

function hosts(where: string, urls: Iterable<string>): Entry[] {
  const out: Entry[] = [];
  for (const url of urls) {
    const host = hostOf(url);
    if (host !== undefined && !DEFAULT_HOSTS.has(host)) out.push(entry(where, host));
  }
  return out;
}

const XML_URL_ELEMENTS =
  /<(RestoreSources|RestoreAdditionalProjectSources|RestoreFallbackFolders)>([^<]*)<\/\1>/gi;

/** NuGet: `<add key="…" value="URL"/>` sources and MSBuild restore source properties. */
function nugetSources(text: string): Entry[] {
  const urls: string[] = [];
  for (const m of text.matchAll(/<add\b[^>]*\bvalue\s*=\s*"([^"]+)"/gi)) urls.push(m[1] ?? '');
  for (const m of text.matchAll(XML_URL_ELEMENTS)) urls.push(...(m[2] ?? '').split(';'));
  return hosts('nuget', urls);
}

/** Maven: repositories, plugin repositories and mirrors. */
function mavenSources(text: string): Entry[] {
  const urls: string[] = [];
  for (const m of text.matchAll(/<(repository|pluginRepository|mirror|snapshotRepository)\b[\s\S]*?<\/\1>/gi))
    for (const u of (m[0] ?? '').matchAll(/<url>\s*([^<\s]+)\s*<\/url>/gi)) urls.push(u[1] ?? '');
  return hosts('maven', urls);
}

/** SwiftPM: `.package(url: "…")`. */
function swiftSources(text: string): Entry[] {
  return hosts(
    'swiftpm',
    [...text.matchAll(/\.package\s*\([^)]*?\burl\s*:\s*"([^"]+)"/g)].map((m) => m[1] ?? ''),
  );
}

/**
 * Terraform: a provider's `source` with a registry host (`registry.example/ns/name`), a module's `source` from a
 * host, a backend's address (where state, secrets included, is sent).
 */
function terraformSources(text: string): Entry[] {
  const out: Entry[] = [];
  for (const m of text.matchAll(/\bsource\s*=\s*"([^"]+)"/g)) {
    const source = m[1] ?? '';
    const host = hostOf(source) ?? /^([a-z0-9-]+(?:\.[a-z0-9-]+)+)\//i.exec(source)?.[1]?.toLowerCase();
    if (host !== undefined && !DEFAULT_HOSTS.has(host)) out.push(entry('terraform', host));
  }
  for (const m of text.matchAll(/\bbackend\s+"[\w-]+"\s*\{([^}]*)\}/g))
    for (const u of (m[1] ?? '').matchAll(
      /\b(?:address|lock_address|unlock_address|endpoint|hostname)\s*=\s*"([^"]+)"/g,
    )) {
      const value = u[1] ?? '';
      const host = hostOf(value) ?? value.toLowerCase();
      if (host !== 'app.terraform.io') out.push(entry('terraform-backend', host));
    }
  return out;
}

/**
 * Git submodules: each `url`, whose repository `git submodule update` fetches and checks out as the project's code
 * (a relative URL is the project's own host; an `update = !command` is refused by git from this file).
 */
function submoduleSources(text: string): Entry[] {
  const out: Entry[] = [];
  for (const m of text.matchAll(/^\s*url\s*=\s*"?([^"\s]+)"?\s*$/gim)) {
    const url = m[1] ?? '';
    if (url.startsWith('./') || url.startsWith('../')) continue;
    const host = hostOf(url) ?? /^(?:[^@/\s]+@)?([^:/\s]+):/.exec(url)?.[1]?.toLowerCase();
    // A local path or a `file://` URL names no host: another source all the same.
    if (host === undefined) out.push(entry('submodule', url));
    else if (!DEFAULT_HOSTS.has(host)) out.push(entry('submodule', host));
  }
  return out;
}

/**
 * Public registries, mirrors of them and forges: a lockfile or manifest naming one of these names no source a user
 * must state. Anything else a change adds is another source.
 */
const PUBLIC_HOSTS = new Set([
  ...DEFAULT_HOSTS,
  'registry.npmjs.org',
  'registry.yarnpkg.com',
  'registry.npmmirror.com',
  'npm.pkg.github.com',
  'pypi.org',
  'files.pythonhosted.org',
  'pypi.python.org',
  'crates.io',
  'index.crates.io',
  'static.crates.io',
  'rubygems.org',
  'index.rubygems.org',
  'packagist.org',
  'repo.packagist.org',
  'api.github.com',
  'codeload.github.com',
  'objects.githubusercontent.com',
  'raw.githubusercontent.com',
  'bitbucket.org',
  'proxy.golang.org',
  'sum.golang.org',
  'pub.dev',
  'pub.dartlang.org',
  'cloud.r-project.org',
  'cran.r-project.org',
  'cran.rstudio.com',
  'packagemanager.posit.co',
  'packagemanager.rstudio.com',
  'bioconductor.org',
  'conda.anaconda.org',
  'repo.anaconda.com',
  'hackage.haskell.org',
  'cache.nixos.org',
  'channels.nixos.org',
  'nixos.org',
  'deno.land',
  'jsr.io',
  'esm.sh',
  'cdn.jsdelivr.net',
  'unpkg.com',
  'repo.hex.pm',
  'hex.pm',
  'builds.hex.pm',
  'cdn.cocoapods.org',
  'dl.google.com',
  'pkg.julialang.org',
  'swiftpackageindex.com',
  'download.pytorch.org',
  'repo.clojars.org',
  'clojars.org',
  'opam.ocaml.org',
  'ziglang.org',
  'repo.scala-sbt.org',
  'oss.sonatype.org',
  's01.oss.sonatype.org',
]);

/** Keys whose URL is a page about the project, not where code comes from. */
const ABOUT_KEY =
  /^\s*(?:["']?(?:homepage|repository|issue_tracker|documentation|funding|bugs|\$schema|description|website|changelog|issues|docs|forum|chat|wiki|irc|rss|security|bug-reports|dev-repo|doc|license|licenses)["']?\s*[:=]|:(?:scm|license)\s)/i;

/**
 * Every host a lockfile or a manifest names in a URL (`resolved`, `tarball`, `source`, `remote`, `dist.url`,
 * `hosted:`, an import map's targets, a flake's inputs and substituters, a git `url`), one entry per host; a public
 * registry, mirror or forge names none. The hosts the file had are diffed away by runner-files.ts, so only a host a
 * change brings counts.
 */
function urlHosts(where: string): (text: string) => Entry[] {
  return (text) => {
    const found = new Set<string>();
    for (const line of text.split('\n')) {
      if (ABOUT_KEY.test(line) || !/:\/\/|@[\w.-]+:/.test(line)) continue;
      for (const m of line.matchAll(
        /\b(?:git\+)?(?:https?|git|ssh|s3|gs|ftp):\/\/(?:[^@/\s"']+@)?([A-Za-z0-9.-]+)|\bgit@([A-Za-z0-9.-]+):/g,
      )) {
        const host = (m[1] ?? m[2] ?? '').toLowerCase().replace(/\.$/, '');
        if (host !== '' && !PUBLIC_HOSTS.has(host) && !/^(?:localhost|127\.0\.0\.1)$/.test(host))
          found.add(host);
      }
    }
    return [...found].map((host) => entry(where, host));
  };
}

/**
 * sbt's resolvers (`resolvers += "x" at "https://..."`, `Resolver.url(...)`), read as sbt reads them; a file the
 * reader cannot lex counts every URL host it names.
 */
function sbtSources(text: string): Entry[] {
  const urls = sbtResolverUrls(text);
  return urlHosts('sbt')(urls === undefined ? text : urls.map((u) => `${u}\n`).join(''));
}

/** conda's channels by name (`- bioconda`) as well as by URL: anyone may publish a channel on anaconda.org. */
function condaChannels(text: string): Entry[] {
  const out = urlHosts('conda')(text);
  const block = /^channels[ \t]*:[ \t]*\n((?:[ \t]+-[ \t]*\S+[ \t]*(?:\n|$))+)/m.exec(text)?.[1] ?? '';
  for (const m of block.matchAll(/-\s*([\w.-]+)\s*$/gm)) {
    const name = (m[1] ?? '').toLowerCase();
    if (!/^(?:defaults|conda-forge|main|r|msys2|nodefaults|bioconda|pytorch|nvidia)$/.test(name))
      out.push(entry('conda', `anaconda.org/${name}`));
  }
  return out;
}

/** Lockfiles and manifests whose URLs say where code comes from, by name. */
const URL_SOURCE_FILES =
  /^(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lock|uv\.lock|poetry\.lock|pdm\.lock|Pipfile(?:\.lock)?|Cargo\.lock|Gemfile\.lock|gems\.locked|composer\.lock|mix\.lock|pubspec(?:_overrides)?\.ya?ml|pubspec\.lock|renv\.lock|flake\.(?:nix|lock)|deno\.(?:jsonc?|lock)|import_map\.json|go\.work|cabal\.project(?:\.local)?|stack\.yaml|Package\.resolved|Podfile(?:\.lock)?|packages\.lock\.json|conda-lock\.ya?ml|pixi\.(?:toml|lock)|Manifest\.toml|\.lfsconfig|deps\.edn|bb\.edn|project\.clj|rebar\.(?:config|lock)|build\.zig\.zon|shard\.(?:yml|lock)|[\w.-]*\.opam|opam)$/;

/** A file that names package sources: the tool that reads it and its reader. */
export interface SourceReader {
  name: string;
  read: (text: string) => Entry[];
  /** Read line by line: a part of the file is read as that part. */
  lineLocal?: boolean;
}

/** The source reader a file takes, by name; undefined for files that name no package source. */
export function sourceReader(path: string): SourceReader | undefined {
  const name = basename(path);
  if (/^nuget\.config$/i.test(name) || /\.(?:csproj|fsproj|vbproj|props|targets)$/i.test(name))
    return { name: 'NuGet', read: nugetSources };
  if (name === 'pom.xml' || name === 'settings.xml') return { name: 'Maven', read: mavenSources };
  if (name === 'Package.swift') return { name: 'SwiftPM', read: swiftSources };
  if (name.endsWith('.tf')) return { name: 'Terraform', read: terraformSources };
  if (name === '.gitmodules') return { name: 'git submodule', read: submoduleSources };
  if (/^(?:environment|conda[\w.-]*)\.ya?ml$|^\.condarc$/.test(name))
    return { name: 'conda', read: condaChannels };
  if (name.endsWith('.sbt')) return { name: 'sbt', read: sbtSources };
  if (URL_SOURCE_FILES.test(name))
    return { name: 'package manager', read: urlHosts('source'), lineLocal: true };
  return undefined;
}
