// A push that deletes a remote ref (issue 11, ordinary work stays quiet, and round thirty-four): deleting a named
// feature branch is everyday work, a tag is a release others fetch. A tag is known by the repository's own refs
// (`refs/tags/<name>`, loose or packed by `git pack-refs`), not only by a version-like name: `snapshot-2024-08` was
// allowed as a branch. A real repository made by git in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gitWorkspace } from './testdata/git-workspace';

const base = mkdtempSync(join(tmpdir(), 'gavel-push-delete-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function repository(name: string, packed: boolean) {
  const { git, judge } = gitWorkspace(base, name);
  git('init', '-q', '-b', 'main');
  git('-c', 'user.name=a', '-c', 'user.email=a@b', 'commit', '-q', '--allow-empty', '-m', 'x');
  git('tag', 'snapshot-2024-08');
  git('branch', 'feat/x');
  git('remote', 'add', 'origin', 'git@github.com:acme/shop.git');
  if (packed) git('pack-refs', '--all');
  return judge;
}

describe.each([
  ['loose', false],
  ['packed', true],
])('a push deleting a ref (%s refs)', (name, packed) => {
  const judge = repository(name, packed);
  it.each(['git push --delete origin snapshot-2024-08', 'git push origin :snapshot-2024-08'])(
    'a tag of the repository is not allowed: %s',
    async (command) => {
      const r = await judge(command);
      expect(r.decision.verdict).not.toBe('allow');
      expect(JSON.stringify(r.decision)).toContain('remote_resource_delete');
    },
  );
  it('a feature branch is allowed', async () => {
    expect((await judge('git push origin --delete feat/x')).decision.verdict).toBe('allow');
  });
  // Final read: a release tag made on the remote after the last fetch is no tag here; only a known branch is.
  it.each(['git push origin --delete release-2026-12', 'git push origin :release-2026-12'])(
    'a name the repository does not know as a branch is not allowed: %s',
    async (command) => {
      expect((await judge(command)).decision.verdict).not.toBe('allow');
    },
  );
});
