/**
 * Collects the facts of a change from a real git repository: changed files and line counts, submodule
 * bumps (inspected recursively when possible), commit messages, manifest version changes, CODEOWNERS and
 * gavel.toml as of the base, and whether the head's authors are new to the history. The only stage of
 * `route` that runs git. Everything but revision lookup goes through an object view (src/reader), where
 * no repository config, attribute or replace ref applies. What could not be read is listed in `unread`.
 */

import { IoError } from '../../core';
import { openObjectView } from '../../reader';
import type { Classifier } from '../route-policy';
import type { ChangeFacts } from '../types';
import type { GitRunner } from './git-runner';
import { readDiff } from './read-diff';
import { readSubmodule } from './read-submodule';
import { addTreeAliases } from './read-tree-links';
import { readVersions } from './read-versions';
import type { Range } from './resolve-range';

const CODEOWNERS_PATHS = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS'];
const MAX_COMMITS = 500;
const MAX_AUTHORS = 5;

/** `git` is the pinned runner for the real repository (src/reader). */
export async function collectChange(
  git: GitRunner,
  range: Range,
  classifier: Classifier,
): Promise<ChangeFacts> {
  const opened = await openObjectView(git, range.top);
  if (!opened.ok) throw new IoError('git', `cannot read the repository's objects: ${opened.why}`);
  try {
    return await collectFromView(git, opened.view.git, range, classifier);
  } finally {
    opened.view.close();
  }
}

async function collectFromView(
  real: GitRunner,
  git: GitRunner,
  range: Range,
  classifier: Classifier,
): Promise<ChangeFacts> {
  const { top, base, head } = range;
  const [diff, commits, codeowners, authorNew] = await Promise.all([
    readDiff(git, base, head),
    readCommits(git, top, base, head),
    readCodeowners(git, top, base),
    authorsNewToHistory(git, top, base, head),
  ]);
  const unread = await addTreeAliases(git, head, diff.files);
  if (commits.length > MAX_COMMITS)
    unread.push(
      `the range holds more than ${MAX_COMMITS} commits: only the latest ${MAX_COMMITS} messages were read`,
    );
  if (diff.files.length === 0 && diff.submodules.length === 0)
    unread.push('the range holds no change: there is nothing to review');
  const submodules: ChangeFacts['submodules'] = [];
  const files = [...diff.files];
  for (const s of diff.submodules) {
    const read = await readSubmodule(real, top, s);
    submodules.push(...read.bumps);
    files.push(...read.files);
  }
  const manifests = diff.files
    .filter(
      (f) =>
        f.status !== 'deleted' &&
        classifier.security(f.path).includes('dependencies') &&
        !classifier.isLockfile(f.path),
    )
    .map((f) => f.path);
  let versions: ChangeFacts['versions'] = [];
  let manifestOther: string[] = [];
  if (manifests.length > 0) {
    const r = await git(
      ['diff', '--no-ext-diff', '--no-textconv', '--no-renames', '-U0', base, head, '--', ...manifests],
      top,
    );
    if (!r.ok) throw new IoError('git', 'git diff of the dependency manifests failed');
    const read = readVersions(r.stdout);
    versions = read.versions;
    manifestOther =
      read.other > 0 ? [`${read.other} manifest line(s) changed that are not a version bump`] : [];
  }
  return {
    base,
    head,
    files,
    submodules,
    unread,
    commits,
    manifestOther,
    versions,
    codeowners,
    authorNewToHistory: authorNew,
  };
}

async function readCommits(git: GitRunner, top: string, base: string, head: string) {
  const r = await git(
    [
      'log',
      '--no-show-signature',
      `--max-count=${MAX_COMMITS + 1}`,
      '--format=%H%x1f%B%x1e',
      `${base}..${head}`,
    ],
    top,
  );
  if (!r.ok) throw new IoError('git', 'git log failed on the range');
  return r.stdout
    .split('\x1e')
    .map((chunk) => chunk.replace(/^\n/, ''))
    .filter((chunk) => chunk.includes('\x1f'))
    .map((chunk) => {
      const [sha, message] = chunk.split('\x1f') as [string, string];
      return { sha: sha.trim(), message };
    });
}

async function readCodeowners(git: GitRunner, top: string, base: string) {
  const ls = await git(['ls-tree', '--name-only', base, '--', ...CODEOWNERS_PATHS], top);
  if (!ls.ok) return null;
  const present = new Set(ls.stdout.split('\n').filter(Boolean));
  const file = CODEOWNERS_PATHS.find((p) => present.has(p));
  if (file === undefined) return null;
  const r = await git(['cat-file', 'blob', `${base}:${file}`], top);
  if (!r.ok) throw new IoError('git', `cannot read \`${file}\` at the base`);
  return { file, text: r.stdout };
}

async function authorsNewToHistory(
  git: GitRunner,
  top: string,
  base: string,
  head: string,
): Promise<boolean> {
  const r = await git(['log', '--format=%ae', `${base}..${head}`], top);
  if (!r.ok) return false;
  const emails = [...new Set(r.stdout.split('\n').filter(Boolean))].slice(0, MAX_AUTHORS);
  if (emails.length === 0) return false;
  const seen = await Promise.all(
    emails.map((e) => git(['log', '-1', '--format=%H', '--fixed-strings', `--author=<${e}>`, base], top)),
  );
  return seen.some((s) => s.ok && s.stdout.trim() === '');
}
