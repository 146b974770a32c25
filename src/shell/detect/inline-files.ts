/**
 * Python inline code that opens files by a literal name (`json.load(open('data/events.json'))`,
 * `open('src/app.py', 'w').write(s)`, `Path('README.md').read_text()`): the files found, each with what the code
 * does to it (reads or writes), and the code with each such call put out of the way of the inertness scan
 * (code-imports.ts), which refuses every `open` and `Path`. A name bound once, at the top, to one literal
 * (`path = 'src/app.py'` or `p = Path('src/app.py')`) and bound nowhere else stands for that literal where a call
 * takes it. Any other `open` or `Path` stays in the code and keeps it not inert. Pure: judging the paths (a
 * secret, a file outside the workspace, a control file written) is the caller's.
 */

export interface OpenedFile {
  /** The path as written. */
  path: string;
  role: 'read' | 'write';
}

export interface OpenedFiles {
  /** The code with each call found replaced by an inert expression. */
  code: string;
  files: OpenedFile[];
}

/** A path literal whose quote is group `n`: no escape, no quote, nothing a shell or Python formatting could change. */
const literal = (n: number) => `${String.raw`(['"])([^'"\\\n$\`{}%]+)`}\\${n}`;
const LITERAL = literal(1);
/** A mode literal: `r`, `rb`, `w`, `a+`, `x`, `wt`, ... */
const MODE = String.raw`(['"])([rwax]\+?[bt]?|[rwax][bt]\+?)\3`;
/** `encoding='utf-8'`, `newline=''`, `errors='replace'`: keyword arguments that open no other file. */
const KEYWORD = String.raw`\s*,\s*(?:encoding|newline|errors)\s*=\s*(['"])[\w-]*\6`;
/** `open('p')`, `open("p", "w")`, `open('p', mode='a', encoding='utf-8')`. */
const OPEN = new RegExp(
  String.raw`(?<![\w.])open\(\s*${LITERAL}\s*(?:,\s*(?:mode\s*=\s*)?${MODE}\s*)?((?:${KEYWORD})*)\s*\)`,
  'g',
);
/** `Path('p').read_text(`, `pathlib.Path("p").write_bytes(`: the call's own arguments stay as code. */
const PATH_CALL = new RegExp(
  String.raw`(?<![\w.])(?:pathlib\s*\.\s*)?Path\(\s*${LITERAL}\s*\)\s*\.\s*(read_text|read_bytes|write_text|write_bytes)\(`,
  'g',
);

/** Calls read per program: more is not a small inline program. */
const MAX_OPENED = 8;

const NAME = /^[A-Za-z_]\w*$/;
/** A top-level binding of a name to a path literal, or to `Path(literal)`. */
const BINDING = new RegExp(
  String.raw`^([A-Za-z_]\w*)[ ]*=[ ]*(?:(?:pathlib\.)?Path\(\s*${literal(2)}\s*\)|${literal(4)})[ ]*$`,
);

/**
 * Is every other mention of `name` one that reads it where this reader puts the literal: the first argument of
 * `open(`/`Path(`/`print(`/`str(` (a path name), or a `.read_text(`-style call on it (a `Path` name)? Any other
 * mention (another binding of any kind, on one line or split over lines: `for (a,\n name) in`, `def f(name)`,
 * `[a,\n name] = …`) keeps it unread.
 */
function onlyUsed(lines: readonly string[], at: number, name: string, path: boolean): boolean {
  const rest = lines.filter((_, k) => k !== at).join('\n');
  const uses = path
    ? new RegExp(String.raw`(?<![\w.])${name}\s*\.\s*(?:read_text|read_bytes|write_text|write_bytes)\(`, 'g')
    : new RegExp(String.raw`(?<![\w.])(?:open|Path|print|str)\(\s*${name}(?=\s*[,)])`, 'g');
  return !new RegExp(String.raw`(?<![\w.])${name}\b`).test(rest.replace(uses, ''));
}

/** Names bound once at the top to a path literal: each name's literal and whether it is a `Path`. */
function pathNames(code: string): Map<string, { literal: string; path: boolean; line: number }> {
  const lines = code.split('\n');
  const out = new Map<string, { literal: string; path: boolean; line: number }>();
  for (const [k, line] of lines.entries()) {
    const m = BINDING.exec(line);
    const name = m?.[1];
    if (!m || name === undefined || !NAME.test(name) || /^(open|Path|pathlib|print|str)$/.test(name))
      continue;
    if (out.has(name) || !onlyUsed(lines, k, name, m[3] !== undefined)) {
      out.delete(name);
      continue;
    }
    out.set(name, { literal: (m[3] ?? m[5]) as string, path: m[3] !== undefined, line: k });
  }
  return out;
}

/** Puts each name `pathNames` found back as its literal where `open` or `Path` takes it, or a path method is called. */
function literalNames(code: string): string {
  let out = code;
  const lines = code.split('\n');
  const dropped = new Set<number>();
  for (const [name, { literal, path, line }] of pathNames(code)) {
    const q = literal.includes("'") ? '"' : "'";
    const lit = `${q}${literal}${q}`;
    if (path) {
      // `p.read_text(`: as `Path('lit').read_text(`; the binding line goes when no other use of the name is left.
      const method = new RegExp(
        String.raw`(?<![\w.])${name}\s*\.\s*(read_text|read_bytes|write_text|write_bytes)\(`,
        'g',
      );
      const rest = lines.map((l, k) => (k === line ? '' : l.replace(method, ''))).join('\n');
      if (new RegExp(String.raw`(?<![\w.])${name}\b`).test(rest)) continue;
      out = out.replace(method, (_m, call: string) => `Path(${lit}).${call}(`);
      dropped.add(line);
    } else {
      out = out.replace(
        new RegExp(String.raw`(?<![\w.])(open|Path)\(\s*${name}\b(?=\s*[,)])`, 'g'),
        `$1(${lit}`,
      );
    }
  }
  if (dropped.size === 0) return out;
  const kept = out.split('\n');
  for (const k of dropped) kept[k] = '';
  return kept.join('\n');
}

/** `from pathlib import Path` / `import pathlib` once no `Path` is left in the code: nothing else is imported. */
function withoutPathImport(code: string): string {
  const body = code.replace(/^(?:from pathlib import Path|import pathlib)[ ]*$/gm, '');
  return /\b(?:Path|pathlib)\b/.test(body) ? code : body;
}

/** The files Python code opens by a literal name, or undefined past the bound. */
export function openedFiles(code: string): OpenedFiles | undefined {
  const files: OpenedFile[] = [];
  let rest = literalNames(code).replace(OPEN, (_m, _q, path: string, _q2, mode: string | undefined) => {
    files.push({ path, role: mode === undefined || /^r[bt]?$|^r[bt]$/.test(mode) ? 'read' : 'write' });
    return "''";
  });
  rest = rest.replace(PATH_CALL, (_m, _q, path: string, call: string) => {
    files.push({ path, role: call.startsWith('read') ? 'read' : 'write' });
    return 'str(';
  });
  return files.length > MAX_OPENED ? undefined : { code: withoutPathImport(rest), files };
}
