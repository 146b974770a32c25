// Package sources named inside manifests (issue 11, ADR 0062): a known-safe install, sync, build or test that
// resolves dependencies from a source the manifest itself names (a URL, git, another registry, a folder outside
// the workspace) is the install category; unparsable manifests are uncertain; registry-only manifests stay quiet.
// Real files in a temp folder, one project per case; nothing is ever run.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

/**
 * The categories and uncertainties of `command` run in a fresh project holding `files` (`AWAY` is outside,
 * `HOMEDIR` the user's home folder).
 */
function judge(command: string, files: Record<string, string>) {
  p = diskProject('man-src-');
  const away = p.away;
  const home = p.home;
  const fill = (s: string) => s.replaceAll('AWAY', away).replaceAll('HOMEDIR', home);
  p.write(Object.fromEntries(Object.entries(files).map(([k, v]) => [fill(k), fill(v)])));
  const a = analyzeShellSync(fill(command), p.env());
  return { categories: a.hits.map((h) => h.category), uncertain: a.uncertain.map((u) => u.reason) };
}

const URL = 'http://203.0.113.7';
const pkg = (deps: Record<string, unknown>) => JSON.stringify({ name: 'x', version: '1.0.0', ...deps });
const CARGO = '[package]\nname = "x"\nversion = "0.1.0"\nedition = "2021"\n';
const POM = (inner: string) =>
  `<project><modelVersion>4.0.0</modelVersion><groupId>a</groupId><artifactId>b</artifactId><version>1</version>${inner}</project>`;
const CHART = (repo: string) =>
  `apiVersion: v2\nname: x\nversion: 0.1.0\ndependencies:\n  - name: y\n    version: 1.0.0\n    repository: ${repo}\n`;

describe('a manifest naming a source nobody stated is the install category', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'package.json URL dependency',
      'npm install',
      { 'package.json': pkg({ dependencies: { x: `${URL}/x.tgz` } }) },
    ],
    [
      'package.json git devDependency',
      'pnpm install',
      { 'package.json': pkg({ devDependencies: { x: 'git+ssh://git@example.com/x.git' } }) },
    ],
    [
      'package.json GitHub shorthand',
      'yarn',
      { 'package.json': pkg({ optionalDependencies: { x: 'someone/x#main' } }) },
    ],
    [
      'package.json github: spec in overrides',
      'npm ci',
      { 'package.json': pkg({ overrides: { y: { x: 'github:someone/x' } } }) },
    ],
    [
      'package.json resolutions to a tarball URL',
      'yarn install',
      { 'package.json': pkg({ resolutions: { x: `${URL}/x.tgz` } }) },
    ],
    [
      'package.json file: outside the workspace',
      'npm i',
      { 'package.json': pkg({ dependencies: { x: 'file:AWAY/x' } }) },
    ],
    [
      'package.json link: outside in pnpm overrides',
      'pnpm i',
      { 'package.json': pkg({ pnpm: { overrides: { x: 'link:AWAY/x' } } }) },
    ],
    [
      'a literal workspace package with a URL dependency',
      'npm install',
      {
        'package.json': pkg({ workspaces: ['tools/gen'] }),
        'tools/gen/package.json': pkg({ dependencies: { x: `${URL}/x.tgz` } }),
      },
    ],
    [
      'package-lock git source',
      'npm ci',
      {
        'package.json': pkg({}),
        'package-lock.json':
          '{"packages":{"node_modules/x":{"resolved":"git+ssh://git@example.com/x.git#abc"}}}',
      },
    ],
    [
      'pyproject direct reference',
      'uv sync',
      {
        'pyproject.toml': `[project]\nname="x"\nversion="0.1"\ndependencies=["x @ ${URL}/x-1.0-py3-none-any.whl"]\n`,
      },
    ],
    [
      'pyproject git direct reference in an optional group',
      'uv run pytest',
      {
        'pyproject.toml':
          '[project]\nname="x"\nversion="0.1"\n[project.optional-dependencies]\ndev = [\n  "x[y] @ git+https://github.com/someone/x",\n]\n',
      },
    ],
    [
      'pyproject dependency group',
      'uv lock',
      {
        'pyproject.toml': `[project]\nname="x"\nversion="0.1"\n[dependency-groups]\ndev = ["x @ ${URL}/x.tar.gz"]\n`,
      },
    ],
    [
      'pyproject build requirement',
      'pdm install',
      { 'pyproject.toml': `[build-system]\nrequires = ["setuptools @ ${URL}/s.whl"]\n` },
    ],
    [
      'pyproject file: outside',
      'poetry install',
      { 'pyproject.toml': '[project]\nname="x"\nversion="0.1"\ndependencies=["x @ file:///AWAY/x"]\n' },
    ],
    [
      'pip install . of a project with a direct reference',
      'pip install -e .',
      { 'pyproject.toml': `[project]\nname="x"\nversion="0.1"\ndependencies=["x @ ${URL}/x.whl"]\n` },
    ],
    [
      'uv.lock git source',
      'uv sync',
      {
        'pyproject.toml': '[project]\nname="x"\nversion="0.1"\n',
        'uv.lock': '[[package]]\nname = "x"\nsource = { git = "https://example.com/x?rev=1#abc" }\n',
      },
    ],
    [
      'Cargo [patch] git',
      'cargo build',
      {
        'Cargo.toml': `${CARGO}[dependencies]\nserde="1"\n[patch.crates-io]\nserde={ git = "${URL}/serde.git" }\n`,
      },
    ],
    [
      'Cargo [replace]',
      'cargo test',
      { 'Cargo.toml': `${CARGO}[replace]\n"serde:1.0.0" = { git = "https://example.com/serde" }\n` },
    ],
    [
      'Cargo git dependency, dotted table',
      'cargo check',
      { 'Cargo.toml': `${CARGO}[dependencies.x]\ngit = "https://example.com/x"\n` },
    ],
    [
      'Cargo registry dependency',
      'cargo run',
      { 'Cargo.toml': `${CARGO}[dev-dependencies]\nx = { version = "1", registry = "corp" }\n` },
    ],
    [
      'Cargo path dependency outside',
      'cargo build',
      { 'Cargo.toml': `${CARGO}[build-dependencies]\nx = { path = "AWAY/x" }\n` },
    ],
    [
      'Cargo literal workspace member with a git dependency',
      'cargo build',
      {
        'Cargo.toml': '[workspace]\nmembers = ["a"]\n',
        'a/Cargo.toml': `${CARGO}[dependencies]\nx = { git = "https://example.com/x" }\n`,
      },
    ],
    [
      'Cargo.lock git source',
      'cargo build',
      {
        'Cargo.toml': CARGO,
        'Cargo.lock': 'version = 3\n[[package]]\nname = "x"\nsource = "git+https://example.com/x#abc"\n',
      },
    ],
    [
      'composer repository',
      'composer install',
      {
        'composer.json': `{"name":"a/b","repositories":[{"type":"composer","url":"${URL}"}],"require":{"x/y":"*"}}`,
      },
    ],
    [
      'composer vcs repository',
      'composer update',
      {
        'composer.json':
          '{"repositories":[{"type":"vcs","url":"https://example.com/x.git"}],"require":{"x/y":"dev-main"}}',
      },
    ],
    [
      'composer package repository',
      'composer require x/y',
      {
        'composer.json':
          '{"repositories":{"x":{"type":"package","package":{"name":"x/y","version":"1","dist":{"url":"https://example.com/y.zip","type":"zip"}}}}}',
      },
    ],
    [
      'composer path repository outside',
      'composer install',
      { 'composer.json': '{"repositories":[{"type":"path","url":"AWAY/pkg"}]}' },
    ],
    [
      'pom repository',
      'mvn -q test',
      {
        'pom.xml': POM(
          `<repositories><repository><id>x</id><url>${URL}/m2</url></repository></repositories>`,
        ),
      },
    ],
    [
      'pom plugin repository in a module',
      'mvn package',
      {
        'pom.xml': POM('<modules><module>core</module></modules>'),
        'core/pom.xml': POM(
          '<pluginRepositories><pluginRepository><id>x</id><url>https://example.com/m2</url></pluginRepository></pluginRepositories>',
        ),
      },
    ],
    [
      'Gradle kts maven url',
      './gradlew build',
      {
        'build.gradle.kts': `repositories { maven { url = uri("${URL}/m2"); isAllowInsecureProtocol = true } }\n`,
        'settings.gradle.kts': 'rootProject.name="x"\n',
      },
    ],
    [
      'Gradle settings pluginManagement maven',
      'gradle test',
      {
        'settings.gradle':
          "pluginManagement { repositories { maven { url 'https://example.com/plugins' } } }\n",
      },
    ],
    [
      'Gradle ivy repository',
      'gradle build',
      { 'build.gradle': "repositories { ivy { url 'https://example.com/ivy' } }\n" },
    ],
    [
      'Gradle included project',
      'gradle build',
      {
        'settings.gradle': "include ':app'\n",
        'app/build.gradle': 'repositories {\n  maven("https://example.com/m2")\n}\n',
      },
    ],
    [
      'deno.json URL import',
      'deno task test',
      {
        'deno.json': `{"imports": {"x": "${URL}/mod.ts"}, "tasks": {"test": "deno test"}}`,
        'main.ts': 'import "x";\n',
      },
    ],
    [
      'deno.jsonc scoped import',
      'deno test',
      { 'deno.jsonc': '{\n  // comment\n  "scopes": {"./": {"x": "https://esm.example.com/x.js"}},\n}\n' },
    ],
    ['deno entry file URL import', 'deno run main.ts', { 'main.ts': `import { x } from "${URL}/x.ts";\n` }],
    [
      'deno.lock remote',
      'deno test',
      { 'deno.json': '{}', 'deno.lock': '{"version":"3","remote":{"https://example.com/x.ts":"abc"}}' },
    ],
    ['helm dependency update', 'helm dependency update', { 'Chart.yaml': CHART(`${URL}/charts`) }],
    [
      'helm dependency build of an OCI chart dependency',
      'helm dep build ./c',
      { 'c/Chart.yaml': CHART('oci://example.com/charts') },
    ],
    [
      'helm install --dependency-update',
      'helm install r ./c --dependency-update',
      { 'c/Chart.yaml': CHART('https://example.com/charts') },
    ],
    [
      '.bundle/config Gemfile outside',
      'bundle install',
      {
        Gemfile: 'source "https://rubygems.org"\ngem "rspec"\n',
        '.bundle/config': '---\nBUNDLE_GEMFILE: "AWAY/Gemfile"\n',
      },
    ],
    // pip's own configuration files (review 26): the user's, the older place and a virtual environment's.
    [
      "the user's pip.conf index",
      'pip install -r requirements.txt',
      {
        'requirements.txt': 'requests==2.32.3\n',
        'HOMEDIR/.config/pip/pip.conf': '[global]\nindex-url = https://evil.example/simple\n',
      },
    ],
    [
      "the user's ~/.pip/pip.conf archives, on a continued line",
      'pip3 install requests==2.32.3',
      { 'HOMEDIR/.pip/pip.conf': '[global]\nno-index = true\nfind-links =\n    /tmp/wheels\n' },
    ],
    [
      'a pip.conf key written as its option',
      'pip install requests',
      { 'HOMEDIR/.config/pip/pip.conf': '[global]\n--index-url = https://evil.example/simple\n' },
    ],
    [
      "a virtual environment's pip.conf",
      '.venv/bin/pip install -r requirements.txt',
      {
        'requirements.txt': 'requests==2.32.3\n',
        '.venv/pyvenv.cfg': 'home = /usr/bin\n',
        '.venv/pip.conf': '[install]\nextra_index_url = https://evil.example/simple\n',
      },
    ],
    [
      '.bundle/config mirror',
      'bundle install',
      {
        Gemfile: 'source "https://rubygems.org"\n',
        '.bundle/config': `---\nBUNDLE_MIRROR__HTTPS://RUBYGEMS__ORG/: "${URL}"\n`,
      },
    ],
    [
      'pip install .[dev] of a project with a direct reference',
      'pip install -e .[dev]',
      { 'pyproject.toml': `[project]\nname="x"\nversion="0.1"\ndependencies=["x @ ${URL}/x.whl"]\n` },
    ],
    [
      'Pipfile source',
      'pipenv install',
      {
        Pipfile: `[[source]]\nurl = "${URL}/simple"\nverify_ssl = false\nname = "x"\n[packages]\nrequests = "*"\n`,
      },
    ],
    [
      'Pipfile git package',
      'pipenv sync',
      { Pipfile: '[packages]\nx = { git = "https://example.com/x.git", ref = "main" }\n' },
    ],
    [
      'mix.exs git dependency',
      'mix deps.get',
      {
        'mix.exs':
          'defmodule X.MixProject do\n  defp deps do\n    [{:jason, "~> 1.4"}, {:x, git: "https://example.com/x.git", tag: "v1"}]\n  end\nend\n',
      },
    ],
    [
      'mix.exs path dependency outside',
      'mix deps.get',
      { 'mix.exs': 'defp deps, do: [{:x, path: "AWAY/x"}]\n' },
    ],
    [
      'Directory.Build.props RestoreSources',
      'dotnet build',
      {
        'Directory.Build.props': `<Project><PropertyGroup><RestoreSources>https://api.nuget.org/v3/index.json;${URL}/nuget</RestoreSources></PropertyGroup></Project>`,
      },
    ],
    [
      'csproj RestoreAdditionalProjectSources',
      'dotnet restore App.csproj',
      {
        'App.csproj':
          '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><RestoreAdditionalProjectSources>https://example.com/feed</RestoreAdditionalProjectSources></PropertyGroup></Project>',
      },
    ],
  ])('%s', (_name, command, files) => {
    expect(judge(command, files).categories).toContain('package_install_from_unstated_source');
  });
});

describe('a manifest gavel cannot read, or a setting that changes what runs, is uncertain', () => {
  it.each<[string, string, Record<string, string>]>([
    ['package.json that does not parse', 'npm install', { 'package.json': '{"dependencies": {' }],
    ['composer.json that does not parse', 'composer install', { 'composer.json': '{' }],
    [
      'Cargo.toml that is not TOML gavel reads',
      'cargo build',
      { 'Cargo.toml': `${CARGO}x = """\nmulti\n"""\n` },
    ],
    [
      'Gradle repository at a computed address',
      'gradle build',
      { 'build.gradle': 'repositories { maven { url = uri(repoUrl) } }\n' },
    ],
    [
      '.bundle/config native build flags',
      'bundle install',
      {
        Gemfile: 'source "https://rubygems.org"\n',
        '.bundle/config': '---\nBUNDLE_BUILD__NOKOGIRI: "--use-system-libraries"\n',
      },
    ],
    [
      "the user's ~/.bundle/config naming a Gemfile",
      'bundle exec rspec',
      {
        Gemfile: 'source "https://rubygems.org"\ngem "rspec"\n',
        'HOMEDIR/.bundle/config': '---\nBUNDLE_GEMFILE: "/tmp/other/Gemfile"\n',
      },
    ],
    [
      "the user's ~/.bundle/config with a local gem checkout",
      'bundle install',
      {
        Gemfile: 'source "https://rubygems.org"\ngem "rspec"\n',
        'HOMEDIR/.bundle/config': '---\nBUNDLE_LOCAL__RSPEC: "/tmp/rspec"\n',
      },
    ],
    [
      '.bundle/config unknown setting',
      'bundle exec rspec',
      { Gemfile: 'source "https://rubygems.org"\n', '.bundle/config': '---\nBUNDLE_SOMETHING_NEW: "x"\n' },
    ],
  ])('%s', (_name, command, files) => {
    const j = judge(command, files);
    expect(j.uncertain.length + j.categories.length).toBeGreaterThan(0);
  });
});

// Bundler re-runs itself with the Bundler of the lockfile's `BUNDLED WITH` version when the bundle path holds it
// (review of session 25 on Bundler 2.3: a bundler gem planted in `vendor/bundle` ran on `bundle config list`).
describe('a Bundler of its own in the bundle path runs on every bundle command', () => {
  const GEMFILE = 'source "https://rubygems.org"\n';
  const SPEC = 'Gem::Specification.new { |s| s.name = "bundler" }\n';
  it.each(['bundle config list', 'bundle --version', 'bundle check', 'bundle exec rspec'])('%s', (c) => {
    const j = judge(c, {
      Gemfile: GEMFILE,
      '.bundle/config': '---\nBUNDLE_PATH: "vendor/bundle"\n',
      'vendor/bundle/ruby/3.1.0/specifications/bundler-9.9.9.gemspec': SPEC,
    });
    expect(j.uncertain.join()).toMatch(/Bundler of its own/);
  });
  it('deployment mode keeps its gems in vendor/bundle', () => {
    const j = judge('bundle install', {
      Gemfile: GEMFILE,
      '.bundle/config': '---\nBUNDLE_DEPLOYMENT: "true"\n',
      'vendor/bundle/ruby/3.3.0/gems/bundler-2.5.1/exe/bundle': '#!/usr/bin/env ruby\n',
    });
    expect(j.uncertain.join()).toMatch(/Bundler of its own/);
  });
  // Review: a commented-out path, the settings beside a Gemfile further up, any name of the spec, the user's own
  // relative bundle path (each reproduced with Bundler 2.3.15).
  it.each<[string, string, Record<string, string>]>([
    [
      'deployment mode with a path only in a comment',
      'bundle check',
      {
        '.bundle/config': '---\nBUNDLE_DEPLOYMENT: "true"\n# BUNDLE_PATH: "elsewhere"\n',
        'vendor/bundle/ruby/3.1.0/specifications/bundler-2.3.99.gemspec': SPEC,
      },
    ],
    [
      'the settings beside the Gemfile one folder up',
      'cd sub && bundle check',
      {
        'sub/.bundle/config': '---\nBUNDLE_JOBS: "4"\n',
        '.bundle/config': '---\nBUNDLE_PATH: "vendor/bundle"\n',
        'vendor/bundle/ruby/3.1.0/specifications/bundler-2.3.99.gemspec': SPEC,
      },
    ],
    [
      'a spec of any name',
      'bundle check',
      {
        '.bundle/config': '---\nBUNDLE_PATH: "vendor/bundle"\n',
        'vendor/bundle/ruby/3.1.0/specifications/bundler-x.gemspec': SPEC,
      },
    ],
    [
      "the user's own relative bundle path",
      'bundle check',
      {
        'HOMEDIR/.bundle/config': '---\nBUNDLE_PATH: "vendor/bundle"\n',
        'vendor/bundle/ruby/3.1.0/specifications/bundler-2.3.99.gemspec': SPEC,
      },
    ],
  ])('%s', (_n, command, files) => {
    const j = judge(command, { Gemfile: GEMFILE, ...files });
    expect(j.uncertain.join()).toMatch(/Bundler of its own/);
  });
  it('a bundle path of ordinary gems stays quiet', () => {
    const j = judge('bundle install', {
      Gemfile: GEMFILE,
      '.bundle/config': '---\nBUNDLE_PATH: "vendor/bundle"\nBUNDLE_DEPLOYMENT: "true"\n',
      'vendor/bundle/ruby/3.1.0/specifications/rake-13.0.6.gemspec': SPEC,
    });
    expect(j.uncertain).toEqual([]);
  });
});

describe('manifests with only registry dependencies stay quiet', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      "the user's ~/.bundle/config with its usual settings",
      'bundle exec rspec',
      {
        Gemfile: 'source "https://rubygems.org"\n',
        'HOMEDIR/.bundle/config': '---\nBUNDLE_JOBS: "4"\nBUNDLE_BUILD__PG: "--with-pg-config=/opt/pg"\n',
      },
    ],
    [
      'package.json ranges, npm: alias, workspace:, local file: inside',
      'npm install',
      {
        'package.json': pkg({
          dependencies: {
            a: '^1.2.0',
            b: 'npm:c@2',
            d: 'workspace:*',
            e: 'file:./packages/e',
            f: 'latest',
            g: `https://registry.npmjs.org/g/-/g-1.0.0.tgz`,
          },
          workspaces: ['packages/*'],
        }),
      },
    ],
    [
      'pnpm workspace with a pattern and catalog:',
      'pnpm install',
      {
        'package.json': pkg({ devDependencies: { vitest: 'catalog:' } }),
        'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n",
      },
    ],
    [
      'pyproject registry requirements with markers',
      'uv sync',
      {
        'pyproject.toml':
          '[project]\nname="x"\nversion="0.1"\ndependencies=["requests>=2", "tomli; python_version < \'3.11\'"]\n[dependency-groups]\ndev = ["pytest", {include-group = "lint"}]\nlint = ["ruff"]\n',
        'uv.lock':
          '[[package]]\nname = "requests"\nsource = { registry = "https://pypi.org/simple" }\nsdist = { url = "https://files.pythonhosted.org/packages/r.tar.gz" }\n[[package]]\nname = "x"\nsource = { editable = "." }\n',
      },
    ],
    [
      'pip install . with registry requirements',
      'pip install -e .',
      { 'pyproject.toml': '[project]\nname="x"\nversion="0.1"\ndependencies=["requests"]\n' },
    ],
    [
      'Cargo registry and workspace path dependencies',
      'cargo build',
      {
        'Cargo.toml': `${CARGO}[dependencies]\nserde = { version = "1", features = ["derive"] }\ncore = { path = "crates/core" }\n[workspace]\nmembers = ["crates/core"]\n`,
        'Cargo.lock':
          'version = 3\n[[package]]\nname = "serde"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n',
      },
    ],
    [
      'composer.json with packagist only',
      'composer install',
      {
        'composer.json':
          '{"require":{"monolog/monolog":"^3"},"repositories":[{"packagist.org":false},{"type":"path","url":"packages/*"}]}',
      },
    ],
    [
      'pom with central and distributionManagement',
      'mvn -q test',
      {
        'pom.xml': POM(
          '<repositories><repository><id>c</id><url>https://repo.maven.apache.org/maven2</url></repository></repositories><distributionManagement><repository><id>d</id><url>https://example.com/releases</url></repository></distributionManagement>',
        ),
      },
    ],
    [
      'Gradle standard repositories and a publishing target',
      'gradle build',
      {
        'build.gradle.kts':
          'plugins { `maven-publish` }\nrepositories {\n  mavenCentral() // https://example.com/x\n  google()\n  gradlePluginPortal()\n}\npublishing { repositories { maven { url = uri("https://example.com/releases") } } }\n',
      },
    ],
    [
      'deno.json with jsr:, npm: and deno.land imports',
      'deno task test',
      {
        'deno.json':
          '{"imports": {"@std/assert": "jsr:@std/assert@1", "chalk": "npm:chalk@5", "x/": "https://deno.land/x/oak@v12/"}, "tasks": {"test": "deno test --allow-read"}}',
      },
    ],
    [
      'helm dependency update of a file:// dependency in the workspace',
      'helm dependency update charts/app',
      { 'charts/app/Chart.yaml': CHART('file://../common'), 'charts/common/Chart.yaml': 'name: common\n' },
    ],
    [
      'helm dependency update from a well-known public chart repository',
      'helm dependency update',
      { 'Chart.yaml': CHART('https://charts.bitnami.com/bitnami') },
    ],
    [
      '.bundle/config vendor path and without groups',
      'bundle install',
      {
        Gemfile: 'source "https://rubygems.org"\ngem "rails"\n',
        '.bundle/config':
          '---\nBUNDLE_PATH: "vendor/bundle"\nBUNDLE_WITHOUT: "production"\nBUNDLE_GEMS__EXAMPLE__COM: "token"\n',
      },
    ],
    [
      'Pipfile with PyPI only',
      'pipenv install',
      {
        Pipfile:
          '[[source]]\nurl = "https://pypi.org/simple"\nverify_ssl = true\nname = "pypi"\n[packages]\nrequests = "*"\nx = { path = ".", editable = true }\n',
      },
    ],
    [
      'mix.exs Hex and path dependencies',
      'mix deps.get',
      {
        'mix.exs': 'defp deps do\n  [{:jason, "~> 1.4"}, {:y, path: "apps/y"}]\nend\n',
        'apps/y/mix.exs': 'defp deps do\n  [{:core, in_umbrella: true}]\nend\n',
        'apps/core/mix.exs': 'defp deps do\n  [{:telemetry, "~> 1.0"}]\nend\n',
      },
    ],
    [
      'Directory.Build.props without sources',
      'dotnet build',
      {
        'Directory.Build.props':
          '<Project><PropertyGroup><Nullable>enable</Nullable></PropertyGroup></Project>',
      },
    ],
  ])('%s', (_name, command, files) => {
    expect(judge(command, files)).toEqual({ categories: [], uncertain: [] });
  });
});

// SwiftPM (ADR 0089): `swift build|test|run` and `swift package resolve|update` resolve Package.swift's
// dependencies first. No registry is stated by default, so a package URL is a host of its own.
const SWIFT = (deps: string, targets = '') =>
  `// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "A", dependencies: [${deps}], targets: [.executableTarget(name: "A")${targets}])\n`;

describe('SwiftPM sources nobody stated', () => {
  it.each<[string, string, Record<string, string>, string]>([
    [
      'package from a URL',
      'swift build',
      { 'Package.swift': SWIFT('.package(url: "https://github.com/x/y.git", from: "1.0.0")') },
      'package_install_from_unstated_source',
    ],
    [
      'package from a URL, tests',
      'swift test --parallel',
      { 'Package.swift': SWIFT('.package(url: "https://example.org/y.git", .upToNextMajor(from: "1.0.0"))') },
      'package_install_from_unstated_source',
    ],
    [
      'package from a folder outside',
      'swift run',
      { 'Package.swift': SWIFT('.package(path: "AWAY/lib")') },
      'package_install_from_unstated_source',
    ],
    [
      'binary target downloaded',
      'swift build -c release',
      {
        'Package.swift': SWIFT(
          '',
          ', .binaryTarget(name: "B", url: "https://x.example/b.zip", checksum: "ab")',
        ),
      },
      'package_install_from_unstated_source',
    ],
    [
      'package from a URL under --package-path',
      'swift build --package-path Sub',
      { 'Sub/Package.swift': SWIFT('.package(url: "https://x.example/y.git", from: "1.0.0")') },
      'package_install_from_unstated_source',
    ],
    [
      'registry package',
      'swift package resolve',
      { 'Package.swift': SWIFT('.package(id: "acme.lib", from: "1.0.0")') },
      'package_install_from_unstated_source',
    ],
    [
      'pin in Package.resolved',
      'swift package update',
      {
        'Package.swift': SWIFT(''),
        'Package.resolved': '{"pins":[{"identity":"y","location":"https://x.example/y.git"}],"version":2}',
      },
      'package_install_from_unstated_source',
    ],
  ])('%s', (_name, command, files, category) => {
    expect(judge(command, files).categories).toContain(category);
  });

  it('a manifest written in the same line is not quiet', () => {
    const src = SWIFT('.package(url: "https://x.example/y.git", from: "1.0.0")');
    const { categories, uncertain } = judge(`printf '%s' '${src}' > Package.swift && swift build`, {});
    expect(categories.length + uncertain.length).toBeGreaterThan(0);
  });

  it('a source computed at run time is uncertain', () => {
    const { uncertain } = judge('swift build', {
      'Package.swift': SWIFT('.package(url: base + "/y.git", from: "1.0.0")'),
    });
    expect(uncertain.join(' ')).toMatch(/computed/);
  });

  it.each<[string, string, Record<string, string>]>([
    ['no dependencies', 'swift build', { 'Package.swift': SWIFT('') }],
    ['a folder in the workspace', 'swift test', { 'Package.swift': SWIFT('.package(path: "./Shared")') }],
    [
      'describing reads only the manifest',
      'swift package describe',
      { 'Package.swift': SWIFT('.package(url: "https://github.com/x/y.git", from: "1.0.0")') },
    ],
    [
      'a comment naming a URL',
      'swift build',
      { 'Package.swift': SWIFT('// .package(url: "https://x.example/y.git", from: "1.0.0")\n') },
    ],
  ])('quiet: %s', (_name, command, files) => {
    expect(judge(command, files).categories).toEqual([]);
  });
});
