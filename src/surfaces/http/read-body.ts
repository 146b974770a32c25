/**
 * Reads a request body as UTF-8 text under a byte bound. Stops reading (and cancels the stream) as soon as the
 * bound is passed, so a client that sends an endless body costs at most the bound. Decides nothing.
 * Two sources: the Node request the server hands over (read as a Node stream: no web stream and no full
 * Request object is built, which was a sixth of a decision's time), or a web Request (tests, other runtimes).
 */

import type { IncomingMessage } from 'node:http';

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

/** The same bound on a Node request. Past it, reading stops; the answer should close the connection. */
export function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = Number(incoming.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes)
    return Promise.resolve({ ok: false, why: 'too-large' });
  if (incoming.complete && incoming.readableEnded) return Promise.resolve({ ok: true, text: '' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (read: BodyRead) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onFailure);
      incoming.off('close', onClose);
      resolve(read);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        incoming.pause();
        done({ ok: false, why: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      const whole = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      done({ ok: true, text: whole.toString('utf8') });
    };
    const onFailure = () => done({ ok: false, why: 'unreadable' });
    // Closed before its end: the client went away half way.
    const onClose = () => {
      if (!incoming.complete) onFailure();
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onFailure);
    incoming.on('close', onClose);
  });
}
