// The examples cache (./examples-cache.ts) on real files in temp folders, alone and through loadRuntime: a pass
// is remembered per build and content, a corrupt or foreign entry is ignored and rewritten, a failing example is
// never remembered, and a changed rule or another build checks the examples again.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core';
import { CACHE_FOLDER, examplesCacheKey, examplesPassed, rememberExamplesPassed } from './examples-cache';
import { findRulesDir, loadRuntime } from './load-runtime';

const temp = (): string => mkdtempSync(join(tmpdir(), 'gavel-examples-cache-'));
const KEY = examplesCacheKey('b'.repeat(64), [{ version: 1 }], { rules: [] });

describe('examples cache entries', () => {
  it('remembers a pass for its key only', () => {
    const dir = temp();
    expect(examplesPassed(dir, KEY)).toBe(false);
    rememberExamplesPassed(dir, KEY);
    expect(examplesPassed(dir, KEY)).toBe(true);
    expect(examplesPassed(dir, examplesCacheKey('c'.repeat(64), [{ version: 1 }], { rules: [] }))).toBe(
      false,
    );
  });

  it('keys on the build, the rule files and the config', () => {
    const keys = new Set([
      KEY,
      examplesCacheKey('c'.repeat(64), [{ version: 1 }], { rules: [] }),
      examplesCacheKey('b'.repeat(64), [{ version: 2 }], { rules: [] }),
      examplesCacheKey('b'.repeat(64), [{ version: 1 }], { rules: [{ id: 'x' }] }),
    ]);
    expect(keys.size).toBe(4);
    expect(examplesCacheKey('b'.repeat(64), [{ version: 1 }], { rules: [] })).toBe(KEY);
  });

  it.each([
    ['truncated', (t: string) => t.slice(0, 20)],
    ['empty', () => ''],
    ['not JSON', () => 'garbage'],
    ['a wrong checksum', (t: string) => t.replace(/"sum":"[0-9a-f]/, '"sum":"x')],
    ['another key inside', (t: string) => t.replaceAll(KEY, 'a'.repeat(64))],
  ])('ignores an entry that is %s, and a pass rewrites it', (_name, spoil) => {
    const dir = temp();
    rememberExamplesPassed(dir, KEY);
    const file = join(dir, CACHE_FOLDER, `${KEY}.json`);
    writeFileSync(file, spoil(readFileSync(file, 'utf8')));
    expect(examplesPassed(dir, KEY)).toBe(false);
    rememberExamplesPassed(dir, KEY);
    expect(examplesPassed(dir, KEY)).toBe(true);
  });

  it('refuses a key that is not a sha256 (no path outside the folder)', () => {
    const dir = temp();
    rememberExamplesPassed(dir, '../escape');
    expect(readdirSync(dir)).toEqual([]);
    expect(examplesPassed(dir, '../escape')).toBe(false);
  });

  it('a state folder it cannot write only costs time', () => {
    // A file where the folder should be: mkdir fails even for root.
    const file = join(temp(), 'state');
    writeFileSync(file, '');
    expect(() => rememberExamplesPassed(file, KEY)).not.toThrow();
    expect(examplesPassed(file, KEY)).toBe(false);
  });
});

describe('loadRuntime checks config examples once per build and content', () => {
  const GOOD =
    '[[check.rules]]\nid = "ci"\ndecision = "review"\nprogram = "npm"\nsubcommand = ["ci"]\nmatch = ["npm ci"]\nnot_match = ["npm install"]\n';
  const BAD = GOOD.replace('match = ["npm ci"]', 'match = ["npm install"]');

  function project(toml: string) {
    const base = temp();
    const cwd = join(base, 'project');
    mkdirSync(join(cwd, '.git'), { recursive: true });
    mkdirSync(join(base, 'home'));
    writeFileSync(join(cwd, 'gavel.toml'), toml);
    const state = join(base, 'state');
    const env = { HOME: join(base, 'home'), XDG_STATE_HOME: state };
    const load = (buildId: string | undefined) =>
      loadRuntime({ cwd, env, clock: fixedClock('2026-12-01T00:00:00Z'), ...(buildId ? { buildId } : {}) });
    const entries = () => {
      try {
        return readdirSync(join(state, 'gavel', CACHE_FOLDER));
      } catch {
        return [];
      }
    };
    return { cwd, env, load, entries, write: (t: string) => writeFileSync(join(cwd, 'gavel.toml'), t) };
  }

  it('remembers passing examples under the build id, and nothing without one', async () => {
    const p = project(GOOD);
    expect((await p.load(undefined)).ok).toBe(true);
    expect(p.entries()).toEqual([]);
    expect((await p.load('1'.repeat(64))).ok).toBe(true);
    expect(p.entries()).toHaveLength(1);
    expect((await p.load('1'.repeat(64))).ok).toBe(true);
    expect(p.entries()).toHaveLength(1);
    expect((await p.load('2'.repeat(64))).ok).toBe(true);
    expect(p.entries()).toHaveLength(2);
  });

  it('a rule changed after a pass is checked again: its failing example denies', async () => {
    const p = project(GOOD);
    expect((await p.load('1'.repeat(64))).ok).toBe(true);
    p.write(BAD);
    const r = await p.load('1'.repeat(64));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.basis).toBe('config-invalid');
      expect(r.problem).toContain('example match[0] is not matched');
    }
    expect(p.entries()).toHaveLength(1);
  });

  it('a failing example is never remembered', async () => {
    const p = project(BAD);
    expect((await p.load('1'.repeat(64))).ok).toBe(false);
    expect((await p.load('1'.repeat(64))).ok).toBe(false);
    expect(p.entries()).toHaveLength(0);
  });

  it('a config without examples remembers nothing (the bundled rules are the build record, ./prebuilt.ts)', async () => {
    const p = project('[check]\nmode = "ask"\n');
    expect((await p.load('1'.repeat(64))).ok).toBe(true);
    expect(p.entries()).toHaveLength(0);
  });

  it('a catalogue changed after a load is checked against its schema again', async () => {
    const p = project('[check]\nmode = "ask"\n');
    const rulesDir = join(temp(), 'rules');
    cpSync(findRulesDir() ?? '', rulesDir, { recursive: true });
    const load = () =>
      loadRuntime({
        cwd: p.cwd,
        env: p.env,
        clock: fixedClock('2026-12-01T00:00:00Z'),
        rulesDir,
        buildId: '1'.repeat(64),
      });
    expect((await load()).ok).toBe(true);
    const safe = JSON.parse(readFileSync(join(rulesDir, 'check-safe.json'), 'utf8'));
    writeFileSync(join(rulesDir, 'check-safe.json'), JSON.stringify({ ...safe, version: 'one' }));
    const r = await load();
    expect(r).toMatchObject({ ok: false, basis: 'rules-invalid' });
    if (!r.ok) expect(r.problem).toContain('check-safe.json');
  });
});
