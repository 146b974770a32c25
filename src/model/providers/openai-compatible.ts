/**
 * OpenAI-compatible chat completions (`POST {base}/chat/completions`): OpenAI itself and the local
 * servers that speak it (Ollama, vLLM, llama.cpp). Structured output by `response_format` of type
 * `json_schema` with `strict: true`. A `message.refusal` or `finish_reason: content_filter` is a
 * content-policy stop. Servers that omit `usage` are counted by estimate, never as free input.
 */

import type { WireQuirks } from '../catalog/model-catalog';
import type { ModelRequest, StopReason } from '../client';
import { estimateInputTokens, estimateTokens } from '../structured/estimate-tokens';
import { count, hostOf, isRecord, trimSlash, type WireAdapter, type WireReply } from './wire-adapter';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const OLLAMA_DEFAULT_BASE_URL = 'http://127.0.0.1:11434/v1';

export interface OpenAiOptions {
  /** `openai` or `ollama`: names the price and quirk entries. */
  provider: string;
  model: string;
  /** Local servers need none. */
  apiKey?: string;
  baseUrl: string;
  quirks: WireQuirks;
}

export function openAiCompatibleAdapter(options: OpenAiOptions): WireAdapter {
  const url = `${trimSlash(options.baseUrl)}/chat/completions`;
  return {
    provider: options.provider,
    model: options.model,
    egressHost: hostOf(url),
    build(request) {
      const body: Record<string, unknown> = {
        model: options.model,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
        [options.quirks.maxTokensField]: request.maxOutputTokens,
        response_format: {
          type: 'json_schema',
          json_schema: { name: request.schemaName, schema: request.schema, strict: true },
        },
        stream: false,
      };
      if (request.temperature !== undefined && options.quirks.sendTemperature)
        body.temperature = request.temperature;
      if (request.effort !== undefined && options.quirks.effort === 'reasoning_effort')
        body.reasoning_effort = request.effort;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      return { url, headers, body: JSON.stringify(body) };
    },
    parse: parseChatCompletion,
    errorCode(body) {
      if (!isRecord(body) || !isRecord(body.error)) return undefined;
      const { code, type } = body.error;
      return typeof code === 'string' ? code : typeof type === 'string' ? type : undefined;
    },
  };
}

export function parseChatCompletion(json: unknown, request: ModelRequest): WireReply {
  if (!isRecord(json) || !Array.isArray(json.choices))
    return { ok: false, detail: 'reply is not a chat completion' };
  const choice = json.choices[0];
  if (!isRecord(choice) || !isRecord(choice.message)) return { ok: false, detail: 'reply has no choice' };
  const message = choice.message;
  const refused = typeof message.refusal === 'string' && message.refusal.length > 0;
  const text = typeof message.content === 'string' ? message.content : '';
  const usage = isRecord(json.usage) ? json.usage : {};
  const input = count(usage.prompt_tokens) ?? estimateInputTokens(request);
  const output = count(usage.completion_tokens) ?? estimateTokens(text);
  const stop: StopReason = refused ? 'content-filter' : chatStop(choice.finish_reason);
  // OpenAI caches a shared prefix on its own; `cached_tokens` is the part of `prompt_tokens` it read.
  const details = isRecord(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  const read = Math.min(count(details.cached_tokens) ?? 0, input);
  return {
    ok: true,
    text: refused ? '' : text,
    stop,
    inputTokens: input,
    outputTokens: output,
    ...(read > 0 ? { cacheReadTokens: read } : {}),
  };
}

function chatStop(reason: unknown): StopReason {
  switch (reason) {
    case 'stop':
    case 'tool_calls':
    case 'function_call':
      return 'end';
    case 'length':
      return 'max-tokens';
    case 'content_filter':
      return 'content-filter';
    default:
      return 'other';
  }
}
