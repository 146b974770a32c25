import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../core';
import { configKeyOf, openRuntimeCache, type RuntimeCache } from './runtime-cache';

const dirs: string[] = [];
const caches: RuntimeCache[] = [];
afterEach(() => {
  for (const c of caches.splice(0)) c.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-runtimes-'));
  dirs.push(dir);
  const project = join(dir, 'p');
  mkdirSync(join(project, '.git'), { recursive: true });
  const env = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'cfg'), XDG_STATE_HOME: join(dir, 'state') };
  const cache = openRuntimeCache({ clock: systemClock, maxReviewMs: () => 1_000 });
  caches.push(cache);
  const userConfig = (text: string) => {
    mkdirSync(join(dir, 'cfg', 'gavel'), { recursive: true });
    writeFileSync(join(dir, 'cfg', 'gavel', 'config.toml'), text);
  };
  return { dir, project, env, cache, userConfig };
}

describe('runtime cache', () => {
  it('keeps one runtime while the files it was built from are unchanged', async () => {
    const { project, env, cache } = setup();
    expect(cache.peek(project, env).state).toBe('loading');
    const first = await cache.get(project, env);
    expect(first.ok).toBe(true);
    expect(await cache.get(join(project), env)).toBe(first);
    const seen = cache.peek(project, env);
    expect(seen.state === 'fresh' && seen.runtime).toBe(first);
  });

  it('never answers from a runtime whose user config changed since', async () => {
    const { project, env, cache, userConfig } = setup();
    userConfig('[check]\n');
    const first = await cache.get(project, env);
    userConfig('[check]\ndeny = ["Bash(ls)"]\n');
    expect(cache.peek(project, env).state).toBe('loading');
    const second = await cache.get(project, env);
    expect(second).not.toBe(first);
  });

  it('sees a gavel.toml made in the project, and a .git that moves the project root', () => {
    const { dir, project, env } = setup();
    const inner = join(project, 'sub');
    mkdirSync(inner);
    const before = configKeyOf(inner, env, undefined);
    writeFileSync(join(project, 'gavel.toml'), '[check]\n');
    const withFile = configKeyOf(inner, env, undefined);
    expect(withFile.key).not.toBe(before.key);
    mkdirSync(join(inner, '.git'));
    expect(configKeyOf(inner, env, undefined).slot).not.toBe(withFile.slot);
    expect(dir).toBeTruthy();
  });

  it('keeps one runtime per environment', async () => {
    const { project, env, cache } = setup();
    const a = await cache.get(project, env);
    const b = await cache.get(project, { ...env, GAVEL_CHECK_MODE: 'strict' });
    expect(b).not.toBe(a);
    expect(await cache.get(project, env)).toBe(a);
  });
});
