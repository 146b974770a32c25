/**
 * What `go run` of a workspace package runs: the program is the package's Go files (its `_test.go` files aside)
 * and the workspace packages they import, followed through the module's own import path (`module` of the
 * go.mod above the package), bounded. A program whose code imports what reaches beyond computing and the
 * workspace's files (the network, other programs, plugins, raw system calls, cgo, `unsafe`) or asks for the home
 * folder is uncertain, as a build file's code is (build-files.ts); so is a package or file gavel cannot list or
 * read. Packages of other modules are dependencies, judged where they are installed (go-sources.ts). A package
 * named by an import path of another module, or `pkg@version`, is the catalogue's to refuse. Pure apart from the
 * injected reader and reporting; never quotes a file.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { folderListing } from './config-modules';
import { forkedModules, GO_VALUE_FLAGS, inModules, replacements } from './go-sources';
import { inFolder, projectFile } from './project-file';

/** Packages followed per command. */
const MAX_PACKAGES = 32;
/** Go files read per command. */
const MAX_FILES = 160;

/** Imports that reach past computing and files whatever the code does with them. */
const REACHING =
  /^(?:os\/exec|os\/user|plugin|unsafe|C|runtime\/cgo|net\/(?:smtp|rpc(?:\/.*)?|http\/httputil|http\/cookiejar)|golang\.org\/x\/(?:sys|net|crypto\/ssh)(?:\/.*)?)$/;
/**
 * Imports a server uses too (`net/http` to serve, `net` to listen, `syscall` for signal names): they count when the
 * file calls out with them (a request, a dial, a lookup, a system call other than a signal or error name), or when
 * they are imported under another name (the calls are then not seen by theirs).
 */
const OUTBOUND: Readonly<Record<string, RegExp>> = {
  'net/http':
    /\bhttp\.(?:Get|Post|PostForm|Head|NewRequest(?:WithContext)?|DefaultClient|DefaultTransport|Client|Transport)\b/,
  net: /\bnet\.(?:Dial\w*|Dialer|Resolver|Lookup\w*|DefaultResolver)\b/,
  syscall: /\bsyscall\.(?!SIG[A-Z0-9]+\b|Signal\b|Errno\b|E[A-Z0-9]+\b)\w+/,
};
/** Calls that ask for the home folder or start a process without os/exec. */
const REACHING_CALLS =
  /\bos\.(?:UserHomeDir|UserConfigDir|UserCacheDir|StartProcess|Environ|ExpandEnv)\b|\bos\.(?:Getenv|LookupEnv)\(\s*"(?:HOME|USERPROFILE|XDG_CONFIG_HOME)"|\/\/go:linkname\b|"(?:~\/|\/root\/|\/home\/|\/etc\/|\/var\/run\/)/;

/** Does one Go file reach past computing and files? */
function fileReaches(text: string, imports: readonly string[]): boolean {
  if (imports.some((i) => REACHING.test(i)) || REACHING_CALLS.test(text)) return true;
  for (const [path, calls] of Object.entries(OUTBOUND)) {
    if (!imports.includes(path)) continue;
    const quoted = path.replace(/\//g, '\\/');
    if (new RegExp(`(?:^|[\\s(])(?!_\\s|import\\s)[\\w.]+\\s+"${quoted}"`, 'm').test(stripComments(text)))
      return true;
    if (calls.test(text)) return true;
  }
  return false;
}

const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, '');

/** Build tags true in a default build: systems, architectures, toolchains, Go versions. */
const DEFAULT_TAGS =
  /^(?:linux|darwin|windows|freebsd|netbsd|openbsd|dragonfly|solaris|illumos|aix|android|ios|plan9|js|wasip1|unix|amd64|arm64|arm|386|ppc64le|ppc64|s390x|riscv64|mips\w*|loong64|wasm|gc|gccgo|cgo|go1\.\d+)$/;

/**
 * Is the file left out of a default build by its constraint: one tag no default build sets (`//go:build mage`,
 * `//go:build tools`, `//go:build ignore`)? Any other constraint is taken to hold.
 */
function excludedByTag(text: string): boolean {
  const head = text.slice(0, Math.max(0, text.search(/^\s*package\s/m)));
  const tag = /^\/\/go:build\s+(\S+)\s*$/m.exec(head)?.[1];
  return tag !== undefined && /^[A-Za-z_][\w.]*$/.test(tag) && !DEFAULT_TAGS.test(tag);
}

/** The import paths of one Go file (single and grouped imports, comments stripped); undefined: not read. */
export function goImports(text: string): string[] | undefined {
  const code = stripComments(text);
  const out: string[] = [];
  for (const m of code.matchAll(/^\s*import\s*\(([\s\S]*?)\)/gm))
    for (const s of (m[1] as string).matchAll(/"([^"\n]+)"|`([^`\n]+)`/g)) out.push((s[1] ?? s[2]) as string);
  for (const m of code.matchAll(/^\s*import\s+(?:[\w.]+\s+)?(?:"([^"\n]+)"|`([^`\n]+)`)/gm))
    out.push((m[1] ?? m[2]) as string);
  return out;
}

/** The folder holding the nearest go.mod at or above `folder`, and its module path. */
function moduleOf(
  folder: string,
  inv: Invocation,
  r: Reporter,
): { root: string; path: string; forks: string[]; folders: string[] } | undefined {
  for (let dir = folder; ; dir = posix.dirname(dir)) {
    const mod = projectFile(inFolder(dir, 'go.mod'), inv, r);
    if (mod.kind === 'text') {
      const path = /^\s*module\s+"?([^\s"]+)"?/m.exec(mod.text)?.[1];
      const folders = replacements(mod.text)
        .filter((p) => /^\.{0,2}\//.test(p.to))
        .map((p) => p.from);
      return path === undefined ? undefined : { root: dir, path, forks: forkedModules(mod.text), folders };
    }
    if (dir === '/' || dir === r.scope.home) return undefined;
  }
}

/** The program `go run` compiles: a folder (every file of the package) or the files named, before its arguments. */
function runTarget(inv: Invocation): { folder: string; files?: string[] } | 'unplaced' | undefined {
  const words = inv.args.slice(1);
  let cwd = inv.cwd as string;
  const files: string[] = [];
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    if (w === undefined || !isLiteral(w)) return undefined;
    const t = plain(w);
    if (files.length === 0 && t.startsWith('-')) {
      // `-C dir` (Go 1.20) runs in another folder: the package is named from there.
      if (/^-{1,2}C(?:=|$)/.test(t)) {
        const dir = t.includes('=') ? t.slice(t.indexOf('=') + 1) : plain(words[++k]);
        if (!t.includes('=') && (words[k] === undefined || !isLiteral(words[k] as Word))) return 'unplaced';
        cwd = posix.resolve(cwd, dir);
        continue;
      }
      if (GO_VALUE_FLAGS.test(t)) k++;
      continue;
    }
    if (t.endsWith('.go')) {
      files.push(posix.resolve(cwd, t));
      continue;
    }
    if (files.length > 0) break;
    // A package by its folder: `.`, `./cmd/x`.
    if (/^\.{1,2}(?:\/|$)/.test(t)) return { folder: posix.resolve(cwd, t) };
    return undefined;
  }
  if (files.length === 0) return undefined;
  const folder = posix.dirname(files[0] as string);
  return files.every((f) => posix.dirname(f) === folder) ? { folder, files } : undefined;
}

export function goPrograms(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'go' || plain(inv.args[0]) !== 'run' || inv.cwd === undefined || !r.env.readScript)
    return;
  const target = runTarget(inv);
  // Another module's package (`golang.org/x/tools/cmd/stringer`, `pkg@v1`): a dependency, not the workspace's code.
  if (target === undefined) return;
  if (target === 'unplaced') {
    r.uncertain(
      'dynamic-script',
      '`go run` runs a package of a folder known only at run time',
      inv.segment,
      'kept',
    );
    return;
  }
  const why = programReach(target, inv, r);
  if (why !== undefined) r.uncertain('dynamic-script', `\`go run\` ${why}`, inv.segment, 'kept');
}

/** Why the program may reach beyond computing and files (a fixed phrase), or undefined when it only computes. */
function programReach(
  target: { folder: string; files?: string[] },
  inv: Invocation,
  r: Reporter,
): string | undefined {
  // With build tags given, a file constrained by one may be built: every file is read.
  const tagged = inv.args.some((w) => /^-{1,2}tags(?:=|$)/.test(plain(w)));
  const module = moduleOf(target.folder, inv, r);
  const queue: string[] = [target.folder];
  const seen = new Set<string>(queue);
  let read = 0;
  while (queue.length > 0) {
    const folder = queue.shift() as string;
    let names: string[];
    if (folder === target.folder && target.files) names = target.files.map((f) => posix.basename(f));
    else {
      const listed = folderListing(folder, inv, r);
      if (listed === 'missing' || listed === 'unlisted') return 'runs a package gavel cannot list';
      // Assembly, C and object files are built into the program too: their code is not read.
      if ([...listed].some((n) => /\.(?:s|S|c|cc|cpp|cxx|m|syso|h)$/.test(n)))
        return 'runs a package with code in another language';
      names = [...listed].filter((n) => n.endsWith('.go') && !n.endsWith('_test.go'));
    }
    for (const name of names) {
      if (++read > MAX_FILES) return 'runs more Go files than one review reads';
      const file = projectFile(inFolder(folder, name), inv, r);
      if (file.kind === 'missing') continue;
      if (file.kind === 'text' && !tagged && excludedByTag(file.text)) continue;
      const imports = file.kind === 'text' ? goImports(file.text) : undefined;
      if (file.kind !== 'text' || imports === undefined) return 'runs a Go file gavel cannot read';
      if (fileReaches(file.text, imports))
        return 'runs a workspace program whose code may reach the network, other programs or the home folder';
      if (module === undefined) continue;
      if (imports.some((i) => inModules(i, module.folders)))
        return 'runs a workspace program that imports a module the go.mod takes from a folder, not read';
      if (imports.some((i) => inModules(i, module.forks)))
        return "runs a workspace program that imports a module the go.mod replaces by another module's code";
      for (const i of imports) {
        if (i !== module.path && !i.startsWith(`${module.path}/`)) continue;
        const dir = posix.join(module.root, i.slice(module.path.length));
        if (seen.has(dir)) continue;
        if (seen.size >= MAX_PACKAGES) return 'runs more packages than one review reads';
        seen.add(dir);
        queue.push(dir);
      }
    }
  }
  return undefined;
}
