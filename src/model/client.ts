/**
 * The one model client interface every capability uses, and the closed set of ways a call can end.
 * Types only. Providers, the scripted and replay clients implement `ModelClient`; the runner wraps one
 * with caps, the cache and validation.
 * A call never throws for an expected failure: timeouts, refusals, caps and bad output are values.
 */

export const REASONING_EFFORTS = ['low', 'medium', 'high'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

export interface ModelRequest {
  /** Versioned prompt id, e.g. `check-reviewer@3`; part of the cache key. */
  promptId: string;
  system: string;
  /** The user message: facts and fenced untrusted data, already assembled. */
  user: string;
  /** JSON Schema limited to what every provider accepts (see structured/schema-subset.ts). */
  schema: Record<string, unknown>;
  /** Letters, digits, `_` and `-`, at most 64: it names the tool or response format on the wire. */
  schemaName: string;
  maxOutputTokens: number;
  /** Whole-call deadline, retries included. */
  timeoutMs: number;
  /** Sent only when the model accepts it (rules/model-quirks.json); omitted otherwise. */
  temperature?: number;
  /**
   * How hard a reasoning model should think, sent only where the model has the knob (rules/model-quirks.json
   * `effort`): OpenAI's `reasoning_effort`; Anthropic's and Bedrock-Anthropic's thinking, which a forced answer
   * tool excludes, so `low` is sent as thinking disabled and a higher effort as nothing. Omitted otherwise.
   */
  effort?: ReasoningEffort;
  /** Higher is admitted first when caps are tight. */
  priority?: number;
  /** What a typical reply costs, for `--estimate`'s expected figure; defaults to a quarter of the cap. */
  expectedOutputTokens?: number;
  /**
   * The first `cachePrefixChars` characters of `user` are a prefix other requests of the run share (with the
   * same system text and schema). Anthropic gets a `cache_control` breakpoint after it, Bedrock a `cachePoint`;
   * OpenAI caches a shared prefix on its own. Priced as a cache write the first time and a cache read after
   * (rules/model-prices.json); the text sent is the same either way.
   */
  cachePrefixChars?: number;
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** Why the model stopped: normalized from each provider's own names. */
export type StopReason = 'end' | 'max-tokens' | 'content-filter' | 'other';

/**
 * `estimate`: not sent, because the run only estimates. `cap`: a call, token or cost cap left it unmade.
 * `refused-model`: the model is on the refused list and is never called.
 */
export type ModelFailure =
  | 'timeout'
  | 'refusal'
  | 'error'
  | 'cap'
  | 'refused-model'
  | 'invalid-output'
  | 'estimate';

export const MODEL_FAILURES: readonly ModelFailure[] = [
  'timeout',
  'refusal',
  'error',
  'cap',
  'refused-model',
  'invalid-output',
  'estimate',
];

export interface ModelSuccess {
  ok: true;
  text: string;
  stop: StopReason;
  usage: ModelUsage;
  provider: string;
  model: string;
  ms: number;
  cached: boolean;
}

export interface ModelFailed {
  ok: false;
  failure: ModelFailure;
  /** Written by gavel: never prompt text, reply text or a credential. */
  detail: string;
  usage: ModelUsage;
  provider: string;
  model: string;
  ms: number;
  /**
   * On an `estimate` failure: how the estimate layer priced this call (the one formula: its input estimate,
   * prompt-cache write or read, expected and worst output), so a capability can say what each unit costs.
   */
  estimated?: EstimatedCall;
}

export interface EstimatedCall {
  inputTokens: number;
  expectedCostUsd: number;
  worstCostUsd: number;
}

export type ModelResult = ModelSuccess | ModelFailed;

export interface ModelClient {
  readonly provider: string;
  readonly model: string;
  complete(request: ModelRequest, signal?: AbortSignal): Promise<ModelResult>;
}

export const NO_USAGE: ModelUsage = Object.freeze({ inputTokens: 0, outputTokens: 0, costUsd: 0 });

/** A failure value, for the many places that build one. */
export function failed(
  client: { provider: string; model: string },
  failure: ModelFailure,
  detail: string,
  extra: { usage?: ModelUsage; ms?: number } = {},
): ModelFailed {
  return {
    ok: false,
    failure,
    detail,
    usage: extra.usage ?? NO_USAGE,
    provider: client.provider,
    model: client.model,
    ms: extra.ms ?? 0,
  };
}
