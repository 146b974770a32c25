/**
 * `make [target…]`: the recipes make would run, read from the makefile (through project-file.ts) and analysed as
 * the `/bin/sh -c` lines they are — the goals named (the default goal when none) and their prerequisites, with
 * variables expanded where the makefile defines them, and every `$(shell …)` and `!=` make runs while reading.
 * A reading of GNU make's syntax, not a make: what it cannot follow is uncertain. Never quotes the file. Pure
 * apart from the injected reader and reporting.
 * Included makefiles are read in place (make-includes.ts).
 * INVARIANT: an included makefile not read in place, `$(eval)`/`$(call)`/`$(foreach)`/`$(value)`/`$(file)`, a recipe prefix or
 * shell the makefile changes, `--eval` or `SHELL=` on the command line, or a makefile that cannot be read is
 * uncertain, never silently allowed.
 */

import { posix } from 'node:path';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { runFileText } from './disk-scripts';
import { Conditionals } from './make-conditionals';
import { defineStep, withIncludes } from './make-includes';
import { computeTextFunction, isComputedTextFunction } from './make-text-functions';
import { resolveArg } from './path-effects';
import { inFolder, projectFile, unknownFolder } from './project-file';

/** What an unknown variable or a function result expands to: a shell variable the analysis cannot know. */
const DYNAMIC = '$__make_value';
/** What a `$(shell …)` expands to: as unknown to the recipe's shell, but no reference to `$(MAKE)` (runsWhenDry). */
const SHELL_OUTPUT = '$__shell_output';
/** make's own defaults for the variables recipes use most (an undefined one comes from the environment). */
const DEFAULTS: Readonly<Record<string, string>> = {
  MAKE: 'make',
  CC: 'cc',
  CXX: 'g++',
  CPP: 'cc -E',
  AR: 'ar',
  AS: 'as',
  LD: 'ld',
  RM: 'rm -f',
  LEX: 'lex',
  YACC: 'yacc',
  MAKEFLAGS: '',
  MFLAGS: '',
  CURDIR: '.',
};
/** Programs make's built-in (implicit) rules run through a variable (`%.o: %.c` runs `$(CC) … -c`). */
const IMPLICIT_PROGRAMS = new Set(
  'CC CXX CPP AS LD AR FC F77 PC LEX YACC M2C CO GET MAKEINFO TEX TEXI2DVI WEAVE CWEAVE TANGLE CTANGLE LINT RM'.split(
    ' ',
  ),
);
/**
 * A compiler, linker or tool those variables commonly name: a path or target-triplet prefix, a version suffix, a
 * compiler cache in front and options after it (`ccache gcc`, `x86_64-linux-gnu-gcc-12 -m64`, `zig cc`).
 */
const KNOWN_TOOL =
  /^(?:(?:ccache|sccache|distcc)\s+)?(?:[\w./-]*\/)?(?:\$\{\w+\})?(?:[\w.]+-)*(?:gcc|g\+\+|c\+\+|cc|c99|c89|clang|clang\+\+|cpp|ld|ld\.\w+|lld|ar|as|ranlib|gfortran|f77|f95|fort77|pc|lex|flex|yacc|bison|icc|icx|icpx|tcc|emcc|em\+\+|emar|nvcc|zig\s+(?:cc|c\+\+|ar)|llvm-[\w+]+|makeinfo|tex|texi2dvi|weave|cweave|tangle|ctangle|lint|co|get|rm|true)(?:-[\d.]+)?(?:\s+-[\w=.,+/:-]+)*$/;
/**
 * Options of compilers and linkers that run or load another program (`-wrapper sh,-c,…`, `-fplugin=./x.so`,
 * `-B./dir/` where the driver finds its passes, a linker plugin, a specs file, a response file of more options).
 */
const RUNNING_FLAGS =
  /(?:^|\s)(?:-wrapper\b|-fplugin|-fpass-plugin|-B|--plugin|-plugin\b|-specs|-load\b|-Xclang\s+-load|-Wl,[^\s]*(?:--plugin|-plugin)|-fuse-ld=(?!(?:lld|gold|bfd|mold|ld)\b)|@)/;

/**
 * Why setting `name` to `value` changes what make's built-in rules run: a program variable naming an unknown tool,
 * one of the rules' own command variables (`COMPILE.c`, `LINK.o`, `LEX.l`), option variables that run or load a
 * program. Undefined for any other variable.
 */
function implicitProgram(name: string, value: string): string | undefined {
  if (IMPLICIT_PROGRAMS.has(name) && !KNOWN_TOOL.test(value.trim()))
    return `sets \`${name}\`, a program make's built-in rules run, to one gavel does not know`;
  if (/^[A-Z]+\.[A-Za-z]+$/.test(name)) return `sets \`${name}\`, a command of make's built-in rules`;
  if ((FLAGS.test(name) || /^(?:CPPFLAGS|ARFLAGS|LDLIBS)$/.test(name)) && RUNNING_FLAGS.test(value))
    return `sets \`${name}\` to options that make the compiler run or load another program`;
  return undefined;
}

/**
 * Variables make itself expands wherever the makefile uses them or not: its own settings, and what its built-in
 * rules run (final read: `CFLAGS = $(shell …)` runs when a built-in rule compiles `hello.c`). Their `$(shell …)` is
 * read as run.
 */
const EXPANDED_BY_MAKE = (name: string): boolean =>
  /^(?:SHELL|\.SHELLFLAGS|MAKEFLAGS|MFLAGS|GNUMAKEFLAGS|MAKEFILES|MAKESHELL|VPATH|GPATH|\.DEFAULT_GOAL|\.RECIPEPREFIX|\.LIBPATTERNS|\.INCLUDE_DIRS|OUTPUT_OPTION|LOADLIBES|LDLIBS|TARGET_ARCH)$/.test(
    name,
  ) ||
  IMPLICIT_PROGRAMS.has(name) ||
  FLAGS.test(name) ||
  /^(?:CPP|AR|P|R|CO|G|LINT)FLAGS$/.test(name) ||
  /^[A-Z]+\.[A-Za-z]+$/.test(name);

/** Variables that only carry options: empty unless the makefile sets them. */
const FLAGS = /^(C|CXX|CPP|LD|AR|AS|F|Y|L)FLAGS$|^LDLIBS$|^TARGET_ARCH$/;
/** Functions whose result is text computed from text (no effect): their result is dynamic. */
const TEXT_FUNCTIONS = new Set(
  'subst patsubst strip findstring filter filter-out sort word wordlist words firstword lastword dir notdir suffix basename addsuffix addprefix join wildcard realpath abspath if or and intcmp origin flavor error warning info let'.split(
    ' ',
  ),
);
/** Functions that build makefile text or rules at run time: too dynamic to follow. */
const CODE_FUNCTIONS = new Set(['eval', 'call', 'foreach', 'value', 'file', 'guile']);
const MAX_TARGETS = 256;
const MAX_EXPANSION = 32;
/** References expanded per makefile, and characters one expansion may build: past either, it is opaque. */
const MAX_REFERENCES = 20_000;
const MAX_EXPANDED = 65_536;

interface Rule {
  prereqs: string[];
  recipe: string[];
}

interface Makefile {
  vars: Map<string, string>;
  rules: Map<string, Rule[]>;
  patterns: { target: string; rule: Rule }[];
  order: string[];
  /** Shell text make runs while reading the makefile (`$(shell …)`, `!=`). */
  parseTime: string[];
  /** Why the makefile cannot be followed (a fixed sentence), if it cannot. */
  opaque?: string;
  oneShell: boolean;
  /** Variables the makefile exports to its recipes' programs (`export NAME = …`, `export NAME`). */
  exported: Set<string>;
  /** `export` alone or `.EXPORT_ALL_VARIABLES`: every variable reaches the recipes' programs. */
  exportAll: boolean;
  /** References expanded so far (bounded: variables that double at each level grow without end). */
  references: number;
  /** Variables set with `:=`/`::=`/`!=`: their value was expanded when set, so an `+=` expands its text at once. */
  simple: Set<string>;
  /** Set when an expansion took one of make's own values from DEFAULTS (not the value make has: `CURDIR`). */
  usedDefault?: boolean;
}

interface Ctx {
  mf: Makefile;
  auto: Map<string, string>;
  depth: number;
}

/** Finds the `)` or `}` closing the reference opened at `start` (just after `$(`). */
function closing(text: string, start: number, open: string): number {
  const close = open === '(' ? ')' : '}';
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === open) depth++;
    else if (text[i] === close && --depth === 0) return i;
  }
  return -1;
}

/** Expands make references in `text`; `$$` becomes `$`. Records parse-time shells and opaque constructs. */
function expand(text: string, ctx: Ctx): string {
  if (ctx.depth > MAX_EXPANSION) {
    ctx.mf.opaque ??= 'expands variables deeper than gavel follows';
    return DYNAMIC;
  }
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '$') {
      out += c;
      continue;
    }
    const n = text[i + 1];
    if (n === undefined) break;
    if (n === '$') {
      out += '$';
      i++;
      continue;
    }
    let ref: string;
    if (n === '(' || n === '{') {
      const end = closing(text, i + 2, n);
      if (end < 0) {
        ctx.mf.opaque ??= 'has a reference gavel cannot read';
        return out + DYNAMIC;
      }
      ref = text.slice(i + 2, end);
      i = end;
    } else {
      ref = n;
      i++;
    }
    out += reference(ref, ctx);
    if (out.length > MAX_EXPANDED) {
      ctx.mf.opaque ??= TOO_MUCH;
      return out.slice(0, MAX_EXPANDED) + DYNAMIC;
    }
  }
  return out;
}

const TOO_MUCH = 'expands to more text than gavel follows';

/**
 * `text` expanded to look at, as make does not expand it yet: a recursive variable's value (`V = $(shell …)`) runs
 * its `$(shell …)` only where the variable is used (GNU make), so nothing found on the way is recorded.
 */
function peek(text: string, ctx: Ctx): string {
  const { parseTime, opaque } = ctx.mf;
  const recorded = parseTime.length;
  const out = expand(text, ctx);
  parseTime.length = recorded;
  if (opaque === undefined) delete ctx.mf.opaque;
  else ctx.mf.opaque = opaque;
  return out;
}

function reference(ref: string, ctx: Ctx): string {
  if (++ctx.mf.references > MAX_REFERENCES || ctx.mf.opaque === TOO_MUCH) {
    ctx.mf.opaque ??= TOO_MUCH;
    return DYNAMIC;
  }
  const inner: Ctx = { ...ctx, depth: ctx.depth + 1 };
  const fn = /^([a-z-]+)[ \t]+([\s\S]*)$/.exec(ref);
  if (fn && (fn[1] === 'shell' || TEXT_FUNCTIONS.has(fn[1] ?? '') || CODE_FUNCTIONS.has(fn[1] ?? ''))) {
    const name = fn[1] ?? '';
    if (name === 'shell') {
      const command = expand(fn[2] ?? '', inner);
      ctx.mf.parseTime.push(command);
      // Its output is text, never read again as make references: it cannot name $(MAKE) unless its command did.
      if (!command.includes(DYNAMIC) && !/make/i.test(command)) return SHELL_OUTPUT;
    }
    // `$(wildcard ~/.ssh/*)`: the files the patterns match, which the recipe's shell names as the same globs.
    else if (name === 'wildcard' || name === 'realpath' || name === 'abspath') {
      const patterns = expand(fn[2] ?? '', inner);
      if (!patterns.includes(DYNAMIC)) return patterns;
    } else if (CODE_FUNCTIONS.has(name))
      ctx.mf.opaque ??= `uses \`$(${name})\`, which builds make text at run time`;
    else if (isComputedTextFunction(name))
      return computeTextFunction(name, fn[2] ?? '', (s) => expand(s, inner)) ?? DYNAMIC;
    else expand(fn[2] ?? '', inner);
    return DYNAMIC;
  }
  // `$(VAR:a=b)` substitution references and `$(@D)`-style automatic forms: dynamic text.
  const name = expand(ref, inner);
  if (ctx.auto.has(name)) return ctx.auto.get(name) ?? '';
  if (/^[@<^+*?|%][DF]$/.test(name) || name.includes(':')) return DYNAMIC;
  const value = ctx.mf.vars.get(name);
  if (value !== undefined) return expand(value, inner);
  if (name in DEFAULTS) {
    ctx.mf.usedDefault = true;
    return DEFAULTS[name] ?? '';
  }
  if (FLAGS.test(name)) return '';
  // Not defined in the makefile: make takes it from the environment, and so does the recipe's shell (`$(HOME)`,
  // `$(GITHUB_TOKEN)` are the shell's `${HOME}`, `${GITHUB_TOKEN}`: known, or a secret-named variable).
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return `\${${name}}`;
  return DYNAMIC;
}

/**
 * Logical lines: a backslash-newline joins lines outside recipes (a recipe keeps it for the shell). `goals` are the
 * goals named on the command line (make's `MAKECMDGOALS`).
 */
function parse(text: string, overrides: Map<string, string>, goals: readonly string[] = []): Makefile {
  const mf: Makefile = {
    vars: new Map(),
    rules: new Map(),
    patterns: [],
    order: [],
    parseTime: [],
    oneShell: false,
    exported: new Set(),
    exportAll: false,
    references: 0,
    simple: new Set(),
  };
  const ctx: Ctx = { mf, auto: new Map(), depth: 0 };
  // Command-line values hold while the makefile is read (its conditionals test them), and so do the goals.
  mf.vars.set('MAKECMDGOALS', goals.join(' '));
  for (const [name, value] of overrides) mf.vars.set(name, value);
  const conditionals = new Conditionals();
  // A condition on one of make's own values (`CURDIR`, `MAKEFLAGS`) is not decided: gavel holds a stand-in, not
  // the value make has (final read: `ifneq ($(CURDIR),.)`).
  const conditionEnv = {
    expand: (t: string) => {
      mf.usedDefault = false;
      const out = expand(t, ctx);
      return mf.usedDefault ? `${out}${DYNAMIC}` : out;
    },
    valueOf: (n: string) => mf.vars.get(n),
  };
  // Names the makefile sets with the `override` directive: a command-line value does not replace them.
  const overridden = new Set<string>();
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let current: Rule[] = [];
  let define: { name: string; op: string; lines: string[]; depth: number; override: boolean } | undefined;
  // A `define` inside a skipped branch: its body is skipped, conditional words in it included (nesting counted).
  let skippedDefine = 0;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] ?? '';
    if (skippedDefine > 0) {
      skippedDefine += defineStep(line);
      continue;
    }
    if (define) {
      define.depth += defineStep(line);
      if (define.depth > 0) {
        define.lines.push(line);
        continue;
      }
      const body = define.lines.join('\n');
      const { name, op } = define;
      if (!overrides.has(name) || define.override) {
        if (define.override) overridden.add(name);
        // `define X :=` expands its body at `endef`; `define X !=` runs it as a shell command there.
        if (op === '!=') {
          mf.parseTime.push(expand(body, ctx));
          mf.vars.set(name, DYNAMIC);
        } else if (op.startsWith(':')) mf.vars.set(name, expand(body, ctx).replaceAll('$', '$$'));
        else if (op === '+=') mf.vars.set(name, `${mf.vars.get(name) ?? ''} ${body}`);
        else if (op !== '?=' || !mf.vars.has(name)) mf.vars.set(name, body);
      }
      define = undefined;
      continue;
    }
    if (line.startsWith('\t') && current.length > 0) {
      let recipe = line.slice(1);
      while (recipe.endsWith('\\') && i + 1 < lines.length)
        recipe += `\n${(lines[++i] ?? '').replace(/^\t/, '')}`;
      if (!conditionals.skipping) for (const rule of current) rule.recipe.push(recipe);
      continue;
    }
    while (line.endsWith('\\') && i + 1 < lines.length) line = `${line.slice(0, -1)} ${lines[++i] ?? ''}`;
    // A comment starts at a `#` not escaped; `\#` is a `#` of the text (final read: `H := \#`).
    const hash = line.search(/(?<!\\)#/);
    if (hash >= 0) line = line.slice(0, hash);
    line = line.replace(/\\#/g, '#');
    if (line.trim() === '') continue;
    const trimmed = line.trim();
    // A conditional line (not an assignment to a variable so named) opens, switches or closes a branch; it never
    // ends the rule above it, whose recipe may go on below it.
    const conditional = /^(ifeq|ifneq|ifdef|ifndef|else|endif)(?=\s|$)\s*(.*)$/.exec(trimmed);
    if (
      conditional &&
      !/^\S+\s*(?:::?=|:::=|[+?!]?=)/.test(trimmed) &&
      conditionals.read(conditional[1] ?? '', conditional[2] ?? '', conditionEnv)
    )
      continue;
    if (conditionals.skipping) {
      if (/^(?:(?:export|override|private)\s+)*define(?=[ \t]|$)/.test(trimmed)) skippedDefine = 1;
      continue;
    }
    const directive =
      // A directive's word stands alone (`export:` is a target named export, checked with GNU make 4.3).
      /^(-?include|sinclude|define|endef|export|unexport|override|vpath|undefine|private|load|-load)(?=\s|$)\s*(.*)$/.exec(
        trimmed,
      );
    if (directive && !/^(export|override|private)\s+\S+\s*[:+?!]?=/.test(trimmed)) {
      const word = directive[1] ?? '';
      if (/include$|^load|^-load/.test(word))
        mf.opaque ??= 'includes or loads another makefile, which is not read';
      else if (word === 'define' || (word === 'override' && /^define(?=[ \t]|$)/.test(directive[2] ?? ''))) {
        const head = (directive[2] ?? '').replace(/^define\s*/, '');
        const op = /\s*(::?=|:::=|[+?!]?=)\s*$/.exec(head)?.[1] ?? '=';
        define = {
          name: expand(head.replace(/\s*(?:::?=|:::=|[+?!]?=)\s*$/, '').trim(), ctx),
          op,
          lines: [],
          depth: 1,
          override: word === 'override',
        };
      } else if (word === 'vpath') expand(directive[2] ?? '', ctx);
      else if (word === 'undefine' || (word === 'override' && /^undefine\s/.test(directive[2] ?? ''))) {
        const names = expand((directive[2] ?? '').replace(/^undefine\s+/, ''), ctx)
          .split(/\s+/)
          .filter(Boolean);
        for (const n of names)
          if (!overrides.has(n) || word === 'override') {
            mf.vars.delete(n);
            mf.simple.delete(n);
          }
      } else if (word === 'export' || word === 'unexport') {
        const names = expand(directive[2] ?? '', ctx)
          .split(/\s+/)
          .filter(Boolean);
        if (names.length === 0) mf.exportAll = word === 'export';
        for (const n of names) {
          if (word === 'export') mf.exported.add(n);
          else mf.exported.delete(n);
        }
      }
      current = [];
      continue;
    }
    const assign = /^(?:(?:export|override|private)\s+)*([^:#=\s]+)\s*(::?=|:::=|\?=|\+=|!=|=)\s*(.*)$/.exec(
      trimmed,
    );
    if (assign) {
      const [, name = '', op = '', value = ''] = assign;
      current = [];
      if (/^(?:override\s+|private\s+)*export\s/.test(trimmed)) mf.exported.add(name);
      // Expanded now only where make expands it now (`:=`, `!=`, `+=` to such a variable; with a command-line value
      // too, measured with GNU make 4.3); a recursive value's `$(shell …)` runs where the variable is used.
      const now =
        op.startsWith(':') || op === '!=' || (op === '+=' && mf.simple.has(name)) || EXPANDED_BY_MAKE(name);
      if (op.startsWith(':') || op === '!=') mf.simple.add(name);
      else if (op === '=' || (op === '?=' && !mf.vars.has(name))) mf.simple.delete(name);
      const implicit = implicitProgram(name, now ? expand(value, ctx) : peek(value, ctx));
      if (implicit) mf.opaque ??= implicit;
      if (name === '.RECIPEPREFIX') mf.opaque ??= 'changes the recipe prefix';
      if (name === 'SHELL' && !/^(\/bin\/|\/usr\/bin\/)?(sh|bash)$/.test(value.trim()))
        mf.opaque ??= 'runs its recipes with a shell it sets';
      // `.SHELLFLAGS := -c '<code>' -c`: the flags are words of the shell's command line, code included.
      if (
        name === '.SHELLFLAGS' &&
        !/^-(?:[eux]*c|[eux]+ -c|e?u?o pipefail -c|eu -o pipefail -c)$/.test(value.trim())
      )
        mf.opaque ??= 'runs its recipes with shell flags it sets';
      if (name === 'MAKEFLAGS' || name === 'MAKEFILES' || name === 'GNUMAKEFLAGS')
        mf.opaque ??= 'sets its own options or extra makefiles';
      // A command-line value replaces the makefile's, unless the makefile sets it with `override`.
      const override = /^(?:export\s+|private\s+)*override\s/.test(trimmed);
      if (overrides.has(name) && !override) continue;
      if (override) overridden.add(name);
      if (op === '!=') {
        mf.parseTime.push(expand(value, ctx));
        mf.vars.set(name, DYNAMIC);
      } else if (op.startsWith(':')) mf.vars.set(name, expand(value, ctx).replaceAll('$', '$$'));
      else if (op === '+=')
        mf.vars.set(
          name,
          `${mf.vars.get(name) ?? ''} ${now ? expand(value, ctx).replaceAll('$', '$$') : value}`,
        );
      else if (op === '?=') {
        if (!mf.vars.has(name)) mf.vars.set(name, value);
      } else mf.vars.set(name, value);
      continue;
    }
    const rule = /^([^:]+?)\s*(::?|&:)(?!=)\s*(.*)$/.exec(trimmed);
    if (!rule) {
      // A line make reads that is neither: a function call at the top level (`$(eval …)`) or a syntax error.
      expand(trimmed, ctx);
      current = [];
      continue;
    }
    const targets = expand(rule[1] ?? '', ctx)
      .split(/\s+/)
      .filter(Boolean);
    let rest = rule[3] ?? '';
    // A target-specific variable (`t: VAR = x`): no recipe.
    if (/^[^;]*?[^:#=\s]+\s*(::?=|\?=|\+=|!=|=)/.test(rest) && !rest.includes(';')) {
      // It reaches that target's recipes as a makefile-wide one does: an export, a shell, a program of the
      // built-in rules (`test: CC = sh -c …`, `all: export NODE_OPTIONS=…`).
      const own =
        /^((?:(?:export|override|private)\s+)*)([^:#=\s]+)\s*(?:::?=|:::=|\?=|\+=|!=|=)\s*(.*)$/.exec(
          rest.trim(),
        );
      const name = own?.[2] ?? '';
      if (/\bexport\b/.test(own?.[1] ?? '')) mf.opaque ??= 'exports a variable for one target';
      else if (name === 'SHELL' || name === '.SHELLFLAGS') mf.opaque ??= 'sets the shell of one target';
      else {
        const implicit = implicitProgram(name, expand(own?.[3] ?? '', ctx));
        if (implicit) mf.opaque ??= implicit;
      }
      current = [];
      continue;
    }
    let inline: string | undefined;
    const semi = rest.indexOf(';');
    if (semi >= 0) {
      inline = rest.slice(semi + 1);
      rest = rest.slice(0, semi);
    }
    // Static pattern rules (`objs: %.o: %.c`): the last colon part is the prerequisites.
    const parts = rest.split(/(?<!:):(?!=)/);
    const prereqs = expand(parts[parts.length - 1] ?? '', ctx)
      .split(/\s+/)
      .filter((w) => w && w !== '|');
    current = [];
    for (const target of targets) {
      const r: Rule = { prereqs, recipe: inline === undefined ? [] : [inline] };
      current.push(r);
      if (target === '.ONESHELL') mf.oneShell = true;
      if (target === '.EXPORT_ALL_VARIABLES') mf.exportAll = true;
      if (target.includes('%')) mf.patterns.push({ target, rule: r });
      else {
        mf.rules.set(target, [...(mf.rules.get(target) ?? []), r]);
        if (!target.startsWith('.') || target.includes('/')) mf.order.push(target);
      }
    }
  }
  for (const [name, value] of overrides) if (!overridden.has(name)) mf.vars.set(name, value);
  if (define || skippedDefine > 0) mf.opaque ??= 'leaves a define open (no `endef`)';
  if (mf.rules.has('.SECONDEXPANSION'))
    mf.opaque ??= 'expands prerequisites a second time (`.SECONDEXPANSION`)';
  if (conditionals.problem) mf.opaque ??= conditionals.problem;
  else if (conditionals.open) mf.opaque ??= 'leaves a conditional open (no `endif`)';
  return mf;
}

/** Rules that build `target`: its own, else every pattern rule that matches it, with the stem. */
function rulesFor(target: string, mf: Makefile): { rule: Rule; stem: string }[] {
  const own = mf.rules.get(target);
  if (own) return own.map((rule) => ({ rule, stem: '' }));
  const out: { rule: Rule; stem: string }[] = [];
  for (const p of mf.patterns) {
    const [head = '', tail = ''] = p.target.split('%');
    if (target.length >= head.length + tail.length && target.startsWith(head) && target.endsWith(tail))
      out.push({ rule: p.rule, stem: target.slice(head.length, target.length - tail.length) });
  }
  return out;
}

/** The shell text of the recipes that building `goals` runs, prerequisites first. */
/**
 * Does a recipe line run under `-n`/`-q` (GNU make: one that begins with `+` or refers to `$(MAKE)`, directly or
 * through another variable, whose expansion then holds MAKE's value)? `raw` as written, `expanded` after expansion.
 */
function runsWhenDry(raw: string, expanded: string, mf: Makefile): boolean {
  // make reads the `@`/`-`/`+` prefixes again after expanding the line (`P = +` then `$(P)cmd`).
  if (/^[\s@-]*\+/.test(raw) || /^[\s@-]*\+/.test(expanded) || raw.includes('MAKE')) return true;
  // A `$(shell …)` first on the line may print the `+` that makes it run (`$(shell printf +)cmd`).
  if (/^[\s@-]*\$__shell_output/.test(expanded)) return true;
  const make = (mf.vars.get('MAKE') ?? DEFAULTS.MAKE ?? 'make').trim();
  return make === '' || expanded.includes(make) || expanded.includes(DYNAMIC);
}

/** The recipe lines the goals run; with `dry` (`make -n`, `-q`), only those that run anyway (runsWhenDry). */
function recipesOf(goals: string[], mf: Makefile, dry = false): { lines: string[]; tooMany: boolean } {
  const seen = new Set<string>();
  const lines: string[] = [];
  let tooMany = false;
  const visit = (target: string, depth: number) => {
    if (seen.has(target)) return;
    if (seen.size >= MAX_TARGETS || depth > 64) {
      tooMany = true;
      return;
    }
    seen.add(target);
    for (const { rule, stem } of rulesFor(target, mf)) {
      const prereqs = rule.prereqs.map((p) => p.replaceAll('%', stem));
      for (const p of prereqs) visit(p, depth + 1);
      const auto = new Map([
        ['@', target],
        ['<', prereqs[0] ?? ''],
        ['^', prereqs.join(' ')],
        ['+', prereqs.join(' ')],
        ['?', prereqs.join(' ')],
        ['*', stem],
        ['|', ''],
        ['%', ''],
      ]);
      const ctx: Ctx = { mf, auto, depth: 0 };
      for (const line of rule.recipe) {
        const expanded = expand(line, ctx);
        if (!dry || runsWhenDry(line, expanded, mf)) lines.push(expanded.replace(/^[\s@+-]*/, ''));
      }
    }
  };
  for (const goal of goals) visit(goal, 0);
  return { lines, tooMany };
}

const VALUE_OPTIONS = new Set([
  '-C',
  '--directory',
  '-f',
  '--file',
  '--makefile',
  '-I',
  '--include-dir',
  '-o',
  '--old-file',
  '--assume-old',
  '-W',
  '--what-if',
  '--new-file',
  '--assume-new',
  '--jobserver-style',
]);

/** Options whose value is optional and, when given, attached (`-Oline`, `--output-sync=line`, `-l2`). */
const ATTACHED_ONLY = new Set(['-O', '--output-sync', '-l', '--load-average']);

/** The exports of a makefile as shell text (`export NAME="value"`, values expanded), bounded; '' for none. */
function exportsOf(mf: Makefile): string {
  const names = mf.exportAll ? [...mf.vars.keys(), ...mf.exported] : [...mf.exported];
  const out: string[] = [];
  const ctx: Ctx = { mf, auto: new Map(), depth: 0 };
  for (const name of new Set(names)) {
    if (!/^[A-Za-z_]\w*$/.test(name) || out.length >= 64) continue;
    // An exported variable the makefile never sets passes on the environment's own value.
    if (!mf.vars.has(name)) continue;
    const value = expand(`$(${name})`, ctx).replace(/["\\`]/g, '\\$&');
    out.push(`export ${name}="${value}"`);
  }
  return out.join('\n');
}

/** The programs makeRecipes looks at. */
export const MAKE_PROGRAMS = () => ['make', 'gmake', 'gnumake'];

export function makeRecipes(inv: Invocation, r: Reporter): void {
  if (!['make', 'gmake', 'gnumake'].includes(inv.program)) return;
  // `--version` and `--help` are answered when the options are read, before any makefile (GNU make).
  const end = inv.args.findIndex((w) => plain(w) === '--');
  if (inv.args.slice(0, end < 0 ? undefined : end).some((w) => /^(?:--version|-v|--help|-h)$/.test(plain(w))))
    return;
  const say = (why: string) =>
    r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');
  let dirWord: Word | undefined;
  let fileWord: Word | undefined;
  const goals: string[] = [];
  const overrides = new Map<string, string>();
  const args = inv.args;
  // `-n`/`--dry-run` prints the recipes, `-q` answers whether the goals are up to date: neither runs them.
  let dry = false;
  let ended = false;
  // Options and makefiles from the environment (`MAKEFLAGS='-f /x/Makefile' make`, `export MAKEFILES=…`).
  if (['MAKEFLAGS', 'GNUMAKEFLAGS', 'MFLAGS', 'MAKEFILES'].some((n) => r.assignedNames.has(n)))
    say('takes options or makefiles from a variable set in this command');
  for (let k = 0; k < args.length; k++) {
    const w = args[k] as Word;
    const t = plain(w);
    const eq = t.indexOf('=');
    if (/^--eval\b/.test(t)) say('evaluates makefile text given on its command line');
    // `--` ends the options: a word after it is a goal or an assignment (`make all -- -n` builds a goal `-n`).
    if (t === '--' && !ended) {
      ended = true;
      continue;
    }
    if (!ended && t.startsWith('-') && t.length > 1) {
      if (/^--(?:just-print|dry-run|recon|question)$/.test(t) || /^-[abdeghiknpqrstvwBLMPRS]*[nq]/.test(t))
        dry = true;
      const name = t.startsWith('--') && eq > 0 ? t.slice(0, eq) : t;
      const attached = t.startsWith('--')
        ? eq > 0
          ? t.slice(eq + 1)
          : undefined
        : /^-[CfIoW]./.test(t)
          ? t.slice(2)
          : undefined;
      const short = t.startsWith('--') ? name : t.slice(0, 2);
      let value: Word | undefined;
      if (VALUE_OPTIONS.has(short) || VALUE_OPTIONS.has(name)) {
        value = attached !== undefined ? { text: attached, flow: w.flow } : args[++k];
      } else if (/^-j$|^--jobs$|^-l$|^--load-average$/.test(t) && /^[\d.]+$/.test(plain(args[k + 1]))) k++;
      // A short cluster that ends in an option taking a separate value (`-sC dir`, `-kf x.mk`).
      else if (
        !t.startsWith('--') &&
        !ATTACHED_ONLY.has(short) &&
        /^-[a-zA-Z]*[CfIoW]$/.test(t) &&
        t.length > 2
      ) {
        value = args[++k];
        if (t.endsWith('C')) dirWord = value;
        if (t.endsWith('f')) fileWord = value;
        continue;
      }
      // `-e`: the environment overrides what the makefile sets, values the analysis does not hold.
      if (name === '--environment-overrides' || /^-[abdghiknpqrstvwBLMPRS]*e/.test(t))
        say('takes variables from the environment over the makefile (`-e`)');
      // `-E text` is `--eval text` (GNU make 4.4).
      if (short === '-E' || /^-[a-zA-Z]*E/.test(t)) say('evaluates makefile text given on its command line');
      if (short === '-C' || name === '--directory') dirWord = value;
      if (short === '-f' || name === '--file' || name === '--makefile') fileWord = value;
      continue;
    }
    if (eq > 0 && /^[^\s:#=]+$/.test(t.slice(0, eq).replace(/[:+?!]$/, ''))) {
      const name = t.slice(0, eq).replace(/[:+?!]$/, '');
      if (name === 'SHELL' || name === '.SHELLFLAGS' || name === 'MAKESHELL')
        say('runs its recipes with a shell set on its command line');
      overrides.set(name, isLiteral(w) ? t.slice(eq + 1) : DYNAMIC);
      continue;
    }
    if (!isLiteral(w)) {
      say('builds a goal named at run time');
      return;
    }
    goals.push(t);
  }
  if (!r.env.readScript) return;
  let dir = inv.cwd;
  if (dirWord) dir = isLiteral(dirWord) ? resolveArg(dirWord, inv, r).resolved : undefined;
  if (dir === undefined) {
    unknownFolder(inv, r);
    return;
  }
  const run: Invocation = dir === inv.cwd ? inv : { ...inv, cwd: dir };
  const candidates = fileWord
    ? isLiteral(fileWord)
      ? [resolveArg(fileWord, run, r).resolved]
      : [undefined]
    : ['GNUmakefile', 'makefile', 'Makefile'].map((n) => inFolder(dir, n));
  for (const path of candidates) {
    if (path === undefined) {
      say('reads a makefile named at run time');
      return;
    }
    const file = projectFile(path, inv, r);
    if (file.kind === 'missing') continue;
    if (file.kind !== 'text') return;
    const included = withIncludes(file.text, dir, inv, r);
    if (included.kind === 'unknown') return;
    const mf = parse(included.text, overrides, goals);
    if (included.opaque) mf.opaque ??= included.opaque;
    // make remakes a makefile it reads when a rule builds it, before anything else, even under `-n`: an explicit
    // rule or a pattern rule (`%.mk: FORCE`) that matches an included file.
    const remade = (n: string) =>
      mf.rules.has(n) ||
      mf.patterns.some(({ target }) => {
        const [head = '', tail = ''] = target.split('%');
        return n.length >= head.length + tail.length && n.startsWith(head) && n.endsWith(tail);
      });
    if (included.names.some(remade)) mf.opaque ??= 'has a rule that remakes a makefile it includes';
    // The makefile read is remade too when a rule builds it (final read: `Makefile: FORCE`).
    const own = [posix.basename(path), path, ...(fileWord ? [plain(fileWord)] : [])];
    if (own.some(remade)) mf.opaque ??= 'has a rule that remakes the makefile itself';
    const defaultGoal = mf.vars.has('.DEFAULT_GOAL')
      ? expand('$(.DEFAULT_GOAL)', { mf, auto: new Map(), depth: 0 })
      : undefined;
    const wanted = goals.length > 0 ? goals : defaultGoal ? [defaultGoal.trim()] : mf.order.slice(0, 1);
    const { lines, tooMany } = recipesOf(wanted, mf, dry);
    if (mf.opaque) say(`reads a makefile that ${mf.opaque}`);
    if (tooMany) say('builds more targets than one review follows');
    const wrapper = `${inv.program}${SCRIPT_FILE_WRAPPER}`;
    // What the makefile exports reaches every recipe's programs, as `export NAME=value` would.
    const env = exportsOf(mf);
    const withEnv = (line: string) => (env === '' ? line : `${env}\n${line}`);
    const texts = [...mf.parseTime, ...lines.map(withEnv)];
    if (texts.length === 0) return;
    // Each recipe line runs in a shell of its own (unless `.ONESHELL`): a `cd` on one line does not reach the next.
    const script = mf.oneShell ? withEnv(lines.join('\n')) : texts.map((t) => `(\n${t}\n)`).join('\n');
    runFileText(
      mf.oneShell ? [...mf.parseTime.map((t) => `(\n${t}\n)`), script].join('\n') : script,
      run,
      r,
      wrapper,
    );
    return;
  }
}
