/**
 * References to files that do not exist (Q03): relative Markdown links and script paths a unit tells the
 * agent to run (`scripts/x.py`), in prose only (a fenced block is an example). Resolved against the file's
 * directory and the unit, through the `exists` function it is handed. Pure and linear in the line length.
 * URLs, anchors and absolute paths are not checked.
 */

import type { FindingDraft } from '../findings/make-finding';
import { type FileView, isProse } from './file-view';

// Linear on any line: a link is found from its `](`, the target cannot hold brackets or parentheses and a
// title is bounded, so no start position rescans the rest of the line (a line of 500,000 `[` was quadratic).
const LINK = /\]\(([^()\s[\]]+)(?:\s+"[^"\n]{0,300}")?\)/g;
const SCRIPT =
  /(?:^|[\s`'"(])((?:\.\/)?(?:scripts|references|assets|bin|tools)\/[\w-]+(?:[./][\w-]+){0,30}\.(?:py|sh|js|mjs|ts|md|rb))\b/g;

export function missingReferenceFindings(
  view: FileView,
  unitDir: string,
  exists: (projectRel: string) => boolean,
): FindingDraft[] {
  if (view.type !== 'markdown') return [];
  const out: FindingDraft[] = [];
  const seen = new Set<string>();
  const fileDir = view.path.includes('/') ? view.path.slice(0, view.path.lastIndexOf('/')) : '';
  const resolve = (base: string, ref: string): string => {
    const parts = base === '' ? [] : base.split('/');
    for (const seg of ref.split('/')) {
      if (seg === '' || seg === '.') continue;
      if (seg === '..') parts.pop();
      else parts.push(seg);
    }
    return parts.join('/');
  };
  view.lines.forEach((line, i) => {
    const n = i + 1;
    if (n <= view.frontMatterEnd) return;
    // Only prose refers: a fenced block is an example, and its paths are the example's, not the unit's.
    if (!isProse(view, n)) return;
    const refs: string[] = [];
    for (const m of line.matchAll(LINK)) refs.push(m[1] ?? '');
    for (const m of line.matchAll(SCRIPT)) refs.push(m[1] ?? '');
    for (const raw of refs) {
      let ref: string;
      try {
        ref = decodeURI(raw.split('#')[0]?.split('?')[0] ?? '');
      } catch {
        ref = raw;
      }
      if (
        ref === '' ||
        /^[a-z][a-z0-9+.-]*:/i.test(ref) ||
        ref.startsWith('/') ||
        ref.startsWith('~') ||
        /[<>{}$*]/.test(ref)
      )
        continue;
      if (seen.has(ref)) continue;
      seen.add(ref);
      const candidates = [resolve(fileDir, ref), resolve(unitDir, ref)];
      if (candidates.some((c) => c !== '' && exists(c))) continue;
      out.push({
        code: 'Q03',
        path: view.path,
        startLine: n,
        quote: line.trim(),
        message: `\`${ref}\` does not exist`,
        rule: 'reference:missing',
      });
    }
  });
  return out;
}

/** Q08 unclosed fence, Q05 oversized instruction file. */
export function structureFindings(view: FileView, isInstructionBody: boolean): FindingDraft[] {
  const out: FindingDraft[] = [];
  if (view.unclosedFence !== undefined) {
    out.push({
      code: 'Q08',
      path: view.path,
      startLine: view.unclosedFence,
      quote: (view.lines[view.unclosedFence - 1] ?? '').trim(),
      message: 'a code fence opens here and never closes; the rest of the file reads as code',
      rule: 'markdown:unclosed-fence',
    });
  }
  if (isInstructionBody && view.lines.length > 500) {
    out.push({
      code: 'Q05',
      path: view.path,
      startLine: 1,
      quote: null,
      absence: true,
      message: `the file has ${view.lines.length} lines; harnesses truncate or skim long instruction files (keep it under 500)`,
      rule: 'size:lines',
    });
  }
  return out;
}
