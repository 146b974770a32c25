/**
 * The model catalogue read from rules/model-*.json: prices, tiers, refused models and wire quirks.
 * Pure: validates data handed in (strict schemas, versioned files); the bundle imports the files.
 * INVARIANT: a file that does not validate is rejected whole; nothing of it is used.
 */

import * as z from 'zod/mini';
import { baseModelId, matchesPattern } from './model-pattern';

export const TIERS = ['light', 'standard', 'deep'] as const;
export type Tier = (typeof TIERS)[number];

/** The four files' schemas, built on first use: a hook call that never prices a model never builds them. */
function catalogSchemas() {
  const price = z.strictObject({
    input: z.number().check(z.minimum(0)),
    output: z.number().check(z.minimum(0)),
  });

  const PricesFile = z.strictObject({
    version: z.int().check(z.minimum(1)),
    updated: z.string(),
    currency: z.literal('USD'),
    unit: z.literal('per million tokens'),
    note: z.optional(z.string()),
    unknown: price,
    /** Where each provider's prices (and its prompt-cache prices) were read, by provider. */
    sources: z.record(z.string(), z.string().check(z.minLength(1))),
    models: z.array(
      z.strictObject({
        provider: z.string(),
        match: z.string().check(z.minLength(1)),
        input: z.number().check(z.minimum(0)),
        output: z.number().check(z.minimum(0)),
        /** Prompt cache: writing a prefix, reading it back (per million tokens), the shortest prefix cached. */
        cacheWrite: z.optional(z.number().check(z.minimum(0))),
        cacheRead: z.optional(z.number().check(z.minimum(0))),
        cacheMinTokens: z.optional(z.int().check(z.minimum(1))),
      }),
    ),
  });

  const modelName = z.string().check(z.minLength(1));
  const TiersFile = z.strictObject({
    version: z.int().check(z.minimum(1)),
    note: z.optional(z.string()),
    tiers: z.record(z.string(), z.strictObject({ light: modelName, standard: modelName, deep: modelName })),
  });

  const RefusedFile = z.strictObject({
    version: z.int().check(z.minimum(1)),
    note: z.optional(z.string()),
    refused: z.array(z.strictObject({ match: z.string().check(z.minLength(1)), reason: z.string() })),
  });

  const QuirksFile = z.strictObject({
    version: z.int().check(z.minimum(1)),
    note: z.optional(z.string()),
    quirks: z.array(
      z.strictObject({
        provider: z.string(),
        match: z.string().check(z.minLength(1)),
        temperature: z.optional(z.enum(['omit', 'send'])),
        maxTokensField: z.optional(z.enum(['max_tokens', 'max_completion_tokens'])),
        effort: z.optional(z.enum(['reasoning_effort', 'thinking'])),
      }),
    ),
  });
  return { PricesFile, TiersFile, RefusedFile, QuirksFile };
}

let schemas: ReturnType<typeof catalogSchemas> | undefined;

export interface PricePerMillion {
  input: number;
  output: number;
  /** A prompt-cache write and read; both the input price where the catalogue lists no cache price. */
  cacheWrite: number;
  cacheRead: number;
  /** The shortest prefix the provider caches; Infinity where the catalogue lists no cache price. */
  cacheMinTokens: number;
  /** False when no entry matched and the `unknown` (dearest) price was used. */
  known: boolean;
}

export interface WireQuirks {
  sendTemperature: boolean;
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /** The model's reasoning knob: OpenAI's `reasoning_effort`, Anthropic's `thinking`, or none (nothing is sent). */
  effort: 'reasoning_effort' | 'thinking' | 'none';
}

export interface ModelCatalog {
  pricesVersion: number;
  price(provider: string, model: string): PricePerMillion;
  tier(provider: string, tier: Tier): string | undefined;
  /** The reason a model is refused, or undefined when it may be called. */
  refusal(model: string): string | undefined;
  quirks(provider: string, model: string): WireQuirks;
}

export type CatalogResult =
  | { ok: true; catalog: ModelCatalog }
  | { ok: false; file: string; problem: string };

export interface CatalogFiles {
  prices: unknown;
  tiers: unknown;
  refused: unknown;
  quirks: unknown;
}

export function buildCatalog(files: CatalogFiles): CatalogResult {
  schemas ??= catalogSchemas();
  const { PricesFile, TiersFile, RefusedFile, QuirksFile } = schemas;
  const prices = z.safeParse(PricesFile, files.prices);
  if (!prices.success)
    return { ok: false, file: 'rules/model-prices.json', problem: firstIssue(prices.error) };
  const tiers = z.safeParse(TiersFile, files.tiers);
  if (!tiers.success) return { ok: false, file: 'rules/model-tiers.json', problem: firstIssue(tiers.error) };
  const refused = z.safeParse(RefusedFile, files.refused);
  if (!refused.success)
    return { ok: false, file: 'rules/model-refused.json', problem: firstIssue(refused.error) };
  const quirks = z.safeParse(QuirksFile, files.quirks);
  if (!quirks.success)
    return { ok: false, file: 'rules/model-quirks.json', problem: firstIssue(quirks.error) };
  const p = prices.data;
  const unsourced = p.models.find((m) => !Object.hasOwn(p.sources, m.provider));
  if (unsourced)
    return {
      ok: false,
      file: 'rules/model-prices.json',
      problem: `\`sources.${unsourced.provider}\`: every provider priced needs the source of its prices`,
    };
  const catalog: ModelCatalog = {
    pricesVersion: p.version,
    price(provider, model) {
      const id = baseModelId(provider, model);
      const hit = p.models.find((m) => m.provider === provider && matchesPattern(m.match, id));
      if (!hit)
        return {
          ...p.unknown,
          cacheWrite: p.unknown.input,
          cacheRead: p.unknown.input,
          cacheMinTokens: Number.POSITIVE_INFINITY,
          known: false,
        };
      const cached = hit.cacheRead !== undefined;
      return {
        input: hit.input,
        output: hit.output,
        cacheWrite: hit.cacheWrite ?? hit.input,
        cacheRead: hit.cacheRead ?? hit.input,
        cacheMinTokens: cached ? (hit.cacheMinTokens ?? 1024) : Number.POSITIVE_INFINITY,
        known: true,
      };
    },
    tier(provider, tier) {
      return tiers.data.tiers[provider]?.[tier];
    },
    refusal(model) {
      const bare = model.replace(/^(us|eu|apac|global)\./, '');
      return refused.data.refused.find((r) => matchesPattern(r.match, model) || matchesPattern(r.match, bare))
        ?.reason;
    },
    quirks(provider, model) {
      const id = baseModelId(provider, model);
      // `ollama` and other OpenAI-compatible servers share the `openai` quirks only when listed for them.
      const hit = quirks.data.quirks.find((q) => q.provider === provider && matchesPattern(q.match, id));
      return {
        sendTemperature: hit?.temperature !== 'omit',
        maxTokensField: hit?.maxTokensField ?? 'max_tokens',
        effort: hit?.effort ?? 'none',
      };
    },
  };
  return { ok: true, catalog };
}

function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.');
  return path ? `\`${path}\`: ${issue.message}` : issue.message;
}
