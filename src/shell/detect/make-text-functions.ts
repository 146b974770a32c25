/**
 * GNU make's text functions whose result is plain text computed from plain text (`$(filter submit,$(MAKECMDGOALS))`,
 * `$(strip …)`, `$(findstring …)`), computed when every argument is known after expansion, so a conditional that
 * tests the goals is decided as make decides it (make-conditionals.ts). Undefined when a function is not one of
 * these or an argument is not known; the caller then treats the result as unknown. Pure.
 */

/** Functions computed here, with how many arguments make splits them into (commas after the last are text). */
const ARITY: Readonly<Record<string, number>> = {
  filter: 2,
  'filter-out': 2,
  findstring: 2,
  strip: 1,
  words: 1,
  firstword: 1,
  lastword: 1,
  sort: 1,
};

/** Whether make computes `name` from its text alone (then the arguments need only be known). */
export const isComputedTextFunction = (name: string): boolean => name in ARITY;

/** The arguments of a function call as written, split at the commas outside parentheses, at most `max`. */
export function splitArguments(text: string, max: number): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length && out.length < max - 1; i++) {
    const c = text[i];
    if (c === '(' || c === '{') depth++;
    else if (c === ')' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

const words = (s: string) => s.split(/[ \t\n]+/).filter(Boolean);

/** Does `word` match a `filter` pattern (one `%` matches any text; a backslash is not followed here)? */
function matches(pattern: string, word: string): boolean {
  const at = pattern.indexOf('%');
  if (at < 0) return pattern === word;
  const head = pattern.slice(0, at);
  const tail = pattern.slice(at + 1);
  return word.length >= head.length + tail.length && word.startsWith(head) && word.endsWith(tail);
}

/**
 * The result of `$(name raw)`, with `expand` expanding each argument (in order, as make does); undefined when the
 * function is not computed here or an argument holds text the analysis cannot know (a `$`).
 */
export function computeTextFunction(
  name: string,
  raw: string,
  expand: (s: string) => string,
): string | undefined {
  const arity = ARITY[name];
  if (arity === undefined) return undefined;
  const args = splitArguments(raw, arity).map(expand);
  // Text beyond printable ASCII, tabs and line ends is left unknown: make splits words on blanks only and sorts bytes,
  // where JavaScript's `\s` and sort differ (final read: a no-break space, an emoji).
  if (args.some((a) => a.includes('$') || a.includes('\\') || /[^ -~\t\n]/.test(a)) || args.length !== arity)
    return undefined;
  const [first = '', second = ''] = args;
  switch (name) {
    case 'filter':
    case 'filter-out': {
      const patterns = words(first);
      const keep = name === 'filter';
      return words(second)
        .filter((w) => patterns.some((p) => matches(p, w)) === keep)
        .join(' ');
    }
    case 'findstring':
      return second.includes(first) ? first : '';
    case 'strip':
      return words(first).join(' ');
    case 'words':
      return String(words(first).length);
    case 'firstword':
      return words(first)[0] ?? '';
    case 'lastword':
      return words(first).at(-1) ?? '';
    case 'sort':
      return [...new Set(words(first))].sort().join(' ');
    default:
      return undefined;
  }
}
