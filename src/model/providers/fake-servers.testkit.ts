/**
 * Loopback HTTP servers that speak each provider's wire format, for tests only (never bundled: nothing
 * outside *.test.ts imports this file). A server answers from a queue of scripted responses and keeps
 * every request it received, so a test can check both directions of the wire.
 */

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string is sent as is. */
  body?: unknown;
  /** Never answer (the client must time out). */
  hang?: boolean;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  json: unknown;
}

export interface FakeServer {
  url: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startFakeServer(queue: FakeResponse[]): Promise<FakeServer> {
  const received: ReceivedRequest[] = [];
  const hanging: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json });
      const next = queue.shift() ?? { status: 500, body: { error: 'queue empty' } };
      if (next.hang) {
        hanging.push(req);
        return;
      }
      const payload = typeof next.body === 'string' ? next.body : JSON.stringify(next.body ?? {});
      res.writeHead(next.status ?? 200, { 'content-type': 'application/json', ...next.headers });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const req of hanging) req.socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An Anthropic Messages reply carrying `input` as the forced tool's arguments. */
export function anthropicReply(input: unknown, stop = 'tool_use', tool = 'answer'): Record<string, unknown> {
  return {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-4-5',
    content: input === undefined ? [] : [{ type: 'tool_use', id: 'toolu_01', name: tool, input }],
    stop_reason: stop,
    stop_sequence: null,
    usage: { input_tokens: 1000, output_tokens: 200 },
  };
}

export function anthropicError(type: string, message: string): Record<string, unknown> {
  return { type: 'error', error: { type, message } };
}

/** An OpenAI chat completion whose message content is `content`. */
export function chatReply(
  content: string | null,
  finish = 'stop',
  refusal: string | null = null,
): Record<string, unknown> {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-4.1-mini',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal }, finish_reason: finish }],
    usage: { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200 },
  };
}

export function chatError(code: string, message: string): Record<string, unknown> {
  return { error: { message, type: 'requests', code } };
}

/** A Bedrock Converse output carrying `input` as the tool's arguments. */
export function converseReply(input: unknown, stop = 'tool_use', tool = 'answer'): Record<string, unknown> {
  return {
    output: {
      message: {
        role: 'assistant',
        content: input === undefined ? [] : [{ toolUse: { toolUseId: 'tooluse_1', name: tool, input } }],
      },
    },
    stopReason: stop,
    usage: { inputTokens: 1000, outputTokens: 200, totalTokens: 1200 },
    metrics: { latencyMs: 12 },
  };
}
