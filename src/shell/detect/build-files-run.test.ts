// Which files each builder executes: the readers' verdicts reach the analysis (a literal `rm -rf ~` in a
// Rakefile or CMakeLists is the floor; code a reader cannot follow is uncertain; declarative files stay quiet).
// The reader is a table in memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile, ShellAnalysis } from '../types';

const P = '/home/u/proj';
const text = (t: string): ScriptFile => ({ kind: 'text', text: t });

const FILES: Record<string, ScriptFile> = {
  [`${P}/ok/Rakefile`]: text('require "rake/testtask"\nRake::TestTask.new(:test) { |t| t.libs << "test" }\n'),
  [`${P}/bad/Rakefile`]: text('task :test do\n  sh "rm -rf ~"\nend\n'),
  [`${P}/ok/setup.py`]: text('from setuptools import setup\nsetup(name="x")\n'),
  [`${P}/bad/setup.py`]: text(
    'import os\nos.system("rm -rf ~")\nfrom setuptools import setup\nsetup(name="x")\n',
  ),
  [`${P}/ok/CMakeLists.txt`]: text(
    'cmake_minimum_required(VERSION 3.20)\nproject(app C)\nadd_executable(app main.c)\n',
  ),
  [`${P}/bad/CMakeLists.txt`]: text('project(x)\nexecute_process(COMMAND sh -c "rm -rf ~")\n'),
  [`${P}/bad/build/CMakeCache.txt`]: text(`CMAKE_HOME_DIRECTORY:INTERNAL=${P}/bad\n`),
  [`${P}/ok/Cargo.toml`]: text(
    '[package]\nname = "x"\n\n[dependencies]\nlocal = { path = "crates/local" }\n',
  ),
  [`${P}/ok/build.rs`]: text('fn main() { println!("cargo:rerun-if-changed=build.rs"); }\n'),
  [`${P}/ok/crates/local/Cargo.toml`]: text('[package]\nname = "local"\n'),
  [`${P}/ok/crates/local/build.rs`]: text('fn main() { std::process::Command::new("sh"); }\n'),
  [`${P}/bad/build.zig`]: text('pub fn build(b: *std.Build) void { _ = b.addSystemCommand(&.{"rm"}); }\n'),
  [`${P}/bad/mix.exs`]: text('defp aliases, do: [test: ["cmd rm -rf ~", "test"]]\n'),
};

const env = shellEnv({ readScript: (abs: string) => FILES[abs] ?? { kind: 'missing' } });
const at = (dir: string, command: string) =>
  analyzeShellSync(command, { ...env, cwd: `${P}/${dir}`, workspaceRoots: [P] });
const categories = (a: ShellAnalysis) => [...new Set(a.hits.map((h) => h.category))].sort();
const codes = (a: ShellAnalysis) => [...new Set(a.uncertain.map((u) => u.code))].sort();

beforeAll(async () => {
  await loadShellParser();
});

describe('builders read the files they execute', () => {
  it('rake and bundle exec rake: the Rakefile sh line is the floor; a TestTask Rakefile is quiet', () => {
    expect(categories(at('bad', 'rake test'))).toContain('destructive_root_delete');
    expect(categories(at('bad', 'bundle exec rake test'))).toContain('destructive_root_delete');
    const ok = at('ok', 'rake test');
    expect(categories(ok)).toEqual([]);
    expect(codes(ok)).toEqual([]);
  });
  it('pip install . / -e . run setup.py: reaching the system is uncertain', () => {
    expect(codes(at('bad', 'pip install -e .'))).toContain('dynamic-script');
    expect(codes(at('bad', 'python3 -m pip install .'))).toContain('dynamic-script');
    expect(codes(at('ok', 'pip install -e .'))).toEqual([]);
  });
  it('cmake configure and build read CMakeLists (through the build folder cache)', () => {
    expect(categories(at('bad', 'cmake -S . -B build'))).toContain('destructive_root_delete');
    expect(categories(at('bad', 'cmake --build build'))).toContain('destructive_root_delete');
    expect(codes(at('ok', 'cmake -S . -B build'))).toEqual([]);
  });
  it('a CMakeLists written earlier in the line is read as written', () => {
    const a = at(
      'ok',
      "echo 'execute_process(COMMAND rm -rf /)' > CMakeLists.txt && cmake -S . -B build",
    );
    expect(categories(a)).toContain('destructive_root_delete');
    const shown = at('ok', "printf 'project(x)\\n' > CMakeLists.txt && cmake -S . -B build");
    expect(codes(shown)).toContain('dynamic-script');
  });
  it('cargo follows path dependencies to their build.rs; zig and mix', () => {
    expect(codes(at('ok', 'cargo build'))).toContain('dynamic-script');
    expect(codes(at('bad', 'zig build test'))).toContain('dynamic-script');
    expect(categories(at('bad', 'mix test'))).toContain('destructive_root_delete');
  });
});
