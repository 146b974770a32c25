/**
 * Walks a tree-sitter-bash syntax tree in execution order: lists, pipelines (stdout to stdin), subshells,
 * function bodies, loops and conditions, redirects, here-docs and here-strings, variable assignments and `cd`.
 * Every simple command goes to `runCommand`. Pure apart from the callbacks in `WalkHost`.
 */

import { isSecretVariable } from '../classify/secret-variable';
import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { SegmentContext } from '../types';
import type { Redirect } from '../unwrap/invocation';
import { backticks, decodeWord, unparsedSubstitutions, type Word, type WordContext } from './decode-word';
import { expandBraces } from './expand-braces';
import { type Flow, joinFlows, literalFlow, NO_FLOW, taintsOf } from './flow';
import { DYN, SPLIT, unprotect } from './markers';
import { PATH_FIRST, pathFirstEntry, withCertainty } from './path-first';
import {
  bindPositional,
  type Positional,
  positionalValue,
  setPositional,
  shiftPositional,
  unknownPositional,
} from './positional';
import { getoptsNames, readNames } from './read-names';

export interface Frame {
  depth: number;
  context: SegmentContext;
  wrappers: string[];
  vars: Map<string, { text: string; flow: Flow }>;
  cwd: string | undefined;
  /** Positional parameters bound on this line (`sh -c '...' a b`, `set -- a`); undefined: unknown. */
  positional?: Positional;
  /**
   * Shell functions defined so far, by name: the body's text and whether the definition surely ran (at the top
   * level of its script, not inside a branch, loop or list).
   */
  functions?: Map<string, { body: string; certain: boolean }>;
  /** The functions whose bodies are being analysed around this frame, outermost first (a call of one recurses). */
  calling?: readonly string[];
  /** Standard output goes into a pipe (a pipeline part before the last), never the terminal. */
  piped?: boolean;
}

export interface SimpleCommand {
  words: Word[];
  assignments: Map<string, { text: string; flow: Flow }>;
  redirects: Redirect[];
  stdin: Flow;
}

export interface WalkHost {
  runCommand(cmd: SimpleCommand, frame: Frame): Flow;
  substitution(node: Node, frame: Frame): Flow;
  /** A command substitution given as text (backticks tree-sitter leaves in a here-document). */
  substituteText(text: string, frame: Frame): Flow;
  parseError(): void;
  /** A variable was assigned (prefix, plain or declared). */
  /**
   * `kind`: `plain`, a statement of its own or a loop's variable; `prefix`, a command's prefix assignment (its
   * environment); `declared` (the default), a declaration's or anything else.
   */
  assigned(name: string, frame: Frame, value?: { text: string; flow: Flow }, kind?: AssignmentKind): void;
  /** The prefix assignments of a builtin that starts no program (`IFS= read -r line`): they last for it alone. */
  builtinPrefixes(names: readonly string[]): void;
  /** A variable was unset or declared without a value. */
  touched(name: string, value?: string): void;
  /** A variable holding secret material under a name that does not say so is exported (`export PORT=$API_KEY`). */
  exportsSecret(name: string): void;
}

/** How words are expanded in `frame`; `local`: a command's prefix assignments, seen first. */
function wordContext(
  host: WalkHost,
  frame: Frame,
  local?: Map<string, { text: string; flow: Flow }>,
): WordContext {
  return {
    variable: (name) => local?.get(name) ?? frame.vars.get(name) ?? positionalValue(frame.positional, name),
    substitute: (node) => host.substitution(node, frame),
    substituteText: (text) => host.substituteText(text, frame),
  };
}

/** A frame for a child shell (a subshell, a pipeline part, a background job): the functions known so far, copied. */
export function childShell(frame: Frame): Frame {
  return { ...frame, functions: new Map(frame.functions ?? []) };
}

function named(node: Node): Node[] {
  return node.namedChildren.filter((c): c is Node => c !== null);
}

const WORD_TYPES = new Set([
  'word',
  'string',
  'raw_string',
  'ansi_c_string',
  'translated_string',
  'concatenation',
  'simple_expansion',
  'expansion',
  'command_substitution',
  'process_substitution',
  'arithmetic_expansion',
  'number',
  'brace_expression',
]);

function expanded(word: Word): Word[] {
  // A lister's output as a whole word (`wc -l $(git ls-files)`): its lines are paths at or below the lister's
  // roots, judged as operands beside the run-time word (shell/detect/listed-paths.ts).
  // The run-time word keeps the roots: a file it names lies at or below them (not a file named anywhere).
  if (word.text === DYN && word.flow.listed) {
    const { listed, ...flow } = word.flow;
    const each = { ...flow, literal: undefined, opaque: true };
    return [word, ...listed.map((text) => ({ text, flow: each }))];
  }
  if (word.text.includes(SPLIT)) {
    return word.text
      .split(SPLIT)
      .filter((t) => t !== '')
      .flatMap((text) => expanded({ text, flow: word.flow }));
  }
  if (!word.text.includes('{')) return [word];
  return expandBraces(word.text).map((text) => ({ text, flow: word.flow }));
}

/**
 * A declaration builtin that prints values: no name at all (`export`, `declare -x`: every variable), or `-p` with
 * names; `-f`/`-F` print functions only.
 */
function printsValues(words: readonly Word[], names: number): boolean {
  const options = words.map((w) => unprotect(w.text)).filter((t) => /^[-+]/.test(t));
  if (options.some((o) => /^-[a-zA-Z]*[fF]/.test(o))) return false;
  if (names === 0) return true;
  // `declare -p NODE_ENV` prints an ordinary value: shell state only, as before.
  if (!options.some((o) => /^-[a-zA-Z]*p/.test(o))) return false;
  return words.some((w) => w.text.includes(DYN) || isSecretVariable(unprotect(w.text)));
}

/** How a variable is assigned (see `Host.assigned`). */
export type AssignmentKind = 'plain' | 'prefix' | 'declared';

/**
 * Regular builtins that start no program and run no text: a prefix assignment lasts for the builtin alone and reaches
 * nothing else (`IFS= read -r line`, `LC_ALL=C printf ...`). Special builtins (`:`, `export`, `eval`, ...) keep theirs.
 */
const INERT_BUILTINS = new Set(['read', 'echo', 'printf', 'test', '[', 'true', 'false', 'pwd', 'getopts']);

/** The first words of a command that may be `read` or `getopts` assigning (`time read x`, `builtin read x`). */
const ASSIGNING_HEADS = new Set(['read', 'getopts', 'time', 'command', 'builtin']);

/** Walks of one loop body, nested loops multiplied: past it a loop variable is left unknown. */
const MAX_LOOP_WALKS = 16;
/** A loop variable's value: its glob characters stay a pattern even where the variable is quoted. */
const PATTERN_FLOW: Flow = Object.freeze({ ...NO_FLOW, pattern: true as const });

/** Nodes whose commands run once, in order, in the same shell: a `set`/`shift` inside is followed exactly. */
const STRAIGHT = new Set(['program', 'compound_statement', 'redirected_statement', 'command', 'comment']);

/** Redirects bash binds to one statement, in order, and what they put on stdin. */
interface Applied {
  redirects: Redirect[];
  /** Words tree-sitter-bash folded into a redirect target: arguments of the command. */
  extraArgs: Word[];
  /** Undefined: stdin is unchanged. */
  input: Flow | undefined;
  /** The `<` redirect that `input` reads, if the last input redirect is one. */
  inputFile: Redirect | undefined;
}

/**
 * What a here-string feeds its command: the word's text as bash expands it, a newline after it; a word with a run-time
 * part is opaque. The text is unprotected (a quoted `?` is a `?` again): a shell reading it sees the characters bash
 * wrote, globs included (`bash <<< 'cat .en?'`).
 */
function herestringInput(redirect: Node, ctx: WordContext): Flow {
  const target = named(redirect).find((c) => c.type !== 'file_descriptor');
  const word = target ? decodeWord(target, ctx) : { text: '', flow: NO_FLOW };
  return word.text.includes(DYN) ? taintsOf(word.flow) : literalFlow(`${unprotect(word.text)}\n`);
}

export class TreeWalker {
  /** stdin flows of compounds that read a file (`{ …; } < f`), and the redirect that opened it. */
  private readonly fileInputs = new WeakMap<Flow, Redirect>();

  /**
   * How deep the walk is inside a branch, loop, `&&`/`||` list, pipeline or subshell: a `set`/`shift` there may
   * run any number of times, or change a copy of the shell, so the parameters after it are unknown.
   */
  private branching = 0;

  /** How many times the loops around the walk so far walk their bodies (`loopValues` keeps it bounded). */
  private loopWalks = 1;

  constructor(private readonly host: WalkHost) {}

  /**
   * The values a loop variable takes, when every value word is literal text or a glob (no run-time part, no
   * taint) and walking the body once for each keeps the walks of nested loops within `MAX_LOOP_WALKS`.
   */
  private loopValues(words: readonly Word[]): string[] | undefined {
    const texts: string[] = [];
    for (const word of words.flatMap(expanded)) {
      const f = word.flow;
      if (word.text === '' || word.text.includes(DYN) || word.text.includes(SPLIT)) return undefined;
      if (f.sensitive || f.network || f.decoded || f.opaque || f.listed) return undefined;
      texts.push(word.text);
    }
    if (texts.length === 0 || this.loopWalks * texts.length > MAX_LOOP_WALKS) return undefined;
    return texts;
  }

  /** Whether the command walked now surely runs when its script does (no branch, loop or later list part around it). */
  straight(): boolean {
    return this.branching === 0;
  }

  /** Runs `fn` as the start of a new shell or function body: straight-line again, whatever encloses the call. */
  fresh<T>(fn: () => T): T {
    const saved = this.branching;
    this.branching = 0;
    try {
      return fn();
    } finally {
      this.branching = saved;
    }
  }

  walk(node: Node, frame: Frame, stdin: Flow = NO_FLOW): Flow {
    if (!STRAIGHT.has(node.type)) {
      this.branching++;
      try {
        return this.walkNode(node, frame, stdin);
      } finally {
        this.branching--;
      }
    }
    return this.walkNode(node, frame, stdin);
  }

  private walkNode(node: Node, frame: Frame, stdin: Flow): Flow {
    switch (node.type) {
      case 'program': {
        let out: Flow = NO_FLOW;
        const all = node.children;
        all.forEach((child, k) => {
          if (child === null || !child.isNamed) return;
          // `f() { …; } &`, `cmd &`: a background job is a child shell; what it defines stays there.
          if (all[k + 1]?.type === '&') out = this.walk(child, childShell(frame), stdin);
          else
            out =
              child.type === 'function_definition'
                ? this.define(child, frame, true)
                : this.walk(child, frame, stdin);
        });
        return out;
      }
      case 'list':
        return this.walkList(node, frame, stdin);
      case 'compound_statement':
      case 'do_group':
      case 'else_clause':
      case 'elif_clause':
      case 'if_statement':
      case 'while_statement':
      case 'case_statement':
      case 'case_item':
      case 'negated_command':
      case 'ERROR': {
        if (node.type === 'ERROR') this.host.parseError();
        let out: Flow = NO_FLOW;
        for (const child of named(node)) out = this.walk(child, frame, stdin);
        return out;
      }
      case 'c_style_for_statement': {
        // `for ((i=$(cmd); …))`: the header's expressions run.
        for (const child of named(node))
          if (child !== node.childForFieldName('body')) this.walk(child, frame, NO_FLOW);
        const body = node.childForFieldName('body');
        return body ? this.walk(body, frame, stdin) : NO_FLOW;
      }
      case 'for_statement': {
        const variable = node.childForFieldName('variable');
        // The loop variable is a plain assignment: the policy reads which names may reach a program (`for PATH in`,
        // `for npm_config_registry in`) and which are the shell's own (`for f in`). An environment-style name is not
        // unrolled below (its values change what the body runs, not the words it is given).
        const env = variable !== null && (/[A-Z]/.test(variable.text) || /_proxy$/i.test(variable.text));
        const values = node.childrenForFieldName('value');
        const words: Word[] = [];
        for (const value of values) {
          if (!value) continue;
          const word = decodeWord(value, wordContext(this.host, frame));
          words.push(word);
          // The loop variable is assigned each value in turn (`for PATH in /tmp/x; do ls; done`).
          if (variable) this.host.assigned(variable.text, frame, word, 'plain');
        }
        // `for x; do`: the loop walks the positional parameters, values unknown here.
        if (variable && values.length === 0) this.host.assigned(variable.text, frame, undefined, 'plain');
        if (variable) frame.vars.delete(variable.text);
        const body = node.childForFieldName('body');
        if (!body) return NO_FLOW;
        const each = variable && !env ? this.loopValues(words) : undefined;
        // `for f in $(git diff --name-only)`: each value is a line of that listing, at or below its roots.
        const listing = words.length === 1 && words[0]?.text === DYN ? words[0].flow.listed : undefined;
        if (variable && !env && each === undefined && listing) {
          frame.vars.set(variable.text, {
            text: DYN,
            flow: { ...taintsOf(words[0]?.flow ?? NO_FLOW), listed: listing },
          });
          try {
            return this.walk(body, frame, stdin);
          } finally {
            frame.vars.delete(variable.text);
          }
        }
        if (!variable || each === undefined) return this.walk(body, frame, stdin);
        // A shell variable looped over literal words and globs (`for f in src/*.py`): the body is walked once for
        // each value, the variable standing for it; a glob stays a pattern when quoted (`"$f"` is one of its
        // matches, judged as the pattern is).
        let out: Flow = NO_FLOW;
        this.loopWalks *= each.length;
        try {
          for (const text of each) {
            frame.vars.set(variable.text, { text, flow: PATTERN_FLOW });
            out = this.walk(body, frame, stdin);
          }
        } finally {
          this.loopWalks /= each.length;
          frame.vars.delete(variable.text);
        }
        return out;
      }
      case 'subshell': {
        const inner: Frame = {
          ...childShell(frame),
          vars: new Map(frame.vars),
          context: frame.context === 'top' ? 'subshell' : frame.context,
        };
        let out: Flow = NO_FLOW;
        for (const child of named(node)) out = this.walk(child, inner, stdin);
        return out;
      }
      case 'function_definition':
        return this.define(node, frame, false);
      case 'pipeline': {
        let flow = stdin;
        const parts = named(node);
        // Every part but the last writes into the pipe (its own subshell: a copy of the frame says so).
        // Every part is a child shell of its own: a function it defines is not the caller's.
        parts.forEach((child, k) => {
          flow = this.walk(
            child,
            k < parts.length - 1 ? { ...childShell(frame), piped: true } : childShell(frame),
            flow,
          );
        });
        return flow;
      }
      case 'redirected_statement':
        return this.walkRedirected(node, frame, stdin);
      case 'command':
        return this.walkCommand(node, frame, stdin, [], []);
      case 'variable_assignment':
        this.assign(node, frame, frame.vars, 'plain');
        return NO_FLOW;
      case 'variable_assignments':
        for (const child of named(node)) this.assign(child, frame, frame.vars, 'plain');
        return NO_FLOW;
      case 'declaration_command': {
        const words: Word[] = [];
        let names = 0;
        // `export`, or `declare -x`/`typeset -x`/`local -x`: the names reach every program run after it.
        const keyword = node.children.find((c) => c !== null && !c.isNamed)?.text ?? '';
        const exported =
          keyword === 'export' || named(node).some((c) => c.type === 'word' && /^-[a-zA-Z]*x/.test(c.text));
        const holdsSecret = (name: string) =>
          exported && !isSecretVariable(name) && frame.vars.get(name)?.flow.sensitive === true;
        for (const child of named(node)) {
          if (child.type === 'variable_assignment') {
            this.assign(child, frame, frame.vars);
            const name = (child.childForFieldName('name') ?? named(child)[0])?.text;
            if (name !== undefined && holdsSecret(name)) this.host.exportsSecret(name);
            names++;
          } else if (child.type === 'variable_name') {
            if (holdsSecret(child.text)) this.host.exportsSecret(child.text);
            frame.vars.delete(child.text);
            this.host.touched(child.text);
            words.push({ text: child.text, flow: NO_FLOW });
            names++;
          } else words.push(decodeWord(child, wordContext(this.host, frame)));
        }
        // `declare -p NAME`, `export -p`, `declare` alone: the builtin prints values; judged as a program run.
        if (printsValues(words, names)) {
          const keyword = node.children.find((c) => c !== null && !c.isNamed)?.text ?? 'declare';
          return this.host.runCommand(
            {
              words: [{ text: keyword, flow: NO_FLOW }, ...words],
              assignments: new Map(),
              redirects: [],
              stdin,
            },
            frame,
          );
        }
        return NO_FLOW;
      }
      case 'unset_command':
        for (const child of named(node)) {
          frame.vars.delete(child.text);
          // `unset -f rm`, `unset rm`: a function of that name may be gone (forgetting it only judges more).
          frame.functions?.delete(child.text);
          this.host.touched(child.text);
        }
        return NO_FLOW;
      case 'comment':
      case 'heredoc_body':
        return NO_FLOW;
      default: {
        // test_command, arithmetic, anything else: decode words so substitutions inside are analysed.
        if (WORD_TYPES.has(node.type)) return decodeWord(node, wordContext(this.host, frame)).flow;
        let out: Flow = NO_FLOW;
        // `[[ x =~ <(cmd) ]]`: tree-sitter leaves the substitution in the pattern's text; bash runs it.
        for (const text of unparsedSubstitutions(node))
          out = joinFlows(out, this.host.substituteText(text, frame));
        for (const child of named(node)) out = joinFlows(out, this.walk(child, frame, NO_FLOW));
        return taintsOf(out);
      }
    }
  }

  /**
   * An and/or list (`a && b`, `a || b`). Its first command always runs, so it is as certain as the list itself (a
   * function it defines, a `set --`, an environment it activates hold for what follows). A virtual environment
   * activated on the left of `&&` is active whenever the right runs (path-first.ts): certain there, and as certain
   * as it was after the list.
   */
  private walkList(
    node: Node,
    frame: Frame,
    stdin: Flow,
    last: (child: Node) => Flow = (child) => this.walk(child, frame, stdin),
  ): Flow {
    const [first, ...rest] = named(node).filter((c) => c.type !== 'comment');
    if (!first) return NO_FLOW;
    const and = node.children.some((c) => c !== null && !c.isNamed && c.type === '&&');
    const before = pathFirstEntry(frame.vars);
    let out: Flow;
    this.branching--;
    try {
      out =
        first.type === 'function_definition'
          ? this.define(first, frame, true)
          : this.walk(first, frame, stdin);
    } finally {
      this.branching++;
    }
    const after = pathFirstEntry(frame.vars);
    const upgrade = and && after !== undefined && after !== before && !after.pathFirst.certain;
    const sure = upgrade ? withCertainty(after, true) : undefined;
    if (sure) frame.vars.set(PATH_FIRST, sure);
    rest.forEach((child, k) => {
      out = k === rest.length - 1 ? last(child) : this.walk(child, frame, stdin);
    });
    if (sure && after && frame.vars.get(PATH_FIRST) === sure) frame.vars.set(PATH_FIRST, after);
    return out;
  }

  /**
   * A function definition: its body is walked once as written (parameters unknown) and remembered, so a later
   * call on the line is analysed with its arguments bound (unwrap-command.ts).
   */
  private define(node: Node, frame: Frame, certain: boolean): Flow {
    const body = node.childForFieldName('body');
    if (!body) return NO_FLOW;
    // Walked once as written, not run: what the body defines is not defined by the definition.
    this.walk(body, {
      ...childShell(frame),
      vars: new Map(frame.vars),
      context: 'function',
      positional: undefined,
    });
    const name = node.childForFieldName('name')?.text;
    if (name) {
      frame.functions ??= new Map();
      frame.functions.set(name, { body: body.text, certain: certain && this.branching === 0 });
    }
    return NO_FLOW;
  }

  /**
   * `read` and `getopts` assign their variables (read-names.ts): plain assignments of run-time text carrying what
   * the builtin reads (a listing's roots too). A name computed at run time is recorded as it is, which no
   * variable list knows.
   */
  private builtinAssignments(all: readonly Word[], frame: Frame, input: Flow): void {
    // `time read X`, `command read X`, `builtin read X` run the builtin in this shell too (`timeout 5 read X` runs
    // a program of that name, in a process of its own).
    let at = 0;
    for (let w = unprotect(all[0]?.text ?? ''); /^(time|command|builtin)$/.test(w); ) {
      at++;
      if (w !== 'builtin' && unprotect(all[at]?.text ?? '') === '-p') at++;
      w = unprotect(all[at]?.text ?? '');
    }
    const words = all.slice(at);
    const builtin = unprotect(words[0]?.text ?? '');
    if ((builtin !== 'read' && builtin !== 'getopts') || (at === 0 && frame.functions?.has(builtin))) return;
    const read = builtin === 'read' ? readNames(words) : { names: getoptsNames(words), otherInput: true };
    const base = read.otherInput ? taintsOf(NO_FLOW) : taintsOf(input);
    const flow: Flow = !read.otherInput && input.listed ? { ...base, listed: input.listed } : base;
    for (const name of read.names) {
      const value = { text: DYN, flow };
      this.host.assigned(name, frame, value, 'plain');
      frame.vars.set(name, value);
    }
  }

  /** `kind`: how the assignment stands (see `Host.assigned`). */
  private assign(
    node: Node,
    frame: Frame,
    into: Map<string, { text: string; flow: Flow }>,
    kind: AssignmentKind = 'declared',
  ): void {
    const target = node.childForFieldName('name') ?? named(node)[0];
    // `a[$(cmd)]=1`: the index is expanded.
    if (target?.type === 'subscript') this.walk(target, frame, NO_FLOW);
    const name = target?.text;
    const value = node.childForFieldName('value');
    if (!name) return;
    const word = value ? decodeWord(value, wordContext(this.host, frame)) : { text: '', flow: NO_FLOW };
    this.host.assigned(name, frame, word, kind);
    // Assignments are not split: keep the value whole.
    into.set(
      name,
      word.text.includes(SPLIT) ? { text: word.text.replaceAll(SPLIT, ' '), flow: word.flow } : word,
    );
  }

  /**
   * A statement with redirects. Here-docs and here-strings feed stdin; a here-doc may carry the rest of its
   * pipeline. `outer`: redirects of an enclosing statement that bash binds here too (they come after ours).
   */
  private walkRedirected(node: Node, frame: Frame, stdin: Flow, outer?: Applied): Flow {
    const body = node.childForFieldName('body');
    const hoisted = body;
    // A redirect hoisted over a list binds to its last command (applyRedirects), which runs after the others:
    // they run first, so what they set is what the redirect names (`f=$(mktemp) && echo y > "$f"`).
    if (body?.type === 'list')
      return this.enterList(
        body,
        frame,
        stdin,
        (last) => this.redirectedBody(node, frame, stdin, last, hoisted, outer),
        () => this.redirectedBody(node, frame, stdin, null, hoisted, outer),
      );
    return this.redirectedBody(node, frame, stdin, body, hoisted, outer);
  }

  /**
   * A list reached under a redirect tree-sitter hoisted over it (`a && b 2>&1`): walked as any list (walkList),
   * entered one level deeper as walk() enters one, its last part handed to `last` (which binds the redirect); a
   * list of one part is that part, of none `none`.
   */
  private enterList(
    node: Node,
    frame: Frame,
    stdin: Flow,
    last: (child: Node) => Flow,
    none: () => Flow,
  ): Flow {
    const parts = named(node).filter((c) => c.type !== 'comment');
    if (parts.length === 0) return none();
    if (parts.length === 1) return last(parts[0] as Node);
    this.branching++;
    try {
      return this.walkList(node, frame, stdin, last);
    } finally {
      this.branching--;
    }
  }

  /** walkRedirected's statement once a hoisted list's first parts are walked: its redirects and its body. */
  private redirectedBody(
    node: Node,
    frame: Frame,
    stdin: Flow,
    body: Node | null,
    hoisted: Node | null,
    outer?: Applied,
  ): Flow {
    const own: Applied = { redirects: [], extraArgs: [], input: undefined, inputFile: undefined };
    const continuations: Node[] = [];
    const ctx = wordContext(this.host, frame);
    for (const child of named(node)) {
      if (child === hoisted || child.id === hoisted?.id) continue;
      if (child.type === 'heredoc_redirect') {
        // `3<<'EOF'` feeds descriptor 3, not standard input: its body is read, the program's input is not it.
        const body = this.heredoc(child, frame);
        if (toStdin(child)) {
          own.input = body;
          own.inputFile = undefined;
        }
        for (const part of named(child)) {
          if (!['heredoc_start', 'heredoc_body', 'heredoc_end', 'file_descriptor'].includes(part.type))
            continuations.push(part);
        }
      } else if (child.type === 'herestring_redirect') {
        const text = herestringInput(child, ctx);
        if (toStdin(child)) {
          own.input = text;
          own.inputFile = undefined;
        }
      } else if (child.type === 'file_redirect') {
        this.fileRedirect(child, ctx, own.redirects, own.extraArgs);
        const last = own.redirects[own.redirects.length - 1];
        if (last && (last.op === '<' || last.op === '<>') && (last.fd === undefined || last.fd === '0')) {
          own.input = { ...NO_FLOW };
          own.inputFile = last.op === '<' ? last : undefined;
        }
      } else this.walk(child, frame);
    }
    const applied: Applied = outer
      ? {
          redirects: [...own.redirects, ...outer.redirects],
          extraArgs: [...own.extraArgs, ...outer.extraArgs],
          input: outer.input ?? own.input,
          inputFile: outer.input ? outer.inputFile : own.inputFile,
        }
      : own;
    let out = body
      ? this.applyRedirects(body, frame, stdin, applied)
      : this.redirectCompound(null, frame, stdin, applied);
    for (const cont of continuations) out = this.walk(cont, frame, out);
    return out;
  }

  /**
   * Runs `node` with redirects bash binds to it. tree-sitter-bash hoists a trailing redirect over a whole list
   * or pipeline (`a && b < f` is `(a && b) < f` in its tree); bash binds it to the last command (`b < f`).
   * A compound (`{ }`, `( )`, loops, `if`, `case`) takes it whole.
   */
  private applyRedirects(node: Node, frame: Frame, stdin: Flow, applied: Applied): Flow {
    switch (node.type) {
      case 'command':
        return this.walkCommand(node, frame, applied.input ?? stdin, applied.redirects, applied.extraArgs);
      case 'redirected_statement':
        return this.walkRedirected(node, frame, stdin, applied);
      case 'list':
        return this.enterList(
          node,
          frame,
          stdin,
          (last) => this.applyRedirects(last, frame, stdin, applied),
          () => this.redirectCompound(null, frame, stdin, applied),
        );
      case 'pipeline':
      case 'negated_command': {
        const parts = named(node).filter((c) => c.type !== 'comment');
        const last = parts.pop();
        if (!last) return this.redirectCompound(null, frame, stdin, applied);
        const piped = node.type === 'pipeline';
        let flow = stdin;
        for (const part of parts) {
          const out = this.walk(
            part,
            piped ? { ...childShell(frame), piped: true } : frame,
            piped ? flow : stdin,
          );
          if (piped) flow = out;
        }
        return this.applyRedirects(last, piped ? childShell(frame) : frame, flow, applied);
      }
      case 'variable_assignment':
      case 'variable_assignments': {
        // `a | V=1 2>f rm -rf ~`: tree-sitter folds `rm -rf ~` into the hoisted redirect; bash runs it with `V=1`.
        if (applied.extraArgs.length === 0) return this.redirectCompound(node, frame, stdin, applied);
        const assignments = new Map<string, { text: string; flow: Flow }>();
        const parts = node.type === 'variable_assignment' ? [node] : named(node);
        for (const part of parts)
          if (part.type === 'variable_assignment') this.assign(part, frame, assignments, 'prefix');
        // Folded words that look like assignments (`a | V=1 >f B=2 rm`) are more of them, before the program.
        let at = 0;
        for (let w = applied.extraArgs[0]; w; w = applied.extraArgs[++at]) {
          const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(unprotect(w.text));
          if (!m?.[1]) break;
          assignments.set(m[1], { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow });
        }
        return this.host.runCommand(
          {
            words: applied.extraArgs.slice(at),
            assignments,
            redirects: applied.redirects,
            stdin: applied.input ?? stdin,
          },
          frame,
        );
      }
      default:
        return this.redirectCompound(node, frame, stdin, applied);
    }
  }

  /**
   * A compound with redirects: its commands read the redirected stdin (a command inside that inherits a file
   * on stdin sees the `<` as its own: `{ sh; } < a.sh` runs a.sh); each redirect is also a command of its own,
   * so writes and reads are classed (what a compound prints into a file is not known).
   */
  private redirectCompound(node: Node | null, frame: Frame, stdin: Flow, applied: Applied): Flow {
    let input = applied.input ?? stdin;
    if (applied.inputFile) {
      input = { ...NO_FLOW };
      this.fileInputs.set(input, applied.inputFile);
    }
    const out = node ? this.walk(node, frame, input) : NO_FLOW;
    for (const r of applied.redirects)
      this.host.runCommand(
        { words: [{ text: ':', flow: NO_FLOW }], assignments: new Map(), redirects: [r], stdin: NO_FLOW },
        frame,
      );
    return out;
  }

  private fileRedirect(node: Node, ctx: WordContext, redirects: Redirect[], extraArgs: Word[]): void {
    const op = node.children.find((c) => c !== null && !c.isNamed)?.type ?? '>';
    const targets = named(node).filter((c) => c.type !== 'file_descriptor');
    const first = targets[0];
    const fd = named(node).find((c) => c.type === 'file_descriptor')?.text;
    if (first) redirects.push({ op, target: decodeWord(first, ctx), ...(fd !== undefined ? { fd } : {}) });
    // tree-sitter-bash folds words after a redirect target into the redirect; they are arguments.
    for (const extra of targets.slice(1)) extraArgs.push(...expanded(decodeWord(extra, ctx)));
  }

  private heredoc(node: Node, frame: Frame): Flow {
    const start = named(node).find((c) => c.type === 'heredoc_start');
    const body = named(node).find((c) => c.type === 'heredoc_body');
    if (!body) return literalFlow('');
    const quoted = /['"\\]/.test(start?.text ?? '');
    const strip = node.children.some((c) => c?.type === '<<-');
    let text: string;
    let flow: Flow = NO_FLOW;
    if (quoted) text = body.text;
    else {
      const word = decodeWord(body, wordContext(this.host, frame));
      text = word.text;
      flow = word.flow;
    }
    if (strip) text = text.replace(/^\t+/gm, '');
    // tree-sitter leaves backticks in an unquoted here-document as text; bash runs them.
    const ticks = quoted ? [] : backticks(body.text);
    if (ticks.length > 0) {
      for (const inner of ticks) flow = joinFlows(flow, this.host.substituteText(inner, frame));
      return taintsOf(flow);
    }
    if (text.includes(DYN)) return taintsOf(flow);
    return { ...literalFlow(unprotect(text)), sensitive: flow.sensitive };
  }

  private walkCommand(node: Node, frame: Frame, stdin: Flow, redirects: Redirect[], extraArgs: Word[]): Flow {
    const ctx0 = wordContext(this.host, frame);
    const assignments = new Map<string, { text: string; flow: Flow }>();
    const wordNodes: Node[] = [];
    const ownRedirects = [...redirects];
    const trailing: Word[] = [];
    let input = stdin;
    for (const child of named(node)) {
      if (child.type === 'variable_assignment') this.assign(child, frame, assignments, 'prefix');
      else if (child.type === 'command_name') {
        const inner = named(child)[0];
        if (inner) wordNodes.push(inner);
      } else if (child.type === 'file_redirect') this.fileRedirect(child, ctx0, ownRedirects, trailing);
      else if (child.type === 'herestring_redirect') {
        const text = herestringInput(child, ctx0);
        if (toStdin(child)) input = text;
      } else if (child.type === 'heredoc_redirect') {
        const body = this.heredoc(child, frame);
        if (toStdin(child)) input = body;
      } else if (child.type === 'comment') continue;
      else wordNodes.push(child);
    }
    // bash expands a command's words before it makes its prefix assignments (`V=x cmd $V` reads the `V` of
    // before: POSIX "Simple Commands"), so the words are expanded without them.
    const words = wordNodes.flatMap((n) => expanded(decodeWord(n, ctx0)));
    words.push(...trailing, ...extraArgs);
    // A command reading the file its compound has on stdin (`{ sh; } < a.sh`): the redirect is its own too.
    const inherited = input === stdin ? this.fileInputs.get(stdin) : undefined;
    if (inherited && !ownRedirects.some((r) => r.op === '<' || r.op === '<>'))
      ownRedirects.unshift(inherited);
    if (words.length === 0) {
      for (const [k, v] of assignments) frame.vars.set(k, v);
      return NO_FLOW;
    }
    this.positionalChange(words, frame);
    const name = unprotect(words[0]?.text ?? '');
    if (ASSIGNING_HEADS.has(name)) this.builtinAssignments(words, frame, input);
    // `IFS= read -r line`: a builtin that starts no program keeps its prefix assignments to itself (a function of
    // that name would not: it runs commands with them).
    if (assignments.size > 0 && INERT_BUILTINS.has(name) && !frame.functions?.has(name)) {
      this.host.builtinPrefixes([...assignments.keys()]);
      return this.host.runCommand(
        { words, assignments: new Map(), redirects: ownRedirects, stdin: input },
        frame,
      );
    }
    // Where the words name a prefix variable (`TMPDIR=/Users rm -rf $TMPDIR/x`), the reading with its value is
    // judged too: a prefix value never hides what either reading does.
    const local = this.prefixReading(wordNodes, frame, assignments);
    if (local && local.map((w) => w.text).join('\0') !== words.map((w) => w.text).join('\0'))
      this.host.runCommand(
        { words: [...local, ...trailing, ...extraArgs], assignments, redirects: ownRedirects, stdin: input },
        frame,
      );
    return this.host.runCommand({ words, assignments, redirects: ownRedirects, stdin: input }, frame);
  }

  /** `set ARGS`, `shift N` (also after `builtin`/`command`): the parameters later commands see. */
  private positionalChange(words: readonly Word[], frame: Frame): void {
    let at = 0;
    while (at < words.length - 1 && /^(?:builtin|command)$/.test(unprotect(words[at]?.text ?? ''))) at++;
    const name = unprotect(words[at]?.text ?? '');
    if (name !== 'set' && name !== 'shift') return;
    const next =
      name === 'set'
        ? setPositional(frame.positional, words.slice(at + 1))
        : shiftPositional(frame.positional, words[at + 1]);
    if (next === frame.positional || next === undefined) return;
    frame.positional =
      this.branching > 0 ? unknownPositional(frame.positional ?? bindPositional(undefined, []), next) : next;
  }

  /** The words expanded with the command's prefix assignments, when any word names one of them. */
  private prefixReading(
    wordNodes: Node[],
    frame: Frame,
    assignments: Map<string, { text: string; flow: Flow }>,
  ): Word[] | undefined {
    if (assignments.size === 0) return undefined;
    const names = [...assignments.keys()];
    const refers = (text: string) => names.some((n) => text.includes(`$${n}`) || text.includes(`\${${n}`));
    if (!wordNodes.some((n) => refers(n.text))) return undefined;
    const ctx = wordContext(this.host, frame, assignments);
    return wordNodes.flatMap((n) => expanded(decodeWord(n, ctx)));
  }
}

/** Does a here-document or here-string feed standard input (no descriptor, or `0<<`)? */
function toStdin(node: Node): boolean {
  const fd = named(node).find((k) => k.type === 'file_descriptor');
  return fd === undefined || fd.text === '0';
}
