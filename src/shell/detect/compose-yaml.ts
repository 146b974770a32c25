/**
 * A strict reader of the YAML subset compose files are written in: block mappings and sequences, plain and quoted
 * scalars, flow sequences and flow mappings (nested a few deep), and `|`/`>` block scalars (their lines as written,
 * not folded). Anything else (anchors, aliases, merge keys, tags, multi-line plain scalars or flow collections, tabs,
 * several documents, a duplicate key) is not read: undefined, and the caller is uncertain. Never reads a file and
 * never quotes its text. Pure.
 * INVARIANT: a shape the reader is not sure of is refused, never guessed: what a compose file configures must be
 * what this reader saw.
 */

export type YamlValue = string | YamlValue[] | YamlMap;
export type YamlMap = Map<string, YamlValue>;

interface Line {
  indent: number;
  text: string;
  /** Its index among the text's lines (a block scalar's text is taken from them as written). */
  at: number;
}

class Refused extends Error {}

const refuse = (): never => {
  throw new Refused();
};

/** The index of the first character outside quotes for which `at` holds; -1 when none does. */
function outsideQuotes(text: string, at: (i: number) => boolean): number {
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (at(i)) return i;
  }
  return -1;
}

/** The line without a trailing comment (a `#` after a blank, outside quotes). */
function stripComment(text: string): string {
  const at = outsideQuotes(text, (i) => text[i] === '#' && (i === 0 || text[i - 1] === ' '));
  return (at < 0 ? text : text.slice(0, at)).trimEnd();
}

/** One scalar: quoted (simple escapes only), or plain with no YAML indicator in front. */
function scalar(raw: string): string {
  const t = raw.trim();
  if (t.startsWith("'")) {
    if (!t.endsWith("'") || t.length < 2) refuse();
    const body = t.slice(1, -1);
    if (/(^|[^'])'([^']|$)/.test(body.replaceAll("''", ''))) refuse();
    return body.replaceAll("''", "'");
  }
  if (t.startsWith('"')) {
    if (!t.endsWith('"') || t.length < 2) refuse();
    const body = t.slice(1, -1);
    let out = '';
    for (let i = 0; i < body.length; i++) {
      const c = body[i] as string;
      if (c === '"') refuse();
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = body[++i];
      if (e === '"' || e === '\\' || e === '/') out += e;
      else if (e === 'n') out += '\n';
      else if (e === 't') out += '\t';
      else refuse();
    }
    return out;
  }
  // `&anchor`, `*alias`, `!tag`, `{...}`, `[...]`, `@`, backtick, `%`: not read here.
  if (/^[&*!{[@`%|>]/.test(t) || t === '?' || t.startsWith('? ')) refuse();
  if (/: |:$| #/.test(t)) refuse();
  return t;
}

/** Flow collections nested deeper than this are not read. */
const MAX_FLOW_DEPTH = 8;

/** The items of a flow collection's body, split at commas outside quotes and outside nested collections. */
function flowItems(body: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote = '';
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (quote) {
      if (c === '\\' && quote === '"') {
        cur += c + (body[++i] ?? '');
        continue;
      }
      if (c === quote) quote = '';
      cur += c;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') {
      depth--;
      if (depth < 0) refuse();
    } else if (c === ',' && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += c;
  }
  if (quote || depth !== 0) refuse();
  if (cur.trim() !== '') out.push(cur);
  return out;
}

/** One value inside a flow collection: a nested collection, or a scalar holding no flow indicator outside quotes. */
function flowValue(raw: string, depth: number): YamlValue {
  const t = raw.trim();
  if (t.startsWith('[') || t.startsWith('{')) return flow(t, depth + 1);
  if (!t.startsWith('"') && !t.startsWith("'") && /[[\]{}]/.test(t)) refuse();
  return scalar(t);
}

/**
 * `[a, "b"]`, `{k: v, "k2": 'v2'}`, `{run: {shell: bash}}`, `[]`, `{}`: scalars and nested collections (at most
 * MAX_FLOW_DEPTH deep); a mapping's key and value split at the first `: ` outside quotes, a duplicate key or an
 * item with no value refused.
 */
function flow(t: string, depth = 0): YamlValue {
  if (depth > MAX_FLOW_DEPTH) refuse();
  if (t === '{}') return new Map();
  if (t.startsWith('{') && t.endsWith('}')) {
    const map: YamlMap = new Map();
    const body = t.slice(1, -1).trim();
    for (const item of body === '' ? [] : flowItems(body)) {
      const at = keyEnd(item);
      if (at < 0) refuse();
      const key = scalar(item.slice(0, at));
      if (typeof key !== 'string' || key === '' || map.has(key) || /[[\]{}]/.test(key)) refuse();
      map.set(key as string, flowValue(item.slice(at + 1), depth));
    }
    return map;
  }
  if (!t.startsWith('[') || !t.endsWith(']')) return refuse();
  const body = t.slice(1, -1).trim();
  if (body === '') return [];
  return flowItems(body).map((item) => flowValue(item, depth));
}

/** Where a flow mapping item's key ends: the first `:` outside quotes followed by a blank or the end; -1 if none. */
function keyEnd(item: string): number {
  return outsideQuotes(item, (i) => item[i] === ':' && (i + 1 === item.length || item[i + 1] === ' '));
}

class Reader {
  i = 0;
  constructor(
    readonly lines: readonly Line[],
    readonly raw: readonly string[],
  ) {}

  /** The value that starts after `key:` or `- ` on line `at` (inline text `rest`), nested lines deeper than `indent`. */
  valueAfter(rest: string, indent: number): YamlValue {
    const t = rest.trim();
    if (t === '|' || t === '>' || /^[|>][+-]?$/.test(t)) return this.blockScalar(indent);
    if (t !== '') {
      const next = this.lines[this.i];
      // A plain scalar continued on the next line is folded by YAML: not read.
      if (next && next.indent > indent) refuse();
      return t.startsWith('[') || t.startsWith('{') ? flow(t) : scalar(t);
    }
    const next = this.lines[this.i];
    if (!next || next.indent < indent || (next.indent === indent && !next.text.startsWith('- '))) return '';
    if (next.indent === indent) return this.sequence(indent);
    return this.block(next.indent);
  }

  /**
   * A `|`/`>` block's lines as written (blank lines, `#` lines and relative indentation kept: a shell reads a
   * continuation line, a here-document or a comment there as the file holds it), less the block's indentation,
   * which its first line sets; a line indented less is refused.
   */
  blockScalar(indent: number): string {
    const first = this.lines[this.i];
    if (first === undefined || first.indent <= indent) return '';
    let last = first;
    while (this.i < this.lines.length && (this.lines[this.i] as Line).indent > indent) {
      last = this.lines[this.i] as Line;
      if (last.indent < first.indent) refuse();
      this.i++;
    }
    return this.raw
      .slice(first.at, last.at + 1)
      .map((l) => (l.trim() === '' ? '' : l.slice(first.indent)))
      .join('\n');
  }

  block(indent: number): YamlValue {
    const first = this.lines[this.i] as Line;
    return first.text === '-' || first.text.startsWith('- ') ? this.sequence(indent) : this.mapping(indent);
  }

  mapping(indent: number): YamlMap {
    const map: YamlMap = new Map();
    while (this.i < this.lines.length) {
      const line = this.lines[this.i] as Line;
      if (line.indent < indent) break;
      if (line.indent > indent) refuse();
      // A sequence item among a mapping's keys is no YAML.
      if (line.text === '-' || line.text.startsWith('- ')) refuse();
      // A plain key may hold a colon not followed by a blank (`tf:plan:`, a Taskfile's namespaced task).
      const m = /^("[^"]*"|'[^']*'|[^\s"'#:](?:[^:]|:(?=\S))*?)\s*:(?:\s+(.*))?$/.exec(line.text);
      if (!m) return refuse();
      const key = scalar(m[1] as string);
      if (key === '<<' || map.has(key)) refuse();
      this.i++;
      map.set(key, this.valueAfter(m[2] ?? '', indent));
    }
    return map;
  }

  sequence(indent: number): YamlValue[] {
    const out: YamlValue[] = [];
    while (this.i < this.lines.length) {
      const line = this.lines[this.i] as Line;
      if (line.indent < indent || !(line.text === '-' || line.text.startsWith('- '))) break;
      if (line.indent > indent) refuse();
      const rest = line.text.slice(1);
      const inner = rest.length - rest.trimStart().length;
      const body = rest.trimStart();
      // `- key: value` opens a mapping whose keys sit at the column after `- `.
      if (body !== '' && /^("[^"]*"|'[^']*'|[^\s"'#:[{](?:[^:]|:(?=\S))*?)\s*:(\s|$)/.test(body)) {
        const column = indent + 1 + inner;
        (this.lines as Line[])[this.i] = { indent: column, text: body, at: line.at };
        out.push(this.mapping(column));
        continue;
      }
      this.i++;
      out.push(this.valueAfter(body, indent));
    }
    return out;
  }
}

/** The compose file's top-level mapping, or undefined when the text is outside the subset read here. */
export function readComposeYaml(text: string): YamlMap | undefined {
  const lines: Line[] = [];
  let started = false;
  const raws = text.split(/\r?\n/);
  for (const [at, raw] of raws.entries()) {
    if ((raw.match(/^[\t ]*/)?.[0] ?? '').includes('\t') && raw.trim() !== '') return undefined;
    const body = stripComment(raw);
    if (body.trim() === '') continue;
    if (body === '---' && !started) {
      started = true;
      continue;
    }
    if (body === '---' || body === '...' || body.startsWith('%')) return undefined;
    started = true;
    lines.push({ indent: body.length - body.trimStart().length, text: body.trimStart(), at });
  }
  if (lines.length === 0) return new Map();
  try {
    const reader = new Reader(lines, raws);
    if ((lines[0] as Line).indent !== 0) return undefined;
    const top = reader.block(0);
    if (reader.i !== lines.length || !(top instanceof Map)) return undefined;
    return top;
  } catch (e) {
    if (e instanceof Refused) return undefined;
    throw e;
  }
}
