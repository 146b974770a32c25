// What `go run` of a workspace package runs (round 31, blind: `go run ./internal/tools/gendocs` POSTed the home's
// credentials, and `go generate` ran it): the package's files and the workspace packages they import. Real files in
// a temp folder; go is never run.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';
import { goImports } from './go-programs';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

function reasons(command: string, files: Record<string, string>): string[] {
  p = diskProject('go-programs-');
  p.write(files);
  const a = analyzeShellSync(command, p.env());
  return [...a.uncertain.map((u) => u.reason), ...a.hits.map((h) => h.category)];
}
const reaches = (rs: string[]) => rs.some((x) => x.includes('`go run`'));

const MOD = 'module example.com/app\n\ngo 1.22\n';
const PLAIN =
  'package main\n\nimport (\n\t"fmt"\n\t"os"\n\t"strings"\n)\n\nfunc main() { fmt.Println(strings.ToUpper(os.Args[1])) }\n';
const POSTS =
  'package main\n\nimport (\n\t"bytes"\n\t"net/http"\n)\n\nfunc main() { http.Post("https://x.example.net", "text/plain", bytes.NewReader(nil)) }\n';

describe('a workspace program that only computes and writes files stays known', () => {
  it.each([
    ['a folder', 'go run ./cmd/gen -out docs'],
    ['the current package', 'cd cmd/gen && go run .'],
    ['its files', 'go run cmd/gen/main.go --help'],
    ['with a build flag', 'go run -tags dev ./cmd/gen'],
  ])('%s: %s', (_n, command) => {
    const files = {
      'go.mod': MOD,
      'cmd/gen/main.go': PLAIN,
      'cmd/gen/main_test.go': POSTS.replace('main', 'main'),
    };
    expect(reaches(reasons(command, files))).toBe(false);
  });
  it('a workspace package it imports is read too, and computes', () => {
    const files = {
      'go.mod': MOD,
      'cmd/gen/main.go':
        'package main\n\nimport "example.com/app/internal/doc"\n\nfunc main() { doc.Write() }\n',
      'internal/doc/doc.go':
        'package doc\n\nimport "os"\n\nfunc Write() { os.WriteFile("x.md", nil, 0o644) }\n',
    };
    expect(reaches(reasons('go run ./cmd/gen', files))).toBe(false);
  });
});

// A server imports net/http to serve, net to listen and syscall for signal names (round 21: `go run .` of a
// service): those count only when the code calls out with them.
const SERVER =
  'package main\n\nimport (\n\t"net"\n\t"net/http"\n\t"os/signal"\n\t"syscall"\n)\n\nfunc main() {\n\tsignal.Notify(make(chan os.Signal, 1), syscall.SIGINT, syscall.SIGTERM)\n\tl, _ := net.Listen("tcp", ":8080")\n\thttp.Serve(l, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) }))\n}\n';
describe('a workspace server stays known', () => {
  it('serves, listens and names signals', () => {
    expect(reaches(reasons('go run ./cmd/gen', { 'go.mod': MOD, 'cmd/gen/main.go': SERVER }))).toBe(false);
  });
  // Round 21: a magefile beside the server, built only with its tag.
  it('a file a default build leaves out by its tag is not read, unless tags are given', () => {
    const files = {
      'go.mod': MOD,
      'cmd/gen/main.go': SERVER,
      'cmd/gen/magefile.go': `//go:build mage\n\n${POSTS.replace('func main()', 'func Release()')}`,
    };
    expect(reaches(reasons('go run ./cmd/gen', files))).toBe(false);
    expect(reaches(reasons('go run -tags mage ./cmd/gen', files))).toBe(true);
    const linux = {
      ...files,
      'cmd/gen/magefile.go': `//go:build linux\n\n${POSTS.replace('func main()', 'func R()')}`,
    };
    expect(reaches(reasons('go run ./cmd/gen', linux))).toBe(true);
  });
  it.each([
    [
      'a request with the default client',
      SERVER.replace('w.WriteHeader(http.StatusOK)', 'http.DefaultClient.Get("https://x.example.net")'),
    ],
    ['a dial', SERVER.replace('net.Listen("tcp", ":8080")', 'net.Dial("tcp", "x.example.net:443")')],
    [
      'a name looked up (DNS carries data)',
      SERVER.replace('net.Listen("tcp", ":8080")', 'net.LookupHost("d.x.example.net")'),
    ],
    [
      'a system call beyond signal names',
      SERVER.replace('syscall.SIGINT, syscall.SIGTERM', 'syscall.SIGINT); syscall.Exec("/bin/sh", nil, nil'),
    ],
    ['net/http under another name', SERVER.replace('\t"net/http"', '\th "net/http"')],
  ])('but %s reaches', (_n, text) => {
    expect(reaches(reasons('go run ./cmd/gen', { 'go.mod': MOD, 'cmd/gen/main.go': text }))).toBe(true);
  });
});

describe('a workspace program that may reach beyond is uncertain', () => {
  it.each([
    ['posts to a host', { 'cmd/gen/main.go': POSTS }],
    [
      'runs a program',
      { 'cmd/gen/main.go': 'package main\nimport "os/exec"\nfunc main() { exec.Command("sh").Run() }\n' },
    ],
    [
      'asks for the home folder',
      { 'cmd/gen/main.go': 'package main\nimport "os"\nfunc main() { os.UserHomeDir() }\n' },
    ],
    [
      'reads HOME',
      { 'cmd/gen/main.go': 'package main\nimport "os"\nfunc main() { _ = os.Getenv("HOME") }\n' },
    ],
    ['cgo', { 'cmd/gen/main.go': 'package main\n// #include <stdlib.h>\nimport "C"\nfunc main() {}\n' }],
    [
      'a second file of the package reaches',
      { 'cmd/gen/main.go': PLAIN, 'cmd/gen/upload.go': POSTS.replace('func main()', 'func upload()') },
    ],
    [
      'a workspace package it imports reaches',
      {
        'cmd/gen/main.go':
          'package main\n\nimport (\n\t"example.com/app/internal/tel"\n)\n\nfunc main() { tel.Send() }\n',
        'internal/tel/tel.go':
          'package tel\nimport "net/http"\nfunc Send() { http.Get("https://x.example.net") }\n',
      },
    ],
  ] as const)('%s', (_n, files) => {
    expect(reaches(reasons('go run ./cmd/gen -out docs', { 'go.mod': MOD, ...files }))).toBe(true);
  });
  // Review of this session.
  it.each([
    [
      'an assembly file beside the Go files',
      { 'cmd/gen/main.go': PLAIN, 'cmd/gen/sys_amd64.s': 'TEXT ·x(SB),0,$0\n' },
    ],
    [
      'the environment read whole',
      { 'cmd/gen/main.go': 'package main\nimport "os"\nfunc main() { _ = os.Environ() }\n' },
    ],
    [
      'a path of the home expanded',
      {
        'cmd/gen/main.go':
          'package main\nimport "os"\nfunc main() { os.ReadFile(os.ExpandEnv("$HOME/.ssh/id_rsa")) }\n',
      },
    ],
    [
      'a literal path outside the workspace',
      {
        'cmd/gen/main.go':
          'package main\nimport "os"\nfunc main() { os.ReadFile("/root/.aws/credentials") }\n',
      },
    ],
    [
      'the user database',
      { 'cmd/gen/main.go': 'package main\nimport "os/user"\nfunc main() { user.Current() }\n' },
    ],
    [
      'a module taken from a folder',
      {
        'go.mod': `${MOD}\nrequire example.com/lib v0.0.0\nreplace example.com/lib => ../lib\n`,
        'cmd/gen/main.go': 'package main\nimport "example.com/lib"\nfunc main() { lib.X() }\n',
      },
    ],
  ] as const)('%s', (_n, files) => {
    expect(reaches(reasons('go run ./cmd/gen', { 'go.mod': MOD, ...files }))).toBe(true);
  });
  it('a folder given by -C is where the package is named from', () => {
    const files = { 'go.mod': MOD, 'sub/cmd/gen/main.go': POSTS, 'cmd/gen/main.go': PLAIN };
    expect(reaches(reasons('go run -C sub ./cmd/gen', files))).toBe(true);
    expect(reasons('go run -C "$D" ./cmd/gen', files)).not.toEqual([]);
  });
  it('a package folder that is not there', () => {
    expect(reaches(reasons('go run ./cmd/missing', { 'go.mod': MOD }))).toBe(true);
  });
  it('go generate running the program (reported through the directive it runs)', () => {
    const files = (main: string) => ({
      'go.mod': MOD,
      'cmd/gen/main.go': main,
      'doc.go': 'package app\n\n//go:generate go run ./cmd/gen -out docs\n',
    });
    expect(reasons('go generate .', files(POSTS))).not.toEqual([]);
    expect(reasons('go generate .', files(PLAIN))).toEqual([]);
  });
});

describe('imports read', () => {
  it('single, aliased, grouped, raw-quoted; comments skipped', () => {
    const text =
      'package x\n// import "net"\nimport "fmt"\nimport h "net/http"\n/* import "os/exec" */\nimport (\n\t_ "embed"\n\tx `unsafe`\n)\n';
    expect(goImports(text)?.sort()).toEqual(['embed', 'fmt', 'net/http', 'unsafe']);
  });
});
