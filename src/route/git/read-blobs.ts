/**
 * Reads small blobs (symlink targets) in one `git cat-file --batch` call. A blob larger than `maxBytes`,
 * or one that is missing, is left out of the answer: the caller treats it as unread, never as empty.
 */

import type { GitRunner } from './git-runner';

export async function readBlobs(
  git: GitRunner,
  shas: readonly string[],
  maxBytes: number,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (shas.length === 0) return out;
  const check = await git(
    ['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'],
    '',
    `${shas.join('\n')}\n`,
  );
  if (!check.ok) return out;
  const small = check.stdout
    .split('\n')
    .map((l) => l.split(' '))
    .filter(([, type, size]) => type === 'blob' && Number(size) <= maxBytes)
    .map(([sha]) => sha as string);
  if (small.length === 0) return out;
  const r = await git(['cat-file', '--batch'], '', `${small.join('\n')}\n`);
  if (!r.ok) return out;
  // Each entry: "<sha> blob <size>\n<content>\n". Sizes are in bytes; the run is LC_ALL=C utf8 text here,
  // and targets are short paths, so a latin1 round trip keeps the byte offsets exact.
  const bytes = Buffer.from(r.stdout, 'utf8');
  let at = 0;
  while (at < bytes.length) {
    const nl = bytes.indexOf(0x0a, at);
    if (nl < 0) break;
    const [sha, type, size] = bytes.toString('utf8', at, nl).split(' ');
    const n = Number(size);
    if (type !== 'blob' || !Number.isInteger(n)) break;
    out.set(sha as string, bytes.toString('utf8', nl + 1, nl + 1 + n));
    at = nl + 1 + n + 1;
  }
  return out;
}
