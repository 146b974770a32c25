/**
 * The processes source code in a language with no inline analysis starts by literal name (Go, Java and the other
 * JVM languages, C#, Elixir, Lua, Julia, Rust, C/C++/Objective-C, Dart): `exec.Command("sh", "-c", "…")` is the command `sh -c '…'`,
 * `System.cmd("curl", ["-s", url])` with a computed word is no command gavel can name (left out: ordinary code).
 * For code a change plants where something runs it later (check/facts/later-code.ts): each command found is judged
 * for harm as a command line would be. Pure.
 */

import { balanced, type LexOptions, lex, rustCommands } from './build-files';

export type ProcessLanguage =
  | 'go'
  | 'jvm'
  | 'groovy'
  | 'csharp'
  | 'elixir'
  | 'lua'
  | 'julia'
  | 'rust'
  | 'haskell'
  | 'swift'
  | 'c'
  | 'dart';

/** A language's source file extensions. */
export const PROCESS_LANGUAGES: Readonly<Record<string, ProcessLanguage>> = {
  '.go': 'go',
  '.java': 'jvm',
  '.kt': 'jvm',
  '.kts': 'jvm',
  '.scala': 'jvm',
  '.groovy': 'groovy',
  '.gvy': 'groovy',
  '.cs': 'csharp',
  '.ex': 'elixir',
  '.exs': 'elixir',
  '.lua': 'lua',
  '.jl': 'julia',
  '.rs': 'rust',
  '.hs': 'haskell',
  '.lhs': 'haskell',
  '.swift': 'swift',
  '.c': 'c',
  '.h': 'c',
  '.cc': 'c',
  '.cpp': 'c',
  '.cxx': 'c',
  '.hpp': 'c',
  '.hh': 'c',
  '.m': 'c',
  '.mm': 'c',
  '.dart': 'dart',
};

const LEXING: Readonly<Record<ProcessLanguage, LexOptions>> = {
  go: { quotes: '"`', slash: true },
  jvm: { quotes: '"', slash: true, triple: true, interpolation: '${' },
  // Groovy quotes strings with either mark (`'…'` is no character literal there).
  groovy: { quotes: `"'`, slash: true, triple: true, interpolation: '${' },
  csharp: { quotes: '"', slash: true },
  elixir: { quotes: `"'`, hash: true, triple: true, interpolation: '#{' },
  lua: { quotes: `"'` },
  julia: { quotes: '"`', hash: true, triple: true, interpolation: '${' },
  rust: { quotes: '"', slash: true, rust: true },
  haskell: { quotes: '"' },
  swift: { quotes: '"', slash: true, triple: true, interpolation: '\\(' },
  c: { quotes: '"', slash: true },
  dart: { quotes: `"'`, slash: true, triple: true, interpolation: '${' },
};

/** How a call's literal arguments make a command: an argv, one shell text, or a program and its argument string. */
type Shape = 'argv' | 'shell' | 'split' | 'program-and-arguments';

/** Per language, the calls that start a process (matched on lexed code, `(` last) and how to read their arguments. */
const CALLS: Readonly<
  Record<Exclude<ProcessLanguage, 'rust' | 'haskell' | 'swift'>, readonly [RegExp, Shape][]>
> = {
  go: [[/\bexec\.Command(?:Context)?\s*\(/g, 'argv']],
  jvm: [
    [/\bProcessBuilder\s*\(/g, 'argv'],
    [/\.exec\s*\(/g, 'split'],
  ],
  groovy: [
    [/\bProcessBuilder\s*\(/g, 'argv'],
    [/\.exec\s*\(/g, 'split'],
  ],
  csharp: [[/\b(?:Process\.Start|ProcessStartInfo)\s*\(/g, 'program-and-arguments']],
  elixir: [
    [/\bSystem\.cmd\s*\(/g, 'argv'],
    [/(?:\bSystem\.shell|:os\.cmd)\s*\(/g, 'shell'],
  ],
  lua: [[/\b(?:os\.execute|io\.popen)\s*\(/g, 'shell']],
  julia: [[/\b(?:run|read|success|pipeline)\s*\(/g, 'shell']],
  c: [[/(?<![\w.>])(?:system|popen|_popen|_wsystem)\s*\(/g, 'shell']],
  dart: [[/\bProcess\.(?:run|runSync|start)\s*\(/g, 'argv']],
};

const shellWord = (w: string): string => (/^[\w./:=@%+-]+$/.test(w) ? w : `'${w.replaceAll("'", "'\\''")}'`);

/** Top-level comma-separated parts of an argument list (brackets and braces kept together). */
function parts(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of list) {
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    if (c === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  if (cur.trim() !== '') out.push(cur.trim());
  return out;
}

/**
 * The literal words of one argument: a string, or a list of strings (`["a", "b"]`, `[]string{"a"}`,
 * `new String[]{"a"}`, `listOf("a")`, `List.of("a")`, `Arrays.asList("a")`); undefined when anything is computed.
 */
function literalWords(arg: string, strings: readonly (string | undefined)[]): string[] | undefined {
  const one = /^S(\d+)$/.exec(arg);
  if (one) {
    const v = strings[Number(one[1])];
    return v === undefined ? undefined : [v];
  }
  const list =
    /^(?:\[\s*\]\s*string\s*\{|new\s+String\s*\[\s*\]\s*\{|new\s*\[\s*\]\s*\{|(?:listOf|arrayOf|mutableListOf|List\.of|Arrays\.asList|Seq|List)\s*\(|\[)([\s\S]*)[\]})]$/.exec(
      arg,
    );
  if (!list) return undefined;
  const inner = (list[1] ?? '').trim();
  if (inner === '') return [];
  const out: string[] = [];
  for (const p of parts(inner)) {
    const w = literalWords(p, strings);
    if (w === undefined || w.length !== 1) return undefined;
    out.push(...w);
  }
  return out;
}

/** An Elixir keyword option (`into: ""`, `stderr_to_stdout: true`): not a word of the command. */
const OPTION = /^[a-z_]\w*:\s/;

function command(args: string[], shape: Shape, strings: readonly (string | undefined)[]): string | undefined {
  const words: string[] = [];
  for (const a of args) {
    if (OPTION.test(a)) continue;
    // An Elixir sigil of a charlist or a string (`~c"ls"`) is that string.
    const w = literalWords(a.replace(/^~[cCsS]\s*/, ''), strings);
    if (w === undefined) return undefined;
    words.push(...w);
  }
  if (words.length === 0) return undefined;
  if (shape === 'shell') return words.join(' ');
  if (shape === 'split' && words.length === 1)
    return (words[0] as string).trim().split(/\s+/).map(shellWord).join(' ');
  if (shape === 'program-and-arguments')
    return words.length > 1
      ? `${shellWord(words[0] as string)} ${words.slice(1).join(' ')}`
      : shellWord(words[0] as string);
  return words.map(shellWord).join(' ');
}

const value = (tok: string | undefined, strings: readonly (string | undefined)[]): string | undefined => {
  const m = /^S(\d+)$/.exec(tok ?? '');
  return m ? strings[Number(m[1])] : undefined;
};

/**
 * Haskell (`System.Process`, a Cabal `Setup.hs`): `callCommand "…"`, `system "…"`, `spawnCommand "…"`,
 * `shell "…"` are shell text; `callProcess "p" ["a"]`, `rawSystem`, `readProcess`, `proc` an argv.
 */
function haskellCommands(code: string, strings: readonly (string | undefined)[]): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(
    /\b(?:callCommand|system|spawnCommand|shell|readCreateProcess\s*\(\s*shell)\s*\(?\s*(S\d+)/g,
  )) {
    const v = value(m[1], strings);
    if (v !== undefined) out.push(v);
  }
  for (const m of code.matchAll(
    /\b(?:callProcess|rawSystem|readProcess|readProcessWithExitCode|spawnProcess|proc)\s+(S\d+)\s*\[([^\]]*)\]/g,
  )) {
    const program = value(m[1], strings);
    const args = literalWords(`[${m[2] ?? ''}]`, strings);
    if (program !== undefined && args !== undefined) out.push([program, ...args].map(shellWord).join(' '));
  }
  return out;
}

/**
 * Swift: a package plugin's `.buildCommand`/`.prebuildCommand` and a `Process` given an executable and arguments
 * (`executable: Path("/bin/sh"), arguments: ["-c", "…"]`, `executableURL = URL(fileURLWithPath: "…")`).
 */
function swiftCommands(code: string, strings: readonly (string | undefined)[]): string[] {
  const out: string[] = [];
  const executable = /\bexecutable(?:URL)?\s*[:=]\s*(?:\w+\s*\(\s*(?:fileURLWithPath\s*:\s*)?)?(S\d+)/g;
  for (const m of code.matchAll(executable)) {
    const program = value(m[1], strings);
    if (program === undefined) continue;
    const after = code.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 2000);
    const args = /\barguments\s*[:=]\s*(\[[^\]]*\])/.exec(after);
    const words = args ? literalWords(args[1] ?? '', strings) : [];
    if (words !== undefined) out.push([program, ...words].map(shellWord).join(' '));
  }
  return out;
}

/**
 * Groovy's own process starts on the JVM: a string or a list run by `.execute()` (`"git status".execute()`, split on
 * blanks as `Runtime.exec` splits; `["sh", "-c", "…"].execute()`, an argv), and a Jenkins pipeline step's shell text
 * (`sh "…"`, `sh(script: "…")`, `bat`, `powershell`) in shared-library code.
 */
function groovyCommands(code: string, strings: readonly (string | undefined)[]): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(S\d+|\[[^[\]]*\])\s*\.\s*execute\s*\(\s*\)/g)) {
    const c = command([m[1] ?? ''], 'split', strings);
    if (c !== undefined) out.push(c);
  }
  for (const m of code.matchAll(/(?<![\w.$])(?:sh|bat|powershell|pwsh)\s*\(?\s*(?:script\s*:\s*)?(S\d+)/g)) {
    const v = value(m[1], strings);
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** Process starts read per piece of code; past this many the answer is TOO_MANY. */
const MAX_CALLS = 256;
export const TOO_MANY = ['\u0000too-many'] as const;

/** The commands `text` starts by literal name; undefined when it cannot be lexed (nothing is claimed of it then). */
export function literalProcesses(
  language: ProcessLanguage,
  text: string,
): string[] | typeof TOO_MANY | undefined {
  const lexed = lex(text, LEXING[language]);
  if (!lexed) return undefined;
  const { code, strings } = lexed;
  if (language === 'rust') {
    const read = rustCommands(code, strings);
    return typeof read === 'string' ? [] : read.commands;
  }
  if (language === 'haskell') return haskellCommands(code, strings);
  if (language === 'swift') return swiftCommands(code, strings);
  const out: string[] = language === 'groovy' ? groovyCommands(code, strings) : [];
  let calls = 0;
  for (const [callee, shape] of CALLS[language])
    for (const m of code.matchAll(callee)) {
      // A bound on time: past it, the code is more than gavel reads (the caller says so).
      if (++calls > MAX_CALLS) return TOO_MANY;
      const inner = balanced(code, (m.index ?? 0) + m[0].length, '()', '');
      if (inner === undefined) continue;
      let args = parts(inner);
      // Go's CommandContext and Julia's read(cmd, String): the context or the type is no word.
      if (/Context/.test(m[0])) args = args.slice(1);
      if (language === 'julia' || language === 'c') args = args.slice(0, 1);
      const c = command(args, shape, strings);
      if (c !== undefined) out.push(c);
    }
  return out;
}
