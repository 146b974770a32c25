/**
 * The small TOML subset the Python runners' readers take (pyproject-scripts.ts, poe-tasks.ts): tables and
 * `key = value` lines whose values are one-line strings, arrays, inline tables or plain scalars. Anything else
 * (multi-line strings, escapes other than `\"` and `\\`, a quoted key or header part holding a dot or an escape, a
 * value running past its line) answers undefined, which each reader turns into uncertainty. A dotted key stays one
 * key (`a.b`): each reader decides what it means to it. Pure.
 */

/** A TOML value as read here: a string, an array, an inline table, another scalar, or `undefined` (not read). */
export type Toml = string | Toml[] | Map<string, Toml> | { other: true };

/** Reads one TOML value at `i` (strings, arrays, inline tables, plain scalars); undefined outside that subset. */
function value(src: string, i: number): { v: Toml; end: number } | undefined {
  const skip = (k: number) => {
    let j = k;
    for (;;) {
      while (j < src.length && /\s/.test(src[j] as string)) j++;
      if (src[j] !== '#') return j;
      while (j < src.length && src[j] !== '\n') j++;
    }
  };
  const k = skip(i);
  const c = src[k];
  if (src.startsWith('"""', k) || src.startsWith("'''", k)) return undefined;
  if (c === '"') {
    let out = '';
    for (let j = k + 1; j < src.length; j++) {
      const d = src[j] as string;
      if (d === '\n') return undefined;
      if (d === '"') return { v: out, end: j + 1 };
      if (d === '\\') {
        const e = src[++j];
        // Only an escaped quote or backslash is read: every other escape (`\r`, `\u0074`, TOML 1.1's `\x27`) stands
        // for a character this reader would get wrong.
        if (e !== '"' && e !== '\\') return undefined;
        out += e;
      } else out += d;
    }
    return undefined;
  }
  if (c === "'") {
    const e = src.indexOf("'", k + 1);
    if (e < 0 || src.slice(k + 1, e).includes('\n')) return undefined;
    return { v: src.slice(k + 1, e), end: e + 1 };
  }
  if (c === '[' || c === '{') {
    const close = c === '[' ? ']' : '}';
    const items: Toml[] = [];
    const table = new Map<string, Toml>();
    let j = k + 1;
    for (;;) {
      j = skip(j);
      if (src[j] === close) return { v: c === '[' ? items : table, end: j + 1 };
      if (c === '{') {
        const key = /^\s*("[^"\n]*"|'[^'\n]*'|[\w-]+)\s*=/.exec(src.slice(j));
        if (!key || /[.\\]/.test(key[1] ?? '')) return undefined;
        const got = value(src, j + key[0].length);
        if (!got) return undefined;
        table.set((key[1] ?? '').replace(/^["']|["']$/g, ''), got.v);
        j = got.end;
      } else {
        const got = value(src, j);
        if (!got) return undefined;
        items.push(got.v);
        j = got.end;
      }
      j = skip(j);
      if (src[j] === ',') j++;
      else if (src[j] !== close) return undefined;
    }
  }
  const scalar = /^[\w.:+-]+/.exec(src.slice(k));
  return scalar ? { v: { other: true }, end: k + scalar[0].length } : undefined;
}

/** The key/value pairs of every table of a TOML text, by table name; undefined when a value is not read. */
export function tables(text: string): Map<string, Map<string, Toml>> | undefined {
  const out = new Map<string, Map<string, Toml>>();
  let current = new Map<string, Toml>();
  out.set('', current);
  const src = text.replace(/\r\n/g, '\n');
  let i = 0;
  while (i < src.length) {
    const line = src.slice(i, src.indexOf('\n', i) < 0 ? src.length : src.indexOf('\n', i));
    const t = line.trim();
    if (t === '' || t.startsWith('#')) {
      i += line.length + 1;
      continue;
    }
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(t);
    if (header) {
      // A quoted part holding a dot or an escape (`["tool.poe.tasks"]`, `["my\u0074ask"]`) names what this reader
      // would get wrong: not read.
      if (/["'][^"'\]]*[.\\][^"'\]]*["']/.test(header[1] ?? '')) return undefined;
      const name = (header[1] ?? '').replace(/["']/g, '').replace(/\s*\.\s*/g, '.');
      current = out.get(name) ?? new Map();
      out.set(name, current);
      i += line.length + 1;
      continue;
    }
    const key = /^\s*("[^"\n]*"|'[^'\n]*'|[\w.-]+)\s*=/.exec(line);
    if (!key || /^["'].*[.\\]/.test(key[1] ?? '')) return undefined;
    const got = value(src, i + key[0].length);
    if (!got) return undefined;
    current.set((key[1] ?? '').replace(/^["']|["']$/g, ''), got.v);
    const next = src.indexOf('\n', got.end);
    const rest = src.slice(got.end, next < 0 ? src.length : next).trim();
    if (rest !== '' && !rest.startsWith('#')) return undefined;
    i = next < 0 ? src.length : next + 1;
  }
  return out;
}
