/**
 * Where a project's files say packages, plugins, providers or state come from, read when a change writes them:
 * NuGet sources (`NuGet.Config`, MSBuild `RestoreSources`/`RestoreAdditionalProjectSources`), Maven repositories
 * and mirrors (`pom.xml`, `settings.xml`), SwiftPM package URLs, Terraform provider registries, module hosts and
 * state backends, git submodules. Each host a change adds that is not a public default is another source (runner-files.ts says
 * so: uncertain). Pure.
 */

import { basename } from 'node:path';

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

/** A file that names package sources: the tool that reads it and its reader. */
export interface SourceReader {
  name: string;
  read: (text: string) => Entry[];
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
  return undefined;
}
