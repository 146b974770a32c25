/**
 * Reads the changed paths of a range: status and modes from `git diff --raw`, line counts from
 * `--numstat`, both NUL-separated so no path is ever mangled. Gitlinks (mode 160000) become submodule
 * bumps; everything else a changed file.
 */

import { IoError } from '../../core';
import type { ChangedFile, ChangeStatus, SubmoduleBump } from '../types';
import type { GitRunner } from './git-runner';

const DIFF = ['diff', '--no-ext-diff', '--no-textconv', '--no-renames', '-z'];
const ZERO = /^0+$/;

export async function readDiff(git: GitRunner, top: string, base: string, head: string) {
  const [raw, numstat] = await Promise.all([
    git([...DIFF, '--raw', '--abbrev=40', base, head], top),
    git([...DIFF, '--numstat', base, head], top),
  ]);
  if (!raw.ok || !numstat.ok) throw new IoError('git', 'git diff failed on the range');
  const counts = new Map<string, { added: number; deleted: number; binary: boolean }>();
  for (const entry of numstat.stdout.split('\0')) {
    const m = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(entry);
    if (!m) continue;
    counts.set(m[3] as string, {
      added: m[1] === '-' ? 0 : Number(m[1]),
      deleted: m[2] === '-' ? 0 : Number(m[2]),
      binary: m[1] === '-',
    });
  }
  const files: ChangedFile[] = [];
  const submodules: SubmoduleBump[] = [];
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
    const c = counts.get(path) ?? { added: 0, deleted: 0, binary: false };
    files.push({ path, status: statusOf(letter as string), ...c });
  }
  return { files, submodules };
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
