/**
 * Reads a request body as UTF-8 text under a byte bound. Stops reading (and cancels the stream) as soon as the
 * bound is passed, so a client that sends an endless body costs at most the bound. Decides nothing.
 */

export type BodyRead = { ok: true; text: string } | { ok: false; why: 'too-large' | 'unreadable' };

export async function readBody(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, why: 'too-large' };
  if (!request.body) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return { ok: false, why: 'too-large' };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, why: 'unreadable' };
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}
