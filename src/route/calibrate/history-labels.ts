/**
 * Weak labels from a repository's own merges, for `gavel route calibrate --from-history`: a merge that was
 * reverted, or followed by a hot fix that names it, within a window needed a person (`escalate`); every
 * other merge could proceed (`approve`). Pure: commits in, labels out; reads no git.
 * WEAK by design: a merge nobody reverted may still have needed a person (a bug found months later, a fix
 * that names nothing), and a revert may be routine (a flaky release). The labels calibrate thresholds to a
 * team's own history; they are not ground truth (docs/route.md).
 */

import type { Outcome } from '../../core';

export interface HistoryMerge {
  sha: string;
  /** The first parent: the branch before the merge. */
  base: string;
  /** Commit time, seconds since the epoch. */
  time: number;
  subject: string;
  /** The commits the merge brought in (second parent's side), for reverts of one of them. */
  brought: readonly string[];
}

export interface HistoryCommit {
  sha: string;
  time: number;
  subject: string;
  body: string;
}

export interface HistoryLabel {
  id: string;
  base: string;
  head: string;
  right: Outcome;
  /** Why it was labelled so: `reverted by <sha12>`, `hot fix <sha12>`, or `no revert or hot fix in <n> days`. */
  why: string;
}

export const HISTORY_WINDOW_DAYS = 7;

const REVERTS = /\bThis reverts commit ([0-9a-f]{7,40})\b/g;
const HOTFIX = /\b(hot-?fix|revert)\b/i;

/** The pull-request number a merge names (`Merge pull request #12`, `... (#12)`), if any. */
export function prNumberOf(subject: string): string | undefined {
  return /#(\d{1,7})\b/.exec(subject)?.[1];
}

function revertedShas(c: HistoryCommit): string[] {
  return [...`${c.subject}\n${c.body}`.matchAll(REVERTS)].map((m) => m[1] ?? '');
}

const sameCommit = (a: string, b: string) =>
  a.length >= 7 && b.length >= 7 && (a.startsWith(b) || b.startsWith(a));

/**
 * Labels each merge: `escalate` when, within `windowDays` after it, a commit reverts the merge or one of
 * the commits it brought in, or a commit whose subject says hot fix or revert names its pull request
 * (`#N`); otherwise `approve`.
 */
export function labelMerges(
  merges: readonly HistoryMerge[],
  later: readonly HistoryCommit[],
  windowDays: number = HISTORY_WINDOW_DAYS,
): HistoryLabel[] {
  const window = windowDays * 86_400;
  return merges.map((m) => {
    const label = (right: Outcome, why: string): HistoryLabel => ({
      id: m.sha,
      base: m.base,
      head: m.sha,
      right,
      why,
    });
    const after = later.filter((c) => c.sha !== m.sha && c.time >= m.time && c.time <= m.time + window);
    const pr = prNumberOf(m.subject);
    for (const c of after) {
      const reverted = revertedShas(c);
      if (reverted.some((r) => sameCommit(r, m.sha) || m.brought.some((b) => sameCommit(r, b))))
        return label('escalate', `reverted by ${c.sha.slice(0, 12)}`);
      const namesPr = pr !== undefined && new RegExp(`#${pr}\\b`).test(`${c.subject}\n${c.body}`);
      if (namesPr && HOTFIX.test(c.subject)) return label('escalate', `hot fix ${c.sha.slice(0, 12)}`);
    }
    return label('approve', `no revert or hot fix in ${windowDays} days`);
  });
}
