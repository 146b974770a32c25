// The build-file readers: realistic declarative files pass (inert, or only the literal commands they run);
// the same files with a process spawn, a write outside the build tree or dynamic code are opaque.
import { describe, expect, it } from 'vitest';
import { lex, readCmake, readMeson, readNinja, readProgram, readPython, readRuby } from './build-files';

const VARS = { source: '/w', binary: '/w/build' };

const SETUP_PY = `import os
import re
from setuptools import setup, find_packages

here = os.path.abspath(os.path.dirname(__file__))
with open(os.path.join(here, "README.md"), encoding="utf-8") as f:
    long_description = f.read()

with open(os.path.join(here, "src", "pkg", "__init__.py")) as f:
    version = re.search(r'__version__ = "(.*?)"', f.read()).group(1)

setup(
    name="pkg",
    version=version,
    url="https://github.com/o/pkg",
    long_description=long_description,
    packages=find_packages("src"),
    package_dir={"": "src"},
    install_requires=["requests>=2"],
    entry_points={"console_scripts": ["pkg=pkg.cli:main"]},
)
`;

const RAKEFILE = `require "rake/testtask"
require "bundler/gem_tasks"

Rake::TestTask.new(:test) do |t|
  t.libs << "test"
  t.test_files = FileList["test/**/*_test.rb"]
end

desc "Run the linter"
task :lint do
  sh "bundle exec rubocop"
end

task default: :test
`;

const CMAKELISTS = `cmake_minimum_required(VERSION 3.20)
project(app C CXX)
# a comment with execute_process(COMMAND rm -rf ~)
find_package(Threads REQUIRED)
include(GNUInstallDirs)
add_executable(app src/main.c)
target_link_libraries(app PRIVATE Threads::Threads)
if(BUILD_TESTING)
  enable_testing()
  add_test(NAME app_test COMMAND app --self-test)
endif()
file(WRITE \${CMAKE_BINARY_DIR}/version.txt "1.0")
install(TARGETS app)
`;

describe('readPython', () => {
  it('lets a setuptools setup.py reading its README and version through', () => {
    expect(readPython(SETUP_PY)).toEqual({ commands: [], loads: [] });
  });
  it('refuses os.system, subprocess, a write, an unknown import and a string-hidden call', () => {
    expect(
      readPython(`import os\nos.system("rm -rf ~")\nfrom setuptools import setup\nsetup(name="x")\n`).opaque,
    ).toBeDefined();
    expect(readPython(`import subprocess\nsubprocess.run(["id"])\n`).opaque).toBeDefined();
    expect(readPython(`from setuptools import setup\nopen("/tmp/x", "w")\n`).opaque).toBeDefined();
    expect(readPython(`import versioneer\nfrom setuptools import setup\n`).opaque).toBeDefined();
    expect(readPython(`x = 'a"' + __import__("os").system("id") + '"'\n`).opaque).toBeDefined();
    expect(readPython(`x = f"{__import__('os').system('id')}"\n`).opaque).toBeDefined();
    expect(readPython(`# """\nimport os\nos.system("id")\n# """\n`).opaque).toBeDefined();
  });
});

describe('readRuby', () => {
  it('lets a Rakefile with Rake::TestTask through and returns its literal sh line', () => {
    expect(readRuby(RAKEFILE)).toEqual({ commands: ['bundle exec rubocop'], loads: [] });
  });
  it('returns sh "rm -rf ~" as the command it is; refuses backticks, system with a variable, FileUtils', () => {
    expect(readRuby('task :test do\n  sh "rm -rf ~"\nend\n').commands).toEqual(['rm -rf ~']);
    expect(readRuby('task :x do\n  `rm -rf ~`\nend\n').opaque).toBeDefined();
    expect(readRuby('task :x do\n  system(cmd)\nend\n').opaque).toBeDefined();
    expect(readRuby('task :x do\n  sh "rm -rf #{dir}"\nend\n').opaque).toBeDefined();
    expect(readRuby('task :x do\n  FileUtils.rm_rf(Dir.home)\nend\n').opaque).toBeDefined();
    expect(
      readRuby('require_relative "config/application"\nRails.application.load_tasks\n').opaque,
    ).toBeDefined();
    expect(readRuby('x = "#{y} \'" ; system("id") ; z = \'"\'\n').commands).toEqual(['id']);
  });
});

describe('readCmake', () => {
  it('lets a CMakeLists with add_executable/find_package through (comments are not code)', () => {
    expect(readCmake(CMAKELISTS, VARS, false)).toEqual({ commands: [], loads: [] });
  });
  it('returns execute_process COMMAND argv as shell; custom commands only for a build', () => {
    const text =
      'project(x)\nexecute_process(COMMAND sh -c "rm -rf ~")\nadd_custom_target(gen COMMAND echo hi)\n';
    expect(readCmake(text, VARS, false).commands).toEqual(["'sh' '-c' 'rm -rf ~'"]);
    expect(readCmake(text, VARS, true).commands).toEqual(["'sh' '-c' 'rm -rf ~'", "'echo' 'hi'"]);
  });
  it('refuses file(REMOVE_RECURSE) outside the build tree, FetchContent, an unknown command, a hidden bracket form', () => {
    expect(readCmake('file(REMOVE_RECURSE $ENV{HOME})\n', VARS, false).opaque).toBeDefined();
    expect(
      readCmake('include(FetchContent)\nFetchContent_Declare(x GIT_REPOSITORY https://e.x/x)\n', VARS, false)
        .opaque,
    ).toBeDefined();
    expect(readCmake('cmake_language(EVAL CODE "x")\n', VARS, false).opaque).toBeDefined();
    expect(readCmake('set(x [[a]])\n', VARS, false).opaque).toBeDefined();
  });
  it('follows include of a project file and add_subdirectory', () => {
    expect(readCmake('include(cmake/warnings.cmake)\nadd_subdirectory(lib)\n', VARS, false).loads).toEqual([
      'cmake/warnings.cmake',
      'lib/CMakeLists.txt',
    ]);
  });
});

describe('readNinja and readMeson', () => {
  it('reads ninja rules as shell with $in/$out as run-time values', () => {
    const r = readNinja('rule cc\n  command = gcc -c $in -o $out\nbuild a.o: cc a.c\n');
    expect(r.commands).toEqual(['gcc -c "$__ninja_value" -o "$__ninja_value"']);
  });
  it('reads meson run_command literally; a subproject is opaque', () => {
    expect(readMeson("project('x', 'c')\nexecutable('x', 'x.c')\n")).toEqual({ commands: [], loads: [] });
    expect(readMeson("run_command('sh', '-c', 'rm -rf ~', check: true)\n").commands).toEqual([
      "'sh' '-c' 'rm -rf ~'",
    ]);
    expect(readMeson("subproject('zlib')\n").opaque).toBeDefined();
  });
});

describe('readProgram', () => {
  it('lets realistic manifests through', () => {
    const mix = `defmodule App.MixProject do
  use Mix.Project
  @version "0.1.0"
  def project do
    [app: :app, version: @version, elixir: "~> 1.15", deps: deps(), aliases: aliases(),
     description: "v#{@version}"]
  end
  def application, do: [extra_applications: [:logger]]
  defp deps, do: [{:jason, "~> 1.4"}]
  defp aliases, do: [test: ["ecto.create --quiet", "test"]]
end
`;
    expect(readProgram('elixir', mix)).toEqual({ commands: [], loads: [] });
    const buildRs = `fn main() {
    println!("cargo:rerun-if-changed=src/native.c");
    cc::Build::new().file("src/native.c").compile("native");
}
`;
    expect(readProgram('rust', buildRs)).toEqual({ commands: [], loads: [] });
    const swift = `// swift-tools-version:5.9
import PackageDescription
let package = Package(name: "App", targets: [.executableTarget(name: "App"), .testTarget(name: "AppTests", dependencies: ["App"])])
`;
    expect(readProgram('swift', swift)).toEqual({ commands: [], loads: [] });
    const zig = `const std = @import("std");
pub fn build(b: *std.Build) void {
    const exe = b.addExecutable(.{ .name = "app", .root_source_file = b.path("src/main.zig"), .target = b.standardTargetOptions(.{}), .optimize = b.standardOptimizeOption(.{}) });
    b.installArtifact(exe);
    const run_cmd = b.addRunArtifact(exe);
    const run_step = b.step("run", "Run the app");
    run_step.dependOn(&run_cmd.step);
}
`;
    expect(readProgram('zig', zig)).toEqual({ commands: [], loads: [] });
    const kts = `plugins { kotlin("jvm") version "1.9.0"; application }
repositories { mavenCentral() }
dependencies { testImplementation(kotlin("test")) }
tasks.test { useJUnitPlatform() }
application { mainClass.set("app.MainKt") }
`;
    expect(readProgram('gradle', kts)).toEqual({ commands: [], loads: [] });
    // A release keystore in home named by the signing configuration is read only to sign (round 16).
    const signing = `android {
  signingConfigs {
    create("release") {
      storeFile = file(System.getenv("HOME") + "/keys/release.jks")
      storePassword = System.getenv("STORE_PASSWORD")
    }
  }
}
`;
    expect(readProgram('gradle', signing)).toEqual({ commands: [], loads: [] });
    expect(
      readProgram(
        'gradle',
        'android { signingConfigs { create("r") {\n storeFile = file(run { Runtime.getRuntime().exec("id"); "x" })\n } } }\n',
      ).opaque,
    ).toBeDefined();
    expect(
      readProgram('gradle', 'val k = file(System.getenv("HOME") + "/.ssh/id_rsa").readText()\n').opaque,
    ).toBe('reaches the home folder');
    const sbt = `ThisBuild / scalaVersion := "3.3.1"
lazy val root = (project in file(".")).settings(name := "app", libraryDependencies += "org.scalameta" %% "munit" % "0.7.29" % Test)
`;
    expect(readProgram('scala', sbt)).toEqual({ commands: [], loads: [] });
  });
  it('refuses the same files with a process spawn; mix cmd aliases are returned as shell', () => {
    expect(readProgram('elixir', 'defp aliases, do: [setup: ["cmd rm -rf ~"]]\n').commands).toEqual([
      'rm -rf ~',
    ]);
    expect(readProgram('elixir', 'def project, do: System.cmd("rm", ["-rf", "~"])\n').opaque).toBeDefined();
    // A process named literally is the shell command it runs (judged as one); anything computed stays opaque.
    expect(
      readProgram('rust', 'fn main() { std::process::Command::new("sh").status().unwrap(); }\n').commands,
    ).toEqual(['sh']);
    expect(
      readProgram('rust', 'fn main() { let q = \'"\'; std::process::Command::new("x"); let s = "x"; }\n')
        .commands,
    ).toEqual(['x']);
    const gitRev = `use std::process::Command;

fn main() {
    let rev = Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    println!("cargo:rustc-env=GIT_REV={rev}");
}
`;
    expect(readProgram('rust', gitRev)).toEqual({ commands: ['git rev-parse --short HEAD'], loads: [] });
    // Review 20 F10: a build script reading a file of a home (printed as a cargo warning) is not followed.
    expect(
      readProgram(
        'rust',
        'fn main() { println!("cargo:warning={}", std::fs::read_to_string("/home/u/.aws/credentials").unwrap()); }\n',
      ).opaque,
    ).toBe('names a file outside the project');
    expect(
      readProgram('rust', 'const K: &str = include_str!("/root/.ssh/id_rsa");\nfn main() {}\n').opaque,
    ).toBeDefined();
    expect(
      readProgram('rust', 'fn main() { println!("cargo:rustc-link-search=native=/usr/lib"); }\n').opaque,
    ).toBeUndefined();
    expect(
      readProgram('rust', 'fn main() { Command::new("sh").arg("-c").arg(cmd).status(); }\n').opaque,
    ).toBeDefined();
    expect(
      readProgram('rust', 'fn main() { Command::new("make").env("LD_PRELOAD", "x.so").status(); }\n').opaque,
    ).toBeDefined();
    expect(readProgram('rust', 'fn main() { Command::new(prog).status(); }\n').opaque).toBeDefined();
    expect(
      readProgram('rust', 'fn main() { Command::new("sh").args(["-c", "echo it\'s"]).status(); }\n').commands,
    ).toEqual(["sh -c 'echo it'\\''s'"]);
    expect(
      readProgram('rust', 'fn main() { std::fs::write("/tmp/x", "y").unwrap(); }\n').opaque,
    ).toBeDefined();
    expect(
      readProgram('swift', 'import PackageDescription\nimport Foundation\nlet p = Process()\n').opaque,
    ).toBeDefined();
    expect(
      readProgram('zig', 'pub fn build(b: *std.Build) void { _ = b.addSystemCommand(&.{"rm"}); }\n').opaque,
    ).toBeDefined();
    expect(
      readProgram('gradle', 'tasks.register<Exec>("x") { commandLine("rm", "-rf", "/") }\n').opaque,
    ).toBeDefined();
    expect(readProgram('gradle', 'task x { doLast { "rm -rf ~".execute() } }\n').opaque).toBeDefined();
    expect(readProgram('scala', 'val x = "rm -rf ~".!\n').opaque).toBeDefined();
    expect(
      readProgram('maven', '<plugin><artifactId>exec-maven-plugin</artifactId></plugin>').opaque,
    ).toBeDefined();
    expect(
      readProgram('maven', '<properties><java.version>17</java.version></properties>').opaque,
    ).toBeUndefined();
  });
});

describe('lex', () => {
  it('keeps interpolated code as code and refuses an unterminated string', () => {
    const l = lex('x = "a #{system("id")} b"\n', { quotes: `"'`, hash: true, interpolation: '#{' });
    expect(l?.code).toContain('system');
    expect(lex('x = "abc\n', { quotes: '"', singleLine: true })).toBeUndefined();
  });
});
