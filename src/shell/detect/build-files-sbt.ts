/**
 * What `sbt` loads before any task: `build.sbt` and every `*.sbt`/`*.scala` file of the `project/` folder (the
 * meta-build: plugins, resolvers, build code), listed through the reader and bounded. Each file is scanned by the
 * Scala reader of build-files.ts (a process, a deletion, the network, home or dynamic code is uncertain); the
 * resolvers they add (`"name" at "URL"`, `Resolver.url`, `MavenRepository`) are where plugins and dependencies
 * come from, so one over plain http or on a host nobody stated is the install category. `publishTo` is where
 * the build uploads, not what it fetches. A `project/` folder that cannot be listed is uncertain. Pure apart from
 * the injected reader and reporting; never quotes the files.
 */

import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { type BuildRead, lex, readProgram } from './build-files';
import { finishBuildWalk, followBuildFile, startBuildWalk } from './build-files-run';
import { folderNames } from './config-modules';
import { readBudgeted } from './disk-scripts';
import { covers, DEFAULT_PACKAGE_SOURCES, hostOf } from './network-target';
import { inFolder } from './project-file';

/** Repositories sbt and its plugins come from by default. */
const SBT_HOSTS = [
  'repo.maven.apache.org',
  'repo1.maven.org',
  'repo.scala-sbt.org',
  'repo.typesafe.com',
  'oss.sonatype.org',
  's01.oss.sonatype.org',
  'central.sonatype.com',
];
/** Project files sbt loads from `project/`, per command. */
const MAX_META_FILES = 24;

/** The URLs a build file adds as resolvers (string literals in a resolver's place; `publishTo` left out). */
export function sbtResolverUrls(text: string): string[] | undefined {
  const lexed = lex(text, { quotes: '"', slash: true, triple: true, interpolation: '${' });
  if (!lexed) return undefined;
  const { code, strings } = lexed;
  const out: string[] = [];
  const place =
    /\bat\s+S(\d+)|\bMavenRepository\s*\(\s*S\d+\s*,\s*S(\d+)|\bResolver\.url\s*\(\s*S\d+\s*,\s*(?:new\s+(?:java\.net\.)?URL|url)\s*\(\s*S(\d+)/g;
  for (const m of code.matchAll(place)) {
    const before = code.slice(Math.max(0, (m.index ?? 0) - 400), m.index);
    const keys = [...before.matchAll(/\b([A-Za-z_]\w*)\s*(?::=|\+=|\+\+=)/g)];
    if (keys.at(-1)?.[1] === 'publishTo') continue;
    const value = strings[Number(m[1] ?? m[2] ?? m[3])];
    if (value === undefined) return undefined;
    out.push(value);
  }
  return out;
}

export function sbtBuild(inv: Invocation, r: Reporter): void {
  if (!r.env.readScript || inv.cwd === undefined) return;
  // Help only: the runner's `--version`/`-V` and `about` load the build to ask it its sbt version.
  if (inv.args.some((a) => /^(-h|--help)$/.test(plain(a)))) return;
  const dir = inv.cwd;
  const meta = inFolder(dir, 'project');
  const names = folderNames(meta, inv, r);
  const listed = names ? [...names].filter((n) => /\.(sbt|scala)$/.test(n)).sort() : [];
  if (names === undefined) {
    const folder = readBudgeted(meta, inv, r);
    if (folder?.kind === 'unreadable' && folder.why === 'not-regular') {
      r.uncertain(
        'dynamic-script',
        `\`${inv.program}\` loads a project/ folder gavel cannot list: its build code is not read`,
        inv.segment,
        'kept',
      );
      return;
    }
  }
  if (listed.length > MAX_META_FILES) {
    r.uncertain(
      'dynamic-script',
      `\`${inv.program}\` loads more build files than one review follows (${MAX_META_FILES})`,
      inv.segment,
      'kept',
    );
    return;
  }
  const stated = [...(r.env.packageSources ?? DEFAULT_PACKAGE_SOURCES), ...SBT_HOSTS];
  let unstated = false;
  const reader = (text: string): BuildRead => {
    const urls = sbtResolverUrls(text);
    if (urls === undefined) return { commands: [], loads: [], opaque: 'adds a resolver named at run time' };
    for (const url of urls) {
      const host = hostOf(url);
      if (!/^https:\/\//i.test(url) || host === undefined || !covers(stated, host)) unstated = true;
    }
    return readProgram('scala', text);
  };
  const w = startBuildWalk(inv, r);
  for (const path of [inFolder(dir, 'build.sbt'), ...listed.map((n) => inFolder(meta, n))]) {
    if (!followBuildFile(w, path, reader, 'sbt build file')) return;
    if (unstated) {
      r.hit(
        'package_install_from_unstated_source',
        `\`${inv.program}\` loads a build that takes plugins or dependencies from a repository nobody stated`,
        inv.segment,
      );
      return;
    }
  }
  finishBuildWalk(w);
}
