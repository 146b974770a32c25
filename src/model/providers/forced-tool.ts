/**
 * What Anthropic's Messages API and Bedrock Converse share, both asking for structured output through a
 * forced tool: the tool's description, how the answer is read from the reply's content blocks, and the stop
 * reasons both name. Pure; the block shapes and the provider's own filter reasons are passed in.
 */

import type { StopReason } from '../client';
import { isRecord } from './wire-adapter';

/** The description of the one tool the model is made to call. */
export const ANSWER_TOOL_DESCRIPTION =
  'Record your answer. Call this tool exactly once with every field filled.';

/** How one provider shapes its content blocks. */
export interface BlockShape {
  /** The input of a call of the tool named `name`, or undefined when the block is no such call. */
  toolInput(block: Record<string, unknown>, name: string): { input: unknown } | undefined;
  /** The block's text, or undefined when it is no text block. */
  text(block: Record<string, unknown>): string | undefined;
}

/** The answer: the forced tool's input as JSON when it was called, else every text block joined. */
export function forcedToolAnswer(content: readonly unknown[], toolName: string, shape: BlockShape): string {
  for (const block of content) {
    const call = isRecord(block) ? shape.toolInput(block, toolName) : undefined;
    if (call) return JSON.stringify(call.input ?? null);
  }
  return content
    .map((b) => (isRecord(b) ? shape.text(b) : undefined))
    .filter((t): t is string => t !== undefined)
    .join('');
}

/** The stop reasons both APIs name; `contentFilter` lists the provider's own reasons for a filtered reply. */
export function forcedToolStop(reason: unknown, contentFilter: readonly string[]): StopReason {
  switch (reason) {
    case 'end_turn':
    case 'tool_use':
    case 'stop_sequence':
      return 'end';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'max-tokens';
    default:
      return typeof reason === 'string' && contentFilter.includes(reason) ? 'content-filter' : 'other';
  }
}
