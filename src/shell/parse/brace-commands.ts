/**
 * Brace expansion in command position: `{rm,-rf,/}` is one word to bash, which expands it before anything
 * else into the words `rm -rf /` and runs them; tree-sitter-bash reads the `{` as a group's opening and fails.
 * `braceCommandText` writes such a command word as the words it expands to (the raw text of each alternative
 * spliced with what follows the group, so quoting and substitutions stay as written), for the analysis to read
 * as a second reading beside the failed one. It never replaces the first reading: the parse error stays, and
 * this only lets the detectors see what the command would run. Pure; bounded; declines (undefined) on any
 * shape it does not follow (a here-document, backticks, an unclosed quote or group).
 */

/** Alternatives one group may hold, and groups one text may rewrite, before the reading declines. */
const MAX_PARTS = 64;
const MAX_GROUPS = 16;

/** Words after which bash still expects a command name. */
const KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'do', 'while', 'until', '!', 'time', '{']);

/**
 * Whether a `{` at `at` starts a word in command position (after an operator, a newline or a keyword). Read only
 * where the parse failed, and only to add a reading: a word taken for a command name by mistake costs nothing.
 */
function inCommandPosition(text: string, at: number): boolean {
  let i = at - 1;
  if (i >= 0 && !/[\s;&|(]/.test(text[i] as string)) return false; // part of a longer word
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  if (i < 0 || ';&|()\n'.includes(text[i] as string)) return true; // `)`: a case item's body
  let start = i;
  while (start > 0 && !/[\s;&|(]/.test(text[start - 1] as string)) start--;
  return KEYWORDS.has(text.slice(start, i + 1)) && inCommandPosition(text, start);
}

/** The end of a quoted or nested part starting at `i` (a quote, `$(`, `${`), or -1 when it is not closed. */
function skipNested(text: string, i: number): number {
  const c = text[i];
  if (c === "'") {
    const end = text.indexOf("'", i + 1);
    return end < 0 ? -1 : end + 1;
  }
  if (c === '"') {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '"') return j + 1;
    }
    return -1;
  }
  if (c === '$' && (text[i + 1] === '(' || text[i + 1] === '{')) {
    const open = text[i + 1] as string;
    const close = open === '(' ? ')' : '}';
    let depth = 0;
    for (let j = i + 1; j < text.length; j++) {
      const d = text[j];
      if (d === '\\') j++;
      else if (d === "'" || d === '"') {
        const end = skipNested(text, j);
        if (end < 0) return -1;
        j = end - 1;
      } else if (d === open) depth++;
      else if (d === close && --depth === 0) return j + 1;
    }
    return -1;
  }
  return i + (c === '\\' ? 2 : 1);
}

/** The group opening at `open`: its top-level alternatives and where the whole word ends, or undefined. */
function groupAt(text: string, open: number): { parts: string[]; close: number; end: number } | undefined {
  let depth = 0;
  const commas: number[] = [];
  let close = -1;
  for (let i = open; i < text.length; ) {
    const c = text[i] as string;
    if (/[\s;&|<>()]/.test(c)) return undefined; // the word ends before its group closes
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      close = i;
      break;
    } else if (c === ',' && depth === 1) commas.push(i);
    if (c === "'" || c === '"' || c === '\\' || c === '$') {
      const next = skipNested(text, i);
      if (next < 0) return undefined;
      i = next;
    } else i++;
  }
  if (close < 0 || commas.length === 0 || commas.length >= MAX_PARTS) return undefined;
  let end = close + 1;
  while (end < text.length && !/[\s;&|<>()]/.test(text[end] as string)) {
    const next = skipNested(text, end);
    if (next < 0) return undefined;
    end = next;
  }
  const cuts = [open, ...commas, close];
  const parts = cuts.slice(1).map((at, k) => text.slice((cuts[k] as number) + 1, at));
  return { parts, close, end };
}

/**
 * The command text with each brace-expanded command word written as the words it makes
 * (`{rm,-rf,$HOME} x` -> `rm -rf $HOME x`), or undefined when the text holds none or a shape this declines.
 */
export function braceCommandText(text: string): string | undefined {
  if (text.includes('`') || text.includes('<<')) return undefined;
  let out = '';
  let from = 0;
  let groups = 0;
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
    if (i < from || !inCommandPosition(text, i)) continue;
    const group = groupAt(text, i);
    if (!group) continue;
    if (++groups > MAX_GROUPS) return undefined;
    const suffix = text.slice(group.close + 1, group.end);
    out += text.slice(from, i) + group.parts.map((p) => p + suffix).join(' ');
    from = group.end;
    i = group.end - 1;
  }
  if (groups === 0) return undefined;
  return out + text.slice(from);
}
