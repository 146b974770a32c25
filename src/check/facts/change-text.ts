/**
 * What a write or edit changes in its file, as text: the file as it will be (the text on disk through the request's
 * script reader, plus the change), and the text a change removes and adds (for readers that count what the change
 * adds: an edit's replaced and new strings, a patch's removed and added lines, a write's old and new text). Pure
 * but for that reader.
 */

import { isAbsolute, resolve } from 'node:path';
import type { CheckRequest, FileChange } from '../request/request';

/** The text on disk with the change applied; a string when it cannot be computed (a fixed phrase). */
export function newText(change: FileChange, disk: string | undefined): { text: string } | string {
  if (change.kind === 'whole') return { text: change.text };
  if (change.kind === 'patch' && change.add)
    return { text: change.lines.map((l) => (l.startsWith('+') ? l.slice(1) : l)).join('\n') };
  if (disk === undefined) return 'could not be read whole';
  let text = disk;
  if (change.kind === 'replace') {
    for (const e of change.edits) {
      if (e.old === '') {
        if (text !== '') return 'has an edit that does not apply';
        text = e.new;
        continue;
      }
      if (!text.includes(e.old)) return 'has an edit that does not apply';
      text = e.all ? text.split(e.old).join(e.new) : text.replace(e.old, () => e.new);
    }
    return { text };
  }
  // A notebook cell is read by itself (readEdit), never applied to the file's text.
  if (change.kind === 'cell') return 'changes one notebook cell';
  // A Codex patch: each hunk's context and removed lines, found in order, become its context and added lines.
  const lines = text.split('\n');
  let at = 0;
  const hunks: { old: string[]; now: string[] }[] = [];
  let h: { old: string[]; now: string[] } | undefined;
  for (const l of change.lines) {
    if (l.startsWith('@@')) {
      h = { old: [], now: [] };
      hunks.push(h);
      continue;
    }
    if (l === '*** End of File') continue;
    if (!h) {
      h = { old: [], now: [] };
      hunks.push(h);
    }
    const body = l.slice(1);
    if (l.startsWith('+')) h.now.push(body);
    else if (l.startsWith('-')) h.old.push(body);
    else {
      h.old.push(l.startsWith(' ') ? body : l);
      h.now.push(l.startsWith(' ') ? body : l);
    }
  }
  for (const hunk of hunks) {
    if (hunk.old.length === 0) {
      lines.push(...hunk.now);
      continue;
    }
    const same = (a: string, b: string) => a === b || a.trimEnd() === b.trimEnd() || a.trim() === b.trim();
    let found = -1;
    for (let i = at; i + hunk.old.length <= lines.length && found < 0; i++)
      if (hunk.old.every((o, k) => same(lines[i + k] ?? '', o))) found = i;
    if (found < 0) return 'has a patch hunk that does not apply';
    lines.splice(found, hunk.old.length, ...hunk.now);
    at = found + hunk.now.length;
  }
  return { text: lines.join('\n') };
}

/** The file's absolute path (a patch names files relative to the working folder). */
export const changedPath = (request: CheckRequest, path: string): string =>
  isAbsolute(path) || request.cwd === '' ? path : resolve(request.cwd, path);

/** The text on disk: its text, '' when there is no file, undefined when it cannot be read. */
export function diskText(request: CheckRequest, abs: string): string | undefined {
  const disk = request.readScript?.(abs);
  return disk?.kind === 'text' ? disk.text : disk?.kind === 'missing' ? '' : undefined;
}

/**
 * The text a change takes away and the text it puts in: an edit's old and new strings (no disk needed), a patch's
 * removed and added lines, a write's text on disk (or none) and its new text, a notebook cell's new source.
 */
export function changedTexts(change: FileChange, old: string | undefined): { before: string; after: string } {
  switch (change.kind) {
    case 'replace':
      return {
        before: change.edits.map((e) => e.old).join('\n'),
        after: change.edits.map((e) => e.new).join('\n'),
      };
    case 'patch':
      return {
        before: change.lines
          .filter((l) => l.startsWith('-'))
          .map((l) => l.slice(1))
          .join('\n'),
        after: change.lines
          .filter((l) => l.startsWith('+'))
          .map((l) => l.slice(1))
          .join('\n'),
      };
    case 'whole':
      return { before: old ?? '', after: change.text };
    case 'cell':
      return { before: '', after: change.text };
  }
}

/**
 * Like changedTexts, but an edit's strings widened to the whole lines they touch in the file on disk (an edit of
 * `= true` to `= false` inside `config.force_ssl = true` compares the two lines); the strings alone where the file
 * cannot be read or an edit does not apply.
 */
export function changedLineTexts(
  change: FileChange,
  old: string | undefined,
): { before: string; after: string } {
  if (change.kind !== 'replace' || old === undefined) return changedTexts(change, old);
  let text = old;
  const before: string[] = [];
  const after: string[] = [];
  for (const e of change.edits) {
    const at = e.old === '' ? -1 : text.indexOf(e.old);
    if (at < 0 || e.all) {
      before.push(e.old);
      after.push(e.new);
      if (at >= 0) text = text.split(e.old).join(e.new);
      continue;
    }
    const start = text.lastIndexOf('\n', at - 1) + 1;
    const endAt = text.indexOf('\n', at + e.old.length);
    const end = endAt < 0 ? text.length : endAt;
    before.push(text.slice(start, end));
    const next = text.slice(0, at) + e.new + text.slice(at + e.old.length);
    const newEndAt = next.indexOf('\n', at + e.new.length);
    after.push(next.slice(start, newEndAt < 0 ? next.length : newEndAt));
    text = next;
  }
  return { before: before.join('\n'), after: after.join('\n') };
}
