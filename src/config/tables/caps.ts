/**
 * The `[caps]` table: spend caps per run. User scope only: spending is the user's to allow.
 */

import * as z from 'zod/mini';
import { setting, userOnly } from '../setting';

const numberFromEnv = (raw: string): unknown => (raw.trim() === '' ? raw : Number(raw));

export const capsTable = {
  max_calls: setting<number>({
    schema: () => z.int().check(z.minimum(0), z.maximum(100_000)),
    default: 200,
    scope: 'user',
    merge: userOnly,
    env: { name: 'GAVEL_MAX_CALLS', parse: numberFromEnv },
    description: 'model calls allowed per run',
  }),
  max_tokens: setting<number>({
    schema: () => z.int().check(z.minimum(0), z.maximum(100_000_000)),
    default: 2_000_000,
    scope: 'user',
    merge: userOnly,
    env: { name: 'GAVEL_MAX_TOKENS', parse: numberFromEnv },
    description: 'tokens (input + output) allowed per run',
  }),
  max_cost_usd: setting<number>({
    schema: () => z.number().check(z.minimum(0), z.maximum(10_000)),
    default: 5,
    scope: 'user',
    merge: userOnly,
    env: { name: 'GAVEL_MAX_COST_USD', parse: numberFromEnv },
    description: 'spend allowed per run, in US dollars',
  }),
  max_call_tokens: setting<number>({
    schema: () => z.int().check(z.minimum(256), z.maximum(1_000_000)),
    default: 32_000,
    scope: 'user',
    merge: userOnly,
    description: 'worst case (estimated input + output cap) one call may have; a bigger call is not made',
  }),
  concurrency: setting<number>({
    schema: () => z.int().check(z.minimum(1), z.maximum(64)),
    default: 4,
    scope: 'user',
    merge: userOnly,
    env: { name: 'GAVEL_CONCURRENCY', parse: numberFromEnv },
    description: 'model calls in flight at once',
  }),
  rpm: setting<number>({
    schema: () => z.int().check(z.minimum(0), z.maximum(100_000)),
    default: 0,
    scope: 'user',
    merge: userOnly,
    env: { name: 'GAVEL_RPM', parse: numberFromEnv },
    description: "model calls started per minute; 0 means no limit of gavel's own",
  }),
};
