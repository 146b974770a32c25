/**
 * The one token estimate without a tokenizer: ⌈UTF-8 bytes / 3⌉, which runs above real counts on prose
 * and code, so caps err on the safe side (tokenizer packages cost 0.6–1 s to load). Every estimate of
 * gavel (the runner's caps, the reviewer's token budget, the judge's `--estimate`) counts with it. Pure.
 */

export const BYTES_PER_TOKEN = 3;

/** Tokens of a text of `bytes` UTF-8 bytes, when only its size is known. */
export function tokensOfBytes(bytes: number): number {
  return Math.ceil(bytes / BYTES_PER_TOKEN);
}

export function estimateTokens(text: string): number {
  return tokensOfBytes(Buffer.byteLength(text, 'utf8'));
}

/** Input tokens of a request: system, user message and the schema sent with it. */
export function estimateInputTokens(parts: { system: string; user: string; schema: unknown }): number {
  return (
    estimateTokens(parts.system) + estimateTokens(parts.user) + estimateTokens(JSON.stringify(parts.schema))
  );
}
