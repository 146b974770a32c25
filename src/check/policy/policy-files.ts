/**
 * The schemas of the two bundled data files of action review: the default policy (rules/check-policy.json)
 * and the sealed floor (rules/check-floor.json). Pure: the surface reads the files, this validates them whole.
 * A file that fails is never half used: the caller ends every decision with basis `rules-invalid`. Built on first
 * use (`z.lazy`): a load whose files are the ones the build checked never runs them (./prebuilt-rules.ts).
 */

import * as z from 'zod/mini';
import { ARGUMENT_RULE_SCHEMA } from '../../config';
import { REVIEWER_SECTION_SCHEMA } from './reviewer-section';

const categoryList = z.array(z.string().check(z.regex(/^[a-z][a-z0-9_]*$/)));
const scopeList = z.array(
  z.enum(['workspace', 'temp', 'writable', 'home', 'sensitive', 'system', 'outside']),
);

export const POLICY_FILE_SCHEMA = z.lazy(() =>
  z.strictObject({
    $schema: z.optional(z.string()),
    version: z.int().check(z.minimum(1)),
    description: z.optional(z.string()),
    presume_deny: categoryList,
    review_categories: categoryList,
    read_scopes: scopeList,
    write_scopes: scopeList,
    unlisted: z.enum(['allow', 'review']),
    package_sources: z.array(z.string()),
    stated_hosts: z.array(z.string()),
    allow: z.array(z.string()),
    deny: z.array(z.string()),
    review: z.array(z.string()),
    rules: z.array(ARGUMENT_RULE_SCHEMA),
    reviewer: REVIEWER_SECTION_SCHEMA,
  }),
);
export type PolicyFile = z.infer<typeof POLICY_FILE_SCHEMA>;

export const FLOOR_FILE_SCHEMA = z.lazy(() =>
  z.strictObject({
    $schema: z.optional(z.string()),
    version: z.int().check(z.minimum(1)),
    description: z.optional(z.string()),
    never_grant: categoryList,
    catastrophic: categoryList,
  }),
);
export type FloorFile = z.infer<typeof FLOOR_FILE_SCHEMA>;

export type FileParse<T> = { ok: true; value: T } | { ok: false; problem: string };

export function parseWith<T>(schema: z.ZodMiniType<T>, json: unknown, file: string): FileParse<T> {
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const key = issue?.path.map(String).join('.') ?? '';
  return {
    ok: false,
    problem: `${file}: ${key ? `\`${key}\`: ` : ''}${issue?.message.toLowerCase() ?? 'invalid'}`,
  };
}
