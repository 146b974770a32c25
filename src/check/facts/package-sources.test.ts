// Hosts project files take packages, providers and state from: a change that adds one that is not a public
// default is not allowed; the defaults and a change that keeps the hosts stay allowed. Readers alone, then whole
// edits through the pipeline on real files in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileChange, ToolInput } from '../request/request';
import { WORKSPACE } from '../testdata/fixtures';
import { judgeWithReader } from '../testdata/judge-with-reader';
import { workspaceReader } from '../testdata/workspace-reader';
import { writeFiles } from '../testdata/write-files';
import { sourceReader } from './package-sources';

const read = (path: string, text: string) => (sourceReader(path)?.read(text) ?? []).map(([, c]) => c);

describe('the readers', () => {
  it('NuGet sources and MSBuild restore sources', () => {
    expect(
      read('/w/NuGet.Config', '<add key="nuget.org" value="https://api.nuget.org/v3/index.json" />'),
    ).toEqual([]);
    expect(read('/w/nuget.config', '<add key="x" value="https://feed.example/v3/index.json" />')).toEqual([
      '__gavel_runner_source feed.example',
    ]);
    expect(
      read(
        '/w/Directory.Build.props',
        '<RestoreAdditionalProjectSources>https://a.example/x;https://api.nuget.org/v3</RestoreAdditionalProjectSources>',
      ),
    ).toEqual(['__gavel_runner_source a.example']);
  });
  it('Maven repositories and mirrors', () => {
    expect(
      read(
        '/w/pom.xml',
        '<repositories><repository><url>https://m.example/r</url></repository></repositories>',
      ),
    ).toEqual(['__gavel_runner_source m.example']);
    expect(read('/w/pom.xml', '<scm><url>https://scm.example/x</url></scm>')).toEqual([]);
  });
  it('SwiftPM package URLs', () => {
    expect(
      read('/w/Package.swift', '.package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),'),
    ).toEqual([]);
    expect(read('/w/Package.swift', '.package(url: "https://git.example/x.git", branch: "main"),')).toEqual([
      '__gavel_runner_source git.example',
    ]);
  });
  it('Terraform providers, modules and backends', () => {
    expect(read('/w/main.tf', 'source = "hashicorp/aws"')).toEqual([]);
    expect(read('/w/main.tf', 'source  = "registry.example/hashicorp/aws"')).toEqual([
      '__gavel_runner_source registry.example',
    ]);
    expect(
      read('/w/main.tf', 'terraform {\n  backend "http" {\n    address = "https://state.example/s"\n  }\n}'),
    ).toEqual(['__gavel_runner_source state.example']);
  });
  it("git submodule URLs: another host, an scp-style address, a local path; the project's own relative URL is none", () => {
    expect(
      read('/w/.gitmodules', '[submodule "x"]\n\tpath = x\n\turl = https://github.com/acme/x.git\n'),
    ).toEqual([]);
    expect(read('/w/.gitmodules', '[submodule "x"]\n\turl = https://git.example/x.git\n')).toEqual([
      '__gavel_runner_source git.example',
    ]);
    expect(read('/w/.gitmodules', '[submodule "x"]\n\turl = git@forge.example:team/x.git\n')).toEqual([
      '__gavel_runner_source forge.example',
    ]);
    expect(read('/w/.gitmodules', '[submodule "x"]\n\turl = /srv/x.git\n')).toEqual([
      '__gavel_runner_source /srv/x.git',
    ]);
    expect(read('/w/.gitmodules', '[submodule "x"]\n\turl = ../x.git\n')).toEqual([]);
  });
});

describe('lockfiles and manifests: every URL host that is no public registry (review 21 C3, round 16)', () => {
  it.each([
    ['/w/package-lock.json', '"resolved": "https://evil.example/jest-29.7.0.tgz",', 'evil.example'],
    ['/w/yarn.lock', '  resolved "https://evil.example/x.tgz#abc"', 'evil.example'],
    ['/w/pnpm-lock.yaml', '    resolution: {tarball: https://evil.example/x.tgz}', 'evil.example'],
    ['/w/uv.lock', 'source = { registry = "https://pypi.evil.example/simple" }', 'pypi.evil.example'],
    ['/w/Cargo.lock', 'source = "git+https://evil.example/x.git#abc"', 'evil.example'],
    ['/w/Gemfile.lock', '  remote: https://gems.evil.example/', 'gems.evil.example'],
    [
      '/w/mobile/pubspec.yaml',
      '  http:\n    hosted: https://pub.mirror.example\n    version: ^1.2.1',
      'pub.mirror.example',
    ],
    [
      '/w/edge/deno.json',
      '{"imports": {"@std/http": "https://mirror.example/std/http/mod.ts"}}',
      'mirror.example',
    ],
    [
      '/w/flake.nix',
      '  nixConfig.extra-substituters = [ "https://cache.mirror.example" ];',
      'cache.mirror.example',
    ],
    ['/w/renv.lock', '{"Name": "CRAN", "URL": "https://cran.mirror.example"}', 'cran.mirror.example'],
    ['/w/go.work', 'replace example.com/x => git@forge.example:x.git v1.0.0', 'forge.example'],
    ['/w/.lfsconfig', '[lfs]\n\turl = https://lfs.example/repo', 'lfs.example'],
    ['/w/deps.edn', ' :mvn/repos {"corp" {:url "https://maven.mirror.example/r"}}', 'maven.mirror.example'],
    [
      '/w/deps.edn',
      ' :deps {io.x/y {:git/url "https://forge.example/y.git" :git/sha "abc"}}',
      'forge.example',
    ],
    ['/w/project.clj', '  :repositories [["corp" "https://maven.mirror.example/r"]]', 'maven.mirror.example'],
    [
      '/w/deps.edn',
      ' :mvn/repos {"corp" {\n   :url "https://maven.mirror.example/r"}}',
      'maven.mirror.example',
    ],
    ['/w/rebar.config', '{deps, [{x, {git, "https://forge.example/x.git", {tag, "1"}}}]}.', 'forge.example'],
    ['/w/build.zig.zon', '        .url = "https://mirror.example/x.tar.gz",', 'mirror.example'],
    ['/w/shard.yml', '  x:\n    git: https://forge.example/x.git', 'forge.example'],
    ['/w/app.opam', 'pin-depends: [["x.dev" "git+https://forge.example/x.git"]]', 'forge.example'],
    [
      '/w/project/plugins.sbt',
      'resolvers += "corp" at "https://maven.mirror.example/r"',
      'maven.mirror.example',
    ],
  ])('%s names %s', (path, text, host) => {
    expect(read(path, text)).toEqual([`__gavel_runner_source ${host}`]);
  });
  it.each([
    ['/w/package-lock.json', '"resolved": "https://registry.npmjs.org/jest/-/jest-29.7.0.tgz",'],
    ['/w/Cargo.lock', 'source = "registry+https://github.com/rust-lang/crates.io-index"'],
    ['/w/pubspec.yaml', 'homepage: https://quayside.example\nrepository: https://forge.example/q'],
    ['/w/deno.json', '{"imports": {"@std/http": "jsr:@std/http@^1.0.0"}}'],
    ['/w/flake.nix', '  inputs.nixpkgs.url = "github:NixOS/nixpkgs/nixos-24.05";'],
    [
      '/w/composer.lock',
      '"support": {\n  "issues": "https://bugs.example/x",\n  "docs": "https://laravel.com/docs"\n}',
    ],
    [
      '/w/project.clj',
      '(defproject app "0.1.0"\n  :license {:name "EPL" :url "https://www.eclipse.org/legal/epl-2.0"}\n',
    ],
    ['/w/deps.edn', '{:deps {org.clojure/clojure {:mvn/version "1.11.1"}}}'],
    ['/w/build.sbt', 'licenses := Seq("MIT" -> url("https://opensource.org/licenses/MIT"))\nname := "a"'],
    [
      '/w/app.opam',
      'homepage: "https://app.example"\nbug-reports: "https://app.example/issues"\ndev-repo: "git+https://forge.example/app.git"',
    ],
  ])('%s names no other source', (path, text) => {
    expect(read(path, text)).toEqual([]);
  });
  it('conda channels by name, as well as by URL', () => {
    expect(
      read('/w/environment.yml', 'channels:\n  - conda-forge\n  - someone\ndependencies:\n  - numpy\n'),
    ).toEqual(['__gavel_runner_source anaconda.org/someone']);
    expect(read('/w/environment.yml', 'channels:\n  - conda-forge\n  - defaults\n')).toEqual([]);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'package-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FILES: Record<string, string> = {
  'NuGet.Config':
    '<configuration>\n  <packageSources>\n    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />\n    <add key="team" value="https://nuget.pkg.github.com/team/index.json" />\n  </packageSources>\n</configuration>\n',
  '.gitmodules': '[submodule "vendor/lib"]\n\tpath = vendor/lib\n\turl = https://github.com/acme/lib.git\n',
  'package-lock.json':
    '{\n  "packages": {\n    "node_modules/jest": {\n      "version": "29.7.0",\n      "resolved": "https://registry.npmjs.org/jest/-/jest-29.7.0.tgz"\n    }\n  }\n}\n',
  'infra/providers.tf':
    'terraform {\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = "~> 5.0"\n    }\n  }\n}\n',
};
writeFiles(dir, FILES);
async function edit(name: string, change: FileChange) {
  const input: ToolInput = { kind: 'edit', path: `${WORKSPACE}/${name}`, change };
  return (await judgeWithReader(input, 'Edit', workspaceReader(dir))).decision;
}
const replace = (old: string, now: string): FileChange => ({ kind: 'replace', edits: [{ old, new: now }] });

describe('through the pipeline', () => {
  it('a NuGet feed moved to another host is not allowed', async () => {
    const d = await edit(
      'NuGet.Config',
      replace('https://nuget.pkg.github.com/team/', 'https://nuget.mirror.example/team/'),
    );
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('another package source');
  });
  it('a Terraform provider from another registry is not allowed', async () => {
    expect(
      (
        await edit(
          'infra/providers.tf',
          replace('"hashicorp/aws"', '"registry.mirror.example/hashicorp/aws"'),
        )
      ).verdict,
    ).not.toBe('allow');
  });
  it('a submodule moved to a host nobody stated is not allowed; a branch setting beside the same URL is', async () => {
    const d = await edit(
      '.gitmodules',
      replace('https://github.com/acme/lib.git', 'https://lib.mirror.example/lib.git'),
    );
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('git submodule');
    expect(
      (await edit('.gitmodules', replace('path = vendor/lib\n', 'path = vendor/lib\n\tbranch = main\n')))
        .verdict,
    ).toBe('allow');
  });
  it('a lockfile URL moved to another host is not allowed; a version bump on the registry is', async () => {
    const d = await edit(
      'package-lock.json',
      replace('https://registry.npmjs.org/jest/-/jest-29.7.0.tgz', 'https://evil.example/jest-29.7.0.tgz'),
    );
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('another package source');
    expect((await edit('package-lock.json', replace('29.7.0.tgz', '29.7.1.tgz'))).verdict).toBe('allow');
  });
  it('a lockfile too large to read: the lines an edit puts in are read alone', async () => {
    const large = (abs: string) =>
      abs.endsWith('/package-lock.json')
        ? ({ kind: 'unreadable', why: 'too-large' } as const)
        : workspaceReader(dir)(abs);
    const judge = async (old: string, now: string) => {
      const input: ToolInput = {
        kind: 'edit',
        path: `${WORKSPACE}/package-lock.json`,
        change: replace(old, now),
      };
      return (await judgeWithReader(input, 'Edit', large)).decision;
    };
    const bad = await judge('https://registry.npmjs.org/a/-/a-1.0.0.tgz', 'https://evil.example/a-1.0.0.tgz');
    expect(bad.verdict).not.toBe('allow');
    expect(bad.reason).toContain('another package source');
    const ok = await judge(
      'https://registry.npmjs.org/a/-/a-1.0.0.tgz',
      'https://registry.npmjs.org/a/-/a-1.0.1.tgz',
    );
    expect(ok.verdict).toBe('allow');
  });
  it('a version bump beside the same sources stays allowed', async () => {
    expect((await edit('infra/providers.tf', replace('"~> 5.0"', '"~> 5.1"'))).verdict).toBe('allow');
  });
});
