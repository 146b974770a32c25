/**
 * The `[ask]` table: policy-question arbiter settings. See docs/config.md.
 */

import * as z from 'zod/mini';
import { lowerWins, setting, userOnly } from '../setting';

export const askTable = {
  timeout_ms: setting<number>({
    schema: z.int().check(z.minimum(100), z.maximum(120_000)),
    default: 20_000,
    scope: 'both',
    merge: lowerWins,
    description: 'time allowed for one answer; past it the question escalates with basis `timeout`',
  }),
  call_cap: setting<number>({
    schema: z.int().check(z.minimum(1), z.maximum(200)),
    default: 20,
    scope: 'user',
    merge: userOnly,
    description: 'model calls allowed per run; past it questions escalate with basis `cap`',
  }),
};
