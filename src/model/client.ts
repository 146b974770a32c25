/**
 * The one model client interface every capability uses, and the closed set of ways a call can end.
 * Types only. Providers, the scripted and replay clients, caps and the cache implement or wrap it.
 * A call never throws for an expected failure: timeouts, refusals, caps and bad output are values.
 */

export interface ModelRequest {
  /** Versioned prompt id, e.g. `check-reviewer@3`; part of the cache key. */
  promptId: string;
  system: string;
  /** The user message: facts and fenced untrusted data, already assembled. */
  user: string;
  /** JSON Schema limited to what every provider accepts (objects, strings, enums, numbers, arrays). */
  schema: Record<string, unknown>;
  schemaName: string;
  maxOutputTokens: number;
  timeoutMs: number;
  /** Higher is admitted first when caps are tight. */
  priority?: number;
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

export type ModelFailure = 'timeout' | 'refusal' | 'error' | 'cap' | 'refused-model' | 'invalid-output';

export type ModelResult =
  | {
      ok: true;
      text: string;
      usage: ModelUsage;
      provider: string;
      model: string;
      ms: number;
      cached: boolean;
    }
  | {
      ok: false;
      failure: ModelFailure;
      detail: string;
      usage: ModelUsage;
      provider: string;
      model: string;
      ms: number;
    };

export interface ModelClient {
  readonly provider: string;
  readonly model: string;
  complete(request: ModelRequest, signal?: AbortSignal): Promise<ModelResult>;
}
