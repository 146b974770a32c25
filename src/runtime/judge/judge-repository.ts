/**
 * What `gavel judge` reads of the project, through the hardened reader (src/reader): a node:fs view that
 * never follows a symlink and reads only regular files under a bound (a FIFO, socket or device is never
 * opened, one swapped in after the walk is refused), and the files changed since a base (committed, staged,
 * unstaged, untracked, ignored ones included) read through a work-tree view, so the repository's config,
 * filters, fsmonitor and hooks never run. The eval and the judge's golden test read the disk through the
 * same view. Read-only.
 */

import { lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { UsageError } from '../../core';
import type { JudgeFs } from '../../judge';
import { describeRefusal, openWorkTreeView, readRegularBytes } from '../../reader';

/** The node:fs view of the judge; a file over `maxFileBytes` (or not regular, or a symlink) is never read. */
export function nodeJudgeFs(maxFileBytes = 2 * 1024 * 1024): JudgeFs {
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
    read: (p) => {
      const r = readRegularBytes(p, maxFileBytes, { noFollow: true });
      // The path is the caller's own (the walk found it); the judge turns the throw into an unreadable gap.
      if (!r.ok) throw new Error(describeRefusal(p, r, maxFileBytes));
      return r.bytes;
    },
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

/** The `-z` output of a listing split into its entries. */
const entries = (stdout: string) => stdout.split('\0').filter(Boolean);

/**
 * Project-relative paths changed since `base` in the work tree holding `root`: the diff of the base with the
 * work tree (committed, staged, unstaged; deletions too), every untracked file whether ignored or not (a
 * `.gitignore` can hide nothing), and every submodule, whose contents count as changed (its own repository is
 * never run). A folder that changed as a whole ends in `/` (`''/` when it holds the project): every unit
 * below it counts as changed. Throws a one-line UsageError when the base or the repository cannot be read.
 */
export async function changedSince(
  root: string,
  base: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Set<string>> {
  if (base.startsWith('-')) throw new UsageError(`\`${base.slice(0, 60)}\` is not a revision`);
  const opened = await openWorkTreeView(env, root);
  if (!opened.ok)
    throw new UsageError(`cannot compare with \`${base.slice(0, 60)}\`: \`${root}\`: ${opened.why}`);
  const { view } = opened;
  try {
    const sha = await view.real(
      ['rev-parse', '--verify', '--quiet', '--end-of-options', `${base}^{commit}`],
      view.top,
    );
    if (!sha.ok)
      throw new UsageError(`cannot compare with \`${base.slice(0, 60)}\`: not a git revision in \`${root}\``);
    const run = async (args: string[]) => {
      const r = await view.git(args, view.top);
      if (!r.ok)
        throw new UsageError(`cannot list the changes since \`${base.slice(0, 60)}\` in \`${root}\``);
      return entries(r.stdout);
    };
    const diff = await run([
      'diff',
      '--name-only',
      '-z',
      '--no-ext-diff',
      '--no-textconv',
      '--no-renames',
      '--ignore-submodules=all',
      sha.stdout.trim(),
      '--',
    ]);
    const untracked = await run(['ls-files', '--others', '--directory', '-z']);
    // Index entries of mode 160000 are submodules: `MODE SHA STAGE\tPATH`.
    const submodules = (await run(['ls-files', '--stage', '-z']))
      .filter((e) => e.startsWith('160000 '))
      .map((e) => `${e.slice(e.indexOf('\t') + 1)}/`);
    const real = realpathSync(root);
    const prefix = real === view.top ? '' : `${real.slice(view.top.length + 1)}/`;
    const out = new Set<string>();
    for (const f of [...diff, ...untracked, ...submodules]) {
      if (f.startsWith(prefix)) out.add(f.slice(prefix.length));
      // A changed folder that holds the whole project.
      else if (f.endsWith('/') && prefix.startsWith(f)) out.add('/');
    }
    return out;
  } finally {
    view.close();
  }
}
