/**
 * Reads the user-authored turns of a Claude Code session from its transcript (JSONL): entries with
 * `type: "user"` whose `message.content` is a string. Tool results also arrive as `type: "user"` but with
 * array content: they are untrusted and never returned. Unreadable files and lines are skipped (the turns only
 * ever add context for a reviewer; they cannot allow anything by themselves).
 */

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export function userTurnsFromTranscript(text: string, limit = 5): string[] {
  const turns: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof entry !== 'object' || entry === null) continue;
    const e = entry as { type?: unknown; message?: { role?: unknown; content?: unknown } };
    if (e.type === 'user' && e.message?.role === 'user' && typeof e.message.content === 'string')
      turns.push(e.message.content);
  }
  return turns.slice(-limit);
}

/** Only the tail of a long transcript is read: recent turns are what matter, and the hook must stay fast. */
export const TRANSCRIPT_TAIL_BYTES = 256 * 1024;

export function readUserTurns(path: string | undefined, limit = 5): string[] {
  if (!path) return [];
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    const length = Math.min(size, TRANSCRIPT_TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    let text = buffer.toString('utf8');
    // A cut first line is not valid JSON and is skipped by the parser anyway; drop it explicitly.
    if (length < size) text = text.slice(text.indexOf('\n') + 1);
    return userTurnsFromTranscript(text, limit);
  } catch {
    return [];
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
