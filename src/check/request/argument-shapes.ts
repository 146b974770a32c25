/**
 * What an MCP or unknown tool call touches, read from the shape of its arguments: a `command`/`cmd`/`script`/
 * `shell` string (or argv array) is a shell command, a path-like field (`path`, `file_path`, `dir`, …) or a value
 * that is an absolute or home path is a path, a URL-like field or value is a URL. Pure and bounded: an argument
 * gavel cannot read whole (nested too deep, too many values, too big, binary) makes the call unreadable, never
 * allowed. Decides no category: collect-facts judges each touch as the matching built-in tool would be.
 */

export type Touch =
  | { kind: 'command'; command: string }
  | { kind: 'path'; path: string; write: boolean; delete: boolean }
  | { kind: 'url'; url: string };

export interface ArgumentTouches {
  touches: Touch[];
  /** Why the arguments could not be read whole (a fixed sentence, never argument text). */
  unreadable?: string;
}

const MAX_DEPTH = 8;
const MAX_VALUES = 5000;
const MAX_CHARS = 1_000_000;
const MAX_TOUCHES = 64;
const MAX_PATH = 4096;

/**
 * Harness built-ins whose arguments name nothing on disk or on the network (text for a model, ids of the
 * harness's own shells, a plan): their `command` is a slash command or a skill, never a shell.
 */
const INERT_TOOLS = new Set([
  'TodoWrite',
  'TodoRead',
  'Task',
  'Agent',
  'WebSearch',
  'ExitPlanMode',
  'EnterPlanMode',
  'AskUserQuestion',
  'BashOutput',
  'KillShell',
  'KillBash',
  'ListMcpResourcesTool',
  'Skill',
  'SlashCommand',
  'update_plan',
  'web_search',
]);

const key = (k: string) => k.toLowerCase().replace(/[-_\s]/g, '');

const COMMAND_KEYS = new Set([
  'command',
  'cmd',
  'commands',
  'script',
  'shell',
  'bash',
  'sh',
  'shellcommand',
  'commandline',
  'cmdline',
  'run',
  'exec',
  'execute',
]);
/** Lists of command lines (`{"commands": ["npm test", "rm -rf ~"]}`): each string is a whole command. */
const COMMAND_LIST_KEYS = new Set(['commands', 'cmds', 'scripts', 'commandlines']);
/**
 * Source code a tool runs (`{"code": "..."}`, a notebook cell, a REPL): read as the interpreter named beside it
 * (`language`, `lang`, `kernel`), or as each of Python, JavaScript and shell when none is named.
 */
const CODE_KEYS = new Set(['code', 'source', 'sourcecode', 'snippet', 'expression', 'eval', 'cell']);
const LANGUAGE_KEYS = new Set(['language', 'lang', 'kernel', 'runtime', 'interpreter']);
const ARGV_KEYS = new Set(['args', 'argv', 'arguments']);
/** A program named apart from its argv (`{"program": "rm", "args": [...]}`): a command with that argv. */
const PROGRAM_KEYS = new Set(['program', 'executable', 'exe', 'binary', 'bin']);
/** Text typed into a terminal: a command line once it reaches the shell (`{"input": "rm -rf ~\n"}`). */
const TYPED_KEYS = new Set(['input', 'text', 'keys', 'keystrokes', 'data', 'line', 'stdin', 'chars']);
/** Tools that type into a terminal or a shell session (their name says so). */
const TERMINAL_TOOL =
  /term|shell|tmux|pty|console|bash|zsh|repl|ssh|send_?keys|type_?text|exec|run_?command/i;
/**
 * SQL a database tool runs (`{"sql": "DROP DATABASE prod"}`): read as a database client would run it, so the
 * shell analysis's SQL checks apply (a drop or truncate is a remote resource delete). `query` counts only when
 * its text opens like a statement (a search tool's `query` is words).
 */
const SQL_KEYS = new Set(['sql', 'statement', 'stmt', 'sqlquery', 'query']);
const SQL_TEXT =
  /^\s*(?:select|insert|update|delete|drop|truncate|alter|create|grant|revoke|with|merge|replace|rename|vacuum|exec|call)\b/i;
/** A tool that moves a git ref (`push`, `update_ref`): with a force flag it rewrites history on that branch. */
const REF_TOOL = /push|update_?(?:ref|branch)|reset_?branch|set_?ref|force/i;
const DELETE_REF_TOOL = /delete_?(?:branch|ref)|remove_?branch/i;
const BRANCH_KEYS = new Set(['branch', 'ref', 'branchname', 'targetbranch', 'headbranch', 'head', 'name']);
const FORCE_KEYS = new Set(['force', 'forced', 'forcepush', 'forceupdate', 'forcewithlease']);
/** Always a path when a string. */
const PATH_KEYS =
  /^(?:paths?|files?|filenames?|dirs?|directory|directories|folders?|cwd|workdir|workingdirectory|notebookpath|.+(?:path|paths|file|files|dir|directory|folder))$/;
/** A path only when the value looks like one (`target: "production"` is not). */
const MAYBE_PATH_KEYS = new Set([
  'source',
  'src',
  'destination',
  'dest',
  'dst',
  'target',
  'output',
  'input',
  'from',
  'to',
  'location',
  'root',
  'name',
]);
const URL_KEYS = /^(?:urls?|uris?|href|link|endpoint|webhook|.+url|.+uri)$/;

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\/\S*$|^(?:file|data|javascript):\S*$/i;
const LOOKS_PATH = /^(?:~[^\s/]*(?:\/\S*)?|\/[^\s]*|\.{1,2}(?:\/\S*)?|[^\s/:]+\/[^\s]*)$/;
const ABSOLUTE_OR_HOME = /^(?:~[^\s/]*(?:\/\S*)?|\/[^\s/][^\s]*|\/)$/;

const WRITE_VERB =
  /(?:write|edit|create|save|put|upload|append|update|patch|delete|remove|rm|unlink|move|rename|mv|copy|cp|mkdir|touch|chmod|chown|set|install|replace|insert|modify|overwrite|truncate|exec|run)/i;
const DELETE_VERB = /(?:delete|remove|rm|unlink|rmdir|purge|wipe|erase|destroy|clean)/i;
const READ_VERB =
  /(?:read|get|list|search|find|view|show|cat|fetch|query|describe|stat|ls|grep|glob|open|load|download|head|tail|lookup|inspect|info)/i;

/** Shell words of an argv, quoted so the analyzer reads each as one word. */
function quoteArgv(argv: readonly string[]): string {
  return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The commands that run `code` as its interpreter would: the one named beside it, else each likely one. */
function codeCommands(code: string, parent: Record<string, unknown> | undefined): string[] {
  const named = Object.entries(parent ?? {}).find(([n]) => LANGUAGE_KEYS.has(key(n)))?.[1];
  const lang = typeof named === 'string' ? named.toLowerCase() : '';
  const python = quoteArgv(['python3', '-c', code]);
  const node = quoteArgv(['node', '-e', code]);
  if (/^(?:python|py|ipython|python3)/.test(lang)) return [python];
  if (/^(?:javascript|js|node|typescript|ts|deno|bun)/.test(lang)) return [node];
  if (/^(?:bash|sh|shell|zsh)/.test(lang)) return [code];
  return [python, node, code];
}

/** What an object's own fields say about its other fields: its argv, and whether it names a command or a program. */
interface ObjectShape {
  argv: unknown;
  command: boolean;
  program: boolean;
}

const NO_SHAPE: ObjectShape = { argv: undefined, command: false, program: false };

function readShape(entries: readonly [string, unknown][]): ObjectShape {
  let argv: unknown;
  let argvSeen = false;
  let command = false;
  let program = false;
  for (const [name, value] of entries) {
    const k = key(name);
    if (!argvSeen && ARGV_KEYS.has(k)) {
      argv = value;
      argvSeen = true;
    }
    if (COMMAND_KEYS.has(k)) command = true;
    if (PROGRAM_KEYS.has(k)) program = true;
  }
  return { argv, command, program };
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A git-hosting tool that moves or deletes a branch: the `git push` it amounts to, for the push checks. */
function refCommand(action: string, entries: readonly [string, unknown][], add: (t: Touch) => void): void {
  const del = DELETE_REF_TOOL.test(action);
  if (!del && !REF_TOOL.test(action)) return;
  const branch = entries.find(([n, v]) => BRANCH_KEYS.has(key(n)) && typeof v === 'string' && v !== '')?.[1];
  if (typeof branch !== 'string') return;
  const ref = branch.replace(/^refs\/heads\/|^heads\//, '');
  const force = entries.some(
    ([n, v]) => FORCE_KEYS.has(key(n)) && v !== false && v !== null && v !== 0 && v !== '',
  );
  if (del) add({ kind: 'command', command: quoteArgv(['git', 'push', 'origin', '--delete', ref]) });
  else if (force)
    add({ kind: 'command', command: quoteArgv(['git', 'push', '--force', 'origin', `HEAD:${ref}`]) });
}

export function argumentTouches(toolName: string, args: unknown): ArgumentTouches {
  if (INERT_TOOLS.has(toolName)) return { touches: [] };
  const action = toolName.replace(/^mcp__.+?__/, '');
  const terminal = TERMINAL_TOOL.test(toolName);
  const del = DELETE_VERB.test(action);
  const write = del || WRITE_VERB.test(action) || !READ_VERB.test(action);
  const touches: Touch[] = [];
  let values = 0;
  let chars = 0;
  let unreadable: string | undefined;
  const add = (t: Touch) => {
    if (touches.length >= MAX_TOUCHES) unreadable ??= 'names more targets than gavel reads';
    else touches.push(t);
  };
  const asPath = (v: string) => {
    if (v.length > MAX_PATH) unreadable ??= 'holds a path too long to judge';
    else add({ kind: 'path', path: v, write, delete: del });
  };
  const asValue = (v: string) => {
    if (SCHEME.test(v)) add({ kind: 'url', url: v });
    else if (ABSOLUTE_OR_HOME.test(v) && v.length <= MAX_PATH) asPath(v);
  };

  // What an object's fields say about each other (its argv, whether it names a command or a program), read
  // once per object: reading it again per field made a wide object quadratic.
  const shapes = new WeakMap<Record<string, unknown>, ObjectShape>();
  const shapeOf = (obj: Record<string, unknown> | undefined): ObjectShape =>
    obj === undefined ? NO_SHAPE : (shapes.get(obj) ?? NO_SHAPE);

  const visit = (
    v: unknown,
    depth: number,
    k: string | undefined,
    parent?: Record<string, unknown>,
  ): void => {
    if (unreadable !== undefined) return;
    if (++values > MAX_VALUES) {
      unreadable = 'holds more values than gavel reads';
      return;
    }
    if (depth > MAX_DEPTH) {
      unreadable = 'is nested deeper than gavel reads';
      return;
    }
    if (typeof v === 'string') {
      chars += v.length;
      if (chars > MAX_CHARS) {
        unreadable = 'is too big to judge';
        return;
      }
      if (v.includes('\u0000')) {
        unreadable = 'holds binary data';
        return;
      }
      const argv = shapeOf(parent).argv;
      if (k !== undefined && COMMAND_KEYS.has(k)) {
        // An argument string beside the command (`{"command": "rm", "args": "-rf ~"}`) is its words.
        const words = isStrings(argv) ? ` ${quoteArgv(argv)}` : typeof argv === 'string' ? ` ${argv}` : '';
        add({ kind: 'command', command: `${v}${words}` });
        return;
      }
      if (k !== undefined && CODE_KEYS.has(k) && (k !== 'source' || /[\n;(]/.test(v))) {
        for (const command of codeCommands(v, parent)) add({ kind: 'command', command });
        return;
      }
      if (k !== undefined && PROGRAM_KEYS.has(k) && (isStrings(argv) || typeof argv === 'string')) {
        add({
          kind: 'command',
          command: isStrings(argv) ? quoteArgv([v, ...argv]) : `${quoteArgv([v])} ${argv}`,
        });
        return;
      }
      if (k !== undefined && SQL_KEYS.has(k) && (k !== 'query' || SQL_TEXT.test(v))) {
        add({ kind: 'command', command: quoteArgv(['psql', '-c', v]) });
        return;
      }
      if (k !== undefined && terminal && TYPED_KEYS.has(k)) {
        add({ kind: 'command', command: v });
        return;
      }
      if (k !== undefined && URL_KEYS.test(k)) {
        add({ kind: 'url', url: SCHEME.test(v) ? v : `https://${v}` });
        return;
      }
      const pathLike =
        k !== undefined &&
        ((PATH_KEYS.test(k) && !SCHEME.test(v)) || (MAYBE_PATH_KEYS.has(k) && LOOKS_PATH.test(v)));
      if (pathLike) asPath(v);
      else asValue(v);
      return;
    }
    if (Array.isArray(v)) {
      // Bound at the edge: a list longer than gavel reads is unreadable before any of it is read.
      if (v.length > MAX_VALUES - values) {
        unreadable = 'holds more values than gavel reads';
        return;
      }
      const commandShaped =
        COMMAND_KEYS.has(k ?? '') ||
        COMMAND_LIST_KEYS.has(k ?? '') ||
        (ARGV_KEYS.has(k ?? '') && !shapeOf(parent).program);
      if (k !== undefined && commandShaped && isStrings(v) && v.length > 0) {
        chars += v.reduce((n, s) => n + s.length, 0);
        if (chars > MAX_CHARS) unreadable = 'is too big to judge';
        else {
          // A list of command lines, or an argv whose first word is no program name (`["rm -rf ~"]`): each
          // string is a command; an argv is also read as one command (the strictest reading decides).
          if (COMMAND_LIST_KEYS.has(k) || /\s/.test(v[0] as string))
            for (const line of v) add({ kind: 'command', command: line });
          if (!COMMAND_LIST_KEYS.has(k)) add({ kind: 'command', command: quoteArgv(v) });
        }
        return;
      }
      for (const item of v) visit(item, depth + 1, k, parent);
      return;
    }
    if (typeof v === 'object' && v !== null) {
      const obj = v as Record<string, unknown>;
      // Counted before any is read: `Object.entries` of a very wide object costs far more than counting it.
      let width = 0;
      for (const name in obj) {
        if (Object.hasOwn(obj, name) && ++width > MAX_VALUES - values) {
          unreadable = 'holds more values than gavel reads';
          return;
        }
      }
      const entries = Object.entries(obj);
      const shape = readShape(entries);
      shapes.set(obj, shape);
      refCommand(action, entries, add);
      for (const [name, child] of entries) {
        const nk = key(name);
        // An argv beside a command or a program is read with it.
        if (
          ARGV_KEYS.has(nk) &&
          (shape.command || shape.program) &&
          (isStrings(child) || typeof child === 'string')
        )
          continue;
        visit(child, depth + 1, nk, obj);
      }
      return;
    }
    if (v !== null && typeof v !== 'number' && typeof v !== 'boolean' && v !== undefined)
      unreadable = 'holds a value gavel cannot read';
  };
  visit(args, 0, undefined);
  return unreadable === undefined ? { touches } : { touches, unreadable };
}
