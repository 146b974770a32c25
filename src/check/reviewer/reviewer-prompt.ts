/**
 * The reviewer's prompt text, versioned data in prompts/check-reviewer.json, bundled at build time.
 * Validated here: a prompt file without a version or a posture is a bug in the package.
 */

import * as z from 'zod/mini';
import promptFile from '../../../prompts/check-reviewer.json';

function promptFileSchema() {
  return z.strictObject({
    id: z.literal('check-reviewer'),
    version: z.int().check(z.minimum(1)),
    note: z.optional(z.string()),
    system: z.string().check(z.minLength(1)),
    postures: z.strictObject({ strict: z.string(), default: z.string(), permissive: z.string() }),
  });
}

export type ReviewerPrompt = z.infer<ReturnType<typeof promptFileSchema>>;

export function loadReviewerPrompt(
  raw: unknown,
): { ok: true; prompt: ReviewerPrompt } | { ok: false; problem: string } {
  const parsed = z.safeParse(promptFileSchema(), raw);
  if (!parsed.success)
    return {
      ok: false,
      problem: `prompts/check-reviewer.json: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    };
  return { ok: true, prompt: parsed.data };
}

export function bundledReviewerPrompt(): ReviewerPrompt {
  const loaded = loadReviewerPrompt(promptFile);
  if (!loaded.ok) throw new Error(loaded.problem);
  return loaded.prompt;
}
