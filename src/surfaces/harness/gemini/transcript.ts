/**
 * Reads the words a person typed in a Gemini CLI session from its chat recording (the file at the hook input's
 * `transcript_path`: JSON lines, a metadata line then one record per message; older releases wrote one JSON
 * object with a `messages` list). Only `type: "user"` records count, and of those only what the person typed:
 * `displayContent` when Gemini recorded one (the typed text, when `content` also carries the files an
 * `@path` mention pulled in), else `content`, text parts only. Skipped: a record holding a `functionResponse`
 * (Gemini records tool results as user-typed records), any non-text part, what Gemini itself ignores when it
 * resumes a session (empty, `/` and `?` commands, `<session_context>`, `<hook_context>`), any other text that
 * opens with a tag (context it injects), and records a `$rewindTo` line took back. Unreadable files and lines
 * give no turns (turns only ever add context for a reviewer); never throws.
 */

import { isRecord } from '../../../core';
import { jsonObjects, readTranscriptTail, TRANSCRIPT_TURNS } from '../claude-code/transcript';

/** The text of a record's content (a string, a part, or a list of them); undefined when any part is not text. */
function typedText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  const parts = Array.isArray(content) ? content : [content];
  const texts: string[] = [];
  for (const part of parts) {
    if (typeof part === 'string') texts.push(part);
    else if (isRecord(part) && typeof part.text === 'string' && Object.keys(part).every((k) => k === 'text'))
      texts.push(part.text);
    else return undefined;
  }
  return texts.join('');
}

const hasToolResult = (content: unknown): boolean =>
  (Array.isArray(content) ? content : [content]).some(
    (p) => isRecord(p) && (p.functionResponse !== undefined || p.functionCall !== undefined),
  );

function ignored(text: string): boolean {
  const t = text.trim();
  return t.length === 0 || t.startsWith('/') || t.startsWith('?') || t.startsWith('<');
}

function records(text: string): Iterable<object> {
  const head = text.trimStart();
  if (head.startsWith('{') && !head.slice(0, 4096).includes('\n{')) {
    try {
      const whole: unknown = JSON.parse(text);
      if (isRecord(whole) && Array.isArray(whole.messages)) return whole.messages.filter(isRecord);
    } catch {
      // not one JSON object: read it as JSON lines
    }
  }
  return jsonObjects(text);
}

export function geminiUserTurns(text: string, limit = TRANSCRIPT_TURNS): string[] {
  const turns: { id: string; text: string }[] = [];
  const order: string[] = [];
  for (const record of records(text)) {
    const r = record as Record<string, unknown>;
    if (typeof r.$rewindTo === 'string') {
      const at = order.indexOf(r.$rewindTo);
      if (at >= 0) {
        const gone = new Set(order.splice(at));
        for (let i = turns.length - 1; i >= 0; i--) if (gone.has(turns[i]?.id ?? '')) turns.splice(i, 1);
      }
      continue;
    }
    if (typeof r.id !== 'string') continue;
    if (!order.includes(r.id)) order.push(r.id);
    if (r.type !== 'user' || hasToolResult(r.content)) continue;
    const typed = typedText(r.displayContent ?? r.content);
    if (typed === undefined || ignored(typed)) continue;
    const id = r.id;
    const existing = turns.findIndex((t) => t.id === id);
    if (existing >= 0) turns[existing] = { id, text: typed };
    else turns.push({ id, text: typed });
  }
  return turns.slice(-limit).map((t) => t.text);
}

export function readGeminiUserTurns(path: string | undefined, limit = TRANSCRIPT_TURNS): string[] {
  const text = readTranscriptTail(path);
  return text === undefined ? [] : geminiUserTurns(text, limit);
}
