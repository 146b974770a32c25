/**
 * What `just RECIPE` runs: the recipes of the nearest justfile and of the files it imports (`import 'x.just'`,
 * `import? 'x.just'`, read as part of it), each recipe with its dependencies, judged as the shell they are. A shell
 * or interpreter set by the file, modules (`mod`), a recipe defined twice, an import outside the workspace or
 * computed, and a `.env` loaded (`set dotenv-load`) whose names change what a program loads are uncertain. Pure
 * apart from the injected reader and reporting.
 */

import { posix } from 'node:path';
import { isUnder } from '../../core';
import { isLoaderVariable } from '../data/loader-variables';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { runFileText } from './disk-scripts';
import { envFileNames } from './env-files';
import { nearest } from './nearest-file';
import { resolveArg } from './path-effects';
import { inFolder, projectFile, unknownFolder } from './project-file';

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');
const wrapperOf = (inv: Invocation) => `${inv.program}${SCRIPT_FILE_WRAPPER}`;

/** Text just evaluates into a command: a backtick, `shell(...)`, a file's content by `read(...)`. */
const RUNS = /`|\b(?:shell|read)\s*\(/;
/** An assignment whose value is one backtick command and nothing else (no interpolation, no triple backticks). */
const BACKTICK_VALUE = /^(?:export\s+)?[\w-]+\s*:=\s*`([^`{}]+)`\s*(?:#.*)?$/;
/** Settings that change nothing a recipe runs (`dotenv-load` is judged on its own). */
const HARMLESS_SETTING =
  /^set\s+(?:dotenv-load|quiet|ignore-comments|allow-duplicate-variables|no-exit-message|export)\b(?!\s*:=\s*['"]?[^tf\s])/;
/** A shebang line naming a shell by an absolute path (`#!/usr/bin/env bash`, `#!/bin/sh`). */
const SHELL_SHEBANG = /^#!\s*\/(?:usr\/(?:local\/)?)?bin\/(?:env\s+(?:-S\s+)?)?(?:ba|z|da)?sh(?:\s|$)/;

/**
 * `set shell := ["bash", "-euo", "pipefail", "-c"]`: bash, sh or dash by name with its own options, ending in `-c`
 * (without it the recipe line is a script file's name), no trace (`-x` runs `PS4`). zsh reads `ZDOTDIR`'s files.
 */
const PLAIN_SHELL =
  /^set\s+shell\s*:=\s*\[\s*["'](?:\/(?:usr\/)?bin\/)?(?:ba|da)?sh["']\s*(?:,\s*["'](?:-[a-wyzA-Z]+|pipefail|errexit|nounset)["']\s*)*,\s*["']-[a-wyzA-Z]*c["']\s*\]\s*(?:#.*)?$/;

/** Files imported within one reading of a justfile. */
const MAX_IMPORTS = 16;

interface JustRecipe {
  params: number;
  deps: string[];
  body: string[];
  shebang: boolean;
}

/** A justfile's recipes, or why it cannot be followed. */
function parseJustfile(text: string): {
  recipes: Map<string, JustRecipe>;
  first?: string;
  opaque?: string;
  loading?: string;
  /** The commands of `name := \`…\`` assignments, run through the shell while the justfile loads. */
  loadCommands: { name: string; command: string }[];
  /** Variables whose value runs a command some other way (`shell()`, `read()`): `loading` says why. */
  loadingNames: string[];
  dotenv: boolean;
  imports: { path: string; optional: boolean }[];
} {
  const recipes = new Map<string, JustRecipe>();
  let first: string | undefined;
  let opaque: string | undefined;
  let loading: string | undefined;
  let dotenv = false;
  const loadCommands: { name: string; command: string }[] = [];
  const loadingNames: string[] = [];
  const imports: { path: string; optional: boolean }[] = [];
  let current: JustRecipe | undefined;
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (/^[ \t]+\S/.test(line)) {
      if (current) {
        const body = line.trim();
        if (current.body.length === 0 && body.startsWith('#!')) current.shebang = true;
        current.body.push(body);
      }
      continue;
    }
    if (line.trim() === '' || line.startsWith('#')) continue;
    current = undefined;
    if (/^\[/.test(line)) {
      if (/default/.test(line)) first = undefined;
      // An interpreter given to a recipe (`[script('sh', '-c', ...)]`) or another folder to run it in.
      if (/\b(script|extension|working-directory)\b/.test(line))
        opaque ??= 'reads a justfile that gives a recipe its interpreter or folder';
      continue;
    }
    // What just evaluates while loading or before a recipe runs: a backtick, `shell()`, a file read by `read()`.
    if (RUNS.test(line) && !/^[\w-]+\s*:=/.test(line.replace(/^export\s+/, '')) && !/^set\b/.test(line))
      opaque ??= "reads a justfile that runs commands in a recipe's parameters or dependencies";
    // A .env file's variables reach the recipes' environment: judged below, on the recipes that run.
    const imported = /^(?:import)(\??)\s+(['"])([^'"$`{}]+)\2\s*(?:#.*)?$/.exec(line);
    if (imported) imports.push({ path: imported[3] as string, optional: imported[1] === '?' });
    else if (/^set\s+dotenv-load\b/.test(line)) dotenv ||= !/:=\s*false\s*(?:#.*)?$/.test(line);
    else if (/^set\s+dotenv-(filename|path|required)\b/.test(line))
      opaque ??= 'reads a justfile that loads an env file gavel does not follow';
    else if (PLAIN_SHELL.test(line)) continue;
    else if (
      /^(set\s+(shell|windows-shell|script-interpreter|dotenv|positional-arguments|tempdir)|import|mod|alias)\b/.test(
        line,
      )
    )
      opaque ??= 'reads a justfile that sets its shell or loads other files';
    else if (/^set\s/.test(line) && !HARMLESS_SETTING.test(line))
      opaque ??= 'reads a justfile with a setting gavel does not follow';
    else if (/^(export\s+)?[\w-]+\s*:=/.test(line)) {
      // `version := \`git describe --tags\``: one backtick command is analysed as the shell text it is.
      const tick = BACKTICK_VALUE.exec(line)?.[1];
      // An exported variable reaches every recipe's programs (all are exported under `set export`).
      const name = /^(?:export\s+)?([\w-]+)/.exec(line)?.[1] ?? '';
      if (tick !== undefined) loadCommands.push({ name, command: tick });
      else if (RUNS.test(line)) {
        loading ??= 'reads a justfile that runs commands while loading';
        loadingNames.push(name);
      }
      if (isLoaderVariable(name) || CHANGES_PROGRAMS.test(name))
        opaque ??= 'reads a justfile that sets a variable changing what its recipes run';
    } else {
      const m = /^@?([\w-]+)((?:\s+[$+*]?[\w-]+(?:=(?:'[^']*'|"[^"]*"|\S+))?)*)\s*:(?!=)\s*(.*)$/.exec(line);
      if (!m) {
        opaque ??= 'reads a justfile gavel cannot follow';
        continue;
      }
      const deps = (m[3] ?? '')
        .replace(/\(.*?\)/g, ' ')
        .replace('&&', ' ')
        .split(/\s+/)
        .filter(Boolean);
      current = {
        params: (m[2] ?? '').trim().split(/\s+/).filter(Boolean).length,
        deps,
        body: [],
        shebang: false,
      };
      recipes.set(m[1] ?? '', current);
      first ??= m[1];
    }
  }
  return { recipes, first, opaque, loading, loadCommands, loadingNames, dotenv, imports };
}

/**
 * just's options that print what the justfile holds and run no recipe, nor any assignment's backtick or `shell()`
 * (measured with just 1.57: `--list`, `--show`, `--dump`, `--variables`, `--dry-run` of a recipe using the value).
 */
const JUST_LISTS = /^(-l|--list|--summary|--dump|--groups|--show|-s|--variables|-n|--dry-run)$/;
/** `--evaluate` prints the variables: their backticks run as they run for any recipe. */
const JUST_EVALUATES = /^--evaluate$/;
/** Printed before any justfile is read. */
const JUST_OWN = /^(-V|--version|-h|--help)$/;

export function justRecipes(inv: Invocation, r: Reporter): void {
  const positionals: Word[] = [];
  let file: Word | undefined;
  let lists = false;
  let evaluates = false;
  // Variables given a value on the command line (`--set NAME VALUE`, `NAME=VALUE`): their own backtick never runs.
  const overridden = new Set<string>();
  for (let k = 0; k < inv.args.length; k++) {
    const t = plain(inv.args[k]);
    // After the first recipe named, every word is a recipe or an argument (`just build -s x`: `-s` is build's).
    if (positionals.length > 0) {
      positionals.push(inv.args[k] as Word);
      continue;
    }
    if (JUST_OWN.test(t)) return;
    if (/^(-f|--justfile)$/.test(t)) file = inv.args[++k];
    else if (JUST_LISTS.test(t)) lists = true;
    else if (JUST_EVALUATES.test(t)) evaluates = true;
    else if (t === '--set') {
      overridden.add(plain(inv.args[k + 1]));
      k += 2;
    } else if (
      /^(-d|--working-directory|--set|--shell|--shell-arg|--dotenv-path|--dotenv-filename|--color|--chooser|--command-color|--list-heading|--list-prefix)$/.test(
        t,
      )
    ) {
      if (/^--(shell|shell-arg)$/.test(t)) say(inv, r, 'runs with a shell set on its command line');
      k += 1;
    } else if (/^(-c|--command|-e|--edit|--choose)$/.test(t)) say(inv, r, 'runs a command it is given');
    else if (/^[A-Za-z_][\w-]*=/.test(t) && isLiteral(inv.args[k] as Word))
      overridden.add(t.slice(0, t.indexOf('=')));
    else if (!t.startsWith('-')) positionals.push(inv.args[k] as Word);
  }
  // Listing runs no recipe and evaluates no assignment.
  if (lists && !evaluates) return;
  if (!r.env.readScript) return;
  if (inv.cwd === undefined || (file && !isLiteral(file))) {
    unknownFolder(inv, r);
    return;
  }
  const found = file
    ? { file: projectFile(resolveArg(file, inv, r).resolved ?? '', inv, r), dir: inv.cwd }
    : nearest(inv, ['justfile', 'Justfile', '.justfile', 'JUSTFILE'], r, inv.cwd);
  if (!found || found.file.kind === 'missing' || found.file.kind === 'unread') return;
  if (found.file.kind !== 'text') return;
  const jf = withImports(parseJustfile(found.file.text), found.dir, inv, r);
  if (jf.loading && jf.loadingNames.some((n) => !overridden.has(n))) say(inv, r, jf.loading);
  const loads = jf.loadCommands.filter((l) => !overridden.has(l.name));
  if (loads.length > 0)
    runFileText(
      loads.map((l) => `(\n${l.command}\n)`).join('\n'),
      { ...inv, cwd: found.dir },
      r,
      wrapperOf(inv),
    );
  // `--evaluate` runs no recipe: what sets how recipes run (their shell, other files' recipes) does not matter.
  if (evaluates) return;
  if (jf.opaque) say(inv, r, jf.opaque);
  const goals: string[] = [];
  for (let k = 0; k < positionals.length; k++) {
    const w = positionals[k] as Word;
    if (!isLiteral(w)) {
      say(inv, r, 'runs a recipe named at run time');
      return;
    }
    const name = plain(w);
    goals.push(name);
    k += jf.recipes.get(name)?.params ?? 0;
  }
  // With no recipe named, the default one: the main file's first, or (imports placed anywhere) an imported file's.
  if (goals.length === 0) goals.push(...jf.defaults);
  const lines: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || seen.size > 256) return;
    seen.add(name);
    const recipe = jf.recipes.get(name);
    if (!recipe) return;
    for (const d of recipe.deps) visit(d);
    if (recipe.shebang && !SHELL_SHEBANG.test(recipe.body[0] ?? '')) {
      say(inv, r, 'runs a recipe in another interpreter');
      return;
    }
    // `{{expr}}` is text just computes: a value the analysis cannot know.
    const text = (line: string) =>
      line.replace(/\{\{([^}]*)\}\}/g, (_m, inner: string) => {
        if (RUNS.test(inner)) say(inv, r, 'runs a recipe whose interpolation runs a command or reads a file');
        return '$__just_value';
      });
    // A shebang recipe is one script; a line of another ending in `\` goes on with the next, as the shell reads it.
    if (recipe.shebang) lines.push(recipe.body.slice(1).map(text).join('\n'));
    else if (recipe.body.length > 0)
      for (const line of recipe.body.join('\n').split(/(?<!\\)\n/))
        lines.push(text(line).replace(/^[@-]+/, ''));
  };
  for (const g of goals) visit(g);
  // With a .env file loaded, a variable or expression in a recipe line may carry one of its secrets, and a variable
  // that changes what a program loads (`NODE_OPTIONS`, `PATH`) changes every recipe.
  if (jf.dotenv && lines.some((l) => l.includes('$')))
    say(inv, r, 'runs recipes that read variables with a .env file loaded');
  if (jf.dotenv && lines.length > 0) dotenvLoaders(found.dir, inv, r);
  if (lines.length > 0) runFileText(lines.map((l) => `(\n${l}\n)`).join('\n'), inv, r, wrapperOf(inv));
}

type Justfile = ReturnType<typeof parseJustfile> & { defaults: string[] };

/**
 * The justfile with the files it imports read in (relative to the importing file's folder, in the workspace):
 * their recipes join its own; a recipe defined twice is uncertain (just refuses it, or takes one by a setting).
 */
function withImports(
  main: ReturnType<typeof parseJustfile>,
  dir: string,
  inv: Invocation,
  r: Reporter,
): Justfile {
  const jf: Justfile = { ...main, recipes: new Map(main.recipes), defaults: main.first ? [main.first] : [] };
  const queue = main.imports.map((i) => ({ ...i, from: dir }));
  let read = 0;
  while (queue.length > 0) {
    const next = queue.shift() as { path: string; optional: boolean; from: string };
    if (++read > MAX_IMPORTS) {
      jf.opaque ??= 'imports more files than one review reads';
      break;
    }
    const path = posix.resolve(next.from, next.path);
    if (next.path.startsWith('~') || !r.scope.workspaceRoots.some((w) => isUnder(path, w))) {
      jf.opaque ??= 'imports a file outside the workspace';
      continue;
    }
    const file = projectFile(path, inv, r);
    if (file.kind === 'missing' && next.optional) continue;
    if (file.kind !== 'text') {
      jf.opaque ??= 'imports a file gavel could not read';
      continue;
    }
    const part = parseJustfile(file.text);
    jf.opaque ??= part.opaque;
    jf.loading ??= part.loading;
    jf.loadCommands = [...jf.loadCommands, ...part.loadCommands];
    jf.loadingNames = [...jf.loadingNames, ...part.loadingNames];
    jf.dotenv ||= part.dotenv;
    if (part.first) jf.defaults.push(part.first);
    for (const [name, recipe] of part.recipes) {
      if (jf.recipes.has(name)) jf.opaque ??= 'defines a recipe twice across the files it imports';
      else jf.recipes.set(name, recipe);
    }
    queue.push(...part.imports.map((i) => ({ ...i, from: posix.dirname(path) })));
  }
  return jf;
}

/** Names of a loaded `.env` that change what a program loads or where it fetches from: every recipe changes. */
const CHANGES_PROGRAMS =
  /(?:OPTIONS|OPTS|FLAGS|PATH|HOME|WRAPPER|RUNNER|INDEX_URL|INDEX|REGISTRY|CONFIG|PROXY)$|^(?:PS4|SHELLOPTS|BASHOPTS|ZDOTDIR|BASH_ENV|ENV)$|^(?:npm_config_|NPM_CONFIG_|PIP_|UV_|PYTHON|NODE_|RUBY|PERL|JAVA_|GIT_|CARGO_|RUSTC|GO[A-Z]|BUNDLE_|COMPOSER_)/;

function dotenvLoaders(dir: string, inv: Invocation, r: Reporter): void {
  const file = projectFile(inFolder(dir, '.env'), inv, r);
  if (file.kind === 'missing' || file.kind === 'unread') return;
  if (file.kind !== 'text') {
    say(inv, r, 'loads a .env file gavel could not read');
    return;
  }
  if (envFileNames(file.text).some((n) => isLoaderVariable(n) || CHANGES_PROGRAMS.test(n)))
    say(inv, r, 'loads a .env file that sets a variable changing what its recipes run');
}
