// Env files a wrapper hands the program (`dotenv -e F -- cmd`, `op run --env-file=F -- cmd`): each name is given to
// the program as a prefix assignment is, a loader variable among them makes the program uncertain, and a file that
// cannot be read is uncertain. Real files in a temp folder, read through the plain file reader as the surface's would.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { diskReader as reader } from '../testdata/disk-reader';
import { shellEnv } from '../testdata/shell-env';
import { envFileNames } from './env-files';

let root = '';
let ws = '';

const FILES: Record<string, string> = {
  '.env': 'NODE_ENV=test\nCI=1\n',
  '.env.loader': '# loads code\nexport NODE_OPTIONS="--require ./x.js"\n',
  '.env.app': 'DATABASE_URL=postgres://db.internal/app\nSTRIPE_KEY=sk_live_abc\n',
  '.env.yaml': 'LD_PRELOAD: /tmp/x.so\n',
  '.env.bom': '\ufeffNODE_OPTIONS=--require ./x.js\n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: dotenv's own expansion, as an env file holds it.
  '.env.expand': 'PORT=${GITHUB_TOKEN}\n',
  '.env.op': 'PORT=op://vault/item/token\n',
  'package.json': '{"scripts":{"test":"vitest run"}}',
};

beforeAll(async () => {
  await loadShellParser();
  root = mkdtempSync(join(tmpdir(), 'gavel-env-files-'));
  ws = join(root, 'proj');
  mkdirSync(join(ws, 'folder.env'), { recursive: true });
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(ws, name), text);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const analysis = (command: string) =>
  analyzeShellSync(command, shellEnv({ cwd: ws, workspaceRoots: [ws], readScript: reader }));
const uncertain = (command: string) => analysis(command).uncertain.map((u) => u.reason);
const assigned = (command: string) =>
  analysis(command).segments.find((s) => s.program === 'npm')?.assigned ?? [];

describe('the names an env file sets', () => {
  it.each<[string, string, string[]]>([
    ['plain lines', 'A=1\nB=two\n', ['A', 'B']],
    ['export and blanks', '  export A = 1\n\n# C=3\n', ['A']],
    ['a colon form', 'A: 1\nB:2\n', ['A']],
    ['dots and dashes', 'a.b-c=1\n', ['a.b-c']],
    ['a repeated name once', 'A=1\nA=2\n', ['A']],
  ])('%s', (_n, text, names) => {
    expect(envFileNames(text)).toEqual(names);
  });
});

describe("a wrapper's env file gives the program its variables", () => {
  it.each<[string, string, string[]]>([
    ['dotenv reads .env when no file is named', 'dotenv -- npm test', ['NODE_ENV', 'CI']],
    ['dotenv -e', 'dotenv -e .env.app -- npm test', ['DATABASE_URL', 'STRIPE_KEY']],
    [
      'op run --env-file= (and the name of the secrets it fills in)',
      'op run --env-file=.env.app -- npm test',
      ['op-secrets', 'DATABASE_URL', 'STRIPE_KEY'],
    ],
    ['op run without a file adds only that name', 'op run -- npm test', ['op-secrets']],
    ['a missing file adds no name', 'dotenv -e .env.none -- npm test', []],
  ])('%s', (_n, command, names) => {
    expect(assigned(command)).toEqual(names);
    expect(uncertain(command)).toEqual([]);
  });

  it.each<[string, string]>([
    ['NODE_OPTIONS from dotenv -e', 'dotenv -e .env.loader -- npm test'],
    ['LD_PRELOAD in the colon form', 'op run --env-file .env.yaml -- npm test'],
    ['a loader in the second file', 'dotenv -e .env -e .env.loader -- npm test'],
    ['a loader behind a byte-order mark (dotenv reads blanks as \\s)', 'dotenv -e .env.bom -- npm test'],
  ])('a loader variable is uncertain: %s', (_n, command) => {
    expect(uncertain(command).some((r) => /changes what the program loads or runs/.test(r))).toBe(true);
  });

  it.each<[string, string]>([
    ['a file named at run time', 'dotenv -e "$F" -- npm test'],
    ['a folder', 'dotenv -e folder.env -- npm test'],
    ['a file written earlier on the line, content not shown', 'cp /tmp/x .env && dotenv -- npm test'],
  ])('a file not read is uncertain: %s', (_n, command) => {
    expect(analysis(command).uncertain.map((u) => u.code)).toContain('dynamic-command');
  });

  it.each<[string, string]>([
    ['another variable dotenv expands', 'dotenv -e .env.expand -- npm test'],
    ['a secret reference op resolves', 'op run --env-file .env.op -- npm test'],
  ])('an inert name whose value is filled in at run time is uncertain: %s', (_n, command) => {
    expect(uncertain(command).some((r) => /filled in at run time/.test(r))).toBe(true);
  });

  it('a file written earlier on the line is read as written', () => {
    expect(uncertain('echo NODE_OPTIONS=x > .env && dotenv -- npm test')).toContain(
      '`NODE_OPTIONS` changes what the program loads or runs',
    );
  });

  it('no value reaches the segment: each is computed at run time', () => {
    const seg = analysis('dotenv -e .env.app -- npm test').segments.find((s) => s.program === 'npm');
    expect(seg?.assignedValues).toEqual([
      ['DATABASE_URL', '$…'],
      ['STRIPE_KEY', '$…'],
    ]);
    expect(JSON.stringify(analysis('dotenv -e .env.app -- npm test'))).not.toContain('sk_live_abc');
  });

  it('a file outside the workspace is a read of that path: a key handed on is a secret read', () => {
    const hits = (command: string) => analysis(command).hits.map((h) => h.category);
    expect(hits('dotenv -e ~/.aws/credentials -- npm test')).toContain('secret_material_read');
    expect(hits('op run --env-file=/home/u/.ssh/id_rsa -- npm test')).toContain('secret_material_read');
    expect(hits('dotenv -- npm test')).toEqual([]);
  });

  it('without a reader the command is judged by its words', () => {
    const a = analyzeShellSync(
      'dotenv -e .env.loader -- npm test',
      shellEnv({ cwd: ws, workspaceRoots: [ws] }),
    );
    expect(a.uncertain).toEqual([]);
  });
});
