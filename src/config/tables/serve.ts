/**
 * The `[serve]` table: the decision service (`gavel serve`). User scope only: where the service listens, how
 * much it reads, how long it waits, what it does when a reload fails and where shared state lives are the
 * operator's to choose, never a repository's.
 */

import * as z from 'zod/mini';
import { setting, userOnly } from '../setting';

const numberFromEnv = (raw: string): unknown => (raw.trim() === '' ? raw : Number(raw));

export const SERVE_ON_RELOAD_ERROR = ['keep-last', 'fail-closed'] as const;
export type ServeOnReloadError = (typeof SERVE_ON_RELOAD_ERROR)[number];

export const serveTable = {
  listen: setting<string>({
    schema: () => z.string().check(z.minLength(3), z.maxLength(300)),
    default: '127.0.0.1:8787',
    scope: 'user',
    merge: userOnly,
    env: { name: 'GAVEL_SERVE_LISTEN', parse: (raw) => raw },
    description: 'HOST:PORT the service binds; anything but loopback needs a token (`--listen` beats it)',
  }),
  max_body_bytes: setting<number>({
    schema: () => z.int().check(z.minimum(1024), z.maximum(16 * 1024 * 1024)),
    default: 1024 * 1024,
    scope: 'user',
    merge: userOnly,
    description: 'largest request body read; a bigger one is answered 413 with a recorded deny',
  }),
  request_timeout_ms: setting<number>({
    schema: () => z.int().check(z.minimum(100), z.maximum(600_000)),
    default: 30_000,
    scope: 'user',
    merge: userOnly,
    env: { name: 'GAVEL_SERVE_TIMEOUT_MS', parse: numberFromEnv },
    description: 'time one request may take; past it the answer is a deny with basis `timeout` (503)',
  }),
  on_reload_error: setting<ServeOnReloadError>({
    schema: () => z.enum(SERVE_ON_RELOAD_ERROR),
    default: 'keep-last',
    scope: 'user',
    merge: userOnly,
    description:
      'a changed config or rule file that fails validation: `keep-last` serves the last valid policy (each decision names it), `fail-closed` denies everything until it is fixed',
  }),
  redis_url: setting<string | undefined>({
    schema: () => z.optional(z.string().check(z.regex(/^rediss?:\/\//))),
    default: undefined,
    scope: 'user',
    merge: userOnly,
    env: { name: 'GAVEL_REDIS_URL', parse: (raw) => raw },
    description: 'shared state of many replicas (reviewer breaker counts); unset: the local SQLite file',
  }),
};
