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
import {
  CONVERSATION_TURNS,
  type ConversationTurn,
  jsonObjects,
  readTranscriptTail,
  TRANSCRIPT_TURNS,
} from '../claude-code/transcript';

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

/**
 * The session's turns in order, rewinds applied: the person's typed records (role `user`, the filter above) and
 * Gemini's own text replies (`type: "gemini"`, text parts only; thoughts and tool calls are other fields, never
 * read). Info, error and warning records are left out.
 */
function geminiTurns(text: string): ConversationTurn[] {
  const turns: { id: string; turn: ConversationTurn }[] = [];
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
    let turn: ConversationTurn | undefined;
    if (r.type === 'user' && !hasToolResult(r.content)) {
      const typed = typedText(r.displayContent ?? r.content);
      if (typed !== undefined && !ignored(typed)) turn = { role: 'user', text: typed };
    } else if (r.type === 'gemini' && !hasToolResult(r.content)) {
      const said = typedText(r.content);
      if (said !== undefined && said.trim() !== '') turn = { role: 'assistant', text: said };
    }
    if (!turn) continue;
    const id = r.id;
    const existing = turns.findIndex((t) => t.id === id);
    if (existing >= 0) turns[existing] = { id, turn };
    else turns.push({ id, turn });
  }
  return turns.map((t) => t.turn);
}

export function geminiUserTurns(text: string, limit = TRANSCRIPT_TURNS): string[] {
  return geminiTurns(text)
    .filter((t) => t.role === 'user')
    .slice(-limit)
    .map((t) => t.text);
}

export function geminiConversation(text: string, limit = CONVERSATION_TURNS): ConversationTurn[] {
  return geminiTurns(text).slice(-limit);
}

export function readGeminiConversation(
  path: string | undefined,
  limit = CONVERSATION_TURNS,
): ConversationTurn[] {
  const text = readTranscriptTail(path);
  return text === undefined ? [] : geminiConversation(text, limit);
}

export function readGeminiUserTurns(path: string | undefined, limit = TRANSCRIPT_TURNS): string[] {
  const text = readTranscriptTail(path);
  return text === undefined ? [] : geminiUserTurns(text, limit);
}
