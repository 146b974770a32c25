// A change that makes a workspace file name a secret of the home folder (round 31, blind: an SSH key added to a
// build's secret mounts). Through the whole pipeline with a reader in memory (the file before the change).
import { describe, expect, it } from 'vitest';
import type { CheckRequest, FileChange, ToolInput } from '../request/request';
import { HOME, WORKSPACE } from '../testdata/fixtures';
import { judgeWithReader } from '../testdata/judge-with-reader';

const BAKE = 'target "docs" {\n  secret = [\n    "id=ghhosts,src=${HOME}/.config/gh/hosts.yml",\n  ]\n}\n';
const FILES: Record<string, string> = {
  [`${WORKSPACE}/docker-bake.hcl`]: BAKE,
  [`${WORKSPACE}/compose.yaml`]: 'services:\n  app:\n    image: app\n    volumes:\n      - ./data:/data\n',
  [`${WORKSPACE}/README.md`]: '# Setup\n',
  [`${WORKSPACE}/CMakeLists.txt`]: 'project(x)\n',
};
const reader: NonNullable<CheckRequest['readScript']> = (abs) =>
  FILES[abs] === undefined ? { kind: 'missing' } : { kind: 'text', text: FILES[abs] as string };
const edit = (old: string, now: string): FileChange => ({ kind: 'replace', edits: [{ old, new: now }] });

async function decide(name: string, change: FileChange) {
  const input: ToolInput = { kind: 'edit', path: `${WORKSPACE}/${name}`, change };
  return (await judgeWithReader(input, 'Edit', reader)).decision;
}

describe('a change that names a home secret the file did not is not allowed', () => {
  it.each([
    [
      'an SSH key added to a build secret',
      'docker-bake.hcl',
      edit('hosts.yml",\n', 'hosts.yml",\n    "id=sshkey,src=${HOME}/.ssh/id_ed25519",\n'),
    ],
    [
      'the cloud credentials mounted in a container',
      'compose.yaml',
      edit('./data:/data', '~/.aws:/root/.aws:ro'),
    ],
    ['by the home folder’s own path', 'compose.yaml', edit('./data:/data', `${HOME}/.ssh/id_rsa:/k:ro`)],
    // Review of this session.
    [
      'a build file named .txt',
      'CMakeLists.txt',
      edit('project(x)\n', 'project(x)\nfile(READ $ENV{HOME}/.ssh/id_ed25519 K)\n'),
    ],
    [
      'a default in the variable',
      'compose.yaml',
      edit('./data:/data', '${HOME:-/root}/.aws/credentials:/c:ro'),
    ],
    ['a folder holding a secret', 'compose.yaml', edit('./data:/data', '~/.docker:/root/.docker:ro')],
    ['the home itself', 'compose.yaml', edit('./data:/data', '~/:/host:ro')],
  ])('%s', async (_n, name, change) => {
    const d = await decide(name, change);
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('name a secret file of the home folder');
  });
});

describe('ordinary changes stay allowed', () => {
  it.each([
    [
      'a home secret the file already named, moved',
      'docker-bake.hcl',
      edit('  secret = [\n', '  # mounts\n  secret = [\n'),
    ],
    ['a harmless home path', 'compose.yaml', edit('./data:/data', '~/.cache/pip:/root/.cache/pip')],
    ['instructions in prose', 'README.md', edit('# Setup\n', '# Setup\n\nPut your token in `~/.npmrc`.\n')],
  ])('%s', async (_n, name, change) => {
    expect((await decide(name, change)).verdict).toBe('allow');
  });
});
