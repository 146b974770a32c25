/**
 * Anthropic Messages API (`POST /v1/messages`). Structured output by a forced tool: the schema is the
 * tool's `input_schema` and `tool_choice` names it, so the answer arrives as the tool's `input`.
 * Maps `stop_reason` (end_turn, tool_use, stop_sequence, max_tokens, refusal, ...) to ours.
 */

import type { WireQuirks } from '../catalog/model-catalog';
import type { ModelRequest } from '../client';
import { ANSWER_TOOL_DESCRIPTION, type BlockShape, forcedToolAnswer, forcedToolStop } from './forced-tool';
import { count, hostOf, isRecord, trimSlash, type WireAdapter, type WireReply } from './wire-adapter';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';

export interface AnthropicOptions {
  model: string;
  apiKey: string;
  baseUrl?: string;
  quirks: WireQuirks;
}

export function anthropicAdapter(options: AnthropicOptions): WireAdapter {
  const base = trimSlash(options.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL);
  const url = `${base}/v1/messages`;
  return {
    provider: 'anthropic',
    model: options.model,
    egressHost: hostOf(url),
    build(request) {
      const body: Record<string, unknown> = {
        model: options.model,
        max_tokens: request.maxOutputTokens,
        system: request.system,
        messages: [{ role: 'user', content: userContent(request) }],
        tools: [
          {
            name: request.schemaName,
            description: ANSWER_TOOL_DESCRIPTION,
            input_schema: request.schema,
          },
        ],
        tool_choice: { type: 'tool', name: request.schemaName },
      };
      if (request.temperature !== undefined && options.quirks.sendTemperature)
        body.temperature = request.temperature;
      // A forced tool excludes extended thinking, so only the lowest effort can be asked for: none at all.
      if (request.effort === 'low' && options.quirks.effort === 'thinking')
        body.thinking = { type: 'disabled' };
      return {
        url,
        headers: {
          'content-type': 'application/json',
          'x-api-key': options.apiKey,
          'anthropic-version': ANTHROPIC_VERSION,
        },
        body: JSON.stringify(body),
      };
    },
    parse: parseAnthropic,
    errorCode(body) {
      return isRecord(body) && isRecord(body.error) && typeof body.error.type === 'string'
        ? body.error.type
        : undefined;
    },
  };
}

export function parseAnthropic(json: unknown, request: ModelRequest): WireReply {
  if (!isRecord(json) || json.type !== 'message' || !Array.isArray(json.content)) {
    return { ok: false, detail: 'reply is not a Messages API message' };
  }
  const usage = isRecord(json.usage) ? json.usage : {};
  const input = count(usage.input_tokens);
  const output = count(usage.output_tokens);
  if (input === undefined || output === undefined) return { ok: false, detail: 'reply has no token usage' };
  // `input_tokens` counts only what follows the last cache breakpoint; writes and reads come on their own.
  const written = count(usage.cache_creation_input_tokens) ?? 0;
  const read = count(usage.cache_read_input_tokens) ?? 0;
  const text = forcedToolAnswer(json.content, request.schemaName, MESSAGES_BLOCKS);
  return {
    ok: true,
    text,
    stop: forcedToolStop(json.stop_reason, ['refusal']),
    inputTokens: input + written + read,
    outputTokens: output,
    cacheWriteTokens: written,
    cacheReadTokens: read,
  };
}

/** The user message: one string, or the shared prefix with a cache breakpoint and the rest after it. */
function userContent(request: ModelRequest): string | Record<string, unknown>[] {
  const at = request.cachePrefixChars ?? 0;
  if (at <= 0 || at >= request.user.length) return request.user;
  return [
    { type: 'text', text: request.user.slice(0, at), cache_control: { type: 'ephemeral' } },
    { type: 'text', text: request.user.slice(at) },
  ];
}

/** Messages API blocks: `{type: "tool_use", name, input}` and `{type: "text", text}`. */
const MESSAGES_BLOCKS: BlockShape = {
  toolInput: (b, name) => (b.type === 'tool_use' && b.name === name ? { input: b.input } : undefined),
  text: (b) => (b.type === 'text' && typeof b.text === 'string' ? b.text : undefined),
};
