/**
 * Token estimate without a tokenizer: ⌈UTF-8 bytes / 3⌉, which runs above real counts on prose and
 * code, so caps err on the safe side (tokenizer packages cost 0.6–1 s to load). Pure.
 */

export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 3);
}

/** Input tokens of a request: system, user message and the schema sent with it. */
export function estimateInputTokens(parts: { system: string; user: string; schema: unknown }): number {
  return (
    estimateTokens(parts.system) + estimateTokens(parts.user) + estimateTokens(JSON.stringify(parts.schema))
  );
}
