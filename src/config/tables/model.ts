/**
 * The `[model]` table: which model, where, with which key variable. User scope only: a repository can
 * never choose where its code is sent, nor whose key pays for it.
 */

import * as z from 'zod/mini';
import { setting, userOnly } from '../setting';

export const modelTable = {
  model: setting<string | undefined>({
    schema: () => z.optional(z.string().check(z.minLength(1))),
    default: undefined,
    scope: 'user',
    merge: userOnly,
    env: { name: 'GAVEL_MODEL', parse: (raw) => raw },
    description: '`provider/model`, `scripted:<file>` or `replay:<dir>`; unset means no model',
  }),
  base_url: setting<string | undefined>({
    schema: () => z.optional(z.url()),
    default: undefined,
    scope: 'user',
    merge: userOnly,
    description: 'the provider endpoint, when not the provider default',
  }),
  api_key_env: setting<string | undefined>({
    schema: () => z.optional(z.string().check(z.regex(/^[A-Z_][A-Z0-9_]*$/))),
    default: undefined,
    scope: 'user',
    merge: userOnly,
    description: 'name of the environment variable that holds the API key (never the key itself)',
  }),
  cache: setting<'read-write' | 'read-only' | 'off'>({
    schema: () => z.enum(['read-write', 'read-only', 'off']),
    default: 'read-write',
    scope: 'user',
    merge: userOnly,
    env: { name: 'GAVEL_MODEL_CACHE', parse: (raw) => raw },
    description:
      'the reply cache in the user cache directory: `read-write`, `read-only` (serve hits, store nothing) or `off`',
  }),
};
