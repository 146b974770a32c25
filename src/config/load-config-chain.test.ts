import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConfigResult, formatProblem, loadConfig, outerProjectFiles } from './index';

// Layout: <root>/home (HOME, holds the user config), <root>/outer (a repository with .git) and
// <root>/outer/sub (a nested repository with its own .git, as `git init sub` makes).
let root: string;
let home: string;
let outer: string;
let inner: string;
let env: Record<string, string>;
let rescuers: ChildProcess[];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gavel-chain-'));
  home = join(root, 'home');
  outer = join(root, 'outer');
  inner = join(outer, 'sub');
  mkdirSync(join(home, '.config', 'gavel'), { recursive: true });
  mkdirSync(join(outer, '.git'), { recursive: true });
  execFileSync('git', ['init', '-q', inner]);
  env = { HOME: home };
  rescuers = [];
});

afterEach(() => {
  for (const child of rescuers) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const writeUser = (text: string) => writeFileSync(join(home, '.config', 'gavel', 'config.toml'), text);
const load = (cwd = inner) => loadConfig({ cwd, env });

function ok(result: ConfigResult) {
  if (!result.ok) throw new Error(`expected a valid config, got ${formatProblem(result.problem)}`);
  return result;
}

function problem(result: ConfigResult) {
  if (result.ok) throw new Error('expected a config problem');
  return result.problem;
}

describe('loadConfig: a nested repository keeps the outer gavel.toml', () => {
  it.each([
    ['no gavel.toml of its own', undefined],
    ['its own gavel.toml asking for auto', '[check]\nmode = "auto"\n'],
    ['its own gavel.toml asking for off', '[check]\nmode = "off"\n'],
  ])('an outer mode ask over the user auto holds in an inner repository with %s', (_name, own) => {
    writeUser('[check]\nmode = "auto"\n');
    writeFileSync(join(outer, 'gavel.toml'), '[check]\nmode = "ask"\n');
    if (own !== undefined) writeFileSync(join(inner, 'gavel.toml'), own);
    const r = ok(load());
    expect(r.projectRoot).toBe(inner);
    expect(r.files.project).toBe(join(inner, 'gavel.toml'));
    expect(r.files.outer).toEqual([join(outer, 'gavel.toml')]);
    expect(r.config.check.mode).toBe('ask');
    expect(r.sources['check.mode']).toBe('project');
    if (own !== undefined) {
      expect(r.notices).toEqual([
        expect.objectContaining({ file: join(inner, 'gavel.toml'), keyPath: 'check.mode' }),
      ]);
    }
  });

  it('keeps an outer floor_extra in force from the inner folder, and adds the inner one', () => {
    writeFileSync(join(outer, 'gavel.toml'), '[check]\nfloor_extra = ["force_push"]\n');
    expect(ok(load()).config.check.floor_extra).toEqual(['force_push']);
    writeFileSync(join(inner, 'gavel.toml'), '[check]\nfloor_extra = ["local_work_loss"]\n');
    expect(ok(load()).config.check.floor_extra).toEqual(['force_push', 'local_work_loss']);
  });

  it('applies outermost first: an inner timeout can shorten an outer one but never lengthen it', () => {
    writeFileSync(join(outer, 'gavel.toml'), '[check]\ntimeout_ms = 2000\n');
    writeFileSync(join(inner, 'gavel.toml'), '[check]\ntimeout_ms = 1000\n');
    expect(ok(load()).config.check.timeout_ms).toBe(1000);
    writeFileSync(join(inner, 'gavel.toml'), '[check]\ntimeout_ms = 9000\n');
    const r = ok(load());
    expect(r.config.check.timeout_ms).toBe(2000);
    expect(r.notices).toEqual([
      expect.objectContaining({ file: join(inner, 'gavel.toml'), keyPath: 'check.timeout_ms' }),
    ]);
  });

  it('names the outer file in a notice about a key it may not set', () => {
    writeFileSync(join(outer, 'gavel.toml'), '[caps]\nmax_calls = 99999\n');
    expect(ok(load()).notices).toEqual([
      expect.objectContaining({ file: join(outer, 'gavel.toml'), keyPath: 'caps.max_calls' }),
    ]);
  });

  it('reads a gavel.toml in a plain folder between the repositories too', () => {
    writeFileSync(join(root, 'gavel.toml'), '[check]\nmode = "ask"\n');
    writeUser('[check]\nmode = "auto"\n');
    expect(ok(load()).config.check.mode).toBe('ask');
    expect(ok(load()).files.outer).toEqual([join(root, 'gavel.toml')]);
  });

  it.each([
    ['invalid TOML', '[check\n', /not valid TOML/],
    ['an unknown key', '[check]\nmod = "ask"\n', /unknown key/],
  ])('fails closed on an outer file with %s, naming it', (_name, text, message) => {
    writeFileSync(join(outer, 'gavel.toml'), text);
    writeFileSync(join(inner, 'gavel.toml'), '[check]\nmode = "ask"\n');
    const p = problem(load());
    expect(p.file).toBe(join(outer, 'gavel.toml'));
    expect(p.message).toMatch(message);
  });

  it('fails closed on an outer gavel.toml that is a FIFO, without blocking', { timeout: 10_000 }, () => {
    const fifo = join(outer, 'gavel.toml');
    execFileSync('mkfifo', [fifo]);
    // Opens the FIFO for writing after 5 s, so a blocking read would end (and fail below) instead of hanging.
    const code = `setTimeout(() => require('node:fs').openSync(${JSON.stringify(fifo)}, 'w'), 5000)`;
    rescuers.push(spawn(process.execPath, ['-e', code], { stdio: 'ignore' }));
    expect(problem(load())).toEqual({ file: fifo, keyPath: '', message: 'is not a regular file' });
  });
});

describe('loadConfig: the user config file and the project file are read with the same care', () => {
  it.each([
    ['the user config', () => join(home, '.config', 'gavel', 'config.toml')],
    ['the project file', () => join(inner, 'gavel.toml')],
  ])('a FIFO as %s is a problem naming it', { timeout: 10_000 }, (_name, where) => {
    const fifo = where();
    execFileSync('mkfifo', [fifo]);
    const code = `setTimeout(() => require('node:fs').openSync(${JSON.stringify(fifo)}, 'w'), 5000)`;
    rescuers.push(spawn(process.execPath, ['-e', code], { stdio: 'ignore' }));
    expect(problem(load())).toEqual({ file: fifo, keyPath: '', message: 'is not a regular file' });
  });

  it('an oversized user config is a problem naming it', () => {
    const file = join(home, '.config', 'gavel', 'config.toml');
    writeFileSync(file, Buffer.alloc(2 * 1024 * 1024, 0x23));
    expect(problem(load())).toMatchObject({ file, message: /larger than/ });
  });
});

describe('outerProjectFiles: the folders above the project root, short of home and /', () => {
  it.each([
    ['a project under home stops below home', '/h/u/code/a/b', '/h/u', ['/h/u/code/a', '/h/u/code']],
    ['a project outside home stops below /', '/srv/x/y', '/h/u', ['/srv/x', '/srv']],
    ['a project right under home has none', '/h/u/proj', '/h/u', []],
    ['a project right under / has none', '/srv', '/h/u', []],
    ['the root itself has none', '/', '/h/u', []],
  ])('%s', (_name, projectRoot, homeDir, dirs) => {
    const want = (dirs as string[]).map((d) => join(d, 'gavel.toml')).reverse();
    expect(outerProjectFiles(projectRoot, { HOME: homeDir })).toEqual(want);
  });

  it('never reads a gavel.toml in the home folder itself', () => {
    const project = join(home, 'code', 'proj');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(home, 'gavel.toml'), 'this is not toml [');
    writeFileSync(join(home, 'code', 'gavel.toml'), '[check]\ntimeout_ms = 700\n');
    const r = ok(load(project));
    expect(r.files.outer).toEqual([join(home, 'code', 'gavel.toml')]);
    expect(r.config.check.timeout_ms).toBe(700);
  });
});
