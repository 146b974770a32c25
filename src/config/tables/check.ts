/**
 * The `[check]` table: action review settings. See docs/config.md.
 */

import * as z from 'zod/mini';
import { lowerWins, setting, stricterOf, unionOf } from '../setting';

export const CHECK_MODES = ['off', 'ask', 'auto'] as const;
export type CheckMode = (typeof CHECK_MODES)[number];

export const checkTable = {
  mode: setting<CheckMode>({
    schema: z.enum(CHECK_MODES),
    default: 'ask',
    scope: 'both',
    // off passes the review bucket, auto lets a model decide it, ask sends it to a person.
    // Turning on `auto` sends code to a model: that is the user's consent, never a repository's.
    merge: stricterOf<CheckMode>(['off', 'auto', 'ask'], { repoMayNotIntroduce: ['auto'] }),
    env: { name: 'GAVEL_CHECK_MODE', parse: (raw) => raw },
    description:
      'what happens to requests the rules send to review: `off` passes them with a record, `ask` asks a person, `auto` asks the model reviewer',
  }),
  floor_extra: setting<readonly string[]>({
    schema: z.array(z.string().check(z.regex(/^[a-z][a-z0-9_]*$/))),
    default: [],
    scope: 'both',
    merge: unionOf,
    description: 'categories added to the sealed floor (never granted); the floor can only grow',
  }),
  timeout_ms: setting<number>({
    schema: z.int().check(z.minimum(100), z.maximum(120_000)),
    default: 30_000,
    scope: 'both',
    merge: lowerWins,
    description: 'time allowed for one review; past it the review fails closed',
  }),
};
