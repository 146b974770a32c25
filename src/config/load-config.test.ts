import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConfigResult, configInvalidDecision, formatProblem, loadConfig } from './index';

let root: string;
let home: string;
let project: string;
let env: Record<string, string>;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gavel-config-'));
  home = join(root, 'home');
  project = join(root, 'project');
  mkdirSync(join(home, '.config', 'gavel'), { recursive: true });
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(join(project, 'src', 'deep'), { recursive: true });
  env = { HOME: home };
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const userFile = () => join(home, '.config', 'gavel', 'config.toml');
const projectFile = () => join(project, 'gavel.toml');
const writeUser = (text: string) => writeFileSync(userFile(), text);
const writeProject = (text: string) => writeFileSync(projectFile(), text);
const load = (cwd = project) => loadConfig({ cwd, env });

function ok(result: ConfigResult) {
  if (!result.ok) throw new Error(`expected a valid config, got ${formatProblem(result.problem)}`);
  return result;
}

function problem(result: ConfigResult) {
  if (result.ok) throw new Error('expected a config problem');
  return result.problem;
}

describe('loadConfig: layers', () => {
  it('uses the defaults when no file and no variable exists', () => {
    const r = ok(load());
    expect(r.config.check.mode).toBe('ask');
    expect(r.config.check.timeout_ms).toBe(30_000);
    expect(r.config.model.model).toBeUndefined();
    expect(r.sources['check.mode']).toBe('default');
    expect(r.read).toEqual({ user: false, project: false });
    expect(r.notices).toEqual([]);
  });

  it('finds the project root from a nested folder', () => {
    writeProject('[check]\ntimeout_ms = 500\n');
    const r = ok(load(join(project, 'src', 'deep')));
    expect(r.projectRoot).toBe(project);
    expect(r.config.check.timeout_ms).toBe(500);
  });

  it('reads the user file under XDG_CONFIG_HOME when it is set', () => {
    const xdg = join(root, 'xdg');
    mkdirSync(join(xdg, 'gavel'), { recursive: true });
    writeFileSync(join(xdg, 'gavel', 'config.toml'), '[check]\nmode = "auto"\n');
    env.XDG_CONFIG_HOME = xdg;
    const r = ok(load());
    expect(r.config.check.mode).toBe('auto');
    expect(r.files.user).toBe(join(xdg, 'gavel', 'config.toml'));
  });

  it('lets GAVEL_* variables override the user file', () => {
    writeUser('[check]\nmode = "ask"\n[caps]\nmax_cost_usd = 2\n');
    env.GAVEL_CHECK_MODE = 'off';
    env.GAVEL_MAX_COST_USD = '0.5';
    const r = ok(load());
    expect(r.config.check.mode).toBe('off');
    expect(r.sources['check.mode']).toBe('env');
    expect(r.config.caps.max_cost_usd).toBe(0.5);
  });

  it('takes the model from GAVEL_MODEL in user scope', () => {
    env.GAVEL_MODEL = 'scripted:replies.json';
    expect(ok(load()).config.model.model).toBe('scripted:replies.json');
  });
});

describe('loadConfig: a repository can tighten but never loosen', () => {
  it.each([
    [
      'mode ask over the user auto',
      '[check]\nmode = "auto"\n',
      '[check]\nmode = "ask"\n',
      'check.mode',
      'ask',
    ],
    ['mode ask over the user off', '[check]\nmode = "off"\n', '[check]\nmode = "ask"\n', 'check.mode', 'ask'],
    ['a shorter timeout', '', '[check]\ntimeout_ms = 1000\n', 'check.timeout_ms', 1000],
    [
      'a shorter arbiter timeout',
      '[ask]\ntimeout_ms = 5000\n',
      '[ask]\ntimeout_ms = 100\n',
      'ask.timeout_ms',
      100,
    ],
  ])('applies a tightening: %s', (_name, user, repo, key, want) => {
    writeUser(user);
    writeProject(repo);
    const r = ok(load());
    const [table, k] = key.split('.') as [keyof typeof r.config, string];
    expect((r.config[table] as Record<string, unknown>)[k]).toEqual(want);
    expect(r.sources[key]).toBe('project');
    expect(r.notices).toEqual([]);
  });

  it.each([
    ['mode off over the user ask', '', '[check]\nmode = "off"\n', 'check.mode', 'ask'],
    [
      'mode off over the user auto',
      '[check]\nmode = "auto"\n',
      '[check]\nmode = "off"\n',
      'check.mode',
      'auto',
    ],
    ['mode auto over the user ask (consent)', '', '[check]\nmode = "auto"\n', 'check.mode', 'ask'],
    [
      'mode auto over the user off (consent)',
      '[check]\nmode = "off"\n',
      '[check]\nmode = "auto"\n',
      'check.mode',
      'off',
    ],
    [
      'a longer timeout',
      '[check]\ntimeout_ms = 1000\n',
      '[check]\ntimeout_ms = 60000\n',
      'check.timeout_ms',
      1000,
    ],
  ])('refuses a loosening and says so: %s', (_name, user, repo, key, want) => {
    writeUser(user);
    writeProject(repo);
    const r = ok(load());
    const [table, k] = key.split('.') as [keyof typeof r.config, string];
    expect((r.config[table] as Record<string, unknown>)[k]).toEqual(want);
    expect(r.notices).toHaveLength(1);
    expect(r.notices[0]).toMatchObject({ file: projectFile(), keyPath: key });
    expect(r.notices[0]?.message).toMatch(/^ignored: /);
  });

  it('keeps a variable-set mode against a repository that would loosen it', () => {
    env.GAVEL_CHECK_MODE = 'auto';
    writeProject('[check]\nmode = "off"\n');
    const r = ok(load());
    expect(r.config.check.mode).toBe('auto');
    expect(r.notices[0]?.keyPath).toBe('check.mode');
  });

  it('adds a repository floor to the user floor, never removes', () => {
    writeUser('[check]\nfloor_extra = ["force_push"]\n');
    writeProject('[check]\nfloor_extra = ["local_work_loss"]\n');
    expect(ok(load()).config.check.floor_extra).toEqual(['force_push', 'local_work_loss']);
  });

  it.each([
    ['model.model', '[model]\nmodel = "anthropic/claude-sonnet-4-5"\n'],
    ['model.base_url', '[model]\nbase_url = "https://evil.example.com/v1"\n'],
    ['model.api_key_env', '[model]\napi_key_env = "OTHER_KEY"\n'],
    ['caps.max_cost_usd', '[caps]\nmax_cost_usd = 9999\n'],
    ['caps.max_calls', '[caps]\nmax_calls = 99999\n'],
    ['audit.dir', '[audit]\ndir = "/dev/null"\n'],
    ['ask.call_cap', '[ask]\ncall_cap = 200\n'],
  ])('ignores the user-scope key %s in a repository, with a notice', (key, repo) => {
    writeProject(repo);
    const r = ok(load());
    const [table, k] = key.split('.') as [keyof typeof r.config, string];
    const defaults = ok(loadConfig({ cwd: join(root, 'home'), env: { HOME: join(root, 'nowhere') } })).config;
    expect((r.config[table] as Record<string, unknown>)[k]).toEqual(
      (defaults[table] as Record<string, unknown>)[k],
    );
    expect(r.notices).toEqual([
      expect.objectContaining({
        file: projectFile(),
        keyPath: key,
        message: expect.stringMatching(/cannot set/),
      }),
    ]);
  });

  it('ignores a user-scope key in a repository even when its value would be invalid', () => {
    writeProject('[model]\nbase_url = 42\n');
    const r = ok(load());
    expect(r.notices[0]?.keyPath).toBe('model.base_url');
  });
});

describe('loadConfig: every failure names the file and the key, and nothing is half used', () => {
  it.each([
    ['an unknown table', '[chek]\nmode = "ask"\n', 'chek', /unknown table/],
    ['an unknown key', '[check]\nmod = "ask"\n', 'check.mod', /unknown key/],
    ['a value of the wrong type', '[check]\ntimeout_ms = "fast"\n', 'check.timeout_ms', /expected number/],
    ['a number out of range', '[check]\ntimeout_ms = 50\n', 'check.timeout_ms', /too small/i],
    ['a value outside its enum', '[check]\nmode = "sometimes"\n', 'check.mode', /expected one of/],
    ['a table given as a value', 'check = 1\n', 'check', /must be a table/],
    ['a bad list item', '[check]\nfloor_extra = ["Force Push"]\n', 'check.floor_extra.0', /invalid/i],
  ])('project file: %s', (_name, text, keyPath, message) => {
    writeProject(text);
    const p = problem(load());
    expect(p.file).toBe(projectFile());
    expect(p.keyPath).toBe(keyPath);
    expect(p.message).toMatch(message);
    expect(formatProblem(p)).toContain(projectFile());
    expect(formatProblem(p)).not.toContain('\n');
  });

  it('rejects the whole project file when one key is bad, even beside a valid tightening', () => {
    writeProject('[check]\nmode = "ask"\ntimeout_ms = -1\n');
    const r = load();
    expect(r.ok).toBe(false);
    expect(problem(r).keyPath).toBe('check.timeout_ms');
  });

  it('names the user file for a problem in it', () => {
    writeUser('[caps]\nmax_cost_usd = "lots"\n');
    const p = problem(load());
    expect(p.file).toBe(userFile());
    expect(p.keyPath).toBe('caps.max_cost_usd');
  });

  it('reports invalid TOML by position only, never quoting the line', () => {
    writeProject('[model]\napi_key = "sk-ant-SECRETSECRETSECRET\n');
    const p = problem(load());
    expect(p.file).toBe(projectFile());
    expect(p.message).toMatch(/not valid TOML \(line \d+, column \d+\)/);
    expect(formatProblem(p)).not.toContain('SECRET');
  });

  it('reports a folder named gavel.toml as not a regular file', () => {
    mkdirSync(projectFile());
    const p = problem(load());
    expect(p.file).toBe(projectFile());
    expect(p.message).toBe('is not a regular file');
  });

  it.each([
    ['GAVEL_CHECK_MODE', 'sometimes', /expected one of/],
    ['GAVEL_MAX_COST_USD', 'lots', /expected number/],
    ['GAVEL_MAX_CALLS', '1.5', /expected int/],
    ['GAVEL_MAX_CALLS', '', /expected number|expected int/],
    ['GAVEL_CHEK_MODE', 'ask', /unknown variable/],
  ])('names the variable %s=%s', (name, value, message) => {
    env[name] = value;
    const p = problem(load());
    expect(p.file).toBe('environment');
    expect(p.keyPath).toBe(name);
    expect(p.message).toMatch(message);
  });

  it('lets GAVEL_DEBUG through as a known non-setting variable', () => {
    env.GAVEL_DEBUG = '1';
    expect(load().ok).toBe(true);
  });

  it('turns a problem into a fail-closed decision that names the file and key', () => {
    writeProject('[check]\nmode = "sometimes"\n');
    const d = configInvalidDecision(problem(load()));
    expect(d).toMatchObject({ verdict: 'escalate', outcome: 'escalate', basis: 'config-invalid' });
    expect(d.reason).toContain(projectFile());
    expect(d.reason).toContain('`check.mode`');
    expect(configInvalidDecision(problem(load()), 'deny').outcome).toBe('block');
  });
});
