// Runs the shell of the GitHub Actions step (.github/actions/gavel-route/action.yml) with real bash, the
// built CLI (`npm run build` first; `npm test` does) and a real repository, as a runner would.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { codeLines, Repo, tempRoot } from '../corpora/route';

const ACTION_DIR = resolve('.github/actions/gavel-route');
const action = parse(readFileSync(join(ACTION_DIR, 'action.yml'), 'utf8')) as {
  runs: { steps: { id?: string; name?: string; run?: string }[] };
};
const step = (name: string) => action.runs.steps.find((s) => s.id === name || s.name === name)?.run as string;

let tmp: ReturnType<typeof tempRoot>;
beforeEach(() => {
  tmp = tempRoot('gavel-route-action-');
});
afterEach(() => tmp.cleanup());

function bash(script: string, env: Record<string, string>) {
  return spawnSync('bash', ['-e', '-c', script], {
    env: { PATH: process.env.PATH ?? '', HOME: tmp.root, GIT_CONFIG_GLOBAL: '/dev/null', ...env },
    encoding: 'utf8',
  });
}

/** The environment a runner gives the route step: the workspace, the event, the output files, the range. */
function stepEnv(o: {
  dir: string;
  event: string;
  output: string;
  summary: string;
  base: string;
  head: string;
  pr: string;
}) {
  return {
    GITHUB_ACTION_PATH: ACTION_DIR,
    GITHUB_WORKSPACE: o.dir,
    GITHUB_EVENT_PATH: o.event,
    GITHUB_OUTPUT: o.output,
    GITHUB_STEP_SUMMARY: o.summary,
    RUNNER_TEMP: tmp.root,
    BASE: o.base,
    HEAD: o.head,
    FINDINGS: '',
    RUN_LOG: '',
    TIER: '',
    NOTIFY: '',
    PR_NUMBER: o.pr,
  };
}

describe('the gavel-route action', () => {
  it.each([
    [
      'an untested crypto change',
      { 'src/crypto/k.ts': codeLines(30) },
      'escalate',
      '11',
      'escalate,block',
      11,
    ],
    ['the same, failing only on block', { 'src/crypto/k.ts': codeLines(30) }, 'escalate', '11', 'block', 0],
    ['a docs change', { 'README.md': 'more\n' }, 'approve', '0', 'escalate,block', 0],
  ])(
    '%s: sets the outcome and exit code, writes the summary, fails the step when told',
    (_n, files, outcome, code, failOn, stepExit) => {
      const repo = Repo.create(tmp.root, 'p');
      repo.write({
        'README.md': '# p\n',
        'src/app.ts': codeLines(5),
        'gavel.toml': '[route]\nnotify = ["@acme/reviewers"]\n',
      });
      const base = repo.commit('init');
      repo.branch('feature');
      repo.write(files);
      const head = repo.commit('change');
      const event = join(tmp.root, 'event.json');
      writeFileSync(
        event,
        JSON.stringify({
          pull_request: {
            number: 1,
            user: { login: 'm' },
            author_association: 'MEMBER',
            title: 't',
            body: null,
            labels: [],
          },
        }),
      );
      const output = join(tmp.root, 'output');
      const summary = join(tmp.root, 'summary');
      writeFileSync(output, '');
      const env = stepEnv({ dir: repo.dir, event, output, summary, base, head, pr: '1' });
      const routed = bash(step('route'), env);
      expect(routed.status).toBe(0);
      const out = readFileSync(output, 'utf8');
      expect(out).toContain(`outcome=${outcome}\n`);
      expect(out).toContain(`exit-code=${code}\n`);
      expect(readFileSync(summary, 'utf8').startsWith('<!-- gavel-route -->')).toBe(true);
      const verdict = bash(step('verdict'), { OUTCOME: outcome, CODE: code, FAIL_ON: failOn });
      expect(verdict.status).toBe(stepExit);
    },
  );

  it.each([
    [
      'comments on the pull request: a flag with nobody else to tell stays a flag',
      'true',
      'approve_with_flag',
      '12',
    ],
    ['posts no comment: the same flag has nobody to tell and escalates', 'false', 'escalate', '11'],
  ])('%s', (_n, comment, outcome, code) => {
    const repo = Repo.create(tmp.root, 'p');
    repo.write({ 'README.md': '# p\n', 'src/app.ts': codeLines(5) });
    const base = repo.commit('init');
    repo.branch('feature');
    repo.write({ 'src/auth/login.ts': codeLines(4), 'test/login.test.ts': codeLines(3) });
    const head = repo.commit('change');
    const event = join(tmp.root, 'event.json');
    writeFileSync(
      event,
      JSON.stringify({
        pull_request: {
          number: 7,
          user: { login: 'm' },
          author_association: 'MEMBER',
          title: 't',
          body: null,
          labels: [],
        },
      }),
    );
    const output = join(tmp.root, 'output');
    writeFileSync(output, '');
    const routed = bash(step('route'), {
      ...stepEnv({ dir: repo.dir, event, output, summary: join(tmp.root, 'summary'), base, head, pr: '7' }),
      COMMENT: comment,
    });
    expect(routed.status).toBe(0);
    const out = readFileSync(output, 'utf8');
    expect(out).toContain(`outcome=${outcome}\n`);
    expect(out).toContain(`exit-code=${code}\n`);
    const md = readFileSync(join(tmp.root, 'gavel-route.md'), 'utf8');
    if (comment === 'true') expect(md).toContain('**Notify** the pull request (its gavel comment)');
    else expect(md).toContain('no one is configured to be told');
  });

  it('fails the step on bad input instead of reporting an outcome', () => {
    const repo = Repo.create(tmp.root, 'p');
    repo.write({ 'a.txt': 'a\n' });
    repo.commit('init');
    const output = join(tmp.root, 'output');
    const r = bash(step('route'), {
      GITHUB_ACTION_PATH: ACTION_DIR,
      GITHUB_WORKSPACE: repo.dir,
      GITHUB_EVENT_PATH: join(tmp.root, 'none.json'),
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: join(tmp.root, 'summary'),
      RUNNER_TEMP: tmp.root,
      BASE: 'no-such-commit',
      HEAD: '',
      FINDINGS: '',
      RUN_LOG: '',
      TIER: '',
      NOTIFY: '',
      PR_NUMBER: '',
    });
    expect(r.status).toBe(2);
    expect(readFileSync(output, 'utf8')).not.toContain('outcome=');
  });
});
