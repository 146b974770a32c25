import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Repo, tempRoot } from '../../../../../eval/corpora/route';
import { EXIT } from '../../../../core';
import { routeRepo, runCli } from './testdata/route-cli';

let tmp: ReturnType<typeof tempRoot>;
beforeEach(() => {
  tmp = tempRoot('gavel-route-base-');
});
afterEach(() => tmp.cleanup());

const SENSITIVE = { 'src/auth/login.ts': 'x\n', 'test/login.test.ts': 't\n' };

describe('a change never configures its own routing: gavel.toml is read at the base', () => {
  it('a gavel.toml added by the change cannot add `[route] notify` (a flag nobody hears escalates)', async () => {
    const r = routeRepo(tmp.root, '# no route table\n');
    r.write({ ...SENSITIVE, 'gavel.toml': '[route]\nnotify = ["@me"]\n' });
    r.commit('login');
    const res = await runCli(['route', '--json'], r.dir, tmp.root);
    const json = JSON.parse(res.out);
    expect(json.outcome).toBe('escalate');
    expect(json.flag).toBeUndefined();
  });

  it('the base gavel.toml decides even when the working tree holds another one', async () => {
    const r = routeRepo(tmp.root);
    r.write(SENSITIVE);
    r.commit('login');
    r.write({ 'gavel.toml': '[route]\napprove_below = "broken"\n' });
    const res = await runCli(['route', '--json'], r.dir, tmp.root);
    expect(res.code).toBe(EXIT.flag);
    expect(JSON.parse(res.out).flag.notify).toEqual(['@acme/reviewers']);
  });

  it('names the base in a config problem of the base gavel.toml', async () => {
    const r = routeRepo(tmp.root, '[route]\napprove_below = "high"\n');
    r.write({ 'README.md': 'x\n' });
    r.commit('c');
    const res = await runCli(['route'], r.dir, tmp.root);
    expect(res.code).toBe(EXIT.configInvalid);
    expect(res.err).toMatch(/^gavel route: gavel\.toml at the base [0-9a-f]{12}.*route\.approve_below/);
  });

  it('refuses a gavel.toml that is a symlink at the base (exit 3, never followed)', async () => {
    const r = Repo.create(tmp.root, 'p');
    r.write({ 'README.md': '# p\n', 'elsewhere.toml': '[route]\nnotify = ["@x"]\n' });
    symlinkSync('elsewhere.toml', join(r.dir, 'gavel.toml'));
    r.commit('init');
    r.branch('feature');
    r.write({ 'README.md': '# q\n' });
    r.commit('docs');
    const res = await runCli(['route'], r.dir, tmp.root);
    expect(res.code).toBe(EXIT.configInvalid);
    expect(res.err).toMatch(/gavel\.toml at the base [0-9a-f]{12} is not a regular file at the base\n$/);
  });
});
