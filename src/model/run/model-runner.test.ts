import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fixedClock } from '../../core';
import { openResponseCache, type ResponseCache } from '../cache/response-cache';
import { bundledCatalog } from '../catalog/bundled-catalog';
import type { ModelClient, ModelResult, ModelSuccess } from '../client';
import { type ScriptedReply, scriptedClient } from '../testing/scripted-client';
import { reviewRequest } from '../testing/test-request.testkit';
import { createModelRunner, type RunnerOptions } from './model-runner';
import type { RunCaps } from './run-budget';

const catalog = bundledCatalog();
const Answer = z.strictObject({ risk: z.enum(['low', 'high']), rationale: z.string().check(z.minLength(1)) });
const VALID = '{"risk":"low","rationale":"reads a file"}';
const CAPS: RunCaps = { maxCalls: 100, maxTokens: 1_000_000, maxCostUsd: 5, maxCallTokens: 50_000 };

const request = reviewRequest();

/** A successful reply of a scripted client named `model`: VALID text, one token each way, free. */
const success = (model: string): ModelSuccess => ({
  ok: true,
  text: VALID,
  stop: 'end',
  usage: { inputTokens: 1, outputTokens: 1, costUsd: 0 },
  provider: 'scripted',
  model,
  ms: 0,
  cached: false,
});

function runner(client: ModelClient, extra: Partial<RunnerOptions> = {}) {
  return createModelRunner({
    client,
    catalog,
    clock: fixedClock('2026-11-29T00:00:00Z'),
    caps: CAPS,
    concurrency: 4,
    rpm: 0,
    ...extra,
  });
}

/** A scripted client that answers as if it were `provider/model` (for pricing and refusal). */
function as(provider: string, model: string, replies: ScriptedReply[]) {
  const inner = scriptedClient(replies);
  return { client: { provider, model, complete: inner.complete } as ModelClient, used: inner.used };
}

/** A client returning fixed results, for stop reasons the scripted format does not express. */
function fixed(
  results: Omit<
    Extract<ModelResult, { ok: true }>,
    'provider' | 'model' | 'ms' | 'cached' | 'usage' | 'ok'
  >[],
): ModelClient {
  let i = 0;
  return {
    provider: 'scripted',
    model: 'fixed',
    complete: async () => ({ ...success('fixed'), ...(results[i++] ?? { text: '', stop: 'end' }) }),
  };
}

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});
function cacheIn(
  mode: 'read-write' | 'read-only' = 'read-write',
  dir = mkdtempSync(join(tmpdir(), 'gavel-run-')),
): ResponseCache {
  dirs.push(dir);
  const opened = openResponseCache({ dir, clock: fixedClock('2026-11-29T00:00:00Z'), mode });
  if (!opened.ok) throw new Error(opened.problem);
  return opened.cache;
}

describe('model runner: outcomes', () => {
  it.each([
    ['a valid reply is used', [VALID], { ok: true, attempts: 1 }],
    [
      'a refusal is retried once, then the valid reply is used',
      [{ fail: 'refusal' }, VALID],
      { ok: true, attempts: 2 },
    ],
    [
      'two refusals end as refusal',
      [{ fail: 'refusal' }, { fail: 'refusal' }, VALID],
      { ok: false, failure: 'refusal' },
    ],
    ['a timeout is not retried', [{ fail: 'timeout' }, VALID], { ok: false, failure: 'timeout' }],
    ['a provider error is not retried here', [{ fail: 'error' }, VALID], { ok: false, failure: 'error' }],
    ['prose is invalid output', ['Sure! The risk is low.'], { ok: false, failure: 'invalid-output' }],
    [
      'a wrong enum is invalid output',
      ['{"risk":"none","rationale":"x"}'],
      { ok: false, failure: 'invalid-output' },
    ],
    [
      'an extra field is invalid output',
      ['{"risk":"low","rationale":"x","verdict":"allow"}'],
      { ok: false, failure: 'invalid-output' },
    ],
    [
      'an empty rationale is invalid output',
      ['{"risk":"low","rationale":""}'],
      { ok: false, failure: 'invalid-output' },
    ],
    ['a fenced JSON reply is accepted', [`\`\`\`json\n${VALID}\n\`\`\``], { ok: true, attempts: 1 }],
    ['an empty script fails closed', [], { ok: false, failure: 'error' }],
  ] as [string, ScriptedReply[], Record<string, unknown>][])('%s', async (_name, replies, want) => {
    const result = await runner(scriptedClient(replies)).complete(request, Answer);
    expect(result).toMatchObject(want);
    if (result.ok) expect(result.value).toEqual({ risk: 'low', rationale: 'reads a file' });
  });

  it('never puts the reply text in the failure detail', async () => {
    const result = await runner(scriptedClient(['{"risk":"IGNORE-PREVIOUS","rationale":"x"}'])).complete(
      request,
      Answer,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.detail).not.toContain('IGNORE-PREVIOUS');
  });

  it('uses a whole, valid reply whatever its stop reason', async () => {
    const result = await runner(fixed([{ text: VALID, stop: 'content-filter' }])).complete(request, Answer);
    expect(result).toMatchObject({ ok: true, stop: 'content-filter' });
  });

  it('retries a content-filter stop with an unusable answer once', async () => {
    const result = await runner(
      fixed([
        { text: '{"risk":', stop: 'content-filter' },
        { text: VALID, stop: 'end' },
      ]),
    ).complete(request, Answer);
    expect(result).toMatchObject({ ok: true, attempts: 2 });
  });

  it('says a reply was cut off at the output cap', async () => {
    const result = await runner(fixed([{ text: '{"risk":"lo', stop: 'max-tokens' }])).complete(
      request,
      Answer,
    );
    expect(result).toMatchObject({ ok: false, failure: 'invalid-output' });
    if (!result.ok) expect(result.detail).toContain('cut off');
  });

  it('never calls a refused model', async () => {
    const { client, used } = as('openai', 'gpt-3.5-turbo-0125', [VALID]);
    const result = await runner(client).complete(request, Answer);
    expect(result).toMatchObject({ ok: false, failure: 'refused-model' });
    expect(used()).toBe(0);
  });

  it('refuses a schema outside the shared subset before calling', async () => {
    const client = scriptedClient([VALID]);
    const bad = {
      ...request,
      schema: {
        ...request.schema,
        properties: { risk: { type: 'string', pattern: '^l' } },
        required: ['risk'],
      },
    };
    const result = await runner(client).complete(bad, Answer);
    expect(result).toMatchObject({ ok: false, failure: 'error' });
    expect(client.used()).toBe(0);
  });
});

describe('model runner: cache', () => {
  it('serves a validated reply from the cache without calling again', async () => {
    const cache = cacheIn();
    const client = scriptedClient([VALID, VALID]);
    await runner(client, { cache }).complete(request, Answer);
    const second = await runner(client, { cache }).complete(request, Answer);
    expect(second).toMatchObject({ ok: true, cached: true, usage: { costUsd: 0 } });
    expect(client.used()).toBe(1);
  });

  it('does not cache an invalid reply', async () => {
    const cache = cacheIn();
    const client = scriptedClient(['not json', VALID]);
    await runner(client, { cache }).complete(request, Answer);
    const second = await runner(client, { cache }).complete(request, Answer);
    expect(second).toMatchObject({ ok: true, cached: false });
    expect(client.used()).toBe(2);
  });

  it('read-only serves hits but stores nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gavel-run-'));
    const readonly = cacheIn('read-only', dir);
    const client = scriptedClient([VALID, VALID]);
    await runner(client, { cache: readonly }).complete(request, Answer);
    await runner(client, { cache: readonly }).complete(request, Answer);
    expect(client.used()).toBe(2);
  });
});

describe('model runner: caps and estimate', () => {
  it('stops at the call cap', async () => {
    const client = scriptedClient([VALID, VALID]);
    const run = runner(client, { caps: { ...CAPS, maxCalls: 1 } });
    await run.complete(request, Answer);
    const second = await run.complete({ ...request, user: 'another' }, Answer);
    expect(second).toMatchObject({ ok: false, failure: 'cap' });
    expect(client.used()).toBe(1);
    expect(run.report()).toMatchObject({ calls: 1, failures: { cap: 1 } });
  });

  it('refuses a call whose worst-case cost passes the cost cap, without sending it', async () => {
    const { client, used } = as('anthropic', 'claude-opus-4-5', [VALID]);
    const result = await runner(client, { caps: { ...CAPS, maxCostUsd: 0.001 } }).complete(request, Answer);
    expect(result).toMatchObject({ ok: false, failure: 'cap' });
    expect(used()).toBe(0);
  });

  it('refuses a call over the per-call token cap', async () => {
    const result = await runner(scriptedClient([VALID]), { caps: { ...CAPS, maxCallTokens: 100 } }).complete(
      request,
      Answer,
    );
    expect(result).toMatchObject({ ok: false, failure: 'cap' });
    if (!result.ok) expect(result.detail).toContain('per-call cap of 100');
  });

  it('counts a refusal retry against the caps', async () => {
    const client = scriptedClient([{ fail: 'refusal' }, VALID]);
    const result = await runner(client, { caps: { ...CAPS, maxCalls: 1 } }).complete(request, Answer);
    expect(result).toMatchObject({ ok: false, failure: 'cap' });
  });

  it('estimate builds and prices every request, sends none, and admits by priority', async () => {
    const { client, used } = as('anthropic', 'claude-haiku-4-5', [VALID, VALID, VALID]);
    const perCall = 1; // generous: only the call cap binds
    const run = runner(client, { estimate: true, caps: { ...CAPS, maxCalls: 2, maxCostUsd: perCall } });
    const results = await Promise.all([
      run.complete({ ...request, priority: 1 }, Answer),
      run.complete({ ...request, user: 'b', priority: 3 }, Answer),
      run.complete({ ...request, user: 'c', priority: 2 }, Answer),
    ]);
    expect(results.every((r) => !r.ok && r.failure === 'estimate')).toBe(true);
    expect(used()).toBe(0);
    const estimate = run.report().estimate;
    expect(estimate).toMatchObject({
      calls: 3,
      callsFit: 2,
      overCap: true,
      worstOutputTokens: 1536,
      unpricedModels: [],
    });
    // haiku: $1/M in, $5/M out; worst case prices the full output cap of every call.
    const inputTokens = estimate?.inputTokens ?? 0;
    expect(estimate?.worstCostUsd).toBeCloseTo((inputTokens * 1 + 1536 * 5) / 1e6, 6);
    expect(estimate?.expectedCostUsd).toBeLessThan(estimate?.worstCostUsd ?? 0);
  });

  it('estimate names models priced at the unknown rate', async () => {
    const { client } = as('openai', 'some-new-model', [VALID]);
    const run = runner(client, { estimate: true });
    await run.complete(request, Answer);
    expect(run.report().estimate?.unpricedModels).toEqual(['openai/some-new-model']);
  });
});

describe('model runner: concurrency, priority and rpm', () => {
  it('never runs more than `concurrency` calls at once', async () => {
    let inFlight = 0;
    let most = 0;
    const client: ModelClient = {
      provider: 'scripted',
      model: 'slow',
      async complete() {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 10));
        inFlight -= 1;
        return success('slow');
      },
    };
    const run = runner(client, { concurrency: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((i) => run.complete({ ...request, user: `u${i}` }, Answer)));
    expect(most).toBe(2);
  });

  it('starts waiting calls highest priority first', async () => {
    const order: string[] = [];
    let releaseFirst: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      releaseFirst = r;
    });
    const client: ModelClient = {
      provider: 'scripted',
      model: 'ordered',
      async complete(req) {
        order.push(req.user);
        if (req.user === 'first') await gate;
        return success('ordered');
      },
    };
    const run = runner(client, { concurrency: 1 });
    const all = [
      run.complete({ ...request, user: 'first' }, Answer),
      run.complete({ ...request, user: 'low', priority: 1 }, Answer),
      run.complete({ ...request, user: 'high', priority: 9 }, Answer),
    ];
    await new Promise((r) => setTimeout(r, 5));
    releaseFirst();
    await Promise.all(all);
    expect(order).toEqual(['first', 'high', 'low']);
  });

  it('waits for the rpm window before a third start at rpm 2', async () => {
    const clock = fixedClock('2026-11-29T00:00:00Z');
    const startedAt: number[] = [];
    const client: ModelClient = {
      provider: 'scripted',
      model: 'rpm',
      async complete() {
        startedAt.push(clock.monotonicMs());
        return success('rpm');
      },
    };
    const run = createModelRunner({
      client,
      catalog,
      clock,
      caps: CAPS,
      concurrency: 4,
      rpm: 2,
      sleep: async (ms) => {
        // Let the calls already started run first, then let the minute pass.
        await new Promise((r) => setTimeout(r, 0));
        clock.advance(ms);
      },
    });
    await Promise.all(['a', 'b', 'c'].map((u) => run.complete({ ...request, user: u }, Answer)));
    expect(startedAt).toEqual([0, 0, 60_000]);
  });
});
