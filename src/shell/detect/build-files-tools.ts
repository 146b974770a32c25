/**
 * Build files of rebar3, dune, Leiningen, cabal, stack and Ant, read before the builder runs them: rebar3's `pre_hooks` and
 * `post_hooks` (shell commands; a `rebar.config.script` is Erlang evaluated: not followed), every `dune` file of
 * the dune project (the nearest folder up with a `dune-project`) with its `system`/`bash` actions and the `run`
 * actions of a named program (a program the project builds, `%{exe:gen.exe}`, is the project's own code), and a
 * Leiningen `project.clj` that is one `defproject` form of data (evaluation `~(...)`, `#=`, `:injections`, shell
 * or network calls, or code after the form: not followed), and a Haskell package's `Custom` build (a Setup.hs other
 * than Cabal's default two lines) or `Configure` build (its `configure` script, as shell), and Ant's `exec`/`apply`
 * commands and `delete`s (as `rm`; scripts, downloads, remote shells, custom tasks and other build files are not
 * followed). The commands are analysed as the shell they are;
 * what cannot be followed is uncertain. Pure apart from the injected reader and reporting; never quotes a file.
 * INVARIANT: a build file that cannot be read, or that runs code gavel cannot follow, is uncertain.
 */

import { posix } from 'node:path';
import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { type BuildRead, balanced, jvmLoads } from './build-files';
import { finishBuildWalk, followBuildFile, startBuildWalk } from './build-files-run';
import { readBudgeted } from './disk-scripts';
import { walkFiles } from './folder-walk';
import { foldersUp, inFolder, projectFile } from './project-file';

const STRING = String.raw`"((?:[^"\\]|\\.)*)"`;
const unslash = (s: string) => s.replace(/\\(.)/g, '$1');
const quoted = (w: string) => `'${w.replaceAll("'", "'\\''")}'`;

/**
 * Erlang text with its comments taken out (`%` to the line's end, outside strings, quoted atoms and character
 * literals `$x`); undefined when a string or quoted atom does not end.
 */
function erlangCode(text: string): string | undefined {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '$') {
      out += text.slice(i, i + 3).startsWith('$\\') ? text.slice(i, i + 3) : text.slice(i, i + 2);
      i += text.slice(i, i + 3).startsWith('$\\') ? 3 : 2;
    } else if (c === '"' || c === "'") {
      const end = new RegExp(`^${c}(?:[^${c}\\\\]|\\\\.)*${c}`).exec(text.slice(i))?.[0];
      if (end === undefined) return undefined;
      out += end;
      i += end.length;
    } else if (c === '%') {
      while (i < text.length && text[i] !== '\n') i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * rebar.config: the command of each hook of the hook lists, read as Erlang terms (comments out, lists and tuples
 * balanced past the brackets inside strings). A hook list that does not read that way, a character literal that
 * could hide a quote, or a dependency fetched from a repository rather than Hex is not followed.
 */
export function readRebar(text: string): BuildRead {
  const opaque = (why: string): BuildRead => ({ commands: [], loads: [], opaque: why });
  const code = erlangCode(text);
  if (code === undefined || /\$["'\\]/.test(code)) return opaque('names hooks gavel cannot read');
  // A quoted atom is the same atom (`'pre_hooks'`, `'git'`); strings written side by side are one string to Erlang.
  const src = code.replace(/'([a-z][\w@]*)'/g, '$1');
  if (/"(?:[^"\\]|\\.)*"\s*"/.test(src)) return opaque('joins strings gavel does not read');
  if (/\{\s*project_app_dirs\s*,/.test(src)) return opaque('builds apps from folders gavel does not list');
  if (/\{\s*(?:git|git_subdir|hg|pkg_git)\s*,/.test(src))
    return opaque('fetches a dependency from a repository, whose build gavel does not read');
  const commands: string[] = [];
  for (const m of src.matchAll(/\{\s*(?:pre|post)_hooks\s*,\s*\[/g)) {
    const body = balanced(src, (m.index ?? 0) + m[0].length, '[]');
    if (body === undefined) return opaque('names hooks gavel cannot read');
    let i = 0;
    while (i < body.length) {
      if (/[\s,]/.test(body[i] as string)) {
        i++;
        continue;
      }
      const hook = body[i] === '{' ? balanced(body, i + 1, '{}') : undefined;
      // Each hook is `{Provider, "command"}` or `{"arch regex", Provider, "command"}`: the last string is the command.
      const last = [...(hook ?? '').matchAll(new RegExp(STRING, 'g'))].pop();
      if (hook === undefined || last === undefined) return opaque('names hooks gavel cannot read');
      commands.push(unslash(last[1] ?? ''));
      i += hook.length + 2;
    }
  }
  if (commands.length === 0 && /\{\s*(?:pre|post)_hooks\s*,/.test(src))
    return opaque('names hooks gavel cannot read');
  return { commands, loads: [] };
}

/**
 * A dune file: `system`/`bash` actions, and `run` actions of a program named literally or found on the path
 * (`%{bin:sh}`); a program the project builds (`%{exe:gen.exe}`, `%{dep:…}`) is its code. An action whose words hold
 * a form, any other variable as the program, an included file, or a file in OCaml syntax is not followed.
 */
export function readDune(text: string): BuildRead {
  const opaque = (why: string): BuildRead => ({ commands: [], loads: [], opaque: why });
  if (/^\s*\(\*/.test(text)) return opaque('is written in OCaml, code gavel does not follow');
  if (/\(include\b/.test(text)) return opaque('includes rules from another file');
  // A string escape other than `\"` and `\\` (`\010`, `\n`, `\x0a`) is a character gavel would not read as dune does.
  if (/"(?:[^"\\]|\\["\\])*\\[^"\\]/.test(text)) return opaque('uses string escapes gavel does not read');
  const commands: string[] = [];
  let read = 0;
  for (const m of text.matchAll(new RegExp(String.raw`\((?:system|bash)\s+${STRING}\s*\)`, 'g'))) {
    commands.push(unslash(m[1] ?? ''));
    read++;
  }
  for (const m of text.matchAll(/\(run\s+((?:"(?:[^"\\]|\\.)*"|[^()"])*)\)/g)) {
    read++;
    const words = [...(m[1] ?? '').matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((w) =>
      w[1] !== undefined ? unslash(w[1]) : (w[2] ?? ''),
    );
    if (words.length === 0) continue;
    const bin = /^%\{bin:([\w.+-]+)\}$/.exec(words[0] as string)?.[1];
    if (bin !== undefined) words[0] = bin;
    else if (/^%\{(?:exe|dep):/.test(words[0] as string)) continue;
    else if ((words[0] as string).includes('%{')) return opaque('runs a program named by a variable');
    if (words.some((w) => w.includes('%{'))) {
      commands.push(quoted(words[0] as string));
      continue;
    }
    commands.push(words.map(quoted).join(' '));
  }
  // Every action that runs something was read above: one in another shape (words holding a form) is not followed.
  if ((text.match(/\((?:run|system|bash|dynamic-run)\b/g)?.length ?? 0) > read)
    return opaque('runs an action gavel cannot read');
  return { commands, loads: [] };
}

/** Clojure a Leiningen project may evaluate when read: code gavel does not follow. */
const LEIN_CODE =
  /~[(@\w]|#=|:injections\b|\(eval\b|read-eval|clojure\.java\.shell|\(sh\b|\bslurp\b|\bspit\b|System\/getenv|System\/getProperty|java\.net\.|\(load-file\b|\(load\b/;

/** Leiningen's own tasks, which an alias of the same name replaces. */
const LEIN_TASKS =
  /^"(?:test|compile|check|run|repl|jar|uberjar|install|deploy|deps|javac|classpath|clean|pom|search|show-profiles|trampoline|with-profile|do|change|release|vcs|version|help|new|retest|upgrade|update-in|test-refresh|kibit|eastwood|ancient|cljfmt)"$/;

/** The keys of a Clojure map's body (every other top-level form, as written); undefined when it does not read. */
function mapKeys(body: string | undefined): string[] | undefined {
  if (body === undefined) return undefined;
  const forms: string[] = [];
  let i = 0;
  while (i < body.length) {
    const c = body[i] as string;
    if (/[\s,]/.test(c)) {
      i++;
      continue;
    }
    const pair = c === '[' ? '[]' : c === '(' ? '()' : c === '{' ? '{}' : undefined;
    if (pair) {
      const inner = balanced(body, i + 1, pair);
      if (inner === undefined) return undefined;
      forms.push(c);
      i += inner.length + 2;
    } else if (c === '"') {
      const end = /^"(?:[^"\\]|\\.)*"/.exec(body.slice(i))?.[0];
      if (end === undefined) return undefined;
      forms.push(end);
      i += end.length;
    } else {
      const word = /^[^\s,[\](){}"]+/.exec(body.slice(i))?.[0];
      if (word === undefined) return undefined;
      forms.push(word);
      i += word.length;
    }
  }
  return forms.filter((_, k) => k % 2 === 0);
}

/** project.clj: one `defproject` form of data. */
export function readLein(text: string): BuildRead {
  const src = text.replace(/;[^\n]*/g, '');
  const at = src.search(/\(\s*defproject\b/);
  if (at < 0) return { commands: [], loads: [], opaque: 'holds no defproject form' };
  if (LEIN_CODE.test(src)) return { commands: [], loads: [], opaque: 'evaluates Clojure code' };
  // Data that runs a program: the Java Leiningen starts (`:java-cmd`), a JVM agent or event command in `:jvm-opts`,
  // an alias named like one of Leiningen's own tasks, which runs in its place (`:aliases {"test" ["run" …]}`).
  if (/:java-cmd\b/.test(src) || jvmLoads(src))
    return { commands: [], loads: [], opaque: 'names the Java it starts or a JVM agent' };
  for (const m of src.matchAll(/:aliases\s*\{/g)) {
    const body = balanced(src, (m.index ?? 0) + m[0].length, '{}');
    // Metadata (`^:pass-through-help`) and reader forms are words of their own that shift the keys.
    const keys = body === undefined || /[\^#@`~]/.test(body) ? undefined : mapKeys(body);
    if (keys === undefined || keys.some((k) => LEIN_TASKS.test(k)))
      return { commands: [], loads: [], opaque: "replaces one of Leiningen's tasks with an alias" };
  }
  const body = balanced(src, src.indexOf('(', at) + 1);
  if (body === undefined) return { commands: [], loads: [], opaque: 'does not parse' };
  const end = src.indexOf('(', at) + 1 + body.length + 1;
  if (src.slice(0, at).trim() !== '' || src.slice(end).trim() !== '')
    return { commands: [], loads: [], opaque: 'runs code beside its defproject form' };
  return { commands: [], loads: [] };
}

const REBAR_QUIET = /^(?:help|version|-h|--help|-v|--version|new|tree|deps)$/;

function rebar3(inv: Invocation, r: Reporter): void {
  if (REBAR_QUIET.test(plain(inv.args[0]))) return;
  const cwd = inv.cwd as string;
  const script = projectFile(inFolder(cwd, 'rebar.config.script'), inv, r);
  if (script.kind === 'unknown') return;
  if (script.kind !== 'missing' && script.kind !== 'unread') {
    r.uncertain(
      'dynamic-script',
      '`rebar3` evaluates a rebar.config.script: code gavel does not follow',
      inv.segment,
      'kept',
    );
    return;
  }
  // The apps of an umbrella (`apps/*`, `lib/*`: rebar3's default project app folders) run their own hooks.
  const configs = [inFolder(cwd, 'rebar.config')];
  for (const dir of ['apps', 'lib']) {
    const listing = readBudgeted(inFolder(cwd, dir), inv, r);
    if (listing?.kind !== 'unreadable' || listing.why !== 'not-regular') continue;
    if (!listing.entries) {
      r.uncertain('dynamic-script', `\`rebar3\` builds apps gavel cannot list`, inv.segment, 'kept');
      return;
    }
    for (const app of listing.entries)
      configs.push(inFolder(inFolder(inFolder(cwd, dir), app), 'rebar.config'));
  }
  // Checked-out dependencies (`_checkouts/*`) build with their own hooks, and an `.app.src.script` beside an app's
  // resource file is Erlang rebar3 evaluates: neither is followed.
  const folders = [cwd, ...configs.slice(1).map((c) => posix.dirname(c))];
  for (const [folder, name] of [
    ...folders.map((f) => [inFolder(f, 'src'), /\.app\.src\.script$/] as const),
    ...folders.slice(1).map((f) => [f, /^rebar\.config\.script$/] as const),
    [cwd, /^_checkouts$/] as const,
  ]) {
    const listing = readBudgeted(folder, inv, r);
    if (listing?.kind !== 'unreadable' || listing.why !== 'not-regular') continue;
    if (!listing.entries || listing.entries.some((n) => name.test(n))) {
      r.uncertain(
        'dynamic-script',
        '`rebar3` builds checked-out dependencies or evaluates app scripts gavel does not read',
        inv.segment,
        'kept',
      );
      return;
    }
  }
  const w = startBuildWalk(inv, r);
  for (const config of configs) if (!followBuildFile(w, config, readRebar, 'rebar.config')) break;
  finishBuildWalk(w);
}

const DUNE_BUILDS = /^(?:build|test|runtest|exec|b|t|@\S+|fmt|promote|describe|rules|utop|top)$/;

function dune(inv: Invocation, r: Reporter): void {
  const sub = plain(inv.args[0]);
  if (!DUNE_BUILDS.test(sub) && inv.args.length > 0) return;
  const cwd = inv.cwd as string;
  // dune's root is the outermost folder holding a dune-workspace, else the outermost holding a dune-project.
  let project: string | undefined;
  let workspace: string | undefined;
  for (const d of foldersUp(cwd)) {
    const f = projectFile(inFolder(d, 'dune-project'), inv, r);
    const ws = projectFile(inFolder(d, 'dune-workspace'), inv, r);
    if (f.kind === 'unknown' || ws.kind === 'unknown') return;
    if (f.kind === 'text') project = d;
    if (ws.kind === 'text') workspace = d;
  }
  const root = workspace ?? project ?? cwd;
  const files: string[] = [];
  walkFiles([root], false, inv, r, (_folder, name, abs) => {
    if (name === 'dune' && !abs.split('/').includes('_build')) files.push(abs);
    return false;
  });
  const w = startBuildWalk(inv, r);
  // `describe` and `rules` load the dune files (OCaml-syntax ones run) and run no action.
  const loadsOnly = /^(?:describe|rules)$/.test(sub);
  const reader = (t: string): BuildRead => {
    const read = readDune(t);
    return loadsOnly && read.opaque !== 'is written in OCaml, code gavel does not follow'
      ? { commands: [], loads: [] }
      : read;
  };
  for (const file of files.sort((a, b) => posix.dirname(a).length - posix.dirname(b).length))
    if (!followBuildFile(w, file, reader, 'dune file')) break;
  finishBuildWalk(w);
}

function lein(inv: Invocation, r: Reporter): void {
  if (/^(?:help|version|-h|--help|-v|--version|new)$/.test(plain(inv.args[0]))) return;
  const w = startBuildWalk(inv, r);
  followBuildFile(w, inFolder(inv.cwd as string, 'project.clj'), readLein, 'project.clj');
  finishBuildWalk(w);
}

/** The Setup.hs every plain cabal package has: Cabal's own build, nothing else. */
const DEFAULT_SETUP = /^\s*import\s+Distribution\.Simple\s+main\s*=\s*defaultMain\s*$/;

/**
 * A Haskell package's build type (`.cabal` files of the folder, hpack's package.yaml): `Custom` runs Setup.hs (the
 * default two lines only are Cabal's own build), `Configure` runs the `configure` script, as the shell it is.
 */
export function readCabal(text: string): { custom: boolean; configure: boolean; programs: boolean } {
  const type = /^\s*build-type\s*:\s*["']?(\w+)/im.exec(text)?.[1]?.toLowerCase();
  return {
    custom: type === 'custom' || /^\s*custom-setup\s*:?/im.test(text),
    configure: type === 'configure',
    programs: HASKELL_PROGRAMS.test(text.replace(/--[^\n]*/g, '')),
  };
}

/**
 * Settings of a package, `cabal.project` or `stack.yaml` that do what the command line's refused options do: GHC
 * options that run a program or load a plugin (`-pgmF`, `-F`, `-optc…`, `-fplugin`), a compiler or tool the build
 * runs (`with-compiler:`), a build inside a Nix shell or a container (`nix:`, `docker:`), packages fetched from a
 * repository (`source-repository-package`, stack's `git:`/`github:`/`url:` extra-deps).
 */
const HASKELL_PROGRAMS =
  /(?:^|[\s"',[])-(?:pgm\w*|opt[a-zA-Z]+|F|fplugin\S*)(?=[\s"',\]=]|$)|^\s*(?:with-[\w-]+|(?:ghc|gcc|ld)-location|nix|docker|custom-preprocessor-extensions)\s*:|^\s*source-repository-package\b/im;

/** stack.yaml's extra-deps from a repository or an archive URL (`- git: …`, `- github: …`, `- url: …`). */
const STACK_FETCHED = /^\s*-?\s*(?:git|github|url|hg)\s*:/im;

/** A project's package list naming more than the folder the command runs in (`packages: ./a ./b`, `- sub`). */
function otherPackages(text: string, yaml: boolean): boolean {
  const src = text.replace(yaml ? /#[^\n]*/g : /--[^\n]*/g, '');
  const m = /^packages\s*:(.*(?:\n[ \t-]+.*)*)/im.exec(src);
  if (!m) return false;
  const names = (m[1] ?? '').split(/[\s,[\]"'-]+/).filter((w) => w !== '');
  return names.some((n) => !/^(?:\.\/?|\.\/[\w.-]*\.cabal|[\w.-]*\.cabal)$/.test(n));
}

const HASKELL_BUILDS =
  /^(?:build|test|bench|run|install|repl|haddock|v2-build|v2-test|v2-run|new-build|exec)$/;

function haskell(inv: Invocation, r: Reporter): void {
  if (!HASKELL_BUILDS.test(plain(inv.args.find((a) => !plain(a).startsWith('-'))))) return;
  const cwd = inv.cwd as string;
  const listing = readBudgeted(cwd, inv, r);
  const listed = listing?.kind === 'unreadable' && listing.entries !== undefined;
  const names =
    listing?.kind === 'unreadable' && listing.entries
      ? listing.entries.filter((n) => n.endsWith('.cabal') || n === 'package.yaml')
      : ['package.yaml'];
  // A folder gavel cannot list may hold a `.cabal` file of any name: a Setup.hs there counts as run.
  let custom =
    !listed && ['Setup.hs', 'Setup.lhs'].some((n) => projectFile(inFolder(cwd, n), inv, r).kind === 'text');
  let configure = false;
  let programs = false;
  for (const name of names) {
    const file = projectFile(inFolder(cwd, name), inv, r);
    if (file.kind === 'unknown') return;
    if (file.kind !== 'text') continue;
    const read = readCabal(file.text);
    custom ||= read.custom;
    configure ||= read.configure;
    programs ||= read.programs;
  }
  // The project files cabal and stack read beside the package: settings of every package, other packages to build.
  for (const name of ['cabal.project', 'cabal.project.local', 'stack.yaml']) {
    const file = projectFile(inFolder(cwd, name), inv, r);
    if (file.kind === 'unknown') return;
    if (file.kind !== 'text') continue;
    const settings = file.text.replace(/(?:--|#)[^\n]*/g, '');
    programs ||= HASKELL_PROGRAMS.test(settings) || (name === 'stack.yaml' && STACK_FETCHED.test(settings));
    if (otherPackages(file.text, name.endsWith('.yaml'))) {
      r.uncertain(
        'dynamic-script',
        `\`${inv.program}\` builds other packages of the project, whose build files gavel does not read`,
        inv.segment,
        'kept',
      );
      return;
    }
  }
  if (programs) {
    r.uncertain(
      'dynamic-script',
      `\`${inv.program}\` builds with settings that run programs, plugins or fetched packages`,
      inv.segment,
      'kept',
    );
    return;
  }
  const w = startBuildWalk(inv, r);
  if (custom) {
    const setup = ['Setup.hs', 'Setup.lhs'].map((n) => inFolder(cwd, n));
    for (const path of setup)
      followBuildFile(
        w,
        path,
        (text) =>
          DEFAULT_SETUP.test(text.replace(/--[^\n]*/g, ''))
            ? { commands: [], loads: [] }
            : { commands: [], loads: [], opaque: "is not Cabal's default build" },
        'Setup.hs',
      );
  }
  if (configure) w.commands.push('./configure');
  finishBuildWalk(w);
}

/** Ant tasks whose effect gavel does not follow: scripts, downloads, remote shells, other build files, custom tasks. */
const ANT_OPAQUE =
  /<(?:script|scriptdef|get|sshexec|scp|ftp|telnet|rexec|taskdef|typedef|componentdef|import|include|ant|subant|antcall[^>]*\bantfile|loadfile|mail|sql)\b/i;

/** An Ant property in a path: the home folder and the project's folder as the shell spells them; others stay live. */
const antPath = (v: string) => v.replace(/\$\{user\.home\}/g, '~').replace(/\$\{basedir\}\/?/g, './');

/** build.xml: `exec`/`apply` commands (executable and args), `delete` as `rm`; other effects make it opaque. */
export function readAnt(text: string): BuildRead {
  const src = text.replace(/<!--[\s\S]*?-->/g, '');
  if (ANT_OPAQUE.test(src)) return { commands: [], loads: [], opaque: 'uses tasks gavel does not follow' };
  const commands: string[] = [];
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
  for (const m of src.matchAll(/<(exec|apply)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1\s*>)/gi)) {
    const open = m[2] ?? '';
    const legacy = attr(open, 'command');
    if (legacy !== undefined) {
      commands.push(antPath(legacy));
      continue;
    }
    const words = [attr(open, 'executable') ?? ''];
    for (const arg of (m[3] ?? '').matchAll(/<arg\b([^>]*)\/?>/gi)) {
      const a = arg[1] ?? '';
      const value = attr(a, 'value') ?? attr(a, 'file') ?? attr(a, 'path');
      const line = attr(a, 'line');
      if (value !== undefined) words.push(quoted(antPath(value)));
      else if (line !== undefined) words.push(antPath(line));
    }
    commands.push(words.join(' '));
  }
  for (const m of src.matchAll(/<delete\b([^>]*)>/gi)) {
    const dir = attr(m[1] ?? '', 'dir');
    const file = attr(m[1] ?? '', 'file');
    if (dir !== undefined) commands.push(`rm -rf ${quoted(antPath(dir)).replace(/^'~/, "~'")}`);
    if (file !== undefined) commands.push(`rm -f ${quoted(antPath(file)).replace(/^'~/, "~'")}`);
  }
  return { commands, loads: [] };
}

function ant(inv: Invocation, r: Reporter): void {
  if (inv.args.some((a) => /^(?:-h|-help|--help|-version|-p|-projecthelp|-diagnostics)$/.test(plain(a))))
    return;
  const at = inv.args.findIndex((a) => /^(?:-f|-file|-buildfile)$/.test(plain(a)));
  const named = at >= 0 ? inv.args[at + 1] : undefined;
  if (at >= 0 && (named === undefined || !/^[\w./-]+$/.test(plain(named)))) {
    r.uncertain('dynamic-script', '`ant` runs a build file named at run time', inv.segment, 'kept');
    return;
  }
  const file = posix.resolve(inv.cwd as string, named === undefined ? 'build.xml' : plain(named));
  const w = startBuildWalk(inv, r);
  followBuildFile(w, file, readAnt, 'build.xml');
  finishBuildWalk(w);
}

/** Called by taskRunners for these builders; false when the program is none of them. */
export function toolBuildRuns(base: string, inv: Invocation, r: Reporter): boolean {
  if (base === 'rebar3') rebar3(inv, r);
  else if (base === 'dune') dune(inv, r);
  else if (base === 'lein') lein(inv, r);
  else if (base === 'cabal' || base === 'stack') haskell(inv, r);
  else if (base === 'ant') ant(inv, r);
  else return false;
  return true;
}
