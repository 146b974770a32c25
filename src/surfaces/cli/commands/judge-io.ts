/**
 * What `gavel judge` reads from the machine, for the command to hand to the judge: a node:fs view that
 * never follows a symlink, and the files git says changed since a base (committed, staged, unstaged,
 * untracked). The eval and the judge's golden test read the disk through the same view. Read-only: runs
 * `git diff` and `git ls-files`, writes nothing.
 */

import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { UsageError } from '../../../core';
import type { JudgeFs } from '../../../judge';

export function nodeJudgeFs(): JudgeFs {
  return {
    stat(p) {
      try {
        const s = lstatSync(p);
        return {
          type: s.isSymbolicLink() ? 'symlink' : s.isDirectory() ? 'dir' : s.isFile() ? 'file' : 'other',
          size: s.size,
        };
      } catch {
        return undefined;
      }
    },
    list: (p) => readdirSync(p),
    read: (p) => readFileSync(p),
    readlink: (p) => {
      try {
        return readlinkSync(p);
      } catch {
        return undefined;
      }
    },
  };
}

/** A project file's text through the judge's view (never through a symlink); undefined when unreadable. */
export function readProjectText(fs: JudgeFs, root: string, rel: string): string | undefined {
  const parts = rel.split('/');
  if (rel === '' || parts.some((p) => p === '..' || p === '')) return undefined;
  for (let i = 1; i <= parts.length; i++) {
    const st = fs.stat(`${root}/${parts.slice(0, i).join('/')}`);
    if (st === undefined || st.type === 'symlink') return undefined;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(fs.read(`${root}/${rel}`));
  } catch {
    return undefined;
  }
}

/** Files changed since `base` in the git work tree at `root`: committed, staged, unstaged and untracked. */
export function gitChangedFiles(root: string, base: string): Set<string> {
  // The repository's own config must run nothing: fsmonitor is a command git would run (as route pins it).
  const git = (args: string[]) =>
    execFileSync('git', ['-C', root, '-c', 'core.fsmonitor=false', '-c', 'core.quotepath=off', ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  if (base.startsWith('-')) throw new UsageError(`\`${base}\` is not a revision`);
  let top: string;
  try {
    top = git(['rev-parse', '--show-toplevel']).trim();
    git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`]);
  } catch {
    throw new UsageError(`cannot compare with \`${base}\`: not a git revision in \`${root}\``);
  }
  const list = (args: string[]) => git(args).split('\0').filter(Boolean);
  const files = [
    ...list(['diff', '--no-ext-diff', '--no-textconv', '--name-only', '-z', base, '--']),
    ...list(['ls-files', '--others', '--exclude-standard', '-z']),
  ];
  const prefix = root === top ? '' : `${root.slice(top.length + 1)}/`;
  return new Set(files.filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length)));
}
