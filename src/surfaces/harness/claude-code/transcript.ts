/**
 * Reads the words a person typed in a Claude Code session from its transcript (JSONL): entries with
 * `type: "user"`, `message.role: "user"` and string `message.content`, and nothing else that looks like one:
 * tool results (array content, or a `toolUseResult` field: untrusted), a sub-agent's turns (`isSidechain`:
 * the main agent wrote its prompt), a compaction summary (`isCompactSummary`: model-written), meta entries
 * (`isMeta`: caveats and context Claude Code injects), and the echoes Claude Code records as user text — a
 * slash command (`<command-name>`, `<command-message>`, `<command-args>`), the output of a `!` command or a
 * local command (`<bash-stdout>`, `<bash-stderr>`, `<local-command-stdout>`, `<local-command-stderr>`), and
 * interruption notices. Unreadable files and lines are skipped (the turns only ever add context for a
 * reviewer; they cannot allow anything by themselves). Also owns the bounded, non-blocking tail read that
 * the Codex reader shares.
 */

import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/**
 * How many recent user turns a hook reads: the most a policy or config may send (`reviewer_user_turns` is
 * 1-20). The reviewer keeps its own count of them (assemble-prompt.ts), so reading fewer here would cap it.
 */
export const TRANSCRIPT_TURNS = 20;

/** The JSON objects of a JSONL text, in order; blank, malformed and non-object lines are skipped. */
export function* jsonObjects(text: string): Generator<object> {
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof entry === 'object' && entry !== null) yield entry;
  }
}

/** Openings of the text Claude Code records as a user entry without the person having typed it; lower-case. */
const ECHO_OPENINGS = [
  '<command-name>',
  '<command-message>',
  '<command-args>',
  '<bash-stdout>',
  '<bash-stderr>',
  '<local-command-stdout>',
  '<local-command-stderr>',
  '[request interrupted by user',
];

const echoed = (text: string): boolean => {
  const head = text.trimStart().slice(0, 40).toLowerCase();
  return ECHO_OPENINGS.some((opening) => head.startsWith(opening));
};

/**
 * How many mixed conversation turns a hook reads: the most `reviewer_conversation_turns` may send (0-50); the
 * reviewer keeps its own count (assemble-prompt.ts).
 */
export const CONVERSATION_TURNS = 50;

/** One turn of the mixed recent conversation: untrusted evidence for a reviewer, never authorization. */
export interface ConversationTurn {
  role: 'user' | 'assistant';
  text: string;
}

interface ClaudeEntry {
  type?: unknown;
  isSidechain?: unknown;
  isCompactSummary?: unknown;
  isMeta?: unknown;
  toolUseResult?: unknown;
  message?: { role?: unknown; content?: unknown };
}

/** The user-typed text of an entry, or undefined when the entry is anything else (see the header). */
function typedByUser(e: ClaudeEntry): string | undefined {
  if (e.type !== 'user' || e.message?.role !== 'user' || typeof e.message.content !== 'string')
    return undefined;
  // A sub-agent's conversation (`isSidechain`) opens with the prompt the main agent wrote for it: model text,
  // not the user's words, whichever transcript file holds it.
  if (e.isSidechain === true || e.isCompactSummary === true || e.isMeta === true) return undefined;
  if (e.toolUseResult !== undefined || echoed(e.message.content)) return undefined;
  return e.message.content;
}

/** The main agent's visible text of an entry (its `text` blocks; never thinking or tool calls). */
function writtenByAgent(e: ClaudeEntry): string | undefined {
  if (e.type !== 'assistant' || e.message?.role !== 'assistant' || e.isSidechain === true) return undefined;
  const content = e.message.content;
  const blocks = Array.isArray(content) ? content : [];
  const texts = blocks
    .filter((b): b is { type: 'text'; text: string } => b?.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text)
    .filter((t) => t.trim() !== '');
  return texts.length > 0 ? texts.join('\n') : undefined;
}

export function userTurnsFromTranscript(text: string, limit = TRANSCRIPT_TURNS): string[] {
  const turns: string[] = [];
  for (const entry of jsonObjects(text)) {
    const typed = typedByUser(entry as ClaudeEntry);
    if (typed !== undefined) turns.push(typed);
  }
  return turns.slice(-limit);
}

/**
 * The mixed recent conversation: the same user-typed entries as `userTurnsFromTranscript` (role `user`) and the
 * main agent's text (role `assistant`), oldest first. Everything else -- tool results, tool calls, thinking,
 * sub-agent turns, compaction summaries, meta entries, echoes -- is left out, so nothing else is ever labelled
 * as the user's.
 */
export function conversationFromTranscript(text: string, limit = CONVERSATION_TURNS): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  for (const entry of jsonObjects(text)) {
    const e = entry as ClaudeEntry;
    const typed = typedByUser(e);
    if (typed !== undefined) {
      turns.push({ role: 'user', text: typed });
      continue;
    }
    const written = writtenByAgent(e);
    if (written !== undefined) turns.push({ role: 'assistant', text: written });
  }
  return turns.slice(-limit);
}

/** Only the tail of a long transcript is read: recent turns are what matter, and the hook must stay fast. */
export const TRANSCRIPT_TAIL_BYTES = 256 * 1024;

/**
 * The last `TRANSCRIPT_TAIL_BYTES` of a transcript file, from its first whole line; undefined when the path is
 * not a readable regular file. Opened non-blocking, so a FIFO or a device named as the transcript cannot hold
 * the hook. Shared with the Codex reader; never throws.
 */
export function readTranscriptTail(path: string | undefined): string | undefined {
  if (!path) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    const size = stat.size;
    const length = Math.min(size, TRANSCRIPT_TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, size - length);
    let text = buffer.subarray(0, read).toString('utf8');
    // A cut first line is not valid JSON and is skipped by the parsers anyway; drop it explicitly.
    if (length < size) text = text.slice(text.indexOf('\n') + 1);
    return text;
  } catch {
    return undefined;
  } finally {
    try {
      if (fd !== undefined) closeSync(fd);
    } catch {
      // Nothing was promised about the descriptor; the turns are only ever extra context.
    }
  }
}

export function readUserTurns(path: string | undefined, limit = TRANSCRIPT_TURNS): string[] {
  const text = readTranscriptTail(path);
  return text === undefined ? [] : userTurnsFromTranscript(text, limit);
}

export function readConversation(path: string | undefined, limit = CONVERSATION_TURNS): ConversationTurn[] {
  const text = readTranscriptTail(path);
  return text === undefined ? [] : conversationFromTranscript(text, limit);
}
