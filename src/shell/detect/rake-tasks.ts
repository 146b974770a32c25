/**
 * The part of a Rakefile `rake GOAL…` runs: the top-level code (run whenever the file loads) and the blocks of the
 * tasks named (the `default` task when none is), with their prerequisites, as read by build-files.ts's readRuby.
 * `rake spec` does not run the `deploy` task's shell lines. Only a Rakefile whose tasks sit at its top level with
 * headers this reading knows (`task :x`, `task x: deps`, `task :x => deps`, `desc`) is read by task; a namespace, a
 * file task or rule, a task invoked from code (`Rake::Task[…].invoke`), a goal it does not find, or any option but
 * a few that change no task make the whole file count, as before. Pure.
 */

import { type BuildRead, lex, rubyHidesCode, rubyOtherLiteral } from './build-files';

type Reader = (text: string) => BuildRead;

interface Task {
  deps: string[];
  body: string[];
}

/** Rake's own options that change no task run (`--trace`, `-j 4`); any other: the whole file counts. */
const PLAIN_OPTION =
  /^(?:-t|--trace|-v|--verbose|-s|--silent|-q|--quiet|-m|--multitask|-j\d*|--jobs(?:=\d+)?|-\d+)$/;

/** The tasks `rake ARGS` runs, or undefined when the arguments say more than task names. */
export function rakeGoals(args: readonly string[]): string[] | undefined {
  const goals: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k] as string;
    if (a === '-j' || a === '--jobs') {
      if (/^\d+$/.test(args[k + 1] ?? '')) k++;
      continue;
    }
    if (a.startsWith('-')) {
      if (!PLAIN_OPTION.test(a)) return undefined;
      continue;
    }
    // `VAR=value` sets an environment variable; `build[a,b]` passes arguments to `build`.
    if (/^\w+=/.test(a)) continue;
    const name = a.replace(/\[.*\]$/, '');
    if (!/^[\w:.-]+$/.test(name)) return undefined;
    goals.push(name);
  }
  return goals.length > 0 ? goals : ['default'];
}

/** Tasks a library class defines (`RSpec::Core::RakeTask.new(:spec)`), and each one's name when none is given. */
const TASK_CLASS =
  /^(RSpec::Core::RakeTask|Rake::TestTask|Minitest::TestTask|RuboCop::RakeTask|Cucumber::Rake::Task|YARD::Rake::YardocTask|RDoc::Task|StandardRB::RakeTask)\.new\b\s*(?:\(?\s*:(\w+)\s*\)?)?(.*)$/;
const DEFAULT_TASK: Readonly<Record<string, string>> = {
  'RSpec::Core::RakeTask': 'spec',
  'Rake::TestTask': 'test',
  'Minitest::TestTask': 'test',
  'RuboCop::RakeTask': 'rubocop',
  'Cucumber::Rake::Task': 'cucumber',
  'YARD::Rake::YardocTask': 'yard',
  'RDoc::Task': 'rdoc',
  'StandardRB::RakeTask': 'standard',
};

/** A header that ends by opening a block: `… do` or `… do |t, args|`. */
const OPENS_BLOCK = /\bdo\s*(?:\|[^|]*\|)?\s*$/;

/**
 * Keywords that open a block wherever they stand as a keyword (`private def x`, `x = case y`, `class << self`): not
 * a method or symbol of that name (`obj.class`, `:begin`) nor a hash key (`class: "btn"`).
 */
const OPENER_ANYWHERE = /(?<![.:@$\w])(?:def|class|module|case|begin|for)\b(?![:?!=])/g;
/** Keywords opening a block only where a statement starts (`if x`, `y = if z`), not a modifier (`exit if x`). */
const OPENER_STATEMENT =
  /(?:^|[=(,;|&[{]|\breturn|\bthen|\belse|\bdo|\band|\bor|\bnot)\s*(?:if|unless|while|until)\b(?![:?!])/g;
/** A method defined in one line (`def x = 1`): no `end`. */
const ENDLESS_DEF = /\bdef\s+[\w.?!]+\s*(?:\([^)]*\))?\s*=(?!=)/;

/**
 * How a line of code (strings and comments out) changes the depth of blocks: openers less `end`s; NaN when a line
 * closes a block it did not open and is not a closing line (`[if a then b end]`: an opener this reading missed).
 */
function blockChange(line: string): number {
  const loop = /(?:^|[=(,;])\s*(?:while|until|for)\b(?![:?!])/.test(line);
  const opens =
    [...line.matchAll(OPENER_ANYWHERE)].length +
    [...line.matchAll(OPENER_STATEMENT)].length -
    (ENDLESS_DEF.test(line) ? 1 : 0) +
    (loop ? 0 : [...line.matchAll(/(?<![.:\w])do\b(?!:)/g)].length);
  const ends = [...line.matchAll(/(?<![.:\w])end\b(?![:?!])/g)].length;
  if (ends > opens && !/^\s*end\b/.test(line)) return Number.NaN;
  return opens - ends;
}

/** Task names in a prerequisite list (`:a`, `[:a, "b"]`, `%w[a b]`); undefined when not that plain. */
function names(text: string): string[] | undefined {
  const t = text
    .trim()
    .replace(/\s+do\s*(?:\|[^|]*\|)?\s*$/, '')
    .replace(/^\(|\)$/g, '')
    .trim();
  if (t === '') return [];
  const list = /^\[(.*)\]$/.exec(t)?.[1] ?? /^%[wi]\[(.*)\]$/.exec(t)?.[1]?.split(/\s+/).join(',') ?? t;
  const out: string[] = [];
  for (const part of list.split(',')) {
    const m = /^\s*(?::(\w+)|"([\w:.-]+)"|'([\w:.-]+)'|([\w:.-]+))\s*$/.exec(part);
    if (!m) return undefined;
    out.push((m[1] ?? m[2] ?? m[3] ?? m[4]) as string);
  }
  return out;
}

/** A task header: its name and prerequisites; undefined when the line is no header this reading knows. */
function header(line: string): { name: string; deps: string[] } | undefined {
  const m =
    /^task\s*\(?\s*:(\w+)\s*(?:=>\s*(.*?))?\s*\)?\s*(?:do\s*(?:\|[^|]*\|)?)?\s*$/.exec(line) ??
    /^task\s*\(?\s*["']([\w:.-]+)["']\s*(?:=>\s*(.*?))?\s*\)?\s*(?:do\s*(?:\|[^|]*\|)?)?\s*$/.exec(line) ??
    /^task\s*\(?\s*(\w+):\s*(.*?)\s*\)?\s*(?:do\s*(?:\|[^|]*\|)?)?\s*$/.exec(line);
  if (!m) return undefined;
  const deps = names(m[2] ?? '');
  return deps === undefined ? undefined : { name: m[1] as string, deps };
}

/**
 * The commands `goals` run, read by `read` from the top-level code and the tasks' blocks; undefined when the file is
 * not one this reading splits by task (the caller reads it whole).
 */
export function rakeTaskCommands(
  text: string,
  goals: readonly string[],
  read: Reader,
): BuildRead | undefined {
  if (
    /\bRake::Task\b|\bRake\.application\b|\b(?:invoke|namespace|multitask|rule|directory|enhance|import)\b|^file\b/m.test(
      text,
    )
  )
    return undefined;
  // Where Ruby sees a block end is where this reading must: no text that hides lines (a block comment, a
  // here-document, data after `__END__`, a string spanning lines), and each block's `end` alone on its line
  // with the keywords inside it balanced (`end; system(…)` or an inner `end` closing it early runs code at load).
  if (/^=begin\b|^__END__\b|<<[~-]?[\w"'`]/m.test(text) || rubyHidesCode(text)) return undefined;
  const lexed = lex(text, { quotes: `"'`, hash: true, interpolation: '#{', singleLine: true });
  const lines = text.split('\n');
  const code = lexed?.code.split('\n');
  if (!code || code.length !== lines.length || code.some(rubyOtherLiteral)) return undefined;
  const tasks = new Map<string, Task>();
  const top: string[] = [];
  let current: Task | undefined;
  let depth = 0;
  for (const [k, line] of lines.entries()) {
    const bare = code[k] as string;
    if (current) {
      if (/^end\b/.test(line)) {
        if (!/^end\s*$/.test(bare) || depth !== 0) return undefined;
        current = undefined;
        continue;
      }
      depth += blockChange(bare);
      if (Number.isNaN(depth) || depth < 0) return undefined;
      current.body.push(line);
      continue;
    }
    const made = TASK_CLASS.exec(line);
    if (made) {
      const name = made[2] ?? DEFAULT_TASK[made[1] as string];
      if (name === undefined) return undefined;
      const task = tasks.get(name) ?? { deps: [], body: [] };
      tasks.set(name, task);
      // Its configuration block runs when the task does (`t.ruby_opts`): read with it.
      task.body.push(made[3] ?? '');
      if (OPENS_BLOCK.test(line)) current = task;
      else if (/\bdo\b|\{/.test(made[3] ?? '') && !/\{[^{}]*\}\s*$/.test(made[3] ?? '')) return undefined;
      continue;
    }
    if (/^task\b/.test(line)) {
      const h = header(line.trim());
      if (!h) return undefined;
      const task = tasks.get(h.name) ?? { deps: [], body: [] };
      task.deps.push(...h.deps);
      tasks.set(h.name, task);
      // A block opens only where the header ends at `do` (`do |t, args|`); a `do` anywhere else (a one-line
      // block, a name holding the word) is a shape this reading does not split.
      if (OPENS_BLOCK.test(line)) current = task;
      else if (/\bdo\b/.test(line)) return undefined;
      continue;
    }
    // Anything indented at the top level is a block this reading did not open: not split.
    if (/^\s+\S/.test(line) && !/^\s+#/.test(line)) return undefined;
    top.push(line);
  }
  if (current) return undefined;
  const chosen = new Set<string>();
  const visit = (name: string): boolean => {
    if (chosen.has(name)) return true;
    const task = tasks.get(name);
    if (!task) return false;
    chosen.add(name);
    return task.deps.every(visit);
  };
  // A goal or prerequisite it does not find may be a file or a task defined elsewhere: read whole.
  if (!goals.every(visit)) return undefined;
  const parts = [top.join('\n'), ...[...chosen].map((n) => (tasks.get(n) as Task).body.join('\n'))];
  const commands: string[] = [];
  for (const part of parts) {
    const got = read(part);
    if (got.opaque) return got;
    commands.push(...got.commands);
  }
  return { commands, loads: [] };
}
