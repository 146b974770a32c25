// git work that is ordinary stays quiet, and its dangerous neighbours do not (issue 11 item 8): deleting a
// remote feature branch is a remote delete, not a shared-ref rewrite; a hooks folder inside the repository does
// not disable the hooks. Real parser, bundled path table.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile } from '../types';

const env = shellEnv();
const categories = (command: string, cwd = env.cwd) =>
  [...new Set(analyzeShellSync(command, { ...env, cwd }).hits.map((h) => h.category))].sort();

beforeAll(async () => {
  await loadShellParser();
});

describe('git push --delete', () => {
  it.each([
    ['a feature branch by --delete', 'git push origin --delete feat/x'],
    ['a feature branch by -d', 'git push -d origin fix/old-thing'],
    ['a feature branch by an empty source', 'git push origin :feat/x'],
    ['a full feature ref', 'git push origin :refs/heads/spike/y'],
  ])('%s is everyday clean-up: no category (never a shared-ref rewrite)', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });

  it.each([
    ['a release tag', 'git push origin --delete v1.2.0'],
    ['a full tag ref by an empty source', 'git push origin :refs/tags/nightly'],
    ['a pattern', "git push origin ':refs/heads/feat/*'"],
    ['a name computed at run time', 'git push origin --delete "$BRANCH"'],
  ])('%s is a remote delete, reviewed', (_name, command) => {
    expect(categories(command)).toEqual(['remote_resource_delete']);
  });

  it.each([
    ['the default branch by --delete', 'git push origin --delete main'],
    ['master by an empty source', 'git push origin :master'],
    ['a release branch', 'git push origin --delete release/2.0'],
    ['a shared branch among feature ones', 'git push origin --delete feat/x develop'],
    ['a delete naming no branch after the remote', 'git push --delete main'],
    ['every ref by --mirror', 'git push --mirror origin'],
    ['every branch by a forced pattern', "git push origin 'refs/heads/*:refs/heads/*' --force"],
  ])('%s is a shared-ref rewrite', (_name, command) => {
    expect(categories(command)).toContain('history_rewrite_on_shared_ref');
  });

  it('a prune deletes remote branches missing here: a remote delete', () => {
    expect(categories("git push --prune origin 'refs/heads/*:refs/heads/*'")).toContain(
      'remote_resource_delete',
    );
  });
});

describe('where git writes a checkout', () => {
  it.each([
    ['a worktree in an autostart folder', 'git worktree add ~/.config/autostart HEAD'],
    ['a clone into a user service folder', 'git clone . ~/.config/systemd/user'],
  ])('%s is the write it is', (_name, command) => {
    expect(categories(command)).toContain('persistence');
  });

  it('a worktree inside the workspace is no category', () => {
    expect(categories('git worktree add .worktrees/feature feature')).toEqual([]);
  });
});

describe('core.hooksPath', () => {
  it.each([
    ['a folder in the repository', 'git config core.hooksPath .githooks', env.cwd],
    ['husky', 'git config core.hooksPath .husky', env.cwd],
    ['the local scope, set form', 'git config --local core.hooksPath tools/hooks', env.cwd],
    ['from a subfolder', 'git config core.hooksPath .githooks', `${env.cwd}/src`],
    ['absolute, inside', 'git config core.hooksPath /home/u/proj/.githooks', env.cwd],
    ['on one command', 'git -c core.hooksPath=.githooks commit -m x', env.cwd],
    ['read back', 'git config --get core.hooksPath', env.cwd],
  ])('%s keeps the hooks', (_name, command, cwd) => {
    expect(categories(command, cwd)).not.toContain('disable_security_control');
  });

  it.each([
    ['/dev/null', 'git config core.hooksPath /dev/null'],
    ['an empty folder in temp', 'git config core.hooksPath /tmp/nohooks'],
    ['a folder outside the workspace', 'git config core.hooksPath ../other/hooks'],
    ['a home folder', 'git config core.hooksPath ~/hooks'],
    ['a value known at run time', 'git config core.hooksPath "$H"'],
    ['a global setting, even relative', 'git config --global core.hooksPath .githooks'],
    ['a config file', 'git config -f ~/.gitconfig core.hooksPath .githooks'],
    ['no value', 'git config core.hooksPath'],
    ['on one command, to /dev/null', 'git -c core.hooksPath=/dev/null commit -m x'],
    ['on one command, outside', 'git -c core.hooksPath=/tmp/h push'],
    ['the workspace root by a glob', 'git config core.hooksPath "*"'],
  ])('%s replaces the hooks', (_name, command) => {
    expect(categories(command)).toContain('disable_security_control');
  });
});

describe('core.hooksPath pointed at a folder without hooks while hooks run today (review 18)', () => {
  const P = env.cwd;
  const DIR = (entries: string[]) => ({ kind: 'unreadable' as const, why: 'not-regular' as const, entries });
  const withHooks = (hooks: string[]) => {
    const files: Record<string, ScriptFile> = {
      [`${P}/.git/hooks`]: DIR(hooks),
      [`${P}/src`]: DIR(['a.ts', 'b.ts']),
      [`${P}/.githooks`]: DIR(['pre-commit', 'README.md']),
    };
    return { ...env, readScript: (abs: string) => files[abs] ?? { kind: 'missing' as const } };
  };
  const cats = (command: string, e: ReturnType<typeof withHooks>) =>
    analyzeShellSync(command, e).hits.map((h) => h.category);
  it('a folder of the repository with no hook in it switches the hooks off', () => {
    expect(cats('git config core.hooksPath src', withHooks(['pre-commit', 'pre-commit.sample']))).toContain(
      'disable_security_control',
    );
  });
  it('a folder with hooks, or a repository with only sample hooks, keeps them', () => {
    expect(cats('git config core.hooksPath .githooks', withHooks(['pre-commit']))).toEqual([]);
    expect(
      cats('git config core.hooksPath src', withHooks(['pre-commit.sample', 'pre-push.sample'])),
    ).toEqual([]);
  });
});

describe('local rewrites of the default branch and whole-tree deletes', () => {
  it.each([
    ['the default branch moved back', 'git branch -f main HEAD~5'],
    ['a branch renamed onto the default one', 'git branch -M old master'],
    ['the default ref moved by update-ref', 'git update-ref refs/heads/main HEAD~3'],
    ['the whole tree removed after an orphan checkout', 'git checkout --orphan fresh && git rm -rf .'],
    ['the whole tree from the top', 'git rm -r :/'],
    // Round 31 (blind): a tag replaced is gone as a deleted one is; `checkout -B`/`switch -C` move a branch as
    // `branch -f` does.
    ['a release tag replaced', "git tag -f -s v0.9.0 -m 'v0.9.0'"],
    ['a tag replaced, long option', 'git tag --force v1 HEAD~2'],
    ['the default branch reset by checkout -B', 'git checkout -B main origin/feat'],
    ['the default branch reset by switch -C', 'git switch -C master HEAD~3'],
  ])('%s is local work loss', (_name, command) => {
    expect(categories(command)).toContain('local_work_loss');
  });

  it.each([
    ['a feature branch moved', 'git branch -f feat HEAD~1'],
    ['the current branch renamed', 'git branch -M feat/new'],
    ['a feature ref by update-ref', 'git update-ref refs/heads/feat HEAD'],
    ['a folder removed', 'git rm -r src/old'],
    ['every file untracked, kept on disk', 'git rm -r --cached .'],
    ['a branch created', 'git branch feat'],
    ['a tag created', "git tag -s v1.0.0 -m 'v1.0.0'"],
    ['a feature branch made or reset by checkout -B', 'git checkout -B feat/x origin/main'],
    ['a feature branch by switch -C', 'git switch -C feat/x'],
  ])('%s is no category', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });

  it('the default branch the repository names counts whatever its name', () => {
    const top = '/home/u/proj';
    const files: Record<string, ScriptFile> = {
      [`${top}/.git`]: { kind: 'unreadable', why: 'not-regular' },
      [`${top}/.git/config`]: { kind: 'text', text: '[core]\n\tbare = false\n' },
      [`${top}/.git/HEAD`]: { kind: 'text', text: 'ref: refs/heads/feat\n' },
      [`${top}/.git/refs/remotes/origin/HEAD`]: { kind: 'text', text: 'ref: refs/remotes/origin/trunk\n' },
    };
    const read = (command: string) => [
      ...new Set(
        analyzeShellSync(
          command,
          shellEnv({ cwd: top, readScript: (abs) => files[abs] ?? { kind: 'missing' } }),
        ).hits.map((h) => h.category),
      ),
    ];
    expect(read('git branch -f trunk HEAD~2')).toContain('local_work_loss');
    expect(read('git branch -f feat HEAD~2')).not.toContain('local_work_loss');
  });
});

describe('git mv writes its destination as mv does', () => {
  it.each([
    ['onto a hook', 'git mv evil.sh .git/hooks/pre-commit', 'persistence'],
    ['onto the agent settings', 'git mv x.json .claude/settings.json', 'agent_self_modification'],
    ['with options first', 'git mv -f -k x.sh .git/hooks/pre-push', 'persistence'],
  ])('%s', (_n, command, category) => {
    expect(analyzeShellSync(command, shellEnv()).hits.map((h) => h.category)).toContain(category);
  });

  it.each([
    ['a rename in the workspace', 'git mv src lib'],
    ['a dry run', 'git mv -n evil.sh .git/hooks/pre-commit'],
  ])('quiet: %s', (_n, command) => {
    expect(analyzeShellSync(command, shellEnv()).hits).toEqual([]);
  });
});

describe('a file git reads and may print, set in its configuration (review 17)', () => {
  it.each([
    ['blame.ignoreRevsFile of a credential store', 'git config blame.ignoreRevsFile ~/.git-credentials'],
    ['the same by -c', 'git -c blame.ignoreRevsFile=/home/u/.ssh/id_rsa blame a.ts'],
    ['commit.template of a key', 'git config commit.template ~/.ssh/id_ed25519'],
  ])('%s', (_n, command) => {
    expect(analyzeShellSync(command, shellEnv()).hits.map((h) => h.category)).toContain(
      'secret_material_read',
    );
  });

  it('a workspace ignore-revs file stays quiet', () => {
    expect(
      analyzeShellSync('git config blame.ignoreRevsFile .git-blame-ignore-revs', shellEnv()).hits,
    ).toEqual([]);
  });
});

describe("git's own records changed by hand (review 21 H1)", () => {
  it.each([
    ['a branch ref deleted', 'rm -f .git/refs/heads/feature'],
    ['the reflog deleted', 'rm -rf .git/logs'],
    ['the index deleted', 'rm .git/index'],
    ['packed refs deleted', 'rm -f .git/packed-refs'],
    ['a ref overwritten', 'echo 0000000000000000000000000000000000000000 > .git/refs/heads/main'],
    ['the reflog emptied', 'truncate -s 0 .git/logs/HEAD'],
    ['unreachable objects pruned', 'git prune'],
    ['a submodule reflog deleted', 'rm -rf .git/modules/lib/logs'],
  ])('%s discards local work', (_name, command) => {
    expect(categories(command)).toContain('local_work_loss');
  });
  it.each([
    ['a stale lock removed', 'rm -f .git/index.lock'],
    ['a dry run of prune', 'git prune -n'],
    ['an exclude appended', 'echo dist >> .git/info/exclude'],
    ['a commit message file read', 'cat .git/COMMIT_EDITMSG'],
  ])('%s does not', (_name, command) => {
    expect(categories(command)).not.toContain('local_work_loss');
  });
});
