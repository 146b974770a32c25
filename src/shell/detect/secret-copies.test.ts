// Copies of home or a secret folder into the workspace are secret reads; staging the copy later in the same
// line is staging the secret. Real folders in a temp dir stand for home and the workspace; nothing is copied.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ShellAnalysis, ShellEnv } from '../types';

const dir = mkdtempSync(join(tmpdir(), 'gavel-secret-copies-'));
const ws = join(dir, 'ws');
const home = join(dir, 'home');
const env = (): ShellEnv => ({ ...shellEnv(), cwd: ws, home, workspaceRoots: [ws], tempDirs: [] });
const run = (command: string): ShellAnalysis => analyzeShellSync(command, env());
const cats = (a: ShellAnalysis) => a.hits.map((h) => h.category);

beforeAll(async () => {
  await loadShellParser();
  mkdirSync(join(home, '.ssh'), { recursive: true });
  mkdirSync(join(ws, 'src'), { recursive: true });
  writeFileSync(join(home, '.ssh', 'id_rsa'), 'fake');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a recursive copy of a folder that holds secrets reads them', () => {
  it.each([
    ['home by tilde', 'cp -r ~ ./hc'],
    ['home by its dot', 'cp -a ~/. ./hc'],
    ['home by its absolute path', `cp -R ${home}/ ./hc`],
    ['the ssh folder', 'cp -r ~/.ssh .'],
    ['with --recursive and -t', 'cp --recursive -t ./x ~'],
  ])('%s', (_name, command) => {
    expect(cats(run(command))).toContain('secret_material_read');
  });

  it('a copy inside the workspace stays ordinary', () => {
    expect(cats(run('cp -r src ./src2'))).toEqual([]);
    expect(cats(run('cp .env.example .env.local'))).toEqual([]);
  });
});

describe('staging the copy later in the line is credential exfiltration', () => {
  it.each([
    ['force-added by name', 'cp -r ~ ./hc && git add -f hc && git commit -m x && git push origin feat'],
    ['added with everything', 'cp -r ~/.ssh ./keys; git add -A'],
    ['a file below the copy', 'cp -a ~/. ./hc && git add hc/.ssh/id_rsa'],
    ['added as the whole folder', 'cp ~/.ssh/id_rsa k && git add .'],
  ])('%s', (_name, command) => {
    expect(cats(run(command))).toContain('credential_exfiltration');
  });

  it('staging other files after an ordinary copy is ordinary', () => {
    expect(cats(run('cp -r src ./src2 && git add src2'))).toEqual([]);
  });
});
