/**
 * The `[audit]` table: where decision records go. User scope only: a repository that could move the
 * log could make its own decisions vanish.
 */

import * as z from 'zod/mini';
import { setting, stricterOf, userOnly } from '../setting';

/** `[audit] preview`, loosest first (ADR 0027); the same list as the audit's PREVIEW_MODES. */
export const AUDIT_PREVIEW_MODES = ['redacted', 'hash-only'] as const;
export type AuditPreviewMode = (typeof AUDIT_PREVIEW_MODES)[number];

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
  preview: setting<AuditPreviewMode>({
    schema: () => z.enum(AUDIT_PREVIEW_MODES),
    default: 'redacted',
    scope: 'both',
    // A repository may only tighten it: `hash-only` keeps the command's text out of the log (ADR 0027).
    merge: stricterOf(AUDIT_PREVIEW_MODES),
    env: { name: 'GAVEL_AUDIT_PREVIEW', parse: (raw) => raw },
    description:
      'what an audit line holds of the request: `redacted` (a preview of at most 120 characters of the command, path or host, secrets redacted) or `hash-only` (only its sha256)',
  }),
};
