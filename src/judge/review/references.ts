/**
 * What the governance reviewer is shown besides the unit: the attached conventions (path-scoped rules,
 * ancestor instruction files and their imports), a big unconditional rule as the index of its headings, and
 * the rubric skills that apply to a category. Pure over the reader it is handed.
 */

import type { Attachment, JudgeCategory } from '../types';
import type { SentReference } from './reviewer-request';
import type { Rubric } from './rubric';

function headingsOf(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((l) => /^#{1,6}\s/.test(l))
    .join('\n');
}

export function referencesFor(
  category: JudgeCategory,
  attached: readonly Attachment[],
  rubrics: readonly Rubric[],
  read: (rel: string) => string | undefined,
): { refs: SentReference[]; unread: string[] } {
  const refs: SentReference[] = [];
  const unread: string[] = [];
  if (category === 'governance') {
    for (const a of attached) {
      const text = read(a.path);
      if (text === undefined) {
        unread.push(a.path);
        continue;
      }
      refs.push({
        kind: 'convention',
        path: a.path,
        binding: a.binding,
        text: a.sentAs === 'index' ? headingsOf(text) : text,
      });
    }
  }
  for (const r of rubrics) {
    if (r.category !== category) continue;
    refs.push({ kind: 'rubric', path: r.name, binding: true, text: r.text, pinned: r.pinned === true });
  }
  return { refs, unread };
}
