/**
 * Amazon Bedrock Converse (`POST /model/{modelId}/converse`), signed with SigV4 (service `bedrock`).
 * Structured output by a forced tool (`toolConfig.toolChoice.tool`) for Anthropic models, `any` for
 * others. Maps `stopReason` (end_turn, tool_use, max_tokens, guardrail_intervened, content_filtered).
 * Errors are read from `x-amzn-ErrorType` or `__type`, never from the message.
 */

import { type AwsCredentials, amzDateOf, signV4 } from '../aws/sigv4';
import type { WireQuirks } from '../catalog/model-catalog';
import { baseModelId } from '../catalog/model-pattern';
import type { ModelRequest } from '../client';
import { ANSWER_TOOL_DESCRIPTION, type BlockShape, forcedToolAnswer, forcedToolStop } from './forced-tool';
import { count, hostOf, isRecord, trimSlash, type WireAdapter, type WireReply } from './wire-adapter';

export interface BedrockOptions {
  model: string;
  region: string;
  /** Called for every attempt, so rotated credentials are picked up (and once more after an expired-token reply). */
  credentials: () => AwsCredentials | Promise<AwsCredentials>;
  /** A VPC or FIPS endpoint; default `https://bedrock-runtime.{region}.amazonaws.com`. */
  baseUrl?: string;
  quirks: WireQuirks;
  now: () => Date;
}

export function bedrockAdapter(options: BedrockOptions): WireAdapter {
  const base = trimSlash(options.baseUrl ?? `https://bedrock-runtime.${options.region}.amazonaws.com`);
  const url = `${base}/model/${encodeURIComponent(options.model)}/converse`;
  const forcedTool = baseModelId('bedrock', options.model).startsWith('anthropic.');
  return {
    provider: 'bedrock',
    model: options.model,
    egressHost: hostOf(url),
    async build(request) {
      const inferenceConfig: Record<string, unknown> = { maxTokens: request.maxOutputTokens };
      if (request.temperature !== undefined && options.quirks.sendTemperature) {
        inferenceConfig.temperature = request.temperature;
      }
      // Anthropic models on Bedrock: as on the Messages API, a forced tool leaves only "thinking disabled".
      const thinkingOff = forcedTool && request.effort === 'low' && options.quirks.effort === 'thinking';
      const body = JSON.stringify({
        ...(thinkingOff ? { additionalModelRequestFields: { thinking: { type: 'disabled' } } } : {}),
        messages: [{ role: 'user', content: converseContent(request, forcedTool) }],
        system: [{ text: request.system }],
        inferenceConfig,
        toolConfig: {
          tools: [
            {
              toolSpec: {
                name: request.schemaName,
                description: ANSWER_TOOL_DESCRIPTION,
                inputSchema: { json: request.schema },
              },
            },
          ],
          toolChoice: forcedTool ? { tool: { name: request.schemaName } } : { any: {} },
        },
      });
      const signed = signV4({
        method: 'POST',
        url: new URL(url),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
        region: options.region,
        service: 'bedrock',
        credentials: await options.credentials(),
        amzDate: amzDateOf(options.now()),
      });
      const { host: _host, ...headers } = signed.headers;
      return { url, headers, body };
    },
    parse: parseConverse,
    isAuthExpired(status, code) {
      return status === 403 && (code === 'ExpiredTokenException' || code === 'UnrecognizedClientException');
    },
    errorCode(body, headers) {
      const header = headers.get('x-amzn-errortype');
      if (header) return header.split(':')[0];
      return isRecord(body) && typeof body.__type === 'string' ? body.__type.split('#').pop() : undefined;
    },
  };
}

export function parseConverse(json: unknown, request: ModelRequest): WireReply {
  if (!isRecord(json) || !isRecord(json.output) || !isRecord(json.output.message)) {
    return { ok: false, detail: 'reply is not a Converse output' };
  }
  const content = Array.isArray(json.output.message.content) ? json.output.message.content : [];
  const usage = isRecord(json.usage) ? json.usage : {};
  const input = count(usage.inputTokens);
  const output = count(usage.outputTokens);
  if (input === undefined || output === undefined) return { ok: false, detail: 'reply has no token usage' };
  const text = forcedToolAnswer(content, request.schemaName, CONVERSE_BLOCKS);
  // `inputTokens` leaves out what was written to or read from the prompt cache.
  const written = count(usage.cacheWriteInputTokens) ?? 0;
  const read = count(usage.cacheReadInputTokens) ?? 0;
  return {
    ok: true,
    text,
    stop: forcedToolStop(json.stopReason, CONVERSE_FILTERED),
    inputTokens: input + written + read,
    outputTokens: output,
    cacheWriteTokens: written,
    cacheReadTokens: read,
  };
}

/** The user content: for an Anthropic model with a shared prefix, a `cachePoint` after it. */
function converseContent(request: ModelRequest, anthropic: boolean): Record<string, unknown>[] {
  const at = request.cachePrefixChars ?? 0;
  if (!anthropic || at <= 0 || at >= request.user.length) return [{ text: request.user }];
  return [
    { text: request.user.slice(0, at) },
    { cachePoint: { type: 'default' } },
    { text: request.user.slice(at) },
  ];
}

/** Converse blocks: `{toolUse: {name, input}}` and `{text}`. */
const CONVERSE_BLOCKS: BlockShape = {
  toolInput: (b, name) =>
    isRecord(b.toolUse) && b.toolUse.name === name ? { input: b.toolUse.input } : undefined,
  text: (b) => (typeof b.text === 'string' ? b.text : undefined),
};

const CONVERSE_FILTERED = ['guardrail_intervened', 'content_filtered'];
