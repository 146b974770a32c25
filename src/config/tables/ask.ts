/**
 * The `[ask]` table: policy-question arbiter settings. See docs/ask.md.
 * Which model answers, its tier and whether the arbiter runs at all are the user's to choose: a
 * repository value for them is ignored with a notice. A repository may only shorten the timeout.
 */

import * as z from 'zod/mini';
import { lowerWins, setting, userOnly } from '../setting';

/** `light` or `standard`; the flagship tier (`deep`) is refused, so it never validates. */
export const ASK_TIERS = ['light', 'standard'] as const;
export type AskTier = (typeof ASK_TIERS)[number];

export const askTable = {
  enabled: setting<boolean>({
    schema: () => z.boolean(),
    default: true,
    scope: 'user',
    merge: userOnly,
    description:
      '`false` puts review-auto and autonomous runs back on their old behaviour (basis `mode-off`)',
  }),
  model: setting<string>({
    schema: () =>
      z.string().check(z.regex(/^(rules|tier|scripted:.+|replay:.+|[a-z0-9][a-z0-9.-]*\/[^\s]+)$/)),
    default: 'rules',
    scope: 'user',
    merge: userOnly,
    env: { name: 'GAVEL_ASK_MODEL', parse: (raw) => raw },
    description:
      'who answers: `rules` (the deterministic evaluator), `provider/model` or `provider/light|standard` (a pin), `tier` (`[ask] tier` resolved against the provider of `[model] model`), `scripted:<file>` or `replay:<dir>`',
  }),
  tier: setting<AskTier>({
    schema: () => z.enum(ASK_TIERS),
    default: 'light',
    scope: 'user',
    merge: userOnly,
    description: 'model tier when `model = "tier"`: `light` or `standard`; the flagship tier is refused',
  }),
  timeout_ms: setting<number>({
    schema: () => z.int().check(z.minimum(100), z.maximum(120_000)),
    default: 20_000,
    scope: 'both',
    merge: lowerWins,
    description: 'time allowed for one answer; past it the question escalates with basis `timeout`',
  }),
  call_cap: setting<number>({
    schema: () => z.int().check(z.minimum(1), z.maximum(200)),
    default: 20,
    scope: 'user',
    merge: userOnly,
    description: 'model calls allowed per run; past it questions escalate with basis `cap`',
  }),
};
