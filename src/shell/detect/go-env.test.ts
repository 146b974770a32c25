// The go command's own settings file (`go env -w` writes ~/.config/go/env): a setting that runs other programs,
// swaps in files or takes modules from elsewhere makes every go command uncertain (checked with go 1.19:
// `GOFLAGS=-toolexec=x` there runs x on `go build` and `go vet`); folders, platforms and plain switches do not.
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

const SECRET = 'TOKEN-90c3-never-in-a-reason';

function uncertain(command: string, env: string, place = '.config/go/env'): string {
  p = diskProject('go-env-');
  p.write({ 'go.mod': 'module example.com/x\n\ngo 1.22\n', 'main.go': 'package main\n\nfunc main() {}\n' });
  p.write({ [`${p.home}/${place}`]: env });
  const a = analyzeShellSync(command, p.env());
  const text = a.uncertain.map((u) => u.reason).join('\n');
  expect(text).not.toContain(SECRET);
  return text;
}

describe('a go setting that runs or loads something else is uncertain', () => {
  it.each<[string, string, string]>([
    ['GOFLAGS -toolexec', 'go build ./...', `GOFLAGS=-toolexec=/tmp/evil.sh\nGOPRIVATE=${SECRET}\n`],
    ['GOFLAGS -exec', 'go test ./...', 'GOFLAGS=-exec=./run.sh\n'],
    ['GOFLAGS -overlay among plain ones', 'go vet ./...', 'GOFLAGS=-mod=mod -overlay=/tmp/o.json\n'],
    ['CC', 'go build', 'CC=/tmp/evil-cc\n'],
    ['cgo flags', 'go test ./...', 'CGO_CFLAGS=-fplugin=/tmp/p.so\n'],
    ['a toolchain from PATH', 'go version', 'GOTOOLCHAIN=go1.99.0+path\n'],
    ['a module proxy nobody stated', 'go mod download', 'GOPROXY=https://proxy.evil.example\n'],
    ['no checksum database', 'go get example.com/y', 'GOSUMDB=off\n'],
    ['a key gavel does not know', 'go build', 'GOSOMETHING=1\n'],
    ["macOS's place", 'go build', 'GOFLAGS=-toolexec=x\n'],
  ])('%s', (name, command, env) => {
    const place = name === "macOS's place" ? 'Library/Application Support/go/env' : undefined;
    expect(uncertain(command, env, place)).toMatch(/go env -w/);
  });
});

describe('ordinary go settings stay quiet', () => {
  it.each<[string, string]>([
    ['private modules, folders and platform', 'GOPRIVATE=github.com/acme/*\nGOBIN=/home/u/bin\nGOAMD64=v3\n'],
    ['plain GOFLAGS', 'GOFLAGS=-mod=mod -buildvcs=false -trimpath\n'],
    [
      'the default proxy and checksum database',
      'GOPROXY=https://proxy.golang.org,direct\nGOSUMDB=sum.golang.org\n',
    ],
    ['a released toolchain', 'GOTOOLCHAIN=go1.22.4+auto\n'],
    ['an empty value and a comment', '# set by go env -w\nCGO_ENABLED=0\nGOFLAGS=\n'],
  ])('%s', (_n, env) => {
    expect(uncertain('go build ./...', env)).not.toMatch(/go env -w/);
  });
  it('another program is not the go command', () => {
    expect(uncertain('gofmt -l .', 'GOFLAGS=-toolexec=/tmp/evil.sh\n')).not.toMatch(/go env -w/);
  });
});
