/**
 * What `mage TARGET` runs: mage compiles the folder's magefiles (the `.go` files with a `mage` build constraint, or
 * every Go file of `magefiles/`) into a program and runs it, so even `mage -l` runs their package's `init` code and
 * package variables, and a target runs its function. Read here on Go's tokens (go-tokens.ts): the files may import
 * the standard library and mage's own packages only, hold no `init`, no package variable computed by a call and no
 * `mage:import`; a target (or the `Default` one, through `Aliases` and `namespace:method` names, case-insensitively)
 * runs its function, whose body may only call `sh.Run`/`RunV`/`Output` with literal words (judged as the commands
 * they are, in the folder mage runs in, `$NAME` left to the environment as mage expands it), `sh.Rm`/`sh.Copy` of
 * literal paths, `mg.Deps` and its kin on other functions of the files (followed), functions of the files, and
 * print or error calls on literals; `if err := ...; err != nil { return err }` and `return` shapes around them.
 * Names are Go's, exact (only the targets asked for are matched without regard to case); package variables hold a
 * literal, or name the `Default` target and the `Aliases` map, one name per line as mage pairs them. The files are
 * taken as mage and Go take them (constraints read as Go trims them; `_x.go` left out); one chosen by a constraint or a
 * platform suffix not evaluated here, magefiles both beside and in `magefiles/`, a module that replaces modules (go.mod,
 * go.work) or vendors mage, and a module named like the standard library are uncertain. Any other code, a target
 * taking arguments, an option that moves the folders or the compiler, a file or folder that cannot be read or listed,
 * is uncertain. Pure apart from the injected reader and reporting; never quotes a file.
 */

import { posix } from 'node:path';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { folderListing } from './config-modules';
import { shellWord } from './go-generate';
import { closing, type GoToken, goTokens } from './go-tokens';
import { foldersUp, inFolder, projectFile } from './project-file';

/** Go files read per command. */
const MAX_FILES = 32;
/** Functions followed per command. */
const MAX_FUNCTIONS = 64;

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`mage\` ${why}`, inv.segment, 'kept');

/** Go's basic types: a package variable's zero value of one has no methods of the files. */
const BASIC =
  /^(?:string|bool|byte|rune|int|int8|int16|int32|int64|uint|uint8|uint16|uint32|uint64|uintptr|float32|float64)$/;

/** The names a target's body reads as values (`err`, `ctx`) or Go predeclares (`nil`, `true`, `false`). */
const VALUE_NAMES = new Set(['err', 'ctx', 'nil', 'true', 'false']);

/** Options that change nothing mage runs; `-t` takes a value. */
const PLAIN_FLAGS = new Set(['-v', '-f', '-debug']);
/** Options that print and run no target: the program still starts (its init code runs). */
const LISTING_FLAGS = new Set(['-l', '-h']);

const MAGE = 'github.com/magefile/mage/';
const SH_RUNS = new Set(['Run', 'RunV', 'Output']);
const MG_DEPS = new Set(['Deps', 'SerialDeps', 'CtxDeps', 'SerialCtxDeps']);
/** Calls that print or build an error from their arguments, by package path. */
const PRINTS: Record<string, RegExp> = {
  fmt: /^(?:Print|Println|Printf|Errorf)$/,
  log: /^(?:Print|Println|Printf)$/,
  errors: /^New$/,
};

interface GoFunction {
  params: GoToken[];
  body: GoToken[];
  /** An exported name: a target mage can be asked to run. */
  exported: boolean;
  /** Its file's imports: local package name → import path. */
  imports: ReadonlyMap<string, string>;
}

interface Magefile {
  /** `name` or `Receiver:name` → function. */
  functions: Map<string, GoFunction>;
  /** Lower-cased exported `name` or `receiver:name` → its exact key: the targets mage can be asked for. */
  targets: Map<string, string>;
  /** Package variables by name → their value's tokens. */
  vars: Map<string, GoToken[]>;
  /** Why the files run code this reading does not follow, if they do. */
  code?: string;
}

const isOp = (t: GoToken | undefined, text: string) => t?.kind === 'op' && t.text === text;
const isIdent = (t: GoToken | undefined, text?: string) =>
  t?.kind === 'ident' && (text === undefined || t.text === text);

/** Skips one declaration from `k` (after its keyword): a parenthesized block, or up to a line end at depth 0. */
function declarationEnd(tokens: readonly GoToken[], k: number): number {
  if (isOp(tokens[k], '(')) return closing(tokens, k) + 1;
  let j = k;
  // A declaration ends at a line end or an explicit `;`, as Go reads it.
  while (j < tokens.length && tokens[j]?.kind !== 'end' && !isOp(tokens[j], ';')) {
    const t = tokens[j] as GoToken;
    if (t.kind === 'op' && /^[([{]$/.test(t.text)) {
      const c = closing(tokens, j);
      if (c < 0) return -1;
      j = c + 1;
    } else j++;
  }
  return j;
}

/** The statements of a block or declaration list split at line ends and `;` at depth 0. */
function statements(tokens: readonly GoToken[]): GoToken[][] {
  const out: GoToken[][] = [];
  let cur: GoToken[] = [];
  let depth = 0;
  for (const t of tokens) {
    if (t.kind === 'op' && /^[([{]$/.test(t.text)) depth++;
    if (t.kind === 'op' && /^[)\]}]$/.test(t.text)) depth--;
    if (depth === 0 && (t.kind === 'end' || isOp(t, ';'))) {
      if (cur.length > 0) out.push(cur);
      cur = [];
    } else cur.push(t);
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

/** Adds one file's declarations to `m`. */
function readFile(text: string, m: Magefile): void {
  if (/mage:import/.test(text)) {
    m.code ??= 'imports the targets of another package';
    return;
  }
  const tokens = goTokens(text);
  if (tokens === undefined) {
    m.code ??= 'compiles a Go file gavel cannot read';
    return;
  }
  const imports = new Map<string, string>();
  let k = 0;
  while (k < tokens.length && m.code === undefined) {
    const t = tokens[k] as GoToken;
    if (t.kind === 'end' || isOp(t, ';')) {
      k++;
      continue;
    }
    if (!isIdent(t)) {
      m.code = 'compiles Go code gavel cannot read';
      return;
    }
    const end = t.text === 'func' ? -2 : declarationEnd(tokens, k + 1);
    if (end === -1) {
      m.code = 'compiles Go code gavel cannot read';
      return;
    }
    const inner = (from: number) =>
      isOp(tokens[from], '(') ? tokens.slice(from + 1, end - 1) : tokens.slice(from, end);
    // A package-level name the bodies read as a value of their own (`err`, `ctx`, `nil`): `const nil MyErr = "x"`
    // would hand mage an error whose method runs code.
    if (t.text === 'const' || t.text === 'var' || t.text === 'type') {
      for (const st of statements(inner(k + 1))) {
        const eq = st.findIndex((x) => isOp(x, '='));
        const names = (eq < 0 ? st.slice(0, 1) : st.slice(0, eq)).filter((x) => x.kind === 'ident');
        if (names.some((x) => VALUE_NAMES.has(x.text))) {
          m.code = 'declares a package-level name the reading takes for a value of its own';
          return;
        }
      }
    }
    switch (t.text) {
      case 'package':
      case 'const':
      case 'type':
        k = end;
        break;
      case 'import':
        for (const s of statements(inner(k + 1))) {
          const path = s[s.length - 1];
          const name = s.length === 2 ? s[0] : undefined;
          if (path?.kind !== 'string' || s.length > 2 || (name && !isIdent(name))) {
            m.code = 'imports packages in a form gavel does not read';
            return;
          }
          // The standard library by its own names (a module of the workspace may be named without a dot), and
          // mage's own packages (go.mod, go.work and vendor/ are checked not to replace them: `moduleTrust`).
          if (!path.text.startsWith(MAGE) && !STANDARD.has(path.text.split('/')[0] as string)) {
            m.code = 'imports packages whose code runs as the program starts';
            return;
          }
          imports.set(name?.text ?? path.text.slice(path.text.lastIndexOf('/') + 1), path.text);
        }
        k = end;
        break;
      case 'var':
        for (const s of statements(inner(k + 1))) {
          // A value computed by a call (or a function literal) runs as the program starts.
          if (s.some((x) => isOp(x, '(') || isIdent(x, 'func'))) {
            m.code = 'computes a package variable by running code as the program starts';
            return;
          }
          const eq = s.findIndex((x) => isOp(x, '='));
          const name = s[0];
          const value = eq < 0 ? [] : s.slice(eq + 1).filter((x) => x.kind !== 'end');
          // One name per line, as mage pairs `Default` and `Aliases` with their values; a value that is a literal, or
          // a function named for Default and Aliases (whose values are the targets mage runs).
          // A zero value of a basic type only: a type of the files could carry methods that print calls.
          const plainValue =
            eq < 0
              ? s.length === 2 && isIdent(s[1]) && BASIC.test((s[1] as GoToken).text)
              : eq === 2 && !BASIC.test((s[1] as GoToken).text)
                ? false
                : (value.length === 1 && (value[0]?.kind === 'string' || value[0]?.kind === 'number')) ||
                  ((name?.text === 'Default' || name?.text === 'Aliases') && eq === 1);
          if (!isIdent(name) || (eq >= 0 && eq !== 1 && !(eq === 2 && isIdent(s[1]))) || !plainValue) {
            m.code = 'declares a package variable gavel does not read';
            return;
          }
          if (m.vars.has((name as GoToken).text)) {
            m.code = 'declares a package variable twice (files chosen by build constraints)';
            return;
          }
          m.vars.set((name as GoToken).text, value);
        }
        k = end;
        break;
      case 'func': {
        let j = k + 1;
        let receiver = '';
        if (isOp(tokens[j], '(')) {
          const c = closing(tokens, j);
          const type = tokens.slice(j + 1, c).filter((x) => x.kind === 'ident');
          receiver = `${type[type.length - 1]?.text ?? ''}:`;
          j = c + 1;
        }
        const name = tokens[j];
        if (!isIdent(name) || !isOp(tokens[j + 1], '(')) {
          m.code = 'compiles Go code gavel cannot read';
          return;
        }
        if (receiver === '' && VALUE_NAMES.has((name as GoToken).text)) {
          m.code = 'declares a package-level name the reading takes for a value of its own';
          return;
        }
        if (receiver === '' && name?.text === 'init') {
          m.code = 'has init code, which runs as the program starts';
          return;
        }
        const pc = closing(tokens, j + 1);
        let b = pc + 1;
        while (b < tokens.length && !isOp(tokens[b], '{') && tokens[b]?.kind !== 'end') {
          if (isOp(tokens[b], '(')) b = closing(tokens, b);
          if (b < 0) break;
          b++;
        }
        const bc = isOp(tokens[b], '{') ? closing(tokens, b) : -1;
        if (pc < 0 || bc < 0) {
          m.code = 'compiles Go code gavel cannot read';
          return;
        }
        // Go's names are exact; only the targets asked for on the command line are matched without regard to case.
        const key = `${receiver}${(name as GoToken).text}`;
        const exported = /^[A-Z]/.test((name as GoToken).text);
        if (m.functions.has(key) || (exported && m.targets.has(key.toLowerCase()))) {
          m.code = 'declares functions whose names one target could mean';
          return;
        }
        m.functions.set(key, {
          params: tokens.slice(j + 2, pc),
          body: tokens.slice(b + 1, bc),
          exported,
          imports,
        });
        if (exported) m.targets.set(key.toLowerCase(), key);
        k = bc + 1;
        break;
      }
      default:
        m.code = 'compiles Go code gavel cannot read';
        return;
    }
  }
}

/** The standard library's top-level names: an import path starting with another is a module's, whose init code runs. */
const STANDARD = new Set(
  'archive bufio bytes cmp compress container context crypto database debug embed encoding errors expvar flag fmt go hash html image index io iter log maps math mime net os path reflect regexp runtime slices sort strconv strings sync testing text time unicode unique'.split(
    ' ',
  ),
);

/** GOOS and GOARCH suffixes of a file name (`x_windows.go`, `x_linux_amd64.go`): the platform chooses the file. */
const PLATFORM =
  /_(?:aix|android|darwin|dragonfly|freebsd|hurd|illumos|ios|js|linux|nacl|netbsd|openbsd|plan9|solaris|wasip1|windows|zos|386|amd64|amd64p32|arm|armbe|arm64|arm64be|loong64|mips|mipsle|mips64|mips64le|mips64p32|mips64p32le|ppc|ppc64|ppc64le|riscv|riscv64|s390|s390x|sparc|sparc64|wasm)\.go$/;

/**
 * A file's build constraint lines, as Go reads its header: the line comments among the leading comments and blank
 * lines before anything else (a block comment is skipped whole, whatever it holds), trimmed.
 */
function constraints(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i] as string)) i++;
    if (text.startsWith('//', i)) {
      const nl = text.indexOf('\n', i);
      const line = text
        .slice(i, nl < 0 ? text.length : nl)
        .trim()
        .replace(/\s+/g, ' ');
      if (/^\/\/(?:go:build |\s?\+build )/.test(line)) out.push(line);
      i = nl < 0 ? text.length : nl;
    } else if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return out;
      i = close + 2;
    } else return out;
  }
}

/** How mage takes a Go file of its folder: a magefile, not one, or chosen by constraints not evaluated here. */
function fileRole(name: string, text: string, own: boolean): 'magefile' | 'other' | 'unsure' {
  const lines = constraints(text);
  const exact = lines.length > 0 && lines.every((l) => l === '//go:build mage' || l === '// +build mage');
  if (lines.length > 0 && !exact && (own || lines.some((l) => /\bmage\b/.test(l)))) return 'unsure';
  if (!own && !exact) return 'other';
  return PLATFORM.test(name) ? 'unsure' : 'magefile';
}

/** Why the module's packages named `github.com/magefile/mage/...` or the standard library's may not be what they say. */
function moduleTrust(dir: string, inv: Invocation, r: Reporter): string | undefined {
  let mod = false;
  for (const d of foldersUp(dir)) {
    const work = projectFile(inFolder(d, 'go.work'), inv, r);
    if (work.kind === 'unknown') return 'builds in a Go workspace gavel cannot read';
    if (work.kind === 'text' && /\breplace\b/.test(work.text))
      return 'builds in a Go workspace that replaces modules';
    if (mod) continue;
    const file = projectFile(inFolder(d, 'go.mod'), inv, r);
    if (file.kind === 'unknown') return 'builds in a Go module gavel cannot read';
    if (file.kind !== 'text') continue;
    mod = true;
    const name = /^\s*module\s+"?([^\s"]+)/m.exec(file.text)?.[1] ?? '';
    if (STANDARD.has(name.split('/')[0] as string))
      return 'builds in a module named like the standard library';
    if (/\breplace\b/.test(file.text)) return 'builds in a Go module that replaces modules';
    const vendored = readBudgeted(inFolder(d, 'vendor/github.com/magefile'), inv, r);
    if (vendored === undefined || vendored.kind !== 'missing')
      return "builds with a vendored copy of mage's packages";
  }
  return undefined;
}

/** The magefiles mage compiles in `dir`: their texts, `missing` (none), or undefined (reported). */
function magefiles(dir: string, inv: Invocation, r: Reporter): string[] | 'missing' | undefined {
  const read = (folder: string, own: boolean): string[] | undefined => {
    const files = folderListing(folder, inv, r);
    if (files === 'missing') return [];
    if (files === 'unlisted') {
      say(inv, r, 'compiles the Go files of a folder gavel cannot list');
      return undefined;
    }
    // Go leaves out `_x.go`, `.x.go` and tests.
    const go = [...files]
      .filter((n) => n.endsWith('.go') && !n.endsWith('_test.go') && !/^[._]/.test(n))
      .sort();
    if (go.length > MAX_FILES) {
      say(inv, r, 'compiles more Go files than one review reads');
      return undefined;
    }
    const texts: string[] = [];
    for (const name of go) {
      const file = projectFile(inFolder(folder, name), inv, r);
      if (file.kind === 'unknown') return undefined;
      if (file.kind !== 'text') continue;
      const role = fileRole(name, file.text, own);
      if (role === 'unsure') {
        say(inv, r, 'compiles Go files chosen by build constraints gavel does not evaluate');
        return undefined;
      }
      if (role === 'magefile') texts.push(file.text);
    }
    return texts;
  };
  const root = read(dir, false);
  if (root === undefined) return undefined;
  const folder = inFolder(dir, 'magefiles');
  const listing = folderListing(folder, inv, r);
  // Magefiles in the folder itself are taken before `magefiles/`: gavel does not decide between both.
  if (root.length > 0 && listing !== 'missing') {
    say(inv, r, 'finds magefiles both in the folder and in magefiles/');
    return undefined;
  }
  const texts = root.length > 0 ? root : read(folder, true);
  if (texts === undefined) return undefined;
  if (texts.length === 0) return 'missing';
  const why = moduleTrust(dir, inv, r);
  if (why) {
    say(inv, r, why);
    return undefined;
  }
  return texts;
}

/** The arguments of a call whose `(` is at `open` in `body`, split at commas; undefined when unbalanced. */
function callArgs(body: readonly GoToken[], open: number): { args: GoToken[][]; end: number } | undefined {
  const close = closing(body, open);
  if (close < 0) return undefined;
  const args: GoToken[][] = [];
  let cur: GoToken[] = [];
  let depth = 0;
  for (const t of body.slice(open + 1, close)) {
    if (t.kind === 'op' && /^[([{]$/.test(t.text)) depth++;
    if (t.kind === 'op' && /^[)\]}]$/.test(t.text)) depth--;
    if (depth === 0 && isOp(t, ',')) {
      args.push(cur);
      cur = [];
    } else if (t.kind !== 'end') cur.push(t);
  }
  if (cur.length > 0) args.push(cur);
  return { args, end: close };
}

const literal = (arg: GoToken[]) => (arg.length === 1 && arg[0]?.kind === 'string' ? arg[0].text : undefined);

/** What running function `key` runs, as shell lines appended to `lines`; a reason when it runs other code. */
function follow(
  key: string,
  m: Magefile,
  cwd: string,
  lines: string[],
  seen: Set<string>,
): string | undefined {
  if (seen.has(key)) return undefined;
  seen.add(key);
  if (seen.size > MAX_FUNCTIONS) return 'runs more functions than one review follows';
  const fn = m.functions.get(key);
  if (!fn) return 'runs a function gavel cannot find';
  // No parameters, or only the context mage passes, named `ctx`.
  const params = fn.params.filter((t) => t.kind !== 'end');
  const context =
    params.length === 4 &&
    isIdent(params[0], 'ctx') &&
    fn.imports.get((params[1] as GoToken).text) === 'context' &&
    isOp(params[2], '.') &&
    isIdent(params[3], 'Context');
  if (params.length > 0 && !context) return 'runs a target that takes arguments';
  const pkg = (local: string) => fn.imports.get(local);
  const here = `cd '${cwd.replaceAll("'", `'\\''`)}' && `;
  const b = fn.body;
  for (let k = 0; k < b.length; k++) {
    const t = b[k] as GoToken;
    if (t.kind === 'end' || t.kind === 'string' || isOp(t, ';') || isOp(t, '{') || isOp(t, '}')) continue;
    if (t.kind === 'op' && /^(?::=|=|!=|==|,)$/.test(t.text)) continue;
    // The error a call returns and the context passed on: values, never called or looked into.
    const value = /^(?:err|_|nil)$/.test(t.text) || (context && t.text === 'ctx');
    if (t.kind === 'ident' && (/^(?:if|else|return)$/.test(t.text) || value)) {
      if (value && (isOp(b[k + 1], '(') || isOp(b[k + 1], '.'))) return 'runs Go code gavel does not follow';
      continue;
    }
    if (t.kind !== 'ident') return 'runs Go code gavel does not follow';
    // `pkg.Func(` of an imported package, or `fn(` of these files.
    const selector = isOp(b[k + 1], '.') && isIdent(b[k + 2]) && isOp(b[k + 3], '(');
    const open = selector ? k + 3 : isOp(b[k + 1], '(') ? k + 1 : -1;
    const call = open < 0 ? undefined : callArgs(b, open);
    if (!call) return 'runs Go code gavel does not follow';
    const { args } = call;
    if (!selector) {
      // A function of these files, given nothing or the context.
      if (args.some((a) => !(context && a.length === 1 && isIdent(a[0], 'ctx'))))
        return 'runs a function with arguments gavel does not follow';
      const why = follow(t.text, m, cwd, lines, seen);
      if (why) return why;
      k = call.end;
      continue;
    }
    const path = pkg(t.text);
    const name = (b[k + 2] as GoToken).text;
    if (path === `${MAGE}sh` && SH_RUNS.has(name)) {
      const words = args.map(literal);
      const quoted = words.map((w) => (w === undefined ? undefined : shellWord(w)));
      if (words.length === 0 || quoted.some((q) => q === undefined))
        return 'runs a command gavel cannot read as words';
      lines.push(`(${here}${quoted.join(' ')})`);
    } else if (path === `${MAGE}sh` && (name === 'Rm' || name === 'Copy')) {
      const words = args.map(literal).map((w) => (w === undefined ? undefined : shellWord(w)));
      if (words.some((q) => q === undefined) || words.length !== (name === 'Rm' ? 1 : 2))
        return 'changes files gavel cannot name';
      lines.push(name === 'Rm' ? `(${here}rm -rf -- ${words[0]})` : `(${here}cp -- ${words[1]} ${words[0]})`);
    } else if (path === `${MAGE}mg` && MG_DEPS.has(name)) {
      for (const [n, arg] of args.entries()) {
        if (n === 0 && name.includes('Ctx') && context && arg.length === 1 && isIdent(arg[0], 'ctx'))
          continue;
        // A function of these files, or a namespace's method (`Docker.Build`).
        const target =
          arg.length === 1 && isIdent(arg[0])
            ? (arg[0] as GoToken).text
            : arg.length === 3 && isIdent(arg[0]) && isOp(arg[1], '.') && isIdent(arg[2])
              ? `${(arg[0] as GoToken).text}:${(arg[2] as GoToken).text}`
              : undefined;
        if (target === undefined) return 'runs dependencies gavel cannot name';
        const why = follow(target, m, cwd, lines, seen);
        if (why) return why;
      }
    } else if (path !== undefined && PRINTS[path]?.test(name)) {
      // `err` is an error mage's sh returned: printing it calls nothing of these files.
      if (args.some((a) => !(literal(a) !== undefined || (a.length === 1 && isIdent(a[0], 'err')))))
        return 'runs Go code gavel does not follow';
    } else return 'runs Go code gavel does not follow';
    k = call.end;
  }
  return undefined;
}

/**
 * The aliases mage reads from `var Aliases = map[string]interface{}{"name": Target, "x": Ns.Method}` (also `any`):
 * lower-cased name → function key; undefined when written in another form.
 */
function aliasMap(value: readonly GoToken[]): Map<string, string> | undefined {
  const t = value.filter((x) => x.kind !== 'end');
  const head = ['map', '[', 'string', ']'];
  if (!head.every((h, n) => t[n]?.text === h)) return undefined;
  let k = 4;
  if (isIdent(t[k], 'any')) k++;
  else if (isIdent(t[k], 'interface') && isOp(t[k + 1], '{') && isOp(t[k + 2], '}')) k += 3;
  else return undefined;
  if (!isOp(t[k], '{') || !isOp(t[t.length - 1], '}')) return undefined;
  const out = new Map<string, string>();
  const body = t.slice(k + 1, -1);
  for (let n = 0; n < body.length; ) {
    const name = body[n];
    if (name?.kind !== 'string' || !isOp(body[n + 1], ':') || !isIdent(body[n + 2])) return undefined;
    let key = (body[n + 2] as GoToken).text;
    n += 3;
    if (isOp(body[n], '.')) {
      if (!isIdent(body[n + 1])) return undefined;
      key = `${key}:${(body[n + 1] as GoToken).text}`;
      n += 2;
    }
    out.set(name.text.toLowerCase(), key);
    if (isOp(body[n], ',')) n++;
    else if (n < body.length) return undefined;
  }
  return out;
}

/** The function a target name runs (`build`, `docker:build`, an alias); undefined: none; `unread`: aliases in a form not read. */
function targetKey(name: string, m: Magefile): string | 'unread' | undefined {
  const lower = name.toLowerCase();
  const aliases = m.vars.has('Aliases') ? aliasMap(m.vars.get('Aliases') ?? []) : new Map<string, string>();
  if (aliases === undefined) return 'unread';
  return m.targets.get(lower) ?? aliases.get(lower);
}

export function mageTargets(inv: Invocation, r: Reporter): void {
  if (posix.basename(inv.program) !== 'mage' || inv.cwd === undefined || !r.env.readScript) return;
  const words = inv.args.map(plain);
  if (inv.args.some((w) => !isLiteral(w))) {
    say(inv, r, 'runs targets named at run time');
    return;
  }
  let listing = false;
  const targets: string[] = [];
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as string;
    if (targets.length === 0 && w === '-version') return;
    if (targets.length === 0 && w.startsWith('-')) {
      if (LISTING_FLAGS.has(w)) listing = true;
      else if (w === '-t') k++;
      else if (!PLAIN_FLAGS.has(w)) {
        say(inv, r, `runs with an option gavel does not follow (\`${w.replace(/=.*/, '')}\`)`);
        return;
      }
    } else targets.push(w);
  }
  const texts = magefiles(inv.cwd, inv, r);
  if (texts === undefined || texts === 'missing') return;
  const m: Magefile = { functions: new Map(), targets: new Map(), vars: new Map() };
  for (const text of texts) readFile(text, m);
  if (m.code) {
    say(inv, r, m.code);
    return;
  }
  if (listing) return;
  if (targets.length === 0) {
    const dflt = m.vars.get('Default')?.filter((t) => t.kind !== 'end');
    if (dflt === undefined) return;
    if (dflt.length !== 1 || !isIdent(dflt[0])) {
      say(inv, r, 'runs a default target gavel cannot name');
      return;
    }
    targets.push((dflt[0] as GoToken).text);
  }
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const name of targets) {
    const key = targetKey(name, m);
    const why =
      key === undefined
        ? 'runs a target gavel cannot find'
        : key === 'unread'
          ? 'runs targets through aliases gavel does not read'
          : follow(key, m, inv.cwd, lines, seen);
    if (why) {
      say(inv, r, why);
      return;
    }
  }
  if (lines.length > 0) runFileText(lines.join('\n'), inv, r, `mage${SCRIPT_FILE_WRAPPER}`);
}

import { readBudgeted, runFileText } from './disk-scripts';
