/**
 * Reads the user-authored turns of a Claude Code session from its transcript (JSONL): entries with
 * `type: "user"` whose `message.content` is a string. Tool results also arrive as `type: "user"` but with
 * array content: they are untrusted and never returned. Unreadable files and lines are skipped (the turns only
 * ever add context for a reviewer; they cannot allow anything by themselves).
 */

import { readFileSync } from 'node:fs';

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

export function readUserTurns(path: string | undefined, limit = 5): string[] {
  if (!path) return [];
  try {
    return userTurnsFromTranscript(readFileSync(path, 'utf8'), limit);
  } catch {
    return [];
  }
}
