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

/**
 * Reads `fd` to its end or to `maxBytes + 1` bytes. On a non-blocking descriptor that has nothing more yet
 * (EAGAIN) it stops and returns what it has with `more: true`: the caller reads the rest from the stream
 * (readBoundedStream with `already`), so nothing read here is lost. Other system errors are thrown.
 */
export function readBoundedFd(fd: number, maxBytes: number): BoundedRead & { more: boolean; head: Buffer } {
  const buffer = Buffer.allocUnsafe(Math.min(maxBytes + 1, 1024 * 1024));
  const chunks: Buffer[] = [];
  let total = 0;
  let more = false;
  for (;;) {
    const room = Math.min(buffer.length, maxBytes + 1 - total);
    if (room <= 0) break;
    let n: number;
    try {
      n = readSync(fd, buffer, 0, room, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      more = true;
      break;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, n)));
    total += n;
  }
  const head = Buffer.concat(chunks);
  return { ...finish(head, maxBytes), more, head };
}

function finish(all: Buffer, maxBytes: number): BoundedRead {
  return all.length > maxBytes
    ? { text: all.toString('utf8', 0, maxBytes), cut: true }
    : { text: all.toString('utf8'), cut: false };
}

/**
 * Reads an async byte stream (a non-blocking stdin) to its end or to `maxBytes + 1` bytes in all, then
 * stops reading. `already` is what was read before (readBoundedFd's `head`).
 */
export async function readBoundedStream(
  stream: AsyncIterable<Buffer | string>,
  maxBytes: number,
  already: Buffer = Buffer.alloc(0),
): Promise<BoundedRead> {
  const chunks: Buffer[] = [already];
  let total = already.length;
  if (total <= maxBytes) {
    for await (const chunk of stream) {
      const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      chunks.push(b);
      total += b.length;
      if (total > maxBytes) break;
    }
  }
  return finish(Buffer.concat(chunks), maxBytes);
}
