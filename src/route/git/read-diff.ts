/**
 * Reads the changed paths of a range through an object view (no repository config or attributes apply):
 * status and modes from `git diff --raw`, line counts from `--numstat --text` (every file counted as text,
 * whatever an attribute says), and which files git cannot show as text from a plain `--numstat` (in the
 * view, only content with a NUL byte). Such opaque files are counted by size (one line per
 * BYTES_PER_LINE bytes), never as zero lines. A symlink's target is read and kept as a second name.
 * All output NUL-separated, so no path is mangled. Gitlinks (mode 160000) become submodule bumps.
 */

import { IoError } from '../../core';
import type { ChangedFile, ChangeStatus, SubmoduleBump } from '../types';
import type { GitRunner } from './git-runner';
import { readBlobs } from './read-blobs';

const DIFF = ['diff', '--no-ext-diff', '--no-textconv', '--no-renames', '--ignore-submodules=none', '-z'];
const ZERO = /^0+$/;
/** An opaque file counts one changed line per this many bytes. */
export const BYTES_PER_LINE = 50;
/** Symlink targets longer than this are not read (a target is a path). */
const MAX_LINK_BYTES = 4096;

export interface DiffRead {
  files: ChangedFile[];
  submodules: SubmoduleBump[];
}

function numstat(out: string) {
  const counts = new Map<string, { added: number; deleted: number; binary: boolean }>();
  for (const entry of out.split('\0')) {
    const tab1 = entry.indexOf('\t');
    const tab2 = tab1 < 0 ? -1 : entry.indexOf('\t', tab1 + 1);
    if (tab2 < 0) continue;
    const a = entry.slice(0, tab1);
    const d = entry.slice(tab1 + 1, tab2);
    counts.set(entry.slice(tab2 + 1), {
      added: a === '-' ? 0 : Number(a),
      deleted: d === '-' ? 0 : Number(d),
      binary: a === '-',
    });
  }
  return counts;
}

export async function readDiff(git: GitRunner, base: string, head: string): Promise<DiffRead> {
  const [raw, text, plain] = await Promise.all([
    git([...DIFF, '--raw', '--abbrev=40', base, head], ''),
    git([...DIFF, '--numstat', '--text', base, head], ''),
    git([...DIFF, '--numstat', base, head], ''),
  ]);
  if (!raw.ok || !text.ok || !plain.ok) throw new IoError('git', 'git diff failed on the range');
  const lines = numstat(text.stdout);
  const opaque = numstat(plain.stdout);
  const files: ChangedFile[] = [];
  const submodules: SubmoduleBump[] = [];
  const sized: { file: ChangedFile; oldSha: string | null; newSha: string | null }[] = [];
  const links: { file: ChangedFile; sha: string }[] = [];
  const parts = raw.stdout.split('\0');
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const meta = /^:(\d{6}) (\d{6}) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])/.exec(parts[i] as string);
    const path = parts[i + 1] as string;
    if (!meta) continue;
    const [, oldMode, newMode, oldSha, newSha, letter] = meta as unknown as string[];
    if (oldMode === '160000' || newMode === '160000') {
      submodules.push({
        path,
        oldCommit: oldMode === '160000' && !ZERO.test(oldSha as string) ? (oldSha as string) : null,
        newCommit: newMode === '160000' && !ZERO.test(newSha as string) ? (newSha as string) : null,
      });
      if (oldMode === '160000' && newMode === '160000') continue;
      if (oldMode !== '160000' && oldMode !== '000000') {
        files.push({ path, status: 'type-changed', added: 0, deleted: 0, binary: false });
      }
      continue;
    }
    const c = lines.get(path) ?? { added: 0, deleted: 0, binary: false };
    const file: ChangedFile = {
      path,
      status: statusOf(letter as string),
      added: c.added,
      deleted: c.deleted,
      binary: opaque.get(path)?.binary === true,
    };
    files.push(file);
    if (file.binary)
      sized.push({
        file,
        oldSha: ZERO.test(oldSha as string) ? null : (oldSha as string),
        newSha: ZERO.test(newSha as string) ? null : (newSha as string),
      });
    if (newMode === '120000' && !ZERO.test(newSha as string)) links.push({ file, sha: newSha as string });
  }
  await sizeOpaque(git, sized);
  await readLinkTargets(git, links);
  return { files, submodules };
}

/** Opaque files: bytes from the blobs' sizes, lines derived from them (never zero for a non-empty blob). */
async function sizeOpaque(
  git: GitRunner,
  sized: { file: ChangedFile; oldSha: string | null; newSha: string | null }[],
): Promise<void> {
  if (sized.length === 0) return;
  const shas = sized.flatMap((s) => [s.oldSha, s.newSha]).filter((s): s is string => s !== null);
  const r = await git(['cat-file', '--batch-check=%(objectname) %(objectsize)'], '', `${shas.join('\n')}\n`);
  if (!r.ok) throw new IoError('git', 'git cannot size the opaque files of the range');
  const size = new Map<string, number>();
  for (const line of r.stdout.split('\n')) {
    const [sha, n] = line.split(' ');
    if (sha && n && /^\d+$/.test(n)) size.set(sha, Number(n));
  }
  for (const s of sized) {
    const before = s.oldSha === null ? 0 : (size.get(s.oldSha) ?? 0);
    const after = s.newSha === null ? 0 : (size.get(s.newSha) ?? 0);
    s.file.bytes = Math.max(before, after);
    s.file.added = Math.max(s.file.added, Math.ceil(after / BYTES_PER_LINE));
    s.file.deleted = Math.max(s.file.deleted, Math.ceil(before / BYTES_PER_LINE));
  }
}

/** A changed symlink's target, as a second name of the file (classified too). */
async function readLinkTargets(git: GitRunner, links: { file: ChangedFile; sha: string }[]): Promise<void> {
  if (links.length === 0) return;
  const targets = await readBlobs(
    git,
    links.map((l) => l.sha),
    MAX_LINK_BYTES,
  );
  for (const l of links) {
    const target = targets.get(l.sha);
    l.file.linkTarget = target ?? '';
    const alias = target === undefined ? undefined : resolveLink(l.file.path, target);
    l.file.aliases = [...(l.file.aliases ?? []), ...(alias === undefined ? [] : [alias])];
  }
}

/**
 * The repository path a symlink at `path` points to, or the target as written when it leaves the
 * repository (absolute, `~`, or too many `..`): both are names to classify.
 */
export function resolveLink(path: string, target: string): string {
  if (target.startsWith('/') || target.startsWith('~')) return target;
  const out = path.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return target;
      out.pop();
    } else out.push(seg);
  }
  return out.join('/');
}

function statusOf(letter: string): ChangeStatus {
  switch (letter) {
    case 'A':
      return 'added';
    case 'D':
      return 'deleted';
    case 'T':
      return 'type-changed';
    default:
      return 'modified';
  }
}
