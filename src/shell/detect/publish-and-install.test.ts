// Pushes that publish, installs outside the workspace, and containers of a stranger's image or open to the
// network (issue 11, ADR 0075): each a question with a reason, each beside its ordinary twin that stays quiet.
// A real temp folder (a git repository made with fs calls); nothing is ever run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject;

beforeAll(async () => {
  await loadShellParser();
  p = diskProject('publish-');
  p.write({
    '.git/HEAD': 'ref: refs/heads/feat/x\n',
    '.git/config': '[core]\n\trepositoryformatversion = 0\n',
    '.git/refs/remotes/origin/HEAD': 'ref: refs/remotes/origin/trunk\n',
    '.git/objects/.keep': '',
    'vendor/.keep': '',
  });
});
afterAll(() => p.remove());

const reasons = (command: string) => analyzeShellSync(command, p.env()).uncertain.map((u) => u.reason);

describe('a push that publishes', () => {
  it.each([
    'git push origin v1.2.0',
    'git push origin refs/tags/x',
    'git push --tags',
    'git push --follow-tags origin feat/x',
    'git push origin HEAD:gh-pages',
    'git push origin HEAD:production',
    'git push origin main:release',
    'git push origin HEAD:refs/heads/deploy/prod',
    'git push origin v2.0.0 v2.0.1',
    'git push origin HEAD:trunk',
    'git push -on origin v1.2.0',
    'git push -o -n origin v1.2.0',
    'git push --push-option -n origin v1.2.0',
    'git push --push-option --dry-run origin v1.2.0',
  ])('%s is a question', (command) => {
    expect(reasons(command).join(' ')).toMatch(/publishes|deploys or releases/);
  });
  it.each([
    'git push origin feat/x',
    'git push -u origin HEAD',
    'git push origin fix/release-notes',
    'git push origin feat/x --tags --dry-run',
    'git push -n origin v1.2.0',
    'git push -un origin HEAD:gh-pages',
  ])('%s stays quiet', (command) => {
    expect(reasons(command)).toEqual([]);
  });
});

describe('an install outside the workspace', () => {
  it.each([
    'pip install --user black',
    'pip3 install --break-system-packages httpie',
    'python3 -m pip install --user x',
    'uv pip install --system x',
    'pip install --target /opt/x y',
    'pip install --prefix=/usr/local y',
    'pip install --root "$R" y',
  ])('%s is a question', (command) => {
    expect(reasons(command).join(' ')).toMatch(/installs (outside the workspace|into a folder)/);
  });
  it.each(['pip install black', 'uv pip install x', 'pip install --target ./vendor y'])(
    '%s stays quiet',
    (command) => {
      expect(reasons(command)).toEqual([]);
    },
  );
});

describe('a container of a stranger or open to the network', () => {
  it.each([
    'docker run --rm someone-unknown/toolbox:latest',
    'docker run --rm ghcr.io/acme/tool:1',
    'docker run --rm -p 0.0.0.0:8080:80 nginx',
    'docker run --rm --publish=[::]:8080:80 nginx',
    // The same option in a short cluster, glued to its value, or known only at run time.
    'docker run -dp 0.0.0.0:6379:6379 redis:7',
    'docker run -itp 0.0.0.0:80:80 nginx',
    'docker run -d -p0.0.0.0:1:1 redis',
    'docker run --rm -p "$BIND:80" nginx',
  ])('%s is a question', (command) => {
    expect(reasons(command).join(' ')).toMatch(
      /image that is neither|every network interface|address is known only at run time/,
    );
  });
  it.each([
    'docker run -d -p 5432:5432 -e POSTGRES_PASSWORD=pw postgres:16',
    'docker run --rm node:20 node -v',
    'docker run --rm -p 127.0.0.1:8080:80 library/nginx',
    'docker run -dp 5432:5432 postgres:16',
    `docker run --rm someone/tool@sha256:${'a'.repeat(64)}`,
  ])('%s stays quiet', (command) => {
    expect(reasons(command)).toEqual([]);
  });
});
