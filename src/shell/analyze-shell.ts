/**
 * Shell analysis: what one shell command would do. Parses plain commands with the pure-JS fast path
 * (fast-parse.ts, the same trees) and everything else with tree-sitter-bash, walks every segment,
 * unwraps wrappers, and hands each program run to the detectors, which report paths, hosts, category hits
 * and uncertainties. Pure: reads no file (beyond the parser's own .wasm at load), no clock, no environment.
 * INVARIANT: anything not modelled (parse error, dynamic program, depth limit) is an uncertainty, never silence.
 */

import type { Category } from '../core';
import { type PathScope, scopeFor } from './classify/classify-path';
import { isSecretVariable } from './classify/secret-variable';
import { isEvalIdiom } from './data/eval-idioms';
import { registrySources } from './data/registry-variables';
import { PROMPT_EXPANSION, stateAssignment } from './detect/bash-state';
import { detectInvocation } from './detect/detect-invocation';
import { endlessWork } from './detect/endless-work';
import { forkBomb } from './detect/fork-bomb';
import { arithmeticOperands, hiddenAssignments } from './detect/hidden-assignments';
import { covers, DEFAULT_PACKAGE_SOURCES, hostOf } from './detect/network-target';
import { movedAway, writtenTexts } from './detect/written-scripts';
import { braceCommandText } from './parse/brace-commands';
import { fastParse } from './parse/fast-parse';
import { joinsLines } from './parse/joined-lines';
import { loadedShellParser, loadShellParser, type ShellParser } from './parse/load-parser';
import { misreadsKeywords } from './parse/misread-keywords';
import { misreadsWords, quoteSkippedDash } from './parse/misread-words';
import { posixForHeaders } from './parse/posix-for';
import type { SyntaxNode as Node } from './parse/syntax-node';
import type {
  CategoryHit,
  HostRef,
  PathRef,
  Segment,
  SegmentContext,
  ShellAnalysis,
  ShellEnv,
  Uncertainty,
  UncertaintyCode,
} from './types';
import type { Invocation, ScriptBinding } from './unwrap/invocation';
import { runCommand, type UnwrapHost } from './unwrap/unwrap-command';
import { embeddedSubstitutions } from './walk/decode-word';
import { type Flow, NO_FLOW, OPAQUE_FLOW, taintsOf } from './walk/flow';
import { display, isDynamic, unprotect } from './walk/markers';
import { type PathFirst, setPathFirst } from './walk/path-first';
import { textSize } from './walk/text-size';
import {
  type AssignmentKind,
  childShell,
  type Frame,
  type SimpleCommand,
  TreeWalker,
  type WalkHost,
} from './walk/walk-tree';

/** Nested shells (`bash -c`, `eval`, here-docs fed to a shell) analysed before `depth-limit`. */
export const MAX_DEPTH = 8;
/** Longer commands are not analysed: a `too-large` uncertainty, so review (docs/benchmarks.md, worst inputs). */
export const MAX_COMMAND_CHARS = 100_000;
/**
 * Commands (segments) one analysis reads, scripts it follows included: judging each costs a fraction of a
 * millisecond, so past this the rest is not read (`too-large`: review, never allow) and a command of many short
 * segments (`true;true;...`) stays well inside the hook's time.
 */
export const MAX_SEGMENTS = 2_000;
/** Words a command may hold (./walk/text-size.ts; here-document bodies and single-quoted strings count one). */
export const MAX_WORDS = 10_000;
/** Syntax nodes one analysis walks, scripts it follows included: past it the text is not walked (`too-large`). */
export const MAX_NODES = 60_000;

/** A subscript whose index holds a command substitution: `a[$(cmd)]`, ``a[`cmd`]``. */
const SUBSCRIPT_SUBSTITUTION = /[A-Za-z_][A-Za-z0-9_]*\[([^\]]*(?:\$\(|`)[^\]]*)\]/g;

/** A backslash-newline between two non-blank characters: bash joins them into one word. */
const CONTINUED_WORD = /[^\s\\]\\\n[^\s]/;
/** Names that remap which program a command name runs, wherever they appear (assigned, read into, declared). */
const REMAP_NAMES = /\bBASH_(CMDS|ALIASES)\b|\bBASH_FUNC_/;

/** Shapes the tree may not show but bash acts on, found in the text: uncertain, never allowed. */
function textGuards(text: string, a: AnalysisRun): void {
  if (REMAP_NAMES.test(text))
    a.uncertain('dynamic-command', 'the command remaps which program a command name runs', undefined, 'kept');
  if (PROMPT_EXPANSION.test(text))
    a.uncertain(
      'dynamic-script',
      'the command expands a value as a prompt string, which runs its substitutions',
    );
}

/** One analysis of one command text: the report it builds and the hooks the walker and unwrapping call. */
class AnalysisRun implements UnwrapHost, WalkHost {
  readonly segments: Segment[] = [];
  /** Commands whose decoded words were looked at for a subscript's substitution (see analyzeText). */
  private readonly subscriptsRead = new Set<number>();
  /** The subscript substitutions analysed, per frame (see subscriptSubstitutions). */
  private readonly subscriptsSeen = new WeakMap<Frame, Set<string>>();
  readonly hits: CategoryHit[] = [];
  readonly uncertainties: Uncertainty[] = [];
  sensitiveToNetwork = false;
  readonly variables = new Set<string>();
  readonly variableValues: [string, string][] = [];
  readonly downloaded = new Set<string>();
  readonly scope: PathScope;
  private readonly walker: TreeWalker;
  /** Uncertainties `forgetUncertainties` keeps: what the parser could not see, not what a script computes. */
  private readonly kept = new WeakSet<Uncertainty>();
  /** Syntax nodes parsed so far (bounded by MAX_NODES). */
  private nodes = 0;

  constructor(
    readonly env: ShellEnv,
    private readonly parser: ShellParser | undefined,
    private readonly fastPath: boolean,
  ) {
    this.scope = scopeFor(env);
    this.walker = new TreeWalker(this);
  }

  hit(category: Category, reason: string, segment: number): void {
    if (this.hits.some((h) => h.category === category && h.segment === segment)) return;
    this.hits.push({ category, reason, segment });
  }

  uncertain(code: UncertaintyCode, reason: string, segment?: number, kept?: 'kept'): void {
    let u = this.uncertainties.find((x) => x.code === code && x.segment === segment);
    if (!u) {
      u = segment === undefined ? { code, reason } : { code, reason, segment };
      this.uncertainties.push(u);
    }
    if (kept) this.kept.add(u);
  }

  forgetUncertainties(from: number): void {
    const dropped = this.uncertainties.splice(from);
    // A tree-sitter mis-parse hides what bash runs; decoded code run by a shell is hidden on purpose.
    this.uncertainties.push(...dropped.filter((u) => this.kept.has(u) || u.code === 'decoded-payload'));
  }

  path(segment: number, ref: PathRef): void {
    this.segments[segment]?.paths.push(ref);
  }

  host(segment: number, ref: HostRef): void {
    const seg = this.segments[segment];
    if (seg && !seg.hosts.some((h) => h.host === ref.host && h.via === ref.via)) seg.hosts.push(ref);
  }

  exfiltration(segment: number, reason: string): void {
    this.sensitiveToNetwork = true;
    this.hit('credential_exfiltration', reason, segment);
  }

  readonly assignedNames = new Set<string>();
  /** Names assigned as the shell's own (`x=1`, `for x in`), and names that reached an environment or a declaration. */
  private readonly plainNames = new Set<string>();
  private readonly declaredNames = new Set<string>();
  /** Per name, its prefix assignments, and how many of them were a builtin's that starts no program. */
  private readonly prefixes = new Map<string, number>();
  private readonly builtinOnly = new Map<string, number>();
  production = false;
  allexport = false;

  assigned(
    name: string,
    frame: Frame,
    value?: { text: string; flow: Flow },
    kind: AssignmentKind = 'declared',
  ): void {
    this.variables.add(name);
    // A value bash may later read as a subscript (`x='a[$'"(cmd)]"; (( x ))`): its substitution is analysed.
    if (value !== undefined) this.subscriptSubstitutions(unprotect(value.text), frame);
    if (kind === 'prefix') this.prefixes.set(name, (this.prefixes.get(name) ?? 0) + 1);
    else (kind === 'plain' ? this.plainNames : this.declaredNames).add(name);
    this.variableValues.push([name, value && !isDynamic(value.text) ? display(value.text) : '$\u2026']);
    this.assignedNames.add(name);
    stateAssignment(name, value, {
      uncertain: (code, reason, segment, kept) => this.uncertain(code, reason, segment, kept),
      selectProduction: () => {
        this.production = true;
      },
      run: (text) =>
        this.analyzeText(text, {
          ...frame,
          vars: new Map(frame.vars),
          context: 'shell-string',
          depth: frame.depth + 1,
        }),
    });
    this.registryVariable(name, value, frame);
    // Under `set -a` every assignment is exported: a secret held under an ordinary name reaches every program.
    if (kind === 'plain' && this.allexport && value?.flow.sensitive && !isSecretVariable(name))
      this.exportsSecret(name);
    // gavel's own settings come from the user's environment; an agent changing them turns review down.
    if (!/^GAVEL_/i.test(name)) return;
    const segment = this.newSegment([`${name}=…`], 'export', frame.wrappers, frame.context);
    this.hit(
      'disable_security_control',
      `the command sets \`${name.slice(0, 40)}\`, gavel's own configuration`,
      segment,
    );
  }

  /**
   * `NPM_CONFIG_REGISTRY=http://x npm install`, `export PIP_INDEX_URL=…`: a package source set through the
   * environment is judged as the installer's own source option is (a host nobody stated); one known only at run
   * time is a source nobody stated either.
   */
  private registryVariable(name: string, value: { text: string } | undefined, frame: Frame): void {
    const text = value === undefined || isDynamic(value.text) ? undefined : unprotect(value.text);
    const sources = registrySources(name, text ?? '');
    if (sources === undefined) return;
    const stated = [...(this.env.packageSources ?? DEFAULT_PACKAGE_SOURCES)];
    const unstated =
      text === undefined
        ? '(a value known only at run time)'
        : sources.find((s) => !covers(stated, hostOf(s) ?? s));
    if (unstated === undefined) return;
    const segment = this.newSegment([`${name}=…`], 'export', frame.wrappers, frame.context);
    this.hit(
      'package_install_from_unstated_source',
      `\`${name.slice(0, 40)}\` points package installs at a source nobody stated (${(hostOf(unstated) ?? unstated).slice(0, 60)})`,
      segment,
    );
  }

  exportsSecret(name: string): void {
    this.uncertain(
      'secret-value',
      `\`${name.slice(0, 40)}\` is exported with secret material: a program may print it`,
    );
  }

  /** Prefix assignments of a builtin that starts no program (`IFS= read -r line`): they last for it alone. */
  builtinPrefixes(names: readonly string[]): void {
    for (const n of names) this.builtinOnly.set(n, (this.builtinOnly.get(n) ?? 0) + 1);
  }

  /** A variable was unset or declared without a value (`unset X`, `export X`): shell state only. */
  touched(name: string, value?: string): void {
    this.variables.add(name);
    this.declaredNames.add(name);
    this.variableValues.push([name, value !== undefined && !isDynamic(value) ? display(value) : '$\u2026']);
  }

  /** `misread`: the tree has no error but is not what bash runs (joined-lines.ts, misread-keywords.ts). */
  parseError(misread = false): void {
    let u = this.uncertainties.find((x) => x.code === 'parse-error' && x.segment === undefined);
    if (!u) {
      u = { code: 'parse-error', reason: 'the command does not parse as shell: its meaning is uncertain' };
      this.uncertainties.push(u);
    }
    if (misread) this.kept.add(u);
  }

  newSegment(argv: string[], program: string, wrappers: string[], context: SegmentContext): number {
    if (this.segments.length >= MAX_SEGMENTS) throw new SegmentLimit();
    this.segments.push({ program, argv, wrappers, context, paths: [], hosts: [] });
    return this.segments.length - 1;
  }

  analyzeText(text: string, frame: Frame, stdin: Flow = NO_FLOW): Flow {
    if (frame.depth > MAX_DEPTH) {
      this.uncertain('depth-limit', `shells nested deeper than ${MAX_DEPTH} levels are not analysed`);
      return { ...NO_FLOW, opaque: true };
    }
    textGuards(text, this);
    const fast = this.fastPath ? fastParse(text) : undefined;
    if (!fast && !this.parser) throw new NeedsParser();
    let tree = fast ?? (this.parser as ShellParser).parse(text);
    // `for NAME do` (POSIX, no separator) is an error to tree-sitter-bash: the same loop with `;` is read instead.
    const posix = !fast && tree.rootNode.hasError ? posixForHeaders(text) : undefined;
    if (posix !== undefined) {
      const second = (this.parser as ShellParser).parse(posix);
      if (second.rootNode.hasError) second.delete();
      else {
        tree.delete();
        tree = second;
        text = posix;
      }
    }
    // `python3 - <<'EOF'`: a `-` tree-sitter drops before a here-document is read quoted, the word bash reads.
    const dashed = fast ? undefined : quoteSkippedDash(tree.rootNode, text);
    if (dashed !== undefined) {
      const second = (this.parser as ShellParser).parse(dashed);
      if (second.rootNode.hasError) second.delete();
      else {
        tree.delete();
        tree = second;
        text = dashed;
      }
    }
    try {
      this.nodes += tree.rootNode.descendantCount ?? 0;
      if (this.nodes > MAX_NODES) {
        this.uncertain(
          'too-large',
          `the command and the scripts it runs hold more than ${MAX_NODES} words and operators`,
        );
        return OPAQUE_FLOW;
      }
      const misread =
        !fast &&
        (joinsLines(tree.rootNode, text) ||
          misreadsKeywords(tree.rootNode) ||
          misreadsWords(tree.rootNode, text));
      if (tree.rootNode.hasError || misread) this.parseError(misread);
      const before = this.segments.length;
      const out = this.walker.walk(tree.rootNode, frame, stdin);
      // `{rm,-rf,/}`: a brace-expanded command word tree-sitter fails on; the words it makes are read too.
      const braced = tree.rootNode.hasError ? braceCommandText(text) : undefined;
      if (braced !== undefined)
        this.analyzeText(braced, { ...frame, vars: new Map(frame.vars), depth: frame.depth + 1 });
      const endless = fast ? undefined : endlessWork(tree.rootNode);
      if (endless !== undefined) this.uncertain('endless-work', endless);
      const bomb = fast ? undefined : forkBomb(tree.rootNode);
      if (bomb !== undefined)
        this.hit(
          'system_shutdown',
          `${/^[\w:.-]{1,32}$/.test(bomb) ? `function \`${bomb}\`` : 'a function'} starts copies of itself until the machine stops`,
          0,
        );
      // bash evaluates `a[$(cmd)]` held in a string wherever it reads the string as a subscript or arithmetic
      // (`x='a[$(cmd)]'; (( x ))`, `unset 'a[$(cmd)]'`): such text is analysed as if it ran, however quoted.
      // Escapes (`\\$(`, ``\\` ``) are removed when the string is read, before the subscript is evaluated.
      this.subscriptSubstitutions(text, frame);
      this.hiddenAssignments(text);
      // The same in a word's decoded text: quotes split the raw text (`'a[$'"(cmd)]"`, `$'a[\x24(cmd)]'`), the word
      // bash reads as a subscript holds the substitution whole (`test -v`, `wait -p`, `unset`, `(( ))`). The words
      // joined: a parser may split a word bash reads whole (`a[\$\(cmd\)]`). Each command once, however nested.
      for (let k = before; k < this.segments.length; k++) {
        if (this.subscriptsRead.has(k)) continue;
        this.subscriptsRead.add(k);
        const words = (this.segments[k] as Segment).argv.join(' ');
        this.subscriptSubstitutions(words, frame);
        this.hiddenAssignments(words);
      }
      // bash removes a backslash-newline before it splits words (`r\<newline>m -rf ~` runs `rm`); the parsers may
      // not: the joined reading is analysed too, so neither hides the other.
      if (CONTINUED_WORD.test(text)) this.analyzeText(text.replace(/\\\n/g, ''), frame);
      return out;
    } finally {
      tree.delete();
    }
  }

  /** Environment variables bash assigns with no assignment word (hidden-assignments.ts): each reported once. */
  private readonly hiddenNames = new Set<string>();
  private hiddenAssignments(text: string): void {
    // A variable the line set to text, evaluated as arithmetic, may assign another (`x='PATH=0'; (( x ))`).
    const operands = arithmeticOperands(text);
    if (operands.length > 0) {
      const values = new Map(this.variableValues);
      for (const name of operands) {
        const value = values.get(name);
        if (value === undefined || /^-?\d+$/.test(value) || this.hiddenNames.has(`=${name}`)) continue;
        // Set only to numbers and arithmetic, each setting an assignment word of this text (`n=0; … n=$((n+1))`): a
        // number. A setting of another kind (`read n`, `for n in`) is text.
        const sets = [...text.matchAll(new RegExp(`(?:^|[\\s;&|(])${name}=(\\S*)`, 'g'))];
        const settings = this.variableValues.filter(([n]) => n === name).length;
        if (sets.length === settings && sets.every((m) => /^(?:-?\d+(?![\w.])|\$\(\(|\$\[)/.test(m[1] ?? '')))
          continue;
        this.hiddenNames.add(`=${name}`);
        this.uncertain(
          'dynamic-script',
          `bash evaluates \`${name.slice(0, 40)}\` as arithmetic, and the line sets it to text: its value may assign a variable a later program uses`,
        );
      }
    }
    for (const name of hiddenAssignments(text)) {
      if (this.hiddenNames.has(name)) continue;
      this.hiddenNames.add(name);
      this.uncertain(
        'dynamic-script',
        `bash assigns \`${name.slice(0, 40)}\` where no assignment is written (arithmetic, a descriptor variable, \`wait -p\`, \`xargs --process-slot-var\`): what a later program runs may change`,
      );
    }
  }

  /**
   * Analyses the substitutions of a subscript a text holds (`a[$(cmd)]`), as if bash evaluated it: each once per
   * frame (the raw text, a command's decoded words and an assigned value may all hold the same one).
   */
  private subscriptSubstitutions(text: string, frame: Frame): void {
    if (!text.includes('[')) return;
    let seen = this.subscriptsSeen.get(frame);
    for (const m of text.matchAll(SUBSCRIPT_SUBSTITUTION))
      for (const inner of embeddedSubstitutions((m[1] ?? '').replace(/\\+([$`])/g, '$1'))) {
        if (!seen) {
          seen = new Set();
          this.subscriptsSeen.set(frame, seen);
        }
        if (seen.has(inner)) continue;
        seen.add(inner);
        this.substituteText(inner, frame);
      }
  }

  substituteText(text: string, frame: Frame): Flow {
    return this.analyzeText(text, {
      ...childShell(frame),
      vars: new Map(frame.vars),
      context: 'substitution',
    });
  }

  substitution(node: Node, frame: Frame): Flow {
    // Backticks nested with escapes (`` `a \`b\`` ``): tree-sitter reads the inner ones as words; bash
    // unescapes the body and parses it again.
    if (node.text.startsWith('`') && node.text.includes('\\`'))
      return this.substituteText(node.text.slice(1, -1).replace(/\\([`$\\])/g, '$1'), frame);
    // `$(< file)` is bash's `$(cat file)`: the file is read and its text is the substitution's.
    const only = node.namedChildren.length === 1 ? node.namedChildren[0] : null;
    const dest = only?.type === 'file_redirect' ? only.childForFieldName('destination') : null;
    if (node.type === 'command_substitution' && dest && /^<\s*[^<&(]/.test(only?.text ?? ''))
      return this.substituteText(`cat ${dest.text}`, frame);
    const context: SegmentContext =
      node.type === 'process_substitution' ? 'process-substitution' : 'substitution';
    const inner: Frame = { ...childShell(frame), vars: new Map(frame.vars), context };
    // `>(cmd)`: cmd reads what the outer command writes to it, text the analysis does not hold here.
    const stdin = node.type === 'process_substitution' && node.text.startsWith('>') ? OPAQUE_FLOW : NO_FLOW;
    let out: Flow = NO_FLOW;
    for (const child of node.namedChildren) if (child) out = this.walker.walk(child, inner, stdin);
    if (
      context === 'substitution' &&
      !out.network &&
      !out.sensitive &&
      !out.decoded &&
      isEvalIdiom(node.text)
    )
      return { ...taintsOf(out), evalIdiom: true };
    return out;
  }

  runCommand(cmd: SimpleCommand, frame: Frame): Flow {
    return runCommand(cmd, frame, this);
  }

  script(
    text: string,
    inv: Invocation,
    context: 'shell-string' | 'stdin-script',
    wrapper: string,
    bind?: ScriptBinding,
  ): Flow {
    const frame = this.frameOf(inv, context, wrapper);
    if (!bind) return this.analyzeText(text, frame);
    frame.positional = bind.positional;
    frame.functions = bind.shell === 'new' ? new Map() : new Map(frame.functions ?? []);
    frame.calling = bind.shell === 'new' ? [] : (bind.calling ?? []);
    return this.walker.fresh(() => this.analyzeText(text, frame));
  }

  command(argv: SimpleCommand['words'], inv: Invocation, wrapper: string): Flow {
    const frame = this.frameOf(inv, this.segments[inv.segment]?.context ?? 'top', wrapper);
    frame.depth = inv.depth;
    return runCommand({ words: argv, assignments: new Map(), redirects: [], stdin: inv.stdin }, frame, this);
  }

  private readonly activated: { first: PathFirst; segment: number }[] = [];

  pathFirst(
    inv: Invocation,
    folder: string,
    entries: ReadonlySet<string> | undefined,
    functions: readonly string[] = [],
  ): void {
    const first: PathFirst = { folder, entries, certain: this.walker.straight(), functions };
    this.activated.push({ first, segment: inv.segment });
    const frame = this.frames.get(inv);
    if (frame) setPathFirst(frame.vars, first);
  }

  activations(): readonly { first: PathFirst; segment: number }[] {
    return this.activated;
  }

  /** The frame each unwrapped invocation runs in, for the scripts and argv it runs in turn. */
  // A Map, not a WeakMap: it lives as long as this run, and ephemeron tables cost every invocation more.
  private readonly frames = new Map<Invocation, Frame>();

  rememberFrame(inv: Invocation, frame: Frame): void {
    this.frames.set(inv, frame);
  }

  stdoutPiped(inv: Invocation): boolean {
    return this.frames.get(inv)?.piped === true || this.segments[inv.segment]?.context === 'substitution';
  }

  private frameOf(inv: Invocation, context: SegmentContext, wrapper: string): Frame {
    const parent = this.frames.get(inv);
    return {
      depth: inv.depth + 1,
      context,
      wrappers: [...(parent?.wrappers ?? []), wrapper],
      vars: new Map(parent?.vars ?? initialVars(this.env, this.scope)),
      cwd: inv.cwd,
      positional: parent?.positional,
      functions: parent?.functions ?? new Map(),
      ...(parent?.piped ? { piped: true } : {}),
    };
  }

  detect(inv: Invocation): Flow {
    return detectInvocation(inv, this);
  }

  private readonly afterWalks: (() => void)[] = [];

  afterWalk(check: () => void): void {
    this.afterWalks.push(check);
  }

  result(): ShellAnalysis {
    for (const check of this.afterWalks.splice(0)) check();
    return {
      segments: this.segments,
      hits: this.hits,
      uncertain: this.uncertainties,
      sensitiveToNetwork: this.sensitiveToNetwork,
      variables: [...this.variables],
      variableValues: this.variableValues,
      unexported: this.allexport
        ? []
        : [...this.plainNames].filter((n) => !this.declaredNames.has(n) && !this.prefixes.has(n)),
      builtinScoped: [...this.builtinOnly]
        .filter(
          ([n, k]) => this.prefixes.get(n) === k && !this.plainNames.has(n) && !this.declaredNames.has(n),
        )
        .map(([n]) => n),
      writtenTexts: writtenTexts(this),
      movedAway: movedAway(this),
    };
  }
}

function initialVars(env: ShellEnv, scope: PathScope): Map<string, { text: string; flow: Flow }> {
  const vars = new Map<string, { text: string; flow: Flow }>();
  vars.set('HOME', { text: scope.home, flow: NO_FLOW });
  vars.set('PWD', { text: scope.cwd, flow: NO_FLOW });
  vars.set('TMPDIR', { text: env.tempDirs[0] ?? '/tmp', flow: NO_FLOW });
  return vars;
}

/** The command (or a script nested in it) needs tree-sitter, which is not loaded yet. */
class NeedsParser extends Error {}

/** The analysis reached `MAX_SEGMENTS`: what it read so far stands, the rest is uncertain. */
class SegmentLimit extends Error {}

export interface AnalyzeOptions {
  /** Try the pure-JS fast path before tree-sitter (default true; false only to compare the two). */
  fastPath?: boolean;
  /** When tree-sitter must be loaded, set V8's `--liftoff-only` first (short-lived processes; load-parser.ts). */
  liftoffOnly?: boolean;
}

function analyzeWith(
  command: string,
  env: ShellEnv,
  parser: ShellParser | undefined,
  options: AnalyzeOptions,
): ShellAnalysis {
  const analyzer = new AnalysisRun(env, parser, options.fastPath ?? true);
  if (command.length > MAX_COMMAND_CHARS) {
    // Bounded time: analysing grows with the text (about 1 s of CPU per 100,000 characters on 2 shared cores),
    // so a longer command is not read at all; uncertain is review, never allow.
    analyzer.uncertain('too-large', `the command is longer than ${MAX_COMMAND_CHARS} characters`);
    return analyzer.result();
  }
  // Bounded time before parsing: parse and walk cost grows with words and separators, not characters. Each word
  // and separator textSize counts starts at a character of its own, so a text no longer than the smaller bound
  // is within both and is not counted (most commands: the count was 2 % of an in-process decision).
  const size =
    command.length <= Math.min(MAX_WORDS, MAX_SEGMENTS)
      ? { words: 0, separators: 0 }
      : textSize(command, MAX_WORDS + MAX_SEGMENTS);
  if (size.words > MAX_WORDS || size.separators > MAX_SEGMENTS) {
    analyzer.uncertain(
      'too-large',
      size.separators > MAX_SEGMENTS
        ? `the command runs more than ${MAX_SEGMENTS} commands`
        : `the command holds more than ${MAX_WORDS} words`,
    );
    return analyzer.result();
  }
  const frame: Frame = {
    depth: 0,
    context: 'top',
    wrappers: [],
    vars: initialVars(env, analyzer.scope),
    cwd: analyzer.scope.cwd,
    functions: new Map(),
  };
  try {
    analyzer.analyzeText(command, frame);
  } catch (e) {
    if (e instanceof NeedsParser) throw e;
    if (e instanceof SegmentLimit) {
      analyzer.uncertain('too-large', `the command runs more than ${MAX_SEGMENTS} commands`);
      return analyzer.result();
    }
    // INVARIANT: a bug in a detector makes the command uncertain; it never escapes as an exception to a hook.
    analyzer.uncertain('analysis-error', 'shell analysis failed on this command: its meaning is uncertain');
  }
  return analyzer.result();
}

/**
 * Analyses a command synchronously. Throws only when the command needs tree-sitter and it was never loaded
 * (plain commands take the fast path and need no parser).
 */
export function analyzeShellSync(
  command: string,
  env: ShellEnv,
  parser?: ShellParser,
  options: AnalyzeOptions = {},
): ShellAnalysis {
  try {
    return analyzeWith(command, env, parser ?? loadedShellParser(), options);
  } catch (e) {
    if (e instanceof NeedsParser) throw new Error('shell parser not loaded: await loadShellParser() first');
    throw e;
  }
}

/** Analyses a command, loading tree-sitter only when the fast path cannot parse all of it. */
export async function analyzeShell(
  command: string,
  env: ShellEnv,
  options: AnalyzeOptions = {},
): Promise<ShellAnalysis> {
  const loaded = loadedShellParser();
  if (!loaded) {
    try {
      return analyzeWith(command, env, undefined, options);
    } catch (e) {
      if (!(e instanceof NeedsParser)) throw e;
    }
  }
  const parser = loaded ?? (await loadShellParser(options.liftoffOnly ? { liftoffOnly: true } : {}));
  return analyzeWith(command, env, parser, options);
}

export { display };
