/**
 * Anthropic Messages API (`POST /v1/messages`). Structured output by a forced tool: the schema is the
 * tool's `input_schema` and `tool_choice` names it, so the answer arrives as the tool's `input`.
 * Maps `stop_reason` (end_turn, tool_use, stop_sequence, max_tokens, refusal, ...) to ours.
 */

import type { WireQuirks } from '../catalog/model-catalog';
import type { ModelRequest, StopReason } from '../client';
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
        messages: [{ role: 'user', content: request.user }],
        tools: [
          {
            name: request.schemaName,
            description: 'Record your answer. Call this tool exactly once with every field filled.',
            input_schema: request.schema,
          },
        ],
        tool_choice: { type: 'tool', name: request.schemaName },
      };
      if (request.temperature !== undefined && options.quirks.sendTemperature)
        body.temperature = request.temperature;
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
  const cacheTokens =
    (count(usage.cache_creation_input_tokens) ?? 0) + (count(usage.cache_read_input_tokens) ?? 0);
  let text = '';
  const tool = json.content.find(
    (b) => isRecord(b) && b.type === 'tool_use' && b.name === request.schemaName,
  );
  if (isRecord(tool)) {
    text = JSON.stringify(tool.input ?? null);
  } else {
    text = json.content
      .filter(
        (b): b is Record<string, unknown> => isRecord(b) && b.type === 'text' && typeof b.text === 'string',
      )
      .map((b) => b.text as string)
      .join('');
  }
  return {
    ok: true,
    text,
    stop: anthropicStop(json.stop_reason),
    inputTokens: input + cacheTokens,
    outputTokens: output,
  };
}

function anthropicStop(reason: unknown): StopReason {
  switch (reason) {
    case 'end_turn':
    case 'tool_use':
    case 'stop_sequence':
      return 'end';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'max-tokens';
    case 'refusal':
      return 'content-filter';
    default:
      return 'other';
  }
}
