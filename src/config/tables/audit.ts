/**
 * The `[audit]` table: where decision records go. User scope only: a repository that could move the
 * log could make its own decisions vanish.
 */

import * as z from 'zod/mini';
import { setting, userOnly } from '../setting';

export const auditTable = {
  dir: setting<string | undefined>({
    schema: () => z.optional(z.string().check(z.minLength(1))),
    default: undefined,
    scope: 'user',
    merge: userOnly,
    env: { name: 'GAVEL_LOG_DIR', parse: (raw) => raw },
    description: 'folder of the audit log (default: `.gavel/logs` under the project root)',
  }),
  otlp_endpoint: setting<string | undefined>({
    schema: () => z.optional(z.string().check(z.regex(/^https?:\/\//))),
    default: undefined,
    scope: 'user',
    merge: userOnly,
    env: { name: 'GAVEL_OTLP_ENDPOINT', parse: (raw) => raw },
    description:
      'OTLP/HTTP logs endpoint (`http://collector:4318/v1/logs`): `gavel serve` sends each audit record there too, never instead of the file',
  }),
};
