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
};
