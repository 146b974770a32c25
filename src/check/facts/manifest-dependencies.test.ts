// The dependencies a manifest names, read as the installs that would fetch them; and, through the whole pipeline
// with the real shell analyzer and the bundled policy on real files in a temporary folder, an edit that adds one
// is judged as that install: a known package is allowed, an unknown one or another source is not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core';
import { analyzeShell } from '../../shell';
import { checkWithTrace } from '../pipeline';
import type { FileChange } from '../request/request';
import { policyWith, request, WORKSPACE } from '../testdata/fixtures';
import { workspaceReader } from '../testdata/workspace-reader';
import {
  cargoManifest,
  composerManifest,
  gemfileManifest,
  goModManifest,
  type ManifestPlace,
  npmManifest,
  pep508,
  pyprojectManifest,
  requirementsManifest,
} from './manifest-dependencies';

const place: ManifestPlace = {
  folder: '/w/app',
  inWorkspace: (p) => p === '/w' || p.startsWith('/w/'),
};
const commands = (entries: readonly (readonly [string, string])[] | string) =>
  typeof entries === 'string' ? entries : entries.map(([, c]) => c);
const SOURCE = expect.stringMatching(/^__gavel_runner_source /);

describe('each manifest names its dependencies as the install that fetches them', () => {
  it('package.json: registry ranges and tags, aliases, other sources, local folders', () => {
    const doc = {
      dependencies: { react: '^18.2.0', next: 'latest', pretty: 'npm:prettier@3', gh: 'github:evil/x' },
      devDependencies: { vitest: '~1.6.0', tarball: 'https://x.example/t.tgz', ui: 'workspace:*' },
      optionalDependencies: { inside: 'file:../lib', outside: 'file:../../../elsewhere' },
    };
    expect(commands(npmManifest(doc, place))).toEqual([
      'npm install react',
      'npm install next',
      'npm install prettier',
      "npm install 'github:evil/x'",
      'npm install vitest',
      "npm install 'https://x.example/t.tgz'",
      SOURCE,
    ]);
  });

  it('package.json: overrides from another source, a table of an unknown shape', () => {
    expect(
      commands(npmManifest({ overrides: { a: '1.0.0', b: { c: 'git+https://x.example/c' } } }, place)),
    ).toEqual([SOURCE]);
    expect(npmManifest({ dependencies: ['react'] }, place)).toMatch(/unknown shape/);
  });

  it('composer.json: packages, not the platform; repositories are another source', () => {
    const doc = {
      require: { php: '>=8.2', 'ext-json': '*', 'monolog/monolog': '^3.0' },
      repositories: [{ url: 'x' }],
    };
    expect(commands(composerManifest(doc))).toEqual(['composer require monolog/monolog', SOURCE]);
  });

  it('PEP 508 requirements: extras, versions and markers dropped; a direct URL kept', () => {
    expect(pep508('p', 'requests[socks]>=2.31; python_version >= "3.9"')[1]).toBe('pip install requests');
    expect(pep508('p', 'pkg @ https://x.example/p.whl')[1]).toBe("pip install 'https://x.example/p.whl'");
  });

  it('pyproject.toml: project, optional, build and group requirements, Poetry tables, uv sources and indexes', () => {
    const text = [
      '[build-system]',
      'requires = ["setuptools>=68", "evil-backend"]',
      '[project]',
      'name = "app"',
      'dependencies = [',
      '  "pydantic>=2.7",',
      '  "httpx",',
      ']',
      '[project.optional-dependencies]',
      'dev = ["pytest>=8"]',
      '[dependency-groups]',
      'lint = ["ruff", {include-group = "dev"}]',
      '[tool.poetry.dependencies]',
      'python = "^3.11"',
      'rich = "^13"',
      'mine = { path = "../lib" }',
      'forked = { git = "https://x.example/f.git" }',
      '[tool.uv.sources]',
      'member = { workspace = true }',
      'other = { index = "private" }',
      '[[tool.uv.index]]',
      'name = "private"',
      'url = "https://pypi.internal.example/simple"',
    ].join('\n');
    expect(commands(pyprojectManifest(text, place))).toEqual([
      'pip install setuptools',
      'pip install evil-backend',
      'pip install pydantic',
      'pip install httpx',
      'pip install pytest',
      'pip install ruff',
      'pip install rich',
      SOURCE,
      SOURCE,
      SOURCE,
    ]);
  });

  it('requirements files: lines, URLs, another index; includes left to their own file', () => {
    const text =
      '# pinned\nflask==3.0.0\n-r base.txt\n--extra-index-url https://x.example/simple\ngit+https://x.example/r.git\n';
    expect(commands(requirementsManifest(text))).toEqual([
      'pip install flask',
      SOURCE,
      "pip install 'git+https://x.example/r.git'",
    ]);
  });

  it('Cargo.toml: versions and tables, renamed crates, git and registry sources, paths, patches', () => {
    const text = [
      '[dependencies]',
      'serde = { version = "1", features = ["derive"] }',
      'rand = "0.8"',
      'json = { package = "serde_json", version = "1" }',
      'forked = { git = "https://x.example/f" }',
      'core = { path = "../core" }',
      'shared = { workspace = true }',
      '[dev-dependencies.insta]',
      'version = "1"',
      '[patch.crates-io]',
      'rand = { path = "/srv/rand" }',
    ].join('\n');
    expect(commands(cargoManifest(text, place))).toEqual([
      'cargo add serde',
      'cargo add rand',
      'cargo add serde_json',
      SOURCE,
      SOURCE,
      'cargo add insta',
    ]);
  });

  it('a Gemfile: gems, sources other than rubygems.org, options that fetch elsewhere, any other Ruby', () => {
    const text = [
      "source 'https://rubygems.org'",
      "ruby '3.3.0'",
      "gem 'rails', '~> 7.1'",
      'group :test do',
      "  gem 'rspec'",
      'end',
      "gem 'helpers', git: 'https://x.example/h.git'",
      "source 'https://gems.x.example'",
      "system('id')",
    ].join('\n');
    expect(commands(gemfileManifest(text))).toEqual([
      'bundle add rails',
      'bundle add rspec',
      SOURCE,
      SOURCE,
      expect.stringMatching(/^__gavel_runner_code /),
    ]);
  });

  it('go.mod: required modules and tools, replacements', () => {
    const text = [
      'module example.com/app',
      'go 1.22',
      'require github.com/spf13/cobra v1.8.0',
      'require (',
      '\tgolang.org/x/sync v0.7.0 // indirect',
      ')',
      'replace example.com/lib => ../lib',
      'replace github.com/a/b => github.com/evil/b v1.0.0',
    ].join('\n');
    expect(commands(goModManifest(text, { folder: '/w/app', inWorkspace: place.inWorkspace }))).toEqual([
      'go get github.com/spf13/cobra',
      'go get golang.org/x/sync',
      SOURCE,
    ]);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'manifest-dependencies-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'app', dependencies: { react: '^18.2.0' } }, null, 2),
  'pyproject.toml': '[project]\nname = "app"\ndependencies = ["pydantic>=2.7"]\n',
  'requirements.txt': 'flask==3.0.0\n',
  'Cargo.toml': '[package]\nname = "app"\n\n[dependencies]\nserde = "1"\n',
  Gemfile: "source 'https://rubygems.org'\ngem 'rails'\n",
  'go.mod': 'module example.com/app\n\ngo 1.22\n',
};
for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
mkdirSync(join(dir, 'sub'));

const readScript = workspaceReader(dir);
const replace = (old: string, now: string): FileChange => ({ kind: 'replace', edits: [{ old, new: now }] });
async function judge(name: string, change: FileChange) {
  const r = request({ kind: 'edit', path: `${WORKSPACE}/${name}`, change }, 'Edit');
  r.readScript = readScript;
  const out = await checkWithTrace(r, {
    analyzeShell,
    policy: policyWith(),
    clock: fixedClock('2026-12-04T00:00:00Z'),
  });
  return out.decision;
}

describe('an edit that adds a dependency is judged as its install', () => {
  it.each<[string, string, string, string]>([
    ['package.json', 'package.json', '"react": "^18.2.0"', '"react": "^18.2.0",\n    "zod": "^3.23.0"'],
    ['pyproject.toml', 'pyproject.toml', '"pydantic>=2.7"', '"pydantic>=2.7", "httpx>=0.27"'],
    ['a requirements file', 'requirements.txt', 'flask==3.0.0\n', 'flask==3.0.0\nrequests==2.32.0\n'],
    ['Cargo.toml', 'Cargo.toml', 'serde = "1"', 'serde = "1"\nserde_json = "1"'],
    ['a Gemfile', 'Gemfile', "gem 'rails'", "gem 'rails'\ngem 'rspec'"],
    ['a version bump of a dependency already there', 'pyproject.toml', '"pydantic>=2.7"', '"pydantic>=2.8"'],
  ])('a known package: allowed (%s)', async (_n, file, old, now) => {
    expect((await judge(file, replace(old, now))).verdict).toBe('allow');
  });

  it.each<[string, string, string, string]>([
    [
      'an unknown npm package',
      'package.json',
      '"react": "^18.2.0"',
      '"react": "^18.2.0",\n    "reactt-dom": "1"',
    ],
    ['an npm package from a git host', 'package.json', '"react": "^18.2.0"', '"react": "github:evil/react"'],
    [
      'an unknown build requirement',
      'pyproject.toml',
      '[project]',
      '[build-system]\nrequires = ["evil-backend"]\n\n[project]',
    ],
    [
      'an unknown Python package',
      'pyproject.toml',
      '"pydantic>=2.7"',
      '"pydantic>=2.7", "ledgerly-fastmath>=0.1"',
    ],
    ['another index', 'requirements.txt', 'flask', '--index-url https://pypi.x.example/simple\nflask'],
    ['a crate from git', 'Cargo.toml', 'serde = "1"', 'serde = { git = "https://x.example/serde" }'],
    ['a gem from git', 'Gemfile', "gem 'rails'", "gem 'rails'\ngem 'helpers', git: 'https://x.example/h'"],
    [
      'a module replaced by another',
      'go.mod',
      'go 1.22',
      'go 1.22\nreplace a.example/x => evil.example/x v1.0.0',
    ],
  ])('not allowed: %s', async (_n, file, old, now) => {
    expect((await judge(file, replace(old, now))).verdict).not.toBe('allow');
  });
});
