import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { higherWins, intersectionOf, lowerWins, setting, stricterOf, trueWins, unionOf } from './setting';
import { CONFIG_SPEC, TABLE_NAMES, tableSettings } from './spec';

const MODES = ['off', 'auto', 'ask'] as const;
const modeMerge = stricterOf<(typeof MODES)[number]>(MODES, { repoMayNotIntroduce: ['auto'] });

describe('merge helpers never loosen the user value', () => {
  // Every pair of the mode domain, exhaustively: [user, repo, result, refused?]
  it.each([
    ['off', 'off', 'off', false],
    ['off', 'auto', 'off', true],
    ['off', 'ask', 'ask', false],
    ['auto', 'off', 'auto', true],
    ['auto', 'auto', 'auto', false],
    ['auto', 'ask', 'ask', false],
    ['ask', 'off', 'ask', true],
    ['ask', 'auto', 'ask', true],
    ['ask', 'ask', 'ask', false],
  ] as const)('mode: user %s, repo %s -> %s', (user, repo, want, refused) => {
    const r = modeMerge(user, repo);
    expect(r.value).toBe(want);
    expect(r.refused !== undefined).toBe(refused);
  });

  it.each([
    [1000, 500, 500, false],
    [1000, 1000, 1000, false],
    [1000, 1001, 1000, true],
  ])('lowerWins: user %d, repo %d -> %d', (user, repo, want, refused) => {
    const r = lowerWins(user, repo);
    expect(r.value).toBe(want);
    expect(r.refused !== undefined).toBe(refused);
  });

  it.each([
    [70, 80, 80, false],
    [70, 70, 70, false],
    [70, 69, 70, true],
  ])('higherWins: user %d, repo %d -> %d', (user, repo, want, refused) => {
    const r = higherWins(user, repo);
    expect(r.value).toBe(want);
    expect(r.refused !== undefined).toBe(refused);
  });

  it.each([
    [false, false, false, false],
    [false, true, true, false],
    [true, true, true, false],
    [true, false, true, true],
  ])('trueWins: user %s, repo %s -> %s', (user, repo, want, refused) => {
    const r = trueWins(user, repo);
    expect(r.value).toBe(want);
    expect(r.refused !== undefined).toBe(refused);
  });

  it('unionOf adds restrictions and keeps every user one', () => {
    expect(unionOf(['b', 'a'], ['c', 'a']).value).toEqual(['a', 'b', 'c']);
    expect(unionOf(['a'], []).value).toEqual(['a']);
  });

  it('intersectionOf lets a repository narrow grants but not add one', () => {
    const r = intersectionOf(['a.example', 'b.example'], ['b.example', 'evil.example']);
    expect(r.value).toEqual(['b.example']);
    expect(r.refused).toContain('`evil.example`');
    expect(intersectionOf(['a'], ['a']).refused).toBeUndefined();
  });
});

describe('the config spec', () => {
  it('gives every setting a description, and a GAVEL_ name to every variable', () => {
    for (const table of TABLE_NAMES) {
      for (const [key, spec] of tableSettings(table)) {
        expect(spec.description.length, `${table}.${key}`).toBeGreaterThan(10);
        if (spec.env) expect(spec.env.name).toMatch(/^GAVEL_[A-Z_]+$/);
      }
    }
  });

  it('keeps models, endpoints, keys and spend caps in user scope only', () => {
    for (const table of ['model', 'caps', 'audit'] as const) {
      for (const [key, spec] of tableSettings(table)) {
        // `[audit] preview`: a repository may only tighten it to `hash-only` (ADR 0027).
        if (table === 'audit' && key === 'preview') expect(spec.scope).toBe('both');
        else expect(spec.scope, `${table}.${key}`).toBe('user');
      }
    }
    expect(Object.keys(CONFIG_SPEC)).toEqual(TABLE_NAMES);
  });

  it('accepts every default against its own schema', () => {
    for (const table of TABLE_NAMES) {
      for (const [key, spec] of tableSettings(table)) {
        if (spec.default === undefined) continue;
        expect(spec.schema['~standard'].validate(spec.default), `${table}.${key}`).not.toHaveProperty(
          'issues',
        );
      }
    }
  });
});

describe('setting', () => {
  it('builds its schema on first use of `schema`, once, and lists it with the other fields', () => {
    const build = vi.fn(() => z.int());
    const s = setting<number>({
      schema: build,
      default: 1,
      scope: 'both',
      merge: lowerWins,
      description: 'a number',
    });
    expect(build).not.toHaveBeenCalled();
    expect(s.default).toBe(1);
    expect(s.schema.safeParse(3).success).toBe(true);
    expect(s.schema.safeParse('3').success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
    expect(Object.keys(s).sort()).toEqual(['default', 'description', 'merge', 'schema', 'scope']);
  });
});
