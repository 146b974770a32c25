/**
 * Variables bash assigns where no assignment word stands (review 30b): arithmetic (`(( PATH=0 ))`, `$[HOME=0]`,
 * `[[ 1 -eq PATH=0 ]]`, a subscript `${a[PATH=0]}` or `test -v 'a[PATH=0]'`, which bash evaluates), a redirection's
 * descriptor variable (`: {PATH}>/dev/null`), `wait -p NAME`, and `xargs --process-slot-var=NAME` for the program it
 * runs. PATH, HOME and the other variables the environment passes on change what a later program runs or reads
 * (`PATH=0` makes `ls` run `./0/ls`): such an assignment to an environment-style name is returned, to be reported
 * uncertain. Lower-case shell locals (`(( i++ ))`) are not returned. Over-approximates on the raw text: a bracket
 * or double parenthesis anywhere is read as arithmetic. Pure.
 */

/** Names the environment passes on: upper-case, npm's lower-case settings, proxies. */
const ENVIRONMENT_STYLE = /^(?:[A-Z][A-Z0-9_]*|_[A-Z0-9_]+|npm_config_\w+|[a-z]+_proxy)$/;

/** Text bash evaluates as arithmetic: `(( … ))`, `$(( … ))`, and anything between brackets. */
const ARITHMETIC_REGIONS = /\(\(([\s\S]*?)\)\)|\[([^\]]*)\]/g;
/** An assignment inside arithmetic: `NAME=`, `NAME op=` (not `==`), `NAME++`, `++NAME`. */
const ARITHMETIC_ASSIGNMENT =
  /(?:^|[^\w$.])(?:["']?([A-Za-z_]\w*)["']?\s*(?:(?:[-+*/%&|^]|<<|>>)?=(?!=)|\+\+|--)|(?:\+\+|--)\s*["']?([A-Za-z_]\w*))/g;
/** `{NAME}>file`, `{NAME}<&-`: bash stores the descriptor it opens in NAME. */
const DESCRIPTOR_VARIABLE = /\{([A-Za-z_]\w*)\}\s*(?:&?>|<)/g;
/** `wait -p NAME` (also in a cluster, `-np NAME`). */
const WAIT_VARIABLE = /\bwait\b[^;&|\n]*?\s-[A-Za-z]*p\s*([A-Za-z_]\w*)/g;
/** `xargs --process-slot-var=NAME` sets NAME for each program it runs. */
const SLOT_VARIABLE = /--process-slot-var(?:=|\s+)['"]?([A-Za-z_]\w*)/g;

export function hiddenAssignments(text: string): string[] {
  const names = new Set<string>();
  const add = (name: string | undefined) => {
    if (name !== undefined && ENVIRONMENT_STYLE.test(name)) names.add(name);
  };
  if (text.includes('((') || text.includes('['))
    for (const region of text.matchAll(ARITHMETIC_REGIONS)) {
      const inner = region[1] ?? region[2] ?? '';
      if (!/[=+-]/.test(inner)) continue;
      for (const m of inner.matchAll(ARITHMETIC_ASSIGNMENT)) add(m[1] ?? m[2]);
    }
  if (text.includes('{')) for (const m of text.matchAll(DESCRIPTOR_VARIABLE)) add(m[1]);
  if (text.includes('wait')) for (const m of text.matchAll(WAIT_VARIABLE)) add(m[1]);
  if (text.includes('--process-slot-var')) for (const m of text.matchAll(SLOT_VARIABLE)) add(m[1]);
  return [...names];
}

/**
 * Text bash evaluates as arithmetic, read strictly: `(( … ))`, `$[ … ]`, an array subscript (`a[ … ]`), a `[[ ]]`
 * holding an arithmetic comparison, a substring offset (`${s:x}`).
 */
const STRICT_REGIONS =
  /\(\(([\s\S]*?)\)\)|\$\[([^\]]*)\]|[A-Za-z_]\w*\[([^\]]*)\]|\[\[([\s\S]*?)\]\]|\$\{[A-Za-z_]\w*:(?![-=+?])([^}]*)\}/g;
/** A variable named inside arithmetic: bare, `$x` or `${x}`. */
const OPERAND = /(?:\$\{?)?(?<![\w.])([A-Za-z_]\w*)/g;

/**
 * The variables whose values bash evaluates as arithmetic in `text` (review 30c): bash reads a variable's value as an
 * expression again (`x='PATH=0'; (( x ))` assigns PATH), so a variable the line sets to text there may assign any
 * variable. The caller keeps those the line set to something other than a number.
 */
export function arithmeticOperands(text: string): string[] {
  if (!text.includes('((') && !text.includes('[') && !text.includes('${')) return [];
  const names = new Set<string>();
  for (const region of text.matchAll(STRICT_REGIONS)) {
    const inner = region[1] ?? region[2] ?? region[3] ?? region[5] ?? region[4] ?? '';
    if (region[4] !== undefined && !/-(?:eq|ne|lt|le|gt|ge)\b/.test(region[4])) continue;
    for (const m of inner.matchAll(OPERAND)) if (m[1] !== undefined) names.add(m[1]);
  }
  return [...names];
}
