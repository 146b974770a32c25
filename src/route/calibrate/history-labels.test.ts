import { describe, expect, it } from 'vitest';
import { type HistoryCommit, type HistoryMerge, labelMerges, prNumberOf } from './history-labels';

const DAY = 86_400;
const merge = (sha: string, time: number, subject: string, brought: string[] = []): HistoryMerge => ({
  sha,
  base: `${sha}-base`,
  time,
  subject,
  brought,
});
const commit = (sha: string, time: number, subject: string, body = ''): HistoryCommit => ({
  sha,
  time,
  subject,
  body,
});

describe('labelMerges: weak labels from what happened after a merge', () => {
  const m1 = merge('a'.repeat(40), 0, 'Merge pull request #12 from x/feature');
  const m2 = merge('b'.repeat(40), DAY, 'Merge pull request #13 from x/other', ['c'.repeat(40)]);
  const m3 = merge('d'.repeat(40), 2 * DAY, 'Merge pull request #14 from x/third');

  it.each([
    [
      'a revert of the merge itself',
      [commit('e1', DAY, 'Revert "x"', `This reverts commit ${'a'.repeat(40)}.`)],
      'escalate',
    ],
    [
      'a revert of a commit the merge brought in',
      [commit('e2', 2 * DAY, 'Revert', `This reverts commit ${'c'.repeat(12)}.`)],
      'escalate',
    ],
    ['a hot fix naming the pull request', [commit('e3', 3 * DAY, 'hotfix: crash after #14')], 'escalate'],
    [
      'a revert past the window',
      [commit('e4', 9 * DAY, 'Revert', `This reverts commit ${'a'.repeat(40)}.`)],
      'approve',
    ],
    ['a fix naming another pull request', [commit('e5', DAY, 'hotfix: #99')], 'approve'],
    ['an ordinary commit naming it', [commit('e6', DAY, 'docs: follow-up to #12')], 'approve'],
  ])('%s', (_name, later, want) => {
    const labels = labelMerges([m1, m2, m3], later);
    const touched = labels.filter((l) => l.right === 'escalate');
    if (want === 'approve') expect(touched).toEqual([]);
    else expect(touched).toHaveLength(1);
  });

  it('says why and keeps the range to route', () => {
    const [l] = labelMerges(
      [m1],
      [commit('f'.repeat(40), 10, 'Revert', `This reverts commit ${'a'.repeat(40)}.`)],
    );
    expect(l).toEqual({
      id: m1.sha,
      base: m1.base,
      head: m1.sha,
      right: 'escalate',
      why: `reverted by ${'f'.repeat(12)}`,
    });
  });

  it('reads the pull request number of the usual merge subjects', () => {
    expect(prNumberOf('Merge pull request #123 from a/b')).toBe('123');
    expect(prNumberOf('feat: thing (#45)')).toBe('45');
    expect(prNumberOf('Merge branch main')).toBeUndefined();
  });
});
