// Where `go get` and `go mod download|tidy` take modules from besides the default proxy (issue 11, ADR 0072):
// a go.mod or go.work `replace` by a folder outside the workspace is the install category, by a module on an
// unknown host uncertain; replacements inside the workspace and on public code hosts leave the command known.
// Real files in a temp folder; go is never run.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';
import { replaceTargets, useTargets } from './go-sources';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

function found(command: string, files: Record<string, string>): string[] {
  p = diskProject('dbmig-go-');
  p.write(files);
  const a = analyzeShellSync(command, p.env());
  return [...a.uncertain.map((u) => u.reason), ...a.hits.map((h) => h.category)];
}

const MOD = (extra = '') =>
  `module example.com/app\n\ngo 1.22\n\nrequire github.com/pkg/errors v0.9.1\n${extra}`;

describe('replace directives read', () => {
  it('reads single-line and block replacements, skipping comments', () => {
    const text = MOD(
      'replace github.com/a/b => ../b\n// replace x => /etc\nreplace (\n  github.com/c/d v1.0.0 => evil.example/d v1.0.1\n  github.com/e/f => "./vendor/f"\n)\n',
    );
    expect(replaceTargets(text)).toEqual(['evil.example/d', './vendor/f', '../b']);
  });
});

describe('go get through the default proxy stays known', () => {
  it.each<[string, string, Record<string, string>]>([
    ['no replacement', 'go get github.com/stretchr/testify@v1.9.0', { 'go.mod': MOD() }],
    [
      'a replacement inside the workspace',
      'go get -u ./...',
      {
        'go.mod': MOD('replace github.com/a/b => ./third_party/b\n'),
        'third_party/b/go.mod': 'module github.com/a/b\n',
      },
    ],
    [
      'a replacement on a public code host',
      'go mod tidy',
      { 'go.mod': MOD('replace github.com/a/b => github.com/me/b v1.0.0\n') },
    ],
    [
      'a go build with a replacement inside',
      'go build ./...',
      { 'go.mod': MOD('replace github.com/a/b => ./b\n'), 'b/go.mod': 'module github.com/a/b\n' },
    ],
  ])('%s', (_n, command, files) => expect(found(command, files)).toEqual([]));
});

describe('a replacement from elsewhere', () => {
  it.each<[string]>([['go build ./...'], ['go test ./...'], ['go run .'], ['go vet ./...']])(
    'a folder outside the workspace is the install category for %s (its code is compiled and run)',
    (command) => {
      expect(found(command, { 'go.mod': MOD('replace github.com/a/b => /opt/b\n') })).toContain(
        'package_install_from_unstated_source',
      );
    },
  );

  it('a folder outside the workspace is the install category', () => {
    expect(
      found('go get github.com/a/b@v1.0.0', { 'go.mod': MOD('replace github.com/a/b => /tmp/b\n') }),
    ).toContain('package_install_from_unstated_source');
  });
  it('a parent folder out of the workspace is the install category', () => {
    expect(
      found('go mod download', { 'go.mod': MOD('replace (\n  github.com/a/b => ../../../b\n)\n') }),
    ).toContain('package_install_from_unstated_source');
  });
  it('a module on another host is uncertain', () => {
    expect(
      found('go get github.com/a/b', {
        'go.mod': MOD('replace github.com/a/b v1.0.0 => evil.example/b v1.0.1\n'),
      }),
    ).not.toEqual([]);
  });
  it('go.work is read too', () => {
    expect(
      found('go get github.com/a/b', {
        'go.mod': MOD(),
        'go.work': 'go 1.22\nuse .\nreplace github.com/a/b => /srv/b\n',
      }),
    ).toContain('package_install_from_unstated_source');
  });

  it.each<[string, string]>([
    ['a folder outside', 'go 1.22\nuse /tmp/evil\n'],
    ['a parent folder in a block', 'go 1.22\nuse (\n  .\n  ../../elsewhere\n)\n'],
  ])("a go.work's use of %s builds that module too", (_n, work) => {
    expect(found('go test ./...', { 'go.mod': MOD(), 'go.work': work })).toContain(
      'package_install_from_unstated_source',
    );
  });
  it("a go.work's use of workspace folders stays known", () => {
    expect(
      found('go build ./...', {
        'go.mod': MOD(),
        'go.work': 'go 1.22\nuse (\n  .\n  ./tools // the tools\n)\n',
      }),
    ).toEqual([]);
  });
});

describe('use directives read', () => {
  it('reads single-line and block uses, skipping comments', () => {
    expect(useTargets('go 1.22\nuse ./a\n// use /etc\nuse (\n  "../b"\n  c\n)\n')).toEqual([
      '../b',
      'c',
      './a',
    ]);
  });
});

// Round 31 (blind): `golang.org/x/tools => github.com/someone/x-tools` makes `go run golang.org/x/tools/cmd/stringer`
// (and every `go generate` directive running it) run the fork's code; the workspace's own programs and tests that do
// not import it stay known (go-programs.ts reads what a workspace program imports).
describe('a module replaced by another module (a fork)', () => {
  const FORK = MOD('replace golang.org/x/tools => github.com/someone/x-tools v0.24.1\n');
  const files = {
    'go.mod': FORK,
    'internal/format/format.go':
      'package format\n\n//go:generate go run golang.org/x/tools/cmd/stringer -type=Format\ntype Format int\n',
    'cmd/app/main.go': 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println(1) }\n',
    'cmd/imp/main.go':
      'package main\n\nimport "golang.org/x/tools/go/packages"\n\nfunc main() { _ = packages.Load }\n',
  };
  it.each([
    'go run golang.org/x/tools/cmd/stringer -help',
    'go run golang.org/x/tools/cmd/goimports -w cmd internal',
    // A build flag's value is not the package.
    'go run -tags dev golang.org/x/tools/cmd/stringer -help',
    'go generate ./internal/format',
    'cd internal/format && go generate',
    'go tool stringer',
    'go run ./cmd/imp',
  ])('runs its code: %s', (command) => {
    expect(found(command, files)).not.toEqual([]);
  });
  it.each([
    'go mod tidy',
    'go build ./...',
    'go test ./...',
    'go run ./cmd/app --help',
    'go generate -n ./...',
    'go run golang.org/x/tools/cmd/stringer@v0.24.0 -help',
  ])('does not run it: %s', (command) => {
    expect(found(command, files)).toEqual([]);
  });
  it.each([
    ['a version pinned for the same module', 'replace golang.org/x/tools => golang.org/x/tools v0.23.0\n'],
    ['a workspace folder', 'replace golang.org/x/tools => ./third_party/tools\n'],
  ])('%s is no fork', (_n, extra) => {
    expect(
      found('go run golang.org/x/tools/cmd/stringer -help', {
        'go.mod': MOD(extra),
        'third_party/tools/go.mod': 'module golang.org/x/tools\n',
      }),
    ).toEqual([]);
  });
});
