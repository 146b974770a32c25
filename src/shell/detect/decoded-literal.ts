/**
 * A literal payload decoded where it stands: `echo <base64> | base64 -d | sh` and `base64 -d <<< <base64>` run text
 * the command line holds in full, so the analysis decodes it and follows it as it follows `echo 'rm -rf ~' | sh`
 * (a floor category in it is found; a harmless one is judged as itself). Only strict base64 (the alphabet, whole
 * groups of four, padding at the end, newlines between lines, as GNU `base64 -d` ignores them) that decodes to UTF-8 text without NUL is read: any
 * other input is what GNU `base64 -d` might read differently from this reader, and stays an opaque decoded
 * payload. Pure.
 */

/** Longest payload decoded: a longer one stays opaque. */
export const MAX_DECODED_LITERAL = 64 * 1024;

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The text `literal` decodes to as strict base64, or undefined. */
export function decodeBase64Literal(literal: string): string | undefined {
  const compact = literal.replace(/\n/g, '');
  if (compact === '' || compact.length > MAX_DECODED_LITERAL || !STRICT_BASE64.test(compact))
    return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(compact, 'base64'));
  } catch {
    return undefined;
  }
  return text.includes('\u0000') ? undefined : text;
}

/** Does `base64`'s argument list only ask it to decode standard input (`-d`, `--decode`, `-D`)? */
export function decodesStdinOnly(args: readonly string[]): boolean {
  return args.length > 0 && args.every((a) => a === '-d' || a === '--decode' || a === '-D');
}
