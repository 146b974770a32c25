// `gavel route calibrate --from-history` on a real git repository made in a temp dir: merges with --no-ff, one
// reverted the next day, one hot-fixed naming its pull request, two left alone; the weak labels say so, each
// merge is routed as the range from its first parent, and the thresholds are fitted to them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core';
import { DEFAULT_COSTS } from '../../route';
import { runMain } from '../../surfaces/cli/fake-context.testkit';
import { calibrateRoutes } from './calibrate-routes';

let tmp: string;
let repo: string;
let env: Record<string, string>;
const DAY = 86_400;
const T0 = 1_764_000_000;

function git(args: string[], at: number): string {
  const date = `@${at} +0000`;
  return execFileSync('git', args, {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, ...env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
  }).trim();
}

/** A pull request: a branch with one commit on `file`, merged with --no-ff; returns the merge's sha. */
function pr(n: number, file: string, at: number): string {
  git(['checkout', '-q', '-b', `pr-${n}`, 'main'], at);
  writeFileSync(join(repo, file), `change ${n}\n`);
  git(['add', file], at);
  git(['commit', '-q', '-m', `feature ${n}`], at);
  git(['checkout', '-q', 'main'], at);
  git(['merge', '-q', '--no-ff', '-m', `Merge pull request #${n} from team/pr-${n}`, `pr-${n}`], at + 60);
  return git(['rev-parse', 'HEAD'], at + 60);
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'gavel-calibrate-history-'));
  repo = join(tmp, 'repo');
  env = {
    HOME: join(tmp, 'home'),
    XDG_CONFIG_HOME: join(tmp, 'xdg'),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  execFileSync('git', ['init', '-q', '-b', 'main', repo]);
  writeFileSync(join(repo, 'README.md'), '# app\n');
  git(['add', '.'], T0);
  git(['commit', '-q', '-m', 'initial'], T0);
  const reverted = pr(1, 'src-a.ts', T0 + DAY);
  git(['revert', '--no-edit', '-m', '1', reverted], T0 + 2 * DAY);
  pr(2, 'src-b.ts', T0 + 3 * DAY);
  pr(3, 'src-c.ts', T0 + 4 * DAY);
  writeFileSync(join(repo, 'src-c.ts'), 'fixed\n');
  git(['commit', '-q', '-am', 'hotfix: crash after #3'], T0 + 5 * DAY);
  pr(4, 'src-d.ts', T0 + 20 * DAY);
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('route calibrate --from-history', () => {
  it('labels each merge from what followed it and fits the thresholds to those labels', async () => {
    const run = await calibrateRoutes({
      repo,
      cwd: repo,
      env,
      clock: fixedClock('2026-12-01T00:00:00Z'),
      notice: () => {},
      costs: DEFAULT_COSTS,
      fromHistory: { limit: 10, windowDays: 7 },
    });
    if (!run.ok) throw new Error(run.problem);
    const labels = run.labels ?? [];
    expect(labels).toHaveLength(4);
    const byPr = (n: number) =>
      labels.find((l) => git(['log', '-1', '--format=%s', l.head], T0).includes(`#${n} `));
    expect(byPr(1)).toMatchObject({ right: 'escalate', why: expect.stringMatching(/^reverted by /) });
    expect(byPr(3)).toMatchObject({ right: 'escalate', why: expect.stringMatching(/^hot fix /) });
    expect(byPr(2)?.right).toBe('approve');
    expect(byPr(4)?.right).toBe('approve');
    for (const l of labels) expect(git(['rev-parse', `${l.head}^1`], T0)).toBe(l.base);
    expect(run.result.current.cases).toBe(4);
  });

  it('the CLI prints the weak labels first and says they are weak; --json carries them', async () => {
    const text = await runMain(['route', 'calibrate', '--from-history'], { cwd: repo, env });
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^weak labels from 4 merge\(s\): 2 reverted or hot-fixed within 7 days/);
    const json = await runMain(['route', 'calibrate', '--from-history', '--merges', '2', '--json'], {
      cwd: repo,
      env,
    });
    expect(JSON.parse(json.out).weakLabels).toHaveLength(2);
    const both = await runMain(['route', 'calibrate', '--from-history', '--cases', 'x.jsonl'], {
      cwd: repo,
      env,
    });
    expect(both.code).toBe(2);
  });
});
