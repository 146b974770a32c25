/**
 * The `[judge]` table: review of agent configuration. See docs/judge.md.
 * Strict: an unknown key is refused, and the keys a repository must never set for a model run (models,
 * provider, endpoint, key variable, spend caps, consent) are refused by name with where to set them instead.
 * A repository only tightens: categories and fail_on entries add up, min_confidence keeps the lower bar,
 * the attach switches can only be turned on.
 */

import * as z from 'zod/mini';
import { type Merge, setting, stricterOf, trueWins, unionOf, userOnly } from '../setting';

export interface JudgeSkills {
  load?: readonly string[];
  for?: { security?: readonly string[]; governance?: readonly string[]; quality?: readonly string[] };
  pins?: Readonly<Record<string, string>>;
}

export interface JudgeModels {
  reviewers?: string;
  security?: string;
  governance?: string;
  quality?: string;
  adjudicator?: string;
}

export const JUDGE_CATEGORY_NAMES = ['security', 'governance', 'quality'] as const;
export const JUDGE_CONFIDENCES = ['low', 'medium', 'high'] as const;
export type JudgeConfidence = (typeof JUDGE_CONFIDENCES)[number];

const FAIL_ON_ENTRY =
  /^((security|governance|quality):(none|info|low|medium|high|critical)|score:\d{1,3}|(security|governance|quality):score:\d{1,3})$/;

export interface JudgeSuppressionEntry {
  code: string;
  path: string;
  quote: string;
  reason: string;
  expires: string;
}

const suppressionSchema = () =>
  z.strictObject({
    code: z.string().check(z.regex(/^(gavel\/)?[SGQ]\d{2}$/, 'must be a judge code such as `S05`')),
    path: z.string().check(z.minLength(1)),
    quote: z.string().check(z.minLength(1)),
    reason: z.string().check(z.minLength(1, 'a suppression needs a reason')),
    expires: z
      .string()
      .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date `YYYY-MM-DD` at most 366 days ahead')),
  });

/** A key that must not be set here: always refused, with where it belongs. */
function refused(where: string) {
  return setting<undefined>({
    schema: () =>
      z.custom<undefined>(() => false, {
        error: `not a \`[judge]\` key: ${where}`,
      }) as z.ZodMiniType<undefined>,
    default: undefined,
    scope: 'both',
    merge: (user) => ({ value: user }),
    description: `refused: ${where}`,
  });
}

const MODEL_PLACE =
  'models and providers come from `--model`, `GAVEL_MODEL` or `[model]` in your user config (~/.config/gavel/config.toml)';
const SPEND_PLACE =
  'spend caps come from flags, `GAVEL_MAX_*` or `[caps]` in your user config (~/.config/gavel/config.toml)';
const CONSENT_PLACE = 'consent comes from flags or your user config, never from a repository';

const concat: Merge<readonly JudgeSuppressionEntry[]> = (user, repo) => ({ value: [...user, ...repo] });

export const judgeTable = {
  categories: setting<readonly string[]>({
    schema: () => z.array(z.enum(JUDGE_CATEGORY_NAMES)),
    default: [...JUDGE_CATEGORY_NAMES],
    scope: 'both',
    merge: unionOf,
    description: 'categories reviewed: security, governance, quality (a repository can add, never remove)',
  }),
  fail_on: setting<readonly string[]>({
    schema: () =>
      z.array(
        z
          .string()
          .check(
            z.regex(FAIL_ON_ENTRY, 'must be category:severity, category:none, score:N or category:score:N'),
          ),
      ),
    default: ['governance:high', 'quality:none', 'security:high'],
    scope: 'both',
    // Entries add up; for one category the strictest entry wins when the gate is built.
    merge: unionOf,
    description: 'the gate: category:severity, category:none, score:N, category:score:N',
  }),
  min_confidence: setting<JudgeConfidence>({
    schema: () => z.enum(JUDGE_CONFIDENCES),
    default: 'low',
    scope: 'both',
    merge: stricterOf<JudgeConfidence>(['high', 'medium', 'low']),
    description: 'findings below this confidence are dropped (a repository can only lower the bar)',
  }),
  attach_rules: setting<boolean>({
    schema: () => z.boolean(),
    default: true,
    scope: 'both',
    merge: trueWins,
    description: 'attach path-scoped .claude/rules/ to the units they govern',
  }),
  attach_claude_md: setting<boolean>({
    schema: () => z.boolean(),
    default: true,
    scope: 'both',
    merge: trueWins,
    description: 'attach ancestor CLAUDE.md / AGENTS.md files (and their @imports) to every unit',
  }),
  traps_file: setting<string | undefined>({
    schema: () => z.optional(z.string().check(z.minLength(1))),
    default: undefined,
    scope: 'both',
    merge: (user, repo) => ({ value: repo ?? user }),
    description: 'known false-positive shapes for the adjudicator (model half); must stay inside the project',
  }),
  suppress: setting<readonly JudgeSuppressionEntry[]>({
    schema: () => z.array(suppressionSchema()),
    default: [],
    scope: 'both',
    merge: concat,
    description:
      'findings suppressed by code, path and exact quote, with a reason and an expiry at most 366 days ahead',
  }),
  skills: setting<JudgeSkills | undefined>({
    schema: () =>
      z.optional(
        z.strictObject({
          load: z.optional(z.array(z.string().check(z.minLength(1)))),
          for: z.optional(
            z.strictObject({
              security: z.optional(z.array(z.string().check(z.minLength(1)))),
              governance: z.optional(z.array(z.string().check(z.minLength(1)))),
              quality: z.optional(z.array(z.string().check(z.minLength(1)))),
            }),
          ),
          pins: z.optional(z.record(z.string(), z.string().check(z.regex(/^[0-9a-f]{8,64}$/)))),
        }),
      ),
    default: undefined,
    scope: 'both',
    // Rubrics add up: a repository can apply more criteria, never remove the user's.
    merge: (user, repo) => ({
      value:
        user === undefined
          ? repo
          : repo === undefined
            ? user
            : {
                load: [...(user.load ?? []), ...(repo.load ?? [])],
                for: {
                  security: [...(user.for?.security ?? []), ...(repo.for?.security ?? [])],
                  governance: [...(user.for?.governance ?? []), ...(repo.for?.governance ?? [])],
                  quality: [...(user.for?.quality ?? []), ...(repo.for?.quality ?? [])],
                },
                pins: { ...(repo.pins ?? {}), ...(user.pins ?? {}) },
              },
    }),
    description: 'rubric skills: load (governance), for.<category>, pins (hash); a repository adds',
  }),
  model: refused(MODEL_PLACE),
  models: setting<JudgeModels | undefined>({
    schema: () =>
      z.optional(
        z.strictObject({
          reviewers: z.optional(z.string().check(z.minLength(1))),
          security: z.optional(z.string().check(z.minLength(1))),
          governance: z.optional(z.string().check(z.minLength(1))),
          quality: z.optional(z.string().check(z.minLength(1))),
          adjudicator: z.optional(z.string().check(z.minLength(1))),
        }),
      ),
    default: undefined,
    scope: 'user',
    merge: userOnly,
    description:
      'models per judge role (reviewers, security, governance, quality, adjudicator); user scope only',
  }),
  provider: refused(MODEL_PLACE),
  base_url: refused(MODEL_PLACE),
  api_key_env: refused(MODEL_PLACE),
  max_cost_usd: refused(SPEND_PLACE),
  max_tokens: refused(SPEND_PLACE),
  max_calls: refused(SPEND_PLACE),
  concurrency: refused(SPEND_PLACE),
  rpm: refused(SPEND_PLACE),
  allow_llm: setting<boolean>({
    schema: () => z.boolean(),
    default: false,
    scope: 'user',
    merge: userOnly,
    description: 'consent for a model review started by a tool call (MCP `judge`); user scope only',
  }),
  allow_prompt_override: refused(CONSENT_PLACE),
};
