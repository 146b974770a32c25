/**
 * A read-only view of one text file for the static checks: its lines, which lines sit inside code fences
 * (and the fence's language), where the front matter ends, and whether the file is Markdown, JSON or a
 * script. Pure. Line numbers are 1-based everywhere.
 */

export type FileType = 'markdown' | 'json' | 'script' | 'text';

export interface FileView {
  path: string;
  type: FileType;
  text: string;
  lines: string[];
  /** Per line (index 0 = line 1): the fence language ('' for a bare fence) when inside a fence, else undefined. */
  fence: (string | undefined)[];
  /** Last line of the YAML front matter (0 when there is none). */
  frontMatterEnd: number;
  /** A fence opened and never closed (line of the opening), for Q08. */
  unclosedFence?: number;
}

export function fileTypeOf(path: string): FileType {
  if (/\.(md|mdc|markdown)$/i.test(path)) return 'markdown';
  if (/\.json$/i.test(path)) return 'json';
  if (
    /\.(sh|bash|zsh|py|js|mjs|cjs|ts|rb|pl|ps1|php|go|rs|lua)$/i.test(path) ||
    !/\.[a-z0-9]+$/i.test(path.split('/').pop() ?? '')
  ) {
    return 'script';
  }
  return 'text';
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})\s*([\w+-]*)/;

export function fileView(path: string, text: string): FileView {
  const type = fileTypeOf(path);
  const lines = text.split(/\r?\n/);
  const fence: (string | undefined)[] = new Array(lines.length).fill(undefined);
  let frontMatterEnd = 0;
  let unclosedFence: number | undefined;
  if (type === 'markdown') {
    const first = (lines[0] ?? '').replace(/^\uFEFF/, '');
    if (first.trim() === '---') {
      const end = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(l));
      frontMatterEnd = end > 0 ? end + 1 : 0;
    }
    let open: { marker: string; lang: string; line: number } | undefined;
    for (let i = frontMatterEnd; i < lines.length; i++) {
      const m = FENCE.exec(lines[i] ?? '');
      if (open) {
        if (
          m &&
          m[1]?.[0] === open.marker[0] &&
          (m[1]?.length ?? 0) >= open.marker.length &&
          (m[2] ?? '') === ''
        ) {
          open = undefined;
          continue;
        }
        fence[i] = open.lang;
      } else if (m) {
        open = { marker: m[1] ?? '```', lang: (m[2] ?? '').toLowerCase(), line: i + 1 };
      }
    }
    if (open) unclosedFence = open.line;
  }
  const view: FileView = { path, type, text, lines, fence, frontMatterEnd };
  if (unclosedFence !== undefined) view.unclosedFence = unclosedFence;
  return view;
}

/** Is line `n` (1-based) Markdown prose: not front matter, not in a fence? */
export function isProse(view: FileView, n: number): boolean {
  return view.type === 'markdown' && n > view.frontMatterEnd && view.fence[n - 1] === undefined;
}
