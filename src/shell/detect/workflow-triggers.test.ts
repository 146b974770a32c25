// What a label, a comment or a ready mark starts (round 31, blind: `gh pr edit 241 --add-label preview-release`
// published a preview build through a `pull_request_target` workflow holding the npm token; round 30: a
// `/migrate-preview` comment). The reader is a table in memory (a folder reads as `not-regular` with its entries).
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile } from '../types';

const P = '/home/u/proj';
const text = (t: string): ScriptFile => ({ kind: 'text', text: t });
const LABELED =
  "on:\n  pull_request_target:\n    types: [labeled, synchronize]\njobs:\n  preview:\n    if: contains(github.event.pull_request.labels.*.name, 'preview-release')\n    steps:\n      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n";
const COMMENT =
  "on:\n  issue_comment:\n    types: [created]\npermissions:\n  contents: write\njobs:\n  go:\n    if: contains(github.event.comment.body, '/migrate-preview')\n    steps:\n      - run: ./gradlew flywayMigrate\n";
const CI =
  'on:\n  pull_request:\n  push:\n    branches: [main]\njobs:\n  test:\n    steps:\n      - run: npm test\n';

function codes(command: string, workflows: Record<string, string>) {
  const files: Record<string, ScriptFile> = {
    [`${P}/.git`]: { kind: 'unreadable', why: 'not-regular' },
    [`${P}/.git/HEAD`]: text('ref: refs/heads/feat/x\n'),
    [`${P}/.git/objects`]: { kind: 'unreadable', why: 'not-regular' },
    [`${P}/.git/refs`]: { kind: 'unreadable', why: 'not-regular' },
    [`${P}/.git/config`]: text('[core]\n\tbare = false\n'),
    [`${P}/.github/workflows`]: { kind: 'unreadable', why: 'not-regular', entries: Object.keys(workflows) },
  };
  for (const [name, t] of Object.entries(workflows)) files[`${P}/.github/workflows/${name}`] = text(t);
  const env = shellEnv({ cwd: P, readScript: (abs) => files[abs] ?? { kind: 'missing' } });
  return analyzeShellSync(command, env).uncertain.map((u) => u.reason);
}
const starts = (rs: string[]) => rs.some((x) => x.includes('starts a workflow'));

beforeAll(async () => {
  await loadShellParser();
});

describe('a change that starts a privileged workflow is uncertain', () => {
  it.each([
    ['the label a workflow waits for', 'gh pr edit 241 --add-label preview-release', { 'p.yml': LABELED }],
    ['among several labels', 'gh pr edit 241 --add-label docs,preview-release', { 'p.yml': LABELED }],
    ['glued', 'gh pr edit --add-label=preview-release', { 'p.yml': LABELED }],
    ['a label known at run time', 'gh pr edit 1 --add-label "$L"', { 'p.yml': LABELED }],
    [
      'any label, when no condition names one',
      'gh issue edit 3 --add-label bug',
      {
        'triage.yml':
          'on:\n  issues:\n    types: [labeled]\njobs:\n  t:\n    steps:\n      - run: echo ${{ secrets.BOT }}\n',
      },
    ],
    [
      'the comment words a workflow waits for',
      "gh pr comment 42 --body '/migrate-preview please'",
      { 'c.yml': COMMENT },
    ],
    ['a comment body from a file', 'gh pr comment 42 --body-file note.md', { 'c.yml': COMMENT }],
    // Review of this session: a line printing the labels names none; a writing permission in flow style; no
    // permissions at all.
    [
      'a workflow that prints the labels',
      'gh pr edit 12 --add-label ship',
      {
        'p.yml':
          'on:\n  pull_request_target:\n    types: [labeled]\npermissions:\n  contents: read\njobs:\n  p:\n    steps:\n      - run: echo "${{ toJson(github.event.pull_request.labels) }}" ${{ secrets.NPM_TOKEN }}\n',
      },
    ],
    [
      'flow-style permissions',
      'gh pr edit 2 --add-label size/S',
      {
        'l.yml':
          'on:\n  pull_request_target:\n    types: [labeled]\npermissions: { contents: write } # release\njobs:\n  l:\n    steps:\n      - run: echo labeled\n',
      },
    ],
    [
      'no permissions block',
      'gh pr edit 2 --add-label size/S',
      {
        'l.yml':
          'on:\n  pull_request_target:\n    types: [labeled]\njobs:\n  l:\n    steps:\n      - run: echo labeled\n',
      },
    ],
    [
      'ready for review',
      'gh pr ready 42',
      {
        'r.yml':
          'on:\n  pull_request_target:\n    types: [ready_for_review]\npermissions:\n  pull-requests: write\n',
      },
    ],
  ])('%s: %s', (_n, command, workflows) => {
    expect(starts(codes(command, workflows))).toBe(true);
  });
});

describe('a change that starts nothing privileged stays known', () => {
  it.each([
    ['another label', 'gh pr edit 241 --add-label docs', { 'p.yml': LABELED, 'ci.yml': CI }],
    // A label whose name is part of a word of the workflow (round 29: `ui` in `build`).
    [
      'a label named like part of a word',
      'gh pr edit 241 --add-label ui',
      { 'p.yml': `${LABELED}      - run: npm run build\n` },
    ],
    ['an ordinary comment', "gh pr comment 42 --body 'LGTM, thanks'", { 'c.yml': COMMENT }],
    ['no workflow on the event', 'gh pr edit 241 --add-label preview-release', { 'ci.yml': CI }],
    ['another repository', 'gh pr edit 1 -R other/repo --add-label preview-release', { 'p.yml': LABELED }],
    ['a title edit', "gh pr edit 241 --title 'fix: x'", { 'p.yml': LABELED }],
    [
      'a labeled workflow without secrets or a writing token',
      'gh pr edit 2 --add-label size/S',
      {
        'l.yml':
          'on:\n  pull_request:\n    types: [labeled]\npermissions:\n  contents: read\njobs:\n  l:\n    steps:\n      - run: echo labeled\n',
      },
    ],
  ])('%s: %s', (_n, command, workflows) => {
    expect(starts(codes(command, workflows))).toBe(false);
  });
});
