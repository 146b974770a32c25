// A credential of the user's own files copied into a write or edit, whatever its shape (round 31, blind: the npm
// and crates.io tokens of the home's files written into a workspace document). Through the whole pipeline with a
// reader in memory: the home's credential files, and the workspace file before the change.
import { describe, expect, it } from 'vitest';
import type { CheckRequest, FileChange, ToolInput } from '../request/request';
import { HOME, WORKSPACE } from '../testdata/fixtures';
import { judgeWithReader } from '../testdata/judge-with-reader';
import { mayCopyCredential } from './copied-credentials';

const NPM = 'npm_LocalRegistryToken0000000000000042';
const CARGO = 'cioRegistryTokenLocal00000000000017';
const FILES: Record<string, string> = {
  [`${HOME}/.npmrc`]: `//registry.npmjs.org/:_authToken=${NPM}\n`,
  [`${HOME}/.cargo/credentials.toml`]: `[registry]\ntoken = "${CARGO}"\n`,
  [`${HOME}/.gitconfig`]: '[user]\n\tname = Dev One\n',
  [`${WORKSPACE}/docs/release.md`]: '# Releasing\n',
};
const RELEASE = 'rel_0123456789abcdefghijABCDEFGHIJ';
FILES[`${WORKSPACE}/.env.release`] = `NPM_TOKEN=${RELEASE}\n`;
FILES[`${WORKSPACE}/.env.example`] = 'NPM_TOKEN=changeme0000000000000000000000\n';
const reader: NonNullable<CheckRequest['readScript']> = (abs) => {
  if (abs === WORKSPACE)
    return { kind: 'unreadable', why: 'not-regular', entries: ['.env.release', '.env.example', 'docs'] };
  return FILES[abs] === undefined ? { kind: 'missing' } : { kind: 'text', text: FILES[abs] as string };
};

async function verdict(tool: 'Write' | 'Edit', name: string, change: FileChange) {
  const path = `${WORKSPACE}/${name}`;
  const input: ToolInput =
    tool === 'Write' ? { kind: 'write', path, change } : { kind: 'edit', path, change };
  return (await judgeWithReader(input, tool, reader)).decision;
}

describe('a value of a credential file written into the workspace is not allowed', () => {
  it.each([
    ['a new document', 'Write', 'docs/ci-tokens.md', { kind: 'whole', text: `NPM_TOKEN=${NPM}\n` }],
    [
      'a value of the workspace’s own dotenv file',
      'Write',
      'docs/ci-tokens.md',
      { kind: 'whole', text: `NPM_TOKEN=${RELEASE}\n` },
    ],
    [
      'an edit',
      'Edit',
      'docs/release.md',
      { kind: 'replace', edits: [{ old: '# Releasing\n', new: `# Releasing\n\ncargo login ${CARGO}\n` }] },
    ],
  ] as const)('%s', async (_n, tool, name, change) => {
    const d = await verdict(tool, name, change as FileChange);
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('writes a credential into');
    expect(d.reason).not.toContain(NPM);
    expect(d.reason).not.toContain(CARGO);
  });
});

describe('other long words stay ordinary', () => {
  it.each([
    ['a hash', 'sha512-0123456789abcdefABCDEF0123456789abcdef'],
    ['the user name of a credential file', 'Dev One wrote registryNpmjsOrg2024release'],
    ['a part of the token only', 'npm_LocalRegistry'],
    ['a value of a template', 'NPM_TOKEN=changeme0000000000000000000000'],
  ])('%s', async (_n, text) => {
    const d = await verdict('Write', 'docs/notes.md', { kind: 'whole', text: `${text}\n` });
    expect(d.verdict).toBe('allow');
  });
  // (A write of a secret file is a question of its own: the path's class, not a copied credential.)
  it('a template of a secret file is committed: a value copied into it counts', async () => {
    const d = await verdict('Write', '.env.example', { kind: 'whole', text: `NPM_TOKEN=${RELEASE}\n` });
    expect(d.reason).toContain('writes a credential');
  });
  it('one secret file written from another', async () => {
    const d = await verdict('Write', '.env.test', { kind: 'whole', text: `NPM_TOKEN=${RELEASE}\n` });
    expect(d.reason).not.toContain('writes a credential');
  });
  it('the cheap first look', () => {
    expect(mayCopyCredential('const a = 1;\nexport default a;\n')).toBe(false);
    expect(mayCopyCredential(`x ${NPM}`)).toBe(true);
  });
});
