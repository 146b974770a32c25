/**
 * Where `go get`, `go mod download`/`tidy` and a build, test or run take modules from besides the default proxy: the `replace`
 * directives of the workspace's `go.mod` and `go.work`, and a `go.work`'s `use` folders. A replacement by a folder outside the workspace is the
 * install category (its code is built from there); by a module on a host outside the public code hosts and the
 * well-known module hosts it is uncertain (the catalogue knows `go get` of those hosts only). Variables that
 * change the proxy or the checksum database on the line are judged by the catalogue's variable lists. Pure apart
 * from the injected reader and reporting; never quotes a file.
 */

import { type Invocation, optionText, type Reporter } from '../unwrap/invocation';
import { NO_FLOW } from '../walk/flow';
import { resolveArg } from './path-effects';
import { inFolder, projectFile } from './project-file';
import { configFolders } from './runner-config';

/** Module hosts whose modules the default proxy serves and the checksum database records (catalogue `go-get`). */
const KNOWN_MODULE =
  /^(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|golang\.org\/x|google\.golang\.org|gopkg\.in|go\.uber\.org|go\.etcd\.io|go\.opentelemetry\.io|go\.mongodb\.org|k8s\.io|sigs\.k8s\.io|cloud\.google\.com\/go|gotest\.tools|honnef\.co|modernc\.org|mvdan\.cc|gorm\.io|entgo\.io|connectrpc\.com|filippo\.io|gocloud\.dev|nhooyr\.io|golang\.zx2c4\.com)\//;

/** The `go` subcommands that fetch the modules go.mod requires. */
function fetches(words: readonly string[]): boolean {
  const [first, second] = words;
  // A build, test or run compiles the replacement too, and downloads what the module cache lacks (ADR 0089).
  return (
    /^(get|build|test|run|install|vet|list|generate|tool)$/.test(first ?? '') ||
    (first === 'mod' && (second === 'download' || second === 'tidy'))
  );
}

/** The targets of a go.mod/go.work's `replace` directives (`=> ../x`, `=> example.com/y v1.2.3`). */
export function replaceTargets(text: string): string[] {
  return replacements(text).map((p) => p.to);
}

/** A `replace` directive: the module replaced and what replaces it (a folder or a module path), unquoted. */
export interface Replacement {
  from: string;
  to: string;
}

/** The `replace` directives of a go.mod/go.work, in block and single-line form, comments skipped. */
export function replacements(text: string): Replacement[] {
  const out: Replacement[] = [];
  const body = text.replace(/\/\/[^\n]*/g, '');
  const lines: string[] = [];
  for (const m of body.matchAll(/^\s*replace\s*\(([\s\S]*?)^\s*\)/gm))
    lines.push(...(m[1] as string).split('\n'));
  for (const m of body.matchAll(/^\s*replace\s+([^(\n][^\n]*)$/gm)) lines.push(m[1] as string);
  const unquote = (t: string) => t.replace(/^"(.*)"$/, '$1');
  for (const line of lines) {
    const m = /^\s*(\S+)[^=]*=>\s*(\S+)/.exec(line);
    if (m) out.push({ from: unquote(m[1] as string), to: unquote(m[2] as string) });
  }
  return out;
}

/** Modules a go.mod replaces by another module's code (a fork): `golang.org/x/tools => github.com/someone/tools`. */
export function forkedModules(text: string): string[] {
  return replacements(text)
    .filter((p) => !/^\.{0,2}\//.test(p.to) && p.to !== p.from)
    .map((p) => p.from);
}

/** Does an import path name a package of one of these modules? */
export const inModules = (path: string, modules: readonly string[]) =>
  modules.some((m) => path === m || path.startsWith(`${m}/`));

/**
 * The program `go run` or `go tool` runs when it is another module's package (`go run golang.org/x/tools/cmd/stringer`,
 * `go tool stringer`): its import path, `tool` for any tool; undefined for a workspace package or a file.
 */
function modulePackage(inv: Invocation): string | undefined {
  const words = inv.args.map((w) => optionText(w));
  if (words[0] === 'tool') return 'tool';
  if (words[0] !== 'run') return undefined;
  // The first word that is neither a flag nor a build flag's value (`go run -tags dev golang.org/x/tools/...`).
  let target: string | undefined;
  for (let k = 1; k < words.length && target === undefined; k++) {
    const t = words[k] as string;
    if (!t.startsWith('-')) target = t;
    else if (GO_VALUE_FLAGS.test(t)) k++;
  }
  return target === undefined || /^\.{0,2}\/|\.go$|^\.$|@/.test(target) ? undefined : target;
}

/** Build flags of the go command that take the next word as their value. */
export const GO_VALUE_FLAGS =
  /^-{1,2}(?:tags|mod|modfile|overlay|pgo|p|gcflags|ldflags|asmflags|gccgoflags|compiler|pkgdir|installsuffix|buildmode|coverpkg|covermode|toolexec|exec|C)$/;

/** The folders a go.work's `use` directives add to the build (`use ./a`, `use ( ../b ./c )`). */
export function useTargets(text: string): string[] {
  const out: string[] = [];
  const body = text.replace(/\/\/[^\n]*/g, '');
  for (const m of body.matchAll(/^\s*use\s*\(([\s\S]*?)^\s*\)/gm))
    for (const line of (m[1] as string).split('\n')) if (line.trim() !== '') out.push(line.trim());
  for (const m of body.matchAll(/^\s*use\s+([^(\s][^\n]*)$/gm)) out.push((m[1] as string).trim());
  return out.map((t) => t.replace(/^"(.*)"$/, '$1'));
}

/** The programs goSources looks at. */
export const GO_SOURCES_PROGRAMS = () => ['go'];

export function goSources(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'go' || inv.cwd === undefined || !r.env.readScript) return;
  const words = inv.args.map((w) => optionText(w)).filter((t) => !t.startsWith('-'));
  if (!fetches(words)) return;
  for (const dir of configFolders(inv.cwd, r)) {
    for (const name of ['go.work', 'go.mod']) {
      const file = projectFile(inFolder(dir, name), inv, r);
      if (file.kind !== 'text') continue;
      // A go.work's `use` folders are modules of the build as its replacements are: a folder outside is built too.
      const uses =
        name === 'go.work' ? useTargets(file.text).map((t) => (t.startsWith('/') ? t : `./${t}`)) : [];
      // A module replaced by another module's code (a fork: `golang.org/x/tools => github.com/someone/tools`) is
      // that other code wherever the program or its tests import it.
      // A module replaced by another module's code (a fork) runs that code as the program `go run` names (a
      // directive of `go generate` among them) or any `go tool`; a workspace program importing it is go-programs.ts's.
      const forks = forkedModules(file.text);
      const pkg = modulePackage(inv);
      if (forks.length > 0 && pkg !== undefined && (pkg === 'tool' || inModules(pkg, forks))) {
        r.uncertain(
          'dynamic-script',
          `\`go ${words[0]}\` runs a module the ${name} replaces by another module's code`,
          inv.segment,
          'kept',
        );
        return;
      }
      for (const target of [...uses, ...replaceTargets(file.text)]) {
        if (/^\.{0,2}\//.test(target)) {
          const res = resolveArg({ text: target, flow: NO_FLOW }, { ...inv, cwd: dir }, r);
          if (res.class !== 'workspace' || (res.real !== undefined && res.real !== res.resolved)) {
            r.hit(
              'package_install_from_unstated_source',
              `\`go ${words[0]}\` reads a ${name} that takes a module from a folder outside the workspace`,
              inv.segment,
            );
            return;
          }
        } else if (!KNOWN_MODULE.test(target)) {
          r.uncertain(
            'dynamic-script',
            `\`go ${words[0]}\` reads a ${name} that replaces a module by one from another host`,
            inv.segment,
            'kept',
          );
          return;
        }
      }
    }
  }
}
