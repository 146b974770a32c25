/**
 * The pi extension, written against pi's documented ExtensionAPI shape (`pi.on("tool_call", (event, ctx) =>
 * …)`, `event.toolName`, `event.input`, `ctx.cwd`, `ctx.hasUI`, `ctx.ui.confirm`, `ctx.sessionManager
 * .getEntries()`). The types below are the subset used, declared here because pi's package needs Node 22.
 * A deny blocks with gavel's reason; an escalate asks the person when there is a UI and blocks when there is
 * none; any failure of the judge blocks (and a throwing handler blocks in pi too).
 */

import type { PiAnswer } from './pi-hook';

export interface PiToolCallEvent {
  toolName: string;
  toolCallId?: string;
  input: unknown;
}

export interface PiContext {
  cwd: string;
  hasUI: boolean;
  ui: { confirm(title: string, message: string): Promise<boolean> };
  sessionManager?: { getEntries?(): unknown[]; getSessionFile?(): string | undefined };
}

export type PiBlock = { block: true; reason: string } | undefined;

export interface PiExtensionApi {
  on(event: 'tool_call', handler: (event: PiToolCallEvent, ctx: PiContext) => Promise<PiBlock>): void;
}

export interface JudgeRequest {
  toolName: string;
  input: unknown;
  cwd: string;
  sessionId?: string;
  userTurns: string[];
}

export type Judge = (request: JudgeRequest) => Promise<PiAnswer>;

/** User-authored turns from pi's session entries (`type: "message"`, role `user`, text content only). */
export function userTurnsFromEntries(entries: unknown[] | undefined, limit = 5): string[] {
  const turns: string[] = [];
  for (const entry of entries ?? []) {
    const e = entry as { type?: unknown; message?: { role?: unknown; content?: unknown } };
    if (e?.type !== 'message' || e.message?.role !== 'user') continue;
    const c = e.message.content;
    if (typeof c === 'string') turns.push(c);
    else if (Array.isArray(c)) {
      const text = c
        .filter((b) => b?.type === 'text' && typeof b.text === 'string')
        .map((b) => b.text as string);
      if (text.length > 0) turns.push(text.join('\n'));
    }
  }
  return turns.slice(-limit);
}

export function createGavelExtension(judge: Judge): (pi: PiExtensionApi) => void {
  return (pi) => {
    pi.on('tool_call', async (event, ctx) => {
      let answer: PiAnswer;
      try {
        let turns: string[] = [];
        try {
          turns = userTurnsFromEntries(ctx.sessionManager?.getEntries?.());
        } catch {
          turns = [];
        }
        const sessionId = ctx.sessionManager?.getSessionFile?.();
        answer = await judge({
          toolName: event.toolName,
          input: event.input,
          cwd: ctx.cwd,
          userTurns: turns,
          ...(sessionId ? { sessionId } : {}),
        });
      } catch {
        return { block: true, reason: 'gavel: the check failed; the call is blocked' };
      }
      switch (answer.verdict) {
        case 'allow':
          return undefined;
        case 'deny':
          return { block: true, reason: answer.reason };
        case 'escalate': {
          if (!ctx.hasUI) return { block: true, reason: `${answer.reason} (no one is there to approve it)` };
          const ok = await ctx.ui.confirm('gavel: approve this tool call?', answer.reason);
          return ok ? undefined : { block: true, reason: `${answer.reason} (declined by the user)` };
        }
        default:
          return { block: true, reason: 'gavel: unknown answer; the call is blocked' };
      }
    });
  };
}
