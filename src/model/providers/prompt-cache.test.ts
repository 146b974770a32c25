import { afterEach, describe, expect, it } from 'vitest';
import { bundledCatalog } from '../catalog/bundled-catalog';
import { expectedInputCost, worstInputUsd } from '../catalog/prompt-cache-price';
import { reviewRequest } from '../testing/test-request.testkit';
import { anthropicAdapter } from './anthropic';
import { bedrockAdapter } from './bedrock';
import {
  anthropicReply,
  chatReply,
  converseReply,
  type FakeServer,
  startFakeServer,
} from './fake-servers.testkit';
import { openAiCompatibleAdapter } from './openai-compatible';
import { providerClient } from './provider-client';

const catalog = bundledCatalog();
const ANSWER = { risk: 'low', rationale: 'reads a file in the workspace' };
const SHARED = `## FILES\n${'1| a line of the unit shared by every reviewer\n'.repeat(400)}`;
const request = reviewRequest({ user: `${SHARED}## REVIEW\nsecurity`, cachePrefixChars: SHARED.length });
const transport = { catalog, sleep: async () => undefined, random: () => 0 };

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const anthropicClient = (url: string) =>
  providerClient(
    anthropicAdapter({
      model: 'claude-haiku-4-5',
      apiKey: 'sk-ant-test',
      baseUrl: url,
      quirks: catalog.quirks('anthropic', 'claude-haiku-4-5'),
    }),
    transport,
  );
const withUsage = (reply: Record<string, unknown>, usage: Record<string, unknown>) => ({ ...reply, usage });

describe('the prompt cache on the wire', () => {
  it('anthropic: a cache_control breakpoint after the shared prefix; writes and reads priced from the catalogue', async () => {
    server = await startFakeServer([
      {
        body: withUsage(anthropicReply(ANSWER), {
          input_tokens: 10,
          cache_creation_input_tokens: 5000,
          cache_read_input_tokens: 0,
          output_tokens: 200,
        }),
      },
      {
        body: withUsage(anthropicReply(ANSWER), {
          input_tokens: 10,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 5000,
          output_tokens: 200,
        }),
      },
    ]);
    const client = anthropicClient(server.url);
    const first = await client.complete(request);
    const second = await client.complete(request);
    expect(server.received[0]?.json).toMatchObject({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: SHARED, cache_control: { type: 'ephemeral' } },
            { type: 'text', text: '## REVIEW\nsecurity' },
          ],
        },
      ],
    });
    // Haiku 4.5: input $1, cache write $1.25, cache read $0.10, output $5 per million tokens.
    expect(first.usage).toEqual({ inputTokens: 5010, outputTokens: 200, costUsd: 0.00726 });
    expect(second.usage).toEqual({ inputTokens: 5010, outputTokens: 200, costUsd: 0.00151 });
  });

  it('anthropic: a request with no shared prefix is sent as one string', async () => {
    server = await startFakeServer([{ body: anthropicReply(ANSWER) }]);
    const client = anthropicClient(server.url);
    await client.complete({ ...request, cachePrefixChars: undefined });
    expect(server.received[0]?.json).toMatchObject({ messages: [{ role: 'user', content: request.user }] });
  });

  it('bedrock (an Anthropic model): a cachePoint after the shared prefix; its cache counts priced', async () => {
    server = await startFakeServer([
      {
        body: withUsage(converseReply(ANSWER), {
          inputTokens: 10,
          outputTokens: 200,
          cacheReadInputTokens: 5000,
          cacheWriteInputTokens: 0,
          totalTokens: 5210,
        }),
      },
    ]);
    const client = providerClient(
      bedrockAdapter({
        model: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
        region: 'us-east-1',
        baseUrl: server.url,
        credentials: () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'x'.repeat(40) }),
        quirks: catalog.quirks('bedrock', 'us.anthropic.claude-haiku-4-5-20251001-v1:0'),
        now: () => new Date('2026-11-29T12:00:00Z'),
      }),
      transport,
    );
    const r = await client.complete(request);
    expect(server.received[0]?.json).toMatchObject({
      messages: [
        {
          role: 'user',
          content: [{ text: SHARED }, { cachePoint: { type: 'default' } }, { text: '## REVIEW\nsecurity' }],
        },
      ],
    });
    expect(r.usage).toEqual({ inputTokens: 5010, outputTokens: 200, costUsd: 0.00151 });
  });

  it('openai: nothing to mark (its cache is automatic); cached_tokens priced at the cached-input price', async () => {
    server = await startFakeServer([
      {
        body: withUsage(chatReply(JSON.stringify(ANSWER)), {
          prompt_tokens: 5010,
          completion_tokens: 200,
          prompt_tokens_details: { cached_tokens: 4992 },
        }),
      },
    ]);
    const client = providerClient(
      openAiCompatibleAdapter({
        provider: 'openai',
        model: 'gpt-4o-mini',
        apiKey: 'sk-test',
        baseUrl: `${server.url}/v1`,
        quirks: catalog.quirks('openai', 'gpt-4o-mini'),
      }),
      transport,
    );
    const r = await client.complete(request);
    expect(JSON.stringify(server.received[0]?.json)).not.toContain('cache_control');
    // gpt-4o-mini: input $0.15, cached input $0.075, output $0.60 per million tokens.
    expect(r.usage.costUsd).toBeCloseTo((18 * 0.15 + 4992 * 0.075 + 200 * 0.6) / 1e6, 9);
  });
});

describe('pricing a shared prefix before it is sent', () => {
  const price = catalog.price('anthropic', 'claude-haiku-4-5');
  it('the first request with a prefix writes it, later ones read it, another prefix writes again', () => {
    const ledger = new Set<string>();
    const input = 10_000;
    const a = expectedInputCost(request, input, price, ledger);
    const b = expectedInputCost(request, input, price, ledger);
    const other = { ...request, user: `${SHARED}x## REVIEW`, cachePrefixChars: SHARED.length + 1 };
    const c = expectedInputCost(other, input, price, ledger);
    expect([a.cache, b.cache, c.cache]).toEqual(['write', 'read', 'write']);
    expect(a.usd).toBeCloseTo((a.prefixTokens * 1.25 + (input - a.prefixTokens)) / 1e6, 12);
    expect(b.usd).toBeCloseTo((b.prefixTokens * 0.1 + (input - b.prefixTokens)) / 1e6, 12);
  });

  it('a prefix shorter than the model caches, or a model with no cache price, is plain input', () => {
    const short = { ...request, user: 'abc## REVIEW', cachePrefixChars: 3 };
    expect(expectedInputCost(short, 100, price, new Set()).cache).toBe('none');
    const ollama = catalog.price('ollama', 'qwen2.5:7b');
    expect(expectedInputCost(request, 6000, ollama, new Set()).cache).toBe('none');
  });

  it('the worst case never counts on a read: the prefix at the cache-write price', () => {
    expect(worstInputUsd(request, 6000, price)).toBeGreaterThan((6000 * price.input) / 1e6);
    expect(worstInputUsd({ ...request, cachePrefixChars: undefined }, 6000, price)).toBe(
      (6000 * price.input) / 1e6,
    );
  });
});
