/**
 * What `go generate` runs: each `//go:generate` directive of the Go files of the packages it is given (`./...`
 * every package below, skipping what the go command skips: `vendor`, `testdata`, folders starting with `.` or `_`),
 * split into words as the go command splits them (double-quoted strings unquoted as Go reads them; `$GOFILE`,
 * `$GOPACKAGE`, `$GOLINE` and `$DOLLAR` filled in, other variables left to the environment; `-command` aliases
 * applied) and run directly in the package's folder, with no shell: analysed as the commands they are. `-n` runs
 * none. A directive gavel cannot split, a package it cannot find or read, or more files than one review reads, is
 * uncertain. `-run`/`-skip` select directives as the go command does (its regular expression against the whole
 * line, `//go:generate` included, a `-command` line too), only when the expression is one JavaScript reads as Go
 * does and the line is ASCII; otherwise every directive counts. Pure apart from the injected reader and
 * reporting; never quotes a file.
 */

import { posix } from 'node:path';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { folderListing } from './config-modules';
import { foldersBelow } from './conftest-walk';
import { runFileText } from './disk-scripts';
import { inFolder, projectFile } from './project-file';

/** Go files read per command. */
const MAX_FILES = 96;

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`go generate\` ${why}`, inv.segment, 'kept');

/** Folders `./...` does not enter. */
const GO_SKIPS = (name: string) => name === 'vendor' || name === 'testdata' || /^[._]/.test(name);

/** A word for the shell, as one double-quoted word that keeps `$NAME`/`${NAME}` for the environment. */
export function shellWord(word: string): string | undefined {
  // Only `$NAME` and `${NAME}` are expanded by the go command; anything else after `$` is not read here.
  if (/\$(?![A-Za-z_]\w*|\{[A-Za-z_]\w*\})/.test(word)) return undefined;
  return `"${word.replace(/[\\"`]/g, '\\$&')}"`;
}

/** The words of one directive (the text after `//go:generate `), as the go command splits them; undefined: unread. */
function directiveWords(line: string): string[] | undefined {
  const words: string[] = [];
  let rest = line;
  for (;;) {
    rest = rest.replace(/^[ \t]+/, '');
    if (rest === '') return words;
    if (rest.startsWith('"')) {
      const m = /^"((?:[^"\\\n]|\\.)*)"/.exec(rest);
      if (!m) return undefined;
      const body = m[1] as string;
      // Escapes other than the plain ones are not read here.
      if (/\\[^\\"nt]/.test(body)) return undefined;
      words.push(body.replace(/\\(.)/g, (_e, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c)));
      rest = rest.slice(m[0].length);
      if (rest !== '' && !/^[ \t]/.test(rest)) return undefined;
      continue;
    }
    const end = rest.search(/[ \t]/);
    words.push(end < 0 ? rest : rest.slice(0, end));
    rest = end < 0 ? '' : rest.slice(end);
  }
}

/** Boolean flags of `go generate` and the build flags it takes (`-n`, `-x`, `-race`, ...). */
const BOOL_FLAGS = /^(?:n|x|v|a|race|msan|asan|cover|trimpath|work|linkshared|modcacherw|buildvcs|json)$/;
/** Flags that take a value, as the next word or after `=`. */
const VALUE_FLAGS =
  /^(?:run|skip|tags|mod|modfile|overlay|pgo|p|gcflags|ldflags|asmflags|gccgoflags|compiler|pkgdir|installsuffix|buildmode|coverpkg|covermode|toolexec|exec|C)$/;

interface GenerateArgs {
  /** The words after the flags (the go command's flag parsing stops at the first other word: `./... -n` is two patterns). */
  patterns: string[];
  /** `-n` among the flags: print the commands, run none. */
  printOnly: boolean;
  run?: RegExp | 'all';
  skip?: RegExp | 'none';
}

/**
 * The words of `go generate` as the go command's flag package reads them; undefined when a word is not literal or
 * a flag is not one gavel knows (it may take the next word as its value).
 */
function generateArgs(inv: Invocation): GenerateArgs | undefined {
  const words = inv.args.slice(1);
  const out: GenerateArgs = { patterns: [], printOnly: false };
  let k = 0;
  for (; k < words.length; k++) {
    const w = words[k] as Word;
    if (!isLiteral(w)) return undefined;
    const t = plain(w);
    if (t === '--') {
      k++;
      break;
    }
    if (!t.startsWith('-') || t === '-') break;
    const m = /^--?([^=]+)(?:=([\s\S]*))?$/.exec(t);
    const name = m?.[1] ?? '';
    if (BOOL_FLAGS.test(name)) {
      // `-n`, `-n=true`: print only; `-n=false` runs (any other value: the go command fails).
      if (name === 'n') out.printOnly = m?.[2] === undefined || /^(?:1|t|T|TRUE|true|True)$/.test(m[2]);
      continue;
    }
    if (!VALUE_FLAGS.test(name)) return undefined;
    let value = m?.[2];
    if (value === undefined) {
      const next = words[++k];
      if (next === undefined || !isLiteral(next)) return undefined;
      value = plain(next);
    }
    if (name !== 'run' && name !== 'skip') continue;
    // An empty expression selects nothing out (the go command tests `!= ""`); the last one given wins.
    if (value === '') delete out[name];
    else if (name === 'run') out.run = goPattern(value) ?? 'all';
    else out.skip = goPattern(value) ?? 'none';
  }
  for (; k < words.length; k++) {
    const w = words[k] as Word;
    if (!isLiteral(w)) return undefined;
    out.patterns.push(plain(w));
  }
  return out;
}

/** The package folders of the patterns (`./...`, `./x`, `x/...`, files); undefined when one cannot be placed. */
function packageFolders(
  given: readonly string[],
  inv: Invocation,
  r: Reporter,
): string[] | 'cut' | undefined {
  const cwd = inv.cwd as string;
  const patterns = given.length === 0 ? ['.'] : given;
  const out: string[] = [];
  for (const p of patterns) {
    // Import paths of other modules and the standard library are not the workspace's: not read.
    if (!/^\.{1,2}(?:\/|$)/.test(p) && !p.startsWith('/')) return undefined;
    // `...` inside a pattern (`./s...`, `./...b`) or a glob matches folders by name: not expanded here.
    if (/[*?[]/.test(p) || p.replace(/(?:^|\/)\.\.\.$/, '').includes('...')) return undefined;
    if (p.endsWith('.go')) {
      out.push(posix.dirname(posix.resolve(cwd, p)));
      continue;
    }
    if (!p.endsWith('/...') && p !== '...') {
      out.push(posix.resolve(cwd, p));
      continue;
    }
    const folders = foldersBelow([posix.resolve(cwd, p.slice(0, -4) || '.')], GO_SKIPS, r);
    if (folders === 'cut') return 'cut';
    out.push(...folders.map((f) => f.path));
  }
  return out;
}

/**
 * A regular expression Go's regexp and JavaScript's read alike: ASCII letters, digits and punctuation, escapes of
 * punctuation only, classes of letters, digits, `_`, `-`, `.` and blanks; no `(?` (flags, named groups, look-around),
 * no braces. Anything else: undefined (the selection is not applied).
 */
function goPattern(text: string): RegExp | undefined {
  if (text.includes('(?')) return undefined;
  // Printable ASCII, escapes of punctuation only (`\.`), a class of plain characters only (`[a-z_.-]`, `[^ ]`).
  const shape =
    /^(?:[A-Za-z0-9_ \-./:=,@%+*?|^$()&!#;'"<>~`]|\\[.\-/+*?()|^$[\]{}\\]|\[\^?[A-Za-z0-9_ .-]+\])*$/;
  if (!shape.test(text)) return undefined;
  try {
    // `s`: Go's `.` matches every character but a newline, and a directive line holds none.
    return new RegExp(text, 's');
  } catch {
    return undefined;
  }
}

/** Does the go command run this directive line under `-run`/`-skip`? A line beyond ASCII always counts. */
function selected(raw: string, sel: GenerateArgs): boolean {
  if (/[\u0080-\uffff]/.test(raw)) return true;
  const line = raw.replace(/^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g, '');
  if (sel.run instanceof RegExp && !sel.run.test(line)) return false;
  if (sel.skip instanceof RegExp && sel.skip.test(line)) return false;
  return true;
}

export function goGenerate(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'go' || plain(inv.args[0]) !== 'generate' || inv.cwd === undefined) return;
  if (!r.env.readScript) return;
  const sel = generateArgs(inv);
  // `-n` prints the commands and runs none.
  if (sel?.printOnly) return;
  const folders = sel === undefined ? undefined : packageFolders(sel.patterns, inv, r);
  if (sel === undefined || folders === undefined) {
    say(inv, r, 'runs the directives of packages gavel cannot place');
    return;
  }
  if (folders === 'cut') {
    say(inv, r, 'runs the directives of more packages than one review lists');
    return;
  }
  const lines: string[] = [];
  let files = 0;
  let latent = false;
  let directives = 0;
  for (const folder of folders) {
    const names = folderListing(folder, inv, r);
    // A package folder that is not there has no directives (the go command fails); one not listed may hold any.
    if (names === 'unlisted') {
      say(inv, r, 'runs the directives of a package folder gavel cannot list');
      return;
    }
    for (const name of [...(names === 'missing' ? [] : names)].sort()) {
      if (!name.endsWith('.go')) continue;
      if (++files > MAX_FILES) {
        say(inv, r, 'reads more Go files than one review follows');
        return;
      }
      const file = projectFile(inFolder(folder, name), inv, r);
      if (file.kind === 'unknown') return;
      if (file.kind !== 'text') continue;
      const text = file.text.replace(/\r\n/g, '\n').split('\n');
      // The package clause as Go reads it: comments are not code (a `package x` inside `/* */` names nothing).
      const pkg =
        /^\s*package\s+(\w+)/m.exec(
          file.text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ''),
        )?.[1] ?? '';
      // A line holding `go:generate` that is not a directive now (indented, or in a comment block) may become one
      // when a directive that runs first rewrites the file (a formatter): the go command reads each file in turn.
      if (text.some((l) => /go:generate/.test(l) && !/^\/\/go:generate[ \t]/.test(l))) latent = true;
      const aliases = new Map<string, string[]>();

      for (const [n, raw] of text.entries()) {
        if (!raw.startsWith('//go:generate ') && !raw.startsWith('//go:generate\t')) continue;
        if (!selected(raw, sel)) continue;
        const words = directiveWords(raw.slice('//go:generate '.length));
        if (words === undefined) {
          say(inv, r, 'runs a directive gavel cannot split into words');
          return;
        }
        if (words[0] === '-command') {
          // The go command expands variables in an alias's name and words, and again where it is used.
          if (words.some((w) => w.includes('$'))) {
            say(inv, r, 'defines a directive alias with variables, which the go command expands twice');
            return;
          }
          // The go command replaces a line's first word by its alias before it looks for `-command`: an alias
          // named like an option (`-command`) turns a later line into a definition or the reverse.
          if (words[1]?.startsWith('-')) {
            say(inv, r, 'defines a directive alias named like an option');
            return;
          }
          if (words[1] !== undefined) aliases.set(words[1], words.slice(2));
          continue;
        }
        directives++;
        const expanded = [...(aliases.get(words[0] ?? '') ?? words.slice(0, 1)), ...words.slice(1)].map((w) =>
          w
            .replace(/\$(?:\{GOFILE\}|GOFILE\b)/g, name)
            .replace(/\$(?:\{GOPACKAGE\}|GOPACKAGE\b)/g, pkg)
            .replace(/\$(?:\{GOLINE\}|GOLINE\b)/g, String(n + 1)),
        );
        const quoted = expanded.map(shellWord);
        if (
          quoted.some((q) => q === undefined) ||
          expanded.some((w) => /\$(?:\{DOLLAR\}|DOLLAR\b)/.test(w))
        ) {
          say(inv, r, 'runs a directive gavel cannot split into words');
          return;
        }
        if (quoted.length > 0) lines.push(`(cd '${folder.replaceAll("'", `'\\''`)}' && ${quoted.join(' ')})`);
      }
    }
  }
  if (latent && directives > 0) {
    say(inv, r, 'runs directives beside a go:generate line an earlier directive may turn into one');
    return;
  }
  if (lines.length > 0) runFileText(lines.join('\n'), inv, r, `go${SCRIPT_FILE_WRAPPER}`);
}
