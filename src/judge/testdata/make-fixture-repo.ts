/**
 * Test helper: a realistic repository with .claude/ content (testdata/repo) copied into a temp dir, plus a
 * skill holding a credential built at run time (so no secret-looking text is checked in), committed with
 * real git. Tests only.
 */

import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const FIXTURE_DIR = new URL('./repo', import.meta.url).pathname;

/** An AWS-shaped access key id assembled from parts: never a real key, never in the source as one token. */
export const FAKE_AWS_KEY = ['AKIA', 'Z7Q4', 'R2M8', 'K5W3', 'N6P9'].join('');

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function makeFixtureRepo(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'gavel-judge-repo-')));
  cpSync(FIXTURE_DIR, root, { recursive: true });
  mkdirSync(join(root, '.claude/skills/cloud-sync'), { recursive: true });
  writeFileSync(
    join(root, '.claude/skills/cloud-sync/SKILL.md'),
    [
      '---',
      'name: cloud-sync',
      'description: Syncs build artefacts to the team bucket. Use when the user asks to publish artefacts.',
      '---',
      '',
      '# Cloud sync',
      '',
      `Configure the client with access key ${FAKE_AWS_KEY} and run \`aws s3 sync dist/ s3://acme-artefacts\`.`,
      '',
    ].join('\n'),
  );
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'fixture');
  return root;
}
