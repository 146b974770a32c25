/**
 * Reads the user-authored turns of a Codex session from its rollout (the JSONL file at the hook payload's
 * `transcript_path`). Every line is `{timestamp, type, payload}`; only `type: "event_msg"` lines whose payload
 * is `{type: "user_message", message}` are the user's words: Codex emits that event from what the person
 * submitted, never from the context it injects. `response_item` messages are never read, because Codex also
 * records its own context as `role: "user"` messages there (`<environment_context>`, AGENTS.md instructions,
 * skills, `!` shell commands with their output, sub-agent notifications), and tool outputs
 * (`function_call_output`, `custom_tool_call_output`) are untrusted. An older rollout's `user_message` with a
 * `kind` other than `plain`, or text opening with one of Codex's injected-context markers, is skipped too.
 * Unreadable files and lines give no turns (turns only ever add context for a reviewer); never throws.
 */

import {
  CONVERSATION_TURNS,
  type ConversationTurn,
  jsonObjects,
  readTranscriptTail,
  TRANSCRIPT_TURNS,
} from '../claude-code/transcript';

/** Openings of the context Codex injects as user-role text (codex-rs/core/src/context); compared lower-case. */
const INJECTED_OPENINGS = [
  '<environment_context>',
  '<user_instructions>',
  '# agents.md instructions',
  '<instructions>',
  '<skill>',
  '<user_shell_command>',
  '<turn_aborted>',
  '<subagents>',
  '<subagent_notification>',
  '<hook_prompt',
  '<permissions instructions>',
];

const injected = (text: string): boolean => {
  const head = text.trimStart().slice(0, 40).toLowerCase();
  return INJECTED_OPENINGS.some((opening) => head.startsWith(opening));
};

/** One `event_msg` line as a turn: the person's `user_message` (see the header) or the agent's `agent_message`. */
function turnOf(entry: object): ConversationTurn | undefined {
  const e = entry as { type?: unknown; payload?: { type?: unknown; message?: unknown; kind?: unknown } };
  if (e.type !== 'event_msg' || typeof e.payload !== 'object' || e.payload === null) return undefined;
  const { type, message, kind } = e.payload;
  if (typeof message !== 'string' || !message.trim()) return undefined;
  if (type === 'agent_message') return { role: 'assistant', text: message };
  if (type !== 'user_message') return undefined;
  if (kind !== undefined && kind !== null && kind !== 'plain') return undefined;
  if (injected(message)) return undefined;
  return { role: 'user', text: message };
}

export function codexUserTurnsFromRollout(text: string, limit = TRANSCRIPT_TURNS): string[] {
  const turns: string[] = [];
  for (const entry of jsonObjects(text)) {
    const turn = turnOf(entry);
    if (turn?.role === 'user') turns.push(turn.text);
  }
  return turns.slice(-limit);
}

/**
 * The mixed recent conversation of a rollout: the person's `user_message` events (the same ones as above) and the
 * agent's `agent_message` events, oldest first; `response_item` lines (injected context, reasoning, tool calls and
 * their output) are never read.
 */
export function codexConversationFromRollout(text: string, limit = CONVERSATION_TURNS): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  for (const entry of jsonObjects(text)) {
    const turn = turnOf(entry);
    if (turn) turns.push(turn);
  }
  return turns.slice(-limit);
}

export function readCodexConversation(
  path: string | undefined,
  limit = CONVERSATION_TURNS,
): ConversationTurn[] {
  const text = readTranscriptTail(path);
  return text === undefined ? [] : codexConversationFromRollout(text, limit);
}

export function readCodexUserTurns(path: string | undefined, limit = TRANSCRIPT_TURNS): string[] {
  const text = readTranscriptTail(path);
  return text === undefined ? [] : codexUserTurnsFromRollout(text, limit);
}
