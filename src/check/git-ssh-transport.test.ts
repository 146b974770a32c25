// git's ssh transport with a chosen key through the whole pipeline (issue 11, ordinary work stays quiet): a real
// repository whose remote is on an ssh host, configured by git itself in a temp folder. `GIT_SSH_COMMAND='ssh -i
// ~/.ssh/id_work' git push`, `git -c core.sshCommand=…` and a repository's own `core.sshCommand` of plain `ssh` with
// identity and host-key options run what git runs without them (ssh to the remote, a key used to sign in): known by
// the catalogue's `inert_values` for the variable, which stand for the key too. An ssh option that runs a command
// (`ProxyCommand`, `LocalCommand`, `-F` a file that may hold them), forwards the agent, or a value computed at run
// time is not known.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gitWorkspace } from './testdata/git-workspace';

const base = mkdtempSync(join(tmpdir(), 'gavel-git-ssh-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A repository on branch feat/x whose origin is an ssh host; `config`: extra `git config` pairs of the repository. */
function repository(name: string, config: [string, string][] = []) {
  const { git, judge } = gitWorkspace(base, name);
  git('init', '-q', '-b', 'feat/x');
  git('remote', 'add', 'origin', 'git@github.com:acme/shop.git');
  for (const [k, v] of config) git('config', k, v);
  return judge;
}

const plain = repository('plain');

describe('git over ssh with a chosen key is allowed', () => {
  it.each([
    ['a variable with a key', "GIT_SSH_COMMAND='ssh -i ~/.ssh/id_work' git push origin feat/x"],
    [
      'a variable with a key and identity options',
      "GIT_SSH_COMMAND='ssh -i ~/.ssh/id_work -o IdentitiesOnly=yes -o StrictHostKeyChecking=accept-new' git fetch origin",
    ],
    ['a variable with a port', "GIT_SSH_COMMAND='ssh -p 2222 -q' git pull --rebase origin feat/x"],
    ['a setting for the command', "git -c core.sshCommand='ssh -i ~/.ssh/id_work' log -1"],
    [
      'a setting for the command, the system ssh',
      "git -c core.sshCommand='/usr/bin/ssh -4' rebase origin/feat/x",
    ],
    [
      'a named author for one commit',
      "git -c user.name='Dev One' -c user.email=dev@example.com commit -m 'fix: x'",
    ],
  ])('%s: %s', async (_n, command) => {
    expect((await plain(command)).decision.verdict).toBe('allow');
  });

  it("a repository's own core.sshCommand of a key does not stop a push of the feature branch", async () => {
    const judge = repository('configured', [
      ['core.sshCommand', 'ssh -i ~/.ssh/id_work -o IdentitiesOnly=yes'],
    ]);
    for (const command of ['git push origin feat/x', 'git fetch origin', 'git pull --rebase'])
      expect((await judge(command)).decision.verdict, command).toBe('allow');
  });
});

describe('an ssh command that does more than sign in is not allowed', () => {
  it.each([
    ['a proxy command', "GIT_SSH_COMMAND='ssh -o ProxyCommand=nc\\ x.example\\ 22' git fetch origin"],
    [
      'a local command',
      "git -c core.sshCommand='ssh -o PermitLocalCommand=yes -o LocalCommand=id' fetch origin",
    ],
    ['a configuration file that may hold either', "GIT_SSH_COMMAND='ssh -F ./ssh_config' git fetch origin"],
    ['the agent forwarded to the server', "GIT_SSH_COMMAND='ssh -A' git fetch origin"],
    ['a key computed at run time', 'GIT_SSH_COMMAND="ssh -i $(cat k)" git fetch origin'],
    ['a second command after it', "GIT_SSH_COMMAND='ssh -i k; id' git fetch origin"],
    ['another program', "GIT_SSH_COMMAND='./ssh -i k' git fetch origin"],
    [
      'an option git passes on made an identity',
      "GIT_SSH_COMMAND='ssh -i -oProxyCommand=id' git fetch origin",
    ],
    // Final read: git hands the value to `sh -c 'VALUE "$@"'`; a line break ends the ssh command there.
    ['a line break after the ssh command', "git -c core.sshCommand='ssh -i k\n' log -p"],
    ['a line break after an editor that accepts', "git -c core.editor='true\n' commit --allow-empty -e -m x"],
    [
      'a host-key file written anywhere',
      "GIT_SSH_COMMAND='ssh -o UserKnownHostsFile=~/.bashrc' git fetch origin",
    ],
  ])('%s: %s', async (_n, command) => {
    expect((await plain(command)).decision.verdict).not.toBe('allow');
  });

  it("a repository's core.sshCommand that runs a proxy is judged on a push", async () => {
    const judge = repository('proxy', [['core.sshCommand', 'ssh -o ProxyCommand="sh -c id"']]);
    expect((await judge('git push origin feat/x')).decision.verdict).not.toBe('allow');
  });

  it('storing the key setting is still a configuration change nothing knows', async () => {
    const r = await plain("git config core.sshCommand 'ssh -i ~/.ssh/id_work'");
    expect(r.decision.verdict).not.toBe('allow');
    expect(JSON.stringify(r.decision)).not.toContain('persistence');
  });
});
