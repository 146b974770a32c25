// The policy hash cache (./policy-sha-cache.ts) on real files in temp folders, alone and through loadRuntime: the
// hash a later load takes from the cache is the one computed from the files, a spoiled entry is ignored and
// rewritten, and another build, rule file text or config is a different key.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedClock, sha256Hex } from '../../core';
import { findRulesDir, loadRuntime } from './load-runtime';
import { HASH_FOLDER, policyShaKey, rememberedPolicySha, rememberPolicySha } from './policy-sha-cache';

const temp = (): string => mkdtempSync(join(tmpdir(), 'gavel-policy-sha-'));
const file = (name: string, text: string) => ({ name, sha256: sha256Hex(text) });
const FILES = [file('check-policy.json', '{"version":1}')];
const KEY = policyShaKey('b'.repeat(64), FILES, { rules: [] }) ?? '';
const SHA = 'a'.repeat(64);

describe('policy hash entries', () => {
  it('remembers a hash for its key only', () => {
    const dir = temp();
    expect(rememberedPolicySha(dir, KEY)).toBeUndefined();
    rememberPolicySha(dir, KEY, SHA);
    expect(rememberedPolicySha(dir, KEY)).toBe(SHA);
    expect(
      rememberedPolicySha(dir, policyShaKey('c'.repeat(64), FILES, { rules: [] }) ?? ''),
    ).toBeUndefined();
  });

  it('keys on the build, each rule file name and text, and the config', () => {
    const keys = new Set([
      KEY,
      policyShaKey('c'.repeat(64), FILES, { rules: [] }),
      policyShaKey('b'.repeat(64), [file('check-policy.json', '{"version":2}')], { rules: [] }),
      policyShaKey('b'.repeat(64), [file('check-floor.json', '{"version":1}')], { rules: [] }),
      policyShaKey('b'.repeat(64), FILES, { rules: [{ id: 'x' }] }),
    ]);
    expect(keys.size).toBe(5);
    expect(policyShaKey('b'.repeat(64), FILES, { rules: [] })).toBe(KEY);
  });

  it('has no key for a config canonical JSON cannot hold', () => {
    expect(policyShaKey('b'.repeat(64), FILES, { at: new Date(0) })).toBeUndefined();
  });

  it.each([
    ['truncated', (t: string) => t.slice(0, 20)],
    ['empty', () => ''],
    ['another hash with the old checksum', (t: string) => t.replace(SHA, 'c'.repeat(64))],
    ['another key inside', (t: string) => t.replaceAll(KEY, 'd'.repeat(64))],
  ])('ignores an entry that is %s', (_name, spoil) => {
    const dir = temp();
    rememberPolicySha(dir, KEY, SHA);
    const file = join(dir, HASH_FOLDER, `${KEY}.json`);
    writeFileSync(file, spoil(readFileSync(file, 'utf8')));
    expect(rememberedPolicySha(dir, KEY)).toBeUndefined();
    rememberPolicySha(dir, KEY, SHA);
    expect(rememberedPolicySha(dir, KEY)).toBe(SHA);
  });

  it('refuses a key or hash that is not a sha256 (no path outside the folder)', () => {
    const dir = temp();
    rememberPolicySha(dir, '../escape', SHA);
    rememberPolicySha(dir, KEY, 'not a hash');
    expect(readdirSync(dir)).toEqual([]);
    expect(rememberedPolicySha(dir, '../escape')).toBeUndefined();
  });

  it('a state folder it cannot write only costs time', () => {
    const file = join(temp(), 'state');
    writeFileSync(file, '');
    expect(() => rememberPolicySha(file, KEY, SHA)).not.toThrow();
    expect(rememberedPolicySha(file, KEY)).toBeUndefined();
  });
});

describe('loadRuntime hashes the policy once per build and content', () => {
  function project(toml: string) {
    const base = temp();
    const cwd = join(base, 'project');
    mkdirSync(join(cwd, '.git'), { recursive: true });
    mkdirSync(join(base, 'home'));
    writeFileSync(join(cwd, 'gavel.toml'), toml);
    const state = join(base, 'state');
    const rulesDir = join(base, 'rules');
    cpSync(findRulesDir() ?? '', rulesDir, { recursive: true });
    const env = { HOME: join(base, 'home'), XDG_STATE_HOME: state };
    const load = async (buildId?: string) => {
      const r = await loadRuntime({
        cwd,
        env,
        clock: fixedClock('2026-12-01T00:00:00Z'),
        rulesDir,
        ...(buildId ? { buildId } : {}),
      });
      if (!r.ok) throw new Error(r.problem);
      return r.deps.policy.ref.sha256;
    };
    const entries = () => {
      try {
        return readdirSync(join(state, 'gavel', HASH_FOLDER));
      } catch {
        return [];
      }
    };
    return { cwd, rulesDir, load, entries, write: (t: string) => writeFileSync(join(cwd, 'gavel.toml'), t) };
  }

  it('a load from the cache records the hash computed from the files', async () => {
    const p = project('[check]\nmode = "ask"\n');
    const computed = await p.load(undefined);
    expect(p.entries()).toEqual([]);
    expect(await p.load('1'.repeat(64))).toBe(computed);
    expect(p.entries()).toHaveLength(1);
    expect(await p.load('1'.repeat(64))).toBe(computed);
    expect(p.entries()).toHaveLength(1);
  });

  it('a forged entry for the key is not taken when its checksum does not hold', async () => {
    const p = project('[check]\nmode = "ask"\n');
    const computed = await p.load('1'.repeat(64));
    const [entry] = p.entries();
    const file = join(p.cwd, '..', 'state', 'gavel', HASH_FOLDER, entry ?? '');
    writeFileSync(file, readFileSync(file, 'utf8').replace(computed, 'f'.repeat(64)));
    expect(await p.load('1'.repeat(64))).toBe(computed);
  });

  it('a changed config or rule file is hashed again, and matches a fresh load', async () => {
    const p = project('[check]\nmode = "ask"\n');
    const before = await p.load('1'.repeat(64));
    p.write('[check]\nmode = "ask"\nsensitive = ["secrets/**"]\n');
    const config = await p.load('1'.repeat(64));
    expect(config).not.toBe(before);
    expect(config).toBe(await p.load(undefined));
    const policyFile = join(p.rulesDir, 'check-paths.json');
    writeFileSync(policyFile, `${readFileSync(policyFile, 'utf8')}\n`);
    expect(await p.load('1'.repeat(64))).toBe(config);
    const paths = JSON.parse(readFileSync(policyFile, 'utf8'));
    paths.temp_dirs = [...(paths.temp_dirs ?? []), '/var/scratch'];
    writeFileSync(policyFile, JSON.stringify(paths));
    const changed = await p.load('1'.repeat(64));
    expect(changed).not.toBe(config);
    expect(changed).toBe(await p.load(undefined));
    expect(p.entries()).toHaveLength(4);
  });
});
