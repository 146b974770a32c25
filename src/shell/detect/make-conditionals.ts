/**
 * GNU make's conditionals (`ifeq`, `ifneq`, `ifdef`, `ifndef`, `else`, `endif`) as make reads them while it
 * reads a makefile: the lines of a branch make skips are not read (no rule, no recipe line, no variable, no
 * `$(shell …)`), and a conditional line never ends the rule above it (a recipe split by `ifeq … endif` keeps its
 * lines: checked with GNU make 4.3). A condition is decided only when its text is known after expansion; one
 * that names the environment, a `$(shell …)` result or anything else the analysis cannot know is `unknown`,
 * and both of its branches are read. Pure: expansion and lookups are injected.
 */

/** Whether a branch is read: make takes it, skips it, or the analysis cannot tell (then it is read). */
export type Branch = 'taken' | 'skipped' | 'unknown';

/** How a condition's text is expanded, and the value a variable holds in the makefile (undefined: not set). */
export interface ConditionEnv {
  expand(text: string): string;
  valueOf(name: string): string | undefined;
}

interface Level {
  /** The branch now being read. */
  branch: Branch;
  /** Whether an earlier branch of this conditional was taken: yes, no, or maybe (an unknown one). */
  earlier: 'yes' | 'no' | 'maybe';
  /** A plain `else` was seen: another `else` is make's error. */
  closed: boolean;
}

const CONDITION = /^(ifeq|ifneq|ifdef|ifndef)(?=[ \t]|$)[ \t]*([\s\S]*)$/;
/** A text the analysis cannot know after expansion: a shell variable, an unknown value or command output. */
const unknowable = (s: string) => s.includes('$');

/** The two texts an `ifeq`/`ifneq` compares, as written (`(a,b)`, `"a" "b"`, `'a' "b"`), or undefined. */
function operands(text: string): [string, string] | undefined {
  const t = text.trim();
  if (t.startsWith('(')) {
    let depth = 0;
    let comma = -1;
    for (let i = 1; i < t.length; i++) {
      const c = t[i];
      if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (c === ',' && depth <= 0) {
        comma = i;
        break;
      }
    }
    if (comma < 0) return undefined;
    depth = 0;
    for (let i = comma + 1; i < t.length; i++) {
      const c = t[i];
      if (c === '(') depth++;
      else if (c === ')') {
        if (depth <= 0) return [t.slice(1, comma), t.slice(comma + 1, i)];
        depth--;
      }
    }
    return undefined;
  }
  const quoted = /^(["'])([\s\S]*?)\1[ \t]+(["'])([\s\S]*?)\3/.exec(t);
  return quoted ? [quoted[2] ?? '', quoted[4] ?? ''] : undefined;
}

/** Whether the condition of `word` on `text` holds, when the analysis can know it. */
export function conditionHolds(word: string, text: string, env: ConditionEnv): Branch {
  if (word === 'ifdef' || word === 'ifndef') {
    const name = env.expand(text).trim();
    if (name === '' || unknowable(name) || /\s/.test(name)) return 'unknown';
    const value = env.valueOf(name);
    // Not set in the makefile: make takes it from the environment.
    if (value === undefined || (value.trim() === '' && value !== '')) return 'unknown';
    return (value !== '') === (word === 'ifdef') ? 'taken' : 'skipped';
  }
  const pair = operands(text);
  if (!pair) return 'unknown';
  const a = env.expand(pair[0]);
  const b = env.expand(pair[1]);
  if (unknowable(a) || unknowable(b)) return 'unknown';
  // Texts that differ only in blanks at their ends: which blanks make keeps is not worth guessing.
  if (a !== b && a.trim() === b.trim()) return 'unknown';
  return (a === b) === (word === 'ifeq') ? 'taken' : 'skipped';
}

/** The conditionals open at a point of the makefile, innermost last. */
export class Conditionals {
  private readonly levels: Level[] = [];
  /** Why the nesting is not what make accepts (make stops with an error), if it is not. */
  problem: string | undefined;

  /** Are the lines here skipped? */
  get skipping(): boolean {
    return this.levels.some((l) => l.branch === 'skipped');
  }

  /** Still open at the end of the text (make's "missing endif"). */
  get open(): boolean {
    return this.levels.length > 0;
  }

  /**
   * Reads a line that is a conditional directive (`word` its first word, `rest` the text after it): true when it
   * was one, false when the line is something else.
   */
  read(word: string, rest: string, env: ConditionEnv): boolean {
    if (word === 'endif') {
      if (!this.levels.pop()) this.problem ??= 'has an `endif` with no conditional open';
      return true;
    }
    if (word === 'else') {
      const top = this.levels[this.levels.length - 1];
      const inner = CONDITION.exec(rest.trim());
      if (!top || top.closed || (rest.trim() !== '' && !inner)) {
        this.problem ??= 'has an `else` make does not accept';
        return true;
      }
      if (!inner) top.closed = true;
      const outerSkipped = this.levels.slice(0, -1).some((l) => l.branch === 'skipped');
      // make expands an `else ifeq …` condition only when no earlier branch was taken.
      const holds: Branch =
        outerSkipped || top.earlier === 'yes'
          ? 'skipped'
          : inner
            ? conditionHolds(inner[1] ?? '', inner[2] ?? '', env)
            : 'taken';
      top.branch = top.earlier === 'maybe' && holds === 'taken' ? 'unknown' : holds;
      top.earlier = after(top.earlier, top.branch);
      return true;
    }
    const m = CONDITION.exec(`${word} ${rest}`);
    if (!m) return false;
    const branch: Branch = this.skipping ? 'skipped' : conditionHolds(m[1] ?? '', m[2] ?? '', env);
    // Inside a skipped branch, no branch of a nested conditional is taken.
    this.levels.push({ branch, earlier: this.skipping ? 'yes' : after('no', branch), closed: false });
    return true;
  }
}

function after(earlier: Level['earlier'], branch: Branch): Level['earlier'] {
  if (branch === 'taken') return 'yes';
  if (branch === 'unknown') return earlier === 'yes' ? 'yes' : 'maybe';
  return earlier;
}
