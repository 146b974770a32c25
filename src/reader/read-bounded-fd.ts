/**
 * Reads an already open descriptor (stdin) up to a bound, so an endless input (`/dev/zero`, `yes`) is cut
 * instead of filling memory. Blocks only as long as the writer does not close and has not sent the bound;
 * never reads one byte past `maxBytes + 1`. Never interprets the bytes.
 */

import { readSync } from 'node:fs';

export interface BoundedRead {
  text: string;
  /** True when the input held more than `maxBytes`: the text is cut and must not be used as a whole. */
  cut: boolean;
}

/** Reads `fd` to its end or to `maxBytes + 1` bytes. Throws the system error (EAGAIN on a non-blocking pipe). */
export function readBoundedFd(fd: number, maxBytes: number): BoundedRead {
  const buffer = Buffer.allocUnsafe(Math.min(maxBytes + 1, 1024 * 1024));
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const room = Math.min(buffer.length, maxBytes + 1 - total);
    if (room <= 0) break;
    const n = readSync(fd, buffer, 0, room, null);
    if (n === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, n)));
    total += n;
  }
  const all = Buffer.concat(chunks);
  return total > maxBytes
    ? { text: all.toString('utf8', 0, maxBytes), cut: true }
    : { text: all.toString('utf8'), cut: false };
}

/** Reads an async byte stream (a non-blocking stdin) to its end or to `maxBytes + 1`, then stops reading. */
export async function readBoundedStream(
  stream: AsyncIterable<Buffer | string>,
  maxBytes: number,
): Promise<BoundedRead> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(b);
    total += b.length;
    if (total > maxBytes) break;
  }
  const all = Buffer.concat(chunks);
  return total > maxBytes
    ? { text: all.toString('utf8', 0, maxBytes), cut: true }
    : { text: all.toString('utf8'), cut: false };
}
