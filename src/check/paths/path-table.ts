/**
 * The path table: which paths are sensitive, system, temporary, the agent's own configuration, or persistence
 * points. Data from rules/check-paths.json, validated whole; shared in meaning with src/shell's path classes.
 * Pure: the surface reads the file and hands its parsed JSON here.
 */

import * as z from 'zod/mini';

/** Built on first use (`z.lazy`): a load of the rules the build checked never validates the table again (ADR 0074). */
export const PATH_TABLE_SCHEMA = z.lazy(() =>
  z.strictObject({
    $schema: z.optional(z.string()),
    version: z.int().check(z.minimum(1)),
    description: z.optional(z.string()),
    sensitive: z.array(z.string().check(z.minLength(1))),
    sensitive_exceptions: z.array(z.string().check(z.minLength(1))),
    system_roots: z.array(z.string().check(z.regex(/^\//))),
    scratch_devices: z.array(z.string().check(z.regex(/^\//))),
    temp_dirs: z.array(z.string().check(z.regex(/^\//))),
    self_modification: z.array(z.string().check(z.minLength(1))),
    persistence: z.array(z.string().check(z.minLength(1))),
    home_reads: z.array(z.string().check(z.regex(/^~\//))),
  }),
);

export type PathTable = z.infer<typeof PATH_TABLE_SCHEMA>;

export type TableResult<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Validates a parsed path table; the problem names the key path. */
export function parsePathTable(json: unknown): TableResult<PathTable> {
  const parsed = PATH_TABLE_SCHEMA.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    problem: `\`${issue?.path.join('.') ?? ''}\`: ${issue?.message.toLowerCase() ?? 'invalid'}`,
  };
}
