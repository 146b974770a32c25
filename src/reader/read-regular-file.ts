/**
 * Reads one file that a repository, an agent or a user controls, without ever blocking or reading without
 * bound. The type is checked before the file is opened (a FIFO, socket, device or directory is never
 * opened), the file is opened non-blocking and checked again on the descriptor (it may have been swapped
 * since), and at most `maxBytes` are read (one byte more to catch a file that grew). Symlinks are
 * followed; the target must still be a regular file. Never parses and never says anything about the
 * contents: a refusal names the reason, not the text.
 */

import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  type Stats,
  statSync,
} from 'node:fs';

export type FileRefusal = 'missing' | 'not-regular' | 'too-large' | 'unreadable';

export type RegularFileRead =
  | { ok: true; text: string; bytes: number }
  | { ok: false; refusal: FileRefusal; code: string; kind?: string };

export type RegularBytesRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; refusal: FileRefusal; code: string; kind?: string };

export interface ReadOptions {
  /** Never follow a symlink: a link (or one swapped in since the caller's lstat) is refused as not regular. */
  noFollow?: boolean;
}

/** What a non-regular file is, in words for an error message. */
export function fileKind(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

const refused = (refusal: FileRefusal, code: string, kind?: string) =>
  kind === undefined ? { ok: false as const, refusal, code } : { ok: false as const, refusal, code, kind };

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code ?? 'error';

/** What a non-regular entry is, including a symlink when links are not followed. */
const kindOf = (st: Stats) => (st.isSymbolicLink() ? 'a symlink' : fileKind(st));

/** The whole text of a regular file of at most `maxBytes` bytes, or why it was refused. */
export function readRegularFile(path: string, maxBytes: number, options: ReadOptions = {}): RegularFileRead {
  const read = readRegularBytes(path, maxBytes, options);
  return read.ok ? { ok: true, text: read.bytes.toString('utf8'), bytes: read.bytes.length } : read;
}

/** The bytes of a regular file of at most `maxBytes` bytes, or why it was refused. */
export function readRegularBytes(
  path: string,
  maxBytes: number,
  options: ReadOptions = {},
): RegularBytesRead {
  try {
    const st = options.noFollow ? lstatSync(path) : statSync(path);
    if (!st.isFile()) return refused('not-regular', 'ENOTREG', kindOf(st));
    if (st.size > maxBytes) return refused('too-large', 'EFBIG');
  } catch (error) {
    return refused(errno(error) === 'ENOENT' ? 'missing' : 'unreadable', errno(error));
  }
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO swapped in since the stat opens at once instead of waiting for a writer.
    // O_NOFOLLOW: a symlink swapped in since the lstat fails to open (ELOOP) instead of being followed.
    const flags = constants.O_RDONLY | constants.O_NONBLOCK | (options.noFollow ? constants.O_NOFOLLOW : 0);
    fd = openSync(path, flags);
  } catch (error) {
    if (errno(error) === 'ELOOP') return refused('not-regular', 'ENOTREG', 'a symlink');
    return refused(errno(error) === 'ENOENT' ? 'missing' : 'unreadable', errno(error));
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return refused('not-regular', 'ENOTREG', fileKind(st));
    if (st.size > maxBytes) return refused('too-large', 'EFBIG');
    const buffer = Buffer.allocUnsafe(Math.min(maxBytes, st.size) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) return refused('too-large', 'EFBIG');
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    return { ok: true, bytes: buffer.subarray(0, length) };
  } catch (error) {
    return refused('unreadable', errno(error));
  } finally {
    closeSync(fd);
  }
}

/** One line for a refusal: `` `shown` is a FIFO, not a regular file ``. `shown` is how the user named it. */
export function describeRefusal(
  shown: string,
  read: Extract<RegularFileRead, { ok: false }>,
  maxBytes: number,
) {
  const name = `\`${shown.slice(0, 200)}\``;
  switch (read.refusal) {
    case 'not-regular':
      return `${name} is ${read.kind ?? 'not a regular file'}, not a regular file`;
    case 'too-large':
      return `${name} is larger than ${maxBytes} bytes`;
    case 'missing':
    case 'unreadable':
      return `cannot read ${name} (${read.code})`;
    default: {
      const never: never = read.refusal;
      return never;
    }
  }
}
