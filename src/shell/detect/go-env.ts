/**
 * The go command's own settings file, which `go env -w` writes (`~/.config/go/env`) and every go command reads
 * before it does anything: `GOFLAGS` with `-toolexec`, `-exec` or `-overlay` runs other programs or swaps in other
 * files on `go build`/`vet`/`test`, `CC` and the cgo flags choose the C compiler and what it loads, `GOTOOLCHAIN`
 * can run another toolchain, `GOPROXY` and the checksum settings change where modules come from. A setting not
 * known inert is uncertain. Pure apart from the injected reader and reporting; never quotes a file.
 */

import { posix } from 'node:path';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { settledFile } from './runner-config';

/** Settings that choose only folders, platforms and switches of the go command's own. */
const INERT_KEY =
  /^(?:GOPRIVATE|GONOPROXY|GOPATH|GOBIN|GOCACHE|GOMODCACHE|GOTMPDIR|GOEXPERIMENT|GO111MODULE|GOTELEMETRY|GOTELEMETRYDIR|GOAMD64|GOARM|GOARM64|GO386|GOMIPS|GOMIPS64|GOPPC64|GORISCV64|GOWASM|GOARCH|GOOS|CGO_ENABLED|GODEBUG|GOFIPS140|GOCOVERDIR|GOWORK)$/;
/** `GOFLAGS` words that run and load nothing. */
const INERT_FLAG =
  /^--?(?:mod=(?:mod|vendor|readonly)|buildvcs(?:=(?:true|false|auto))?|trimpath(?:=(?:true|false))?|race|v|tags=[\w,.-]+|count=\d+|p=\d+|cover|covermode=\w+|modcacherw|buildmode=(?:default|exe|pie))$/;
/** The defaults and plain values of the settings that are inert only so. */
const INERT_VALUE: Readonly<Record<string, RegExp>> = {
  // A released toolchain by version is fetched through the checksum database; `path` runs a program from PATH.
  GOTOOLCHAIN: /^(?:local|auto|go\d+(?:\.\d+){0,2}(?:(?:rc|beta)\d+)?(?:\+auto)?)$/,
  GOPROXY: /^(?:https:\/\/proxy\.golang\.org(?:,direct)?|direct)$/,
  GOSUMDB: /^sum\.golang\.org$/,
};

/** The folders the settings file is looked for in (Linux's and macOS's user configuration folders). */
const PLACES = ['.config/go/env', 'Library/Application Support/go/env'];

export function goEnv(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'go' || !r.env.readScript) return;
  for (const place of PLACES) {
    const file = settledFile(posix.join(r.scope.home, place), inv, r);
    if (file.kind !== 'text') continue;
    for (const raw of file.text.split(/\r?\n/)) {
      const line = raw.trim();
      const eq = line.indexOf('=');
      if (line === '' || line.startsWith('#') || eq < 0) continue;
      const key = line.slice(0, eq).trim();
      const value = line.slice(eq + 1).trim();
      if (INERT_KEY.test(key) || value === '') continue;
      const plain = INERT_VALUE[key];
      if (plain?.test(value)) continue;
      if (key === 'GOFLAGS' && value.split(/\s+/).every((w) => INERT_FLAG.test(w))) continue;
      r.uncertain(
        'dynamic-script',
        '`go` reads settings (`go env -w`) that may run other programs or take modules from elsewhere',
        inv.segment,
        'kept',
      );
      return;
    }
  }
}
