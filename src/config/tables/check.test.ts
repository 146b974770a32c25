import { describe, expect, it } from 'vitest';
import { mergeConfig } from '../merge-config';
import { validateDocument } from '../validate-document';

const layer = (doc: unknown, scope: 'user' | 'project', file: string) => {
  const r = validateDocument(doc, file, scope);
  if (!r.ok) throw new Error(r.problem.message);
  return { values: r.values, file };
};

describe('[check]: a repository only tightens', () => {
  const user = layer(
    {
      check: {
        allow: ['Bash(npm test:*)', 'Read(./.env)'],
        stated_hosts: ['example.com'],
        mode: 'off',
        rules: [{ id: 'u', decision: 'allow', program: 'make' }],
      },
    },
    'user',
    'user.toml',
  );
  const repo = layer(
    {
      check: {
        allow: ['Bash(npm test:*)', 'Bash(curl:*)'],
        deny: ['Bash(rm:*)'],
        stated_hosts: ['evil.example'],
        sensitive: ['vault.txt'],
        mode: 'ask',
        unlisted: 'review',
        rules: [
          { id: 'r', decision: 'allow', program: 'curl', categories: ['credential_exfiltration'] },
          { id: 'd', decision: 'deny', program: 'nc' },
        ],
      },
    },
    'project',
    'gavel.toml',
  );
  const merged = mergeConfig(user, undefined, repo);
  const c = merged.config.check;

  it.each([
    ['keeps only allow rules the user also has', c.allow, ['Bash(npm test:*)']],
    ['adds deny rules', c.deny, ['Bash(rm:*)']],
    ['cannot state a new host', c.stated_hosts, []],
    ['adds sensitive paths', c.sensitive, ['vault.txt']],
    ['keeps argument allow rules only from the user', c.rules.map((r) => r.id), ['u', 'd']],
  ])('%s', (_name, got, want) => {
    expect(got).toEqual(want);
  });

  it('tightens the mode and unlisted, and reports what it refused', () => {
    expect(c.mode).toBe('ask');
    expect(c.unlisted).toBe('review');
    const refused = merged.notices.map((n) => n.keyPath).sort();
    expect(refused).toEqual(['check.allow', 'check.rules', 'check.stated_hosts']);
  });

  it.each([
    [{ check: { allow: ['bash(ls)'] } }, 'check.allow.0'],
    [{ check: { rules: [{ id: 'X', decision: 'allow', program: 'ls' }] } }, 'check.rules.0.id'],
    [{ check: { rules: [{ id: 'x', decision: 'maybe', program: 'ls' }] } }, 'check.rules.0.decision'],
    [{ check: { unlisted: 'sometimes' } }, 'check.unlisted'],
  ])('rejects %j at `%s`', (doc, keyPath) => {
    const r = validateDocument(doc, 'gavel.toml', 'project');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.keyPath).toBe(keyPath);
  });
});

describe('[check] reviewer keys: a repository only tightens', () => {
  const merge = (userCheck: object | undefined, repoCheck: object) =>
    mergeConfig(
      userCheck ? layer({ check: userCheck }, 'user', 'user.toml') : undefined,
      undefined,
      layer({ check: repoCheck }, 'project', 'gavel.toml'),
    );

  it.each([
    [
      'posture: user default, repo permissive',
      { reviewer_posture: 'default' },
      { reviewer_posture: 'permissive' },
      'reviewer_posture',
      'default',
      true,
    ],
    [
      'posture: user unset, repo permissive',
      undefined,
      { reviewer_posture: 'permissive' },
      'reviewer_posture',
      undefined,
      true,
    ],
    [
      'posture: user strict, repo default',
      { reviewer_posture: 'strict' },
      { reviewer_posture: 'default' },
      'reviewer_posture',
      'strict',
      true,
    ],
    [
      'posture: user permissive, repo strict',
      { reviewer_posture: 'permissive' },
      { reviewer_posture: 'strict' },
      'reviewer_posture',
      'strict',
      false,
    ],
    [
      'posture: user unset, repo strict',
      undefined,
      { reviewer_posture: 'strict' },
      'reviewer_posture',
      'strict',
      false,
    ],
    [
      'context: user minimal, repo recentContext',
      { reviewer_context: 'minimal' },
      { reviewer_context: 'recentContext' },
      'reviewer_context',
      'minimal',
      true,
    ],
    [
      'context: user unset, repo minimal',
      undefined,
      { reviewer_context: 'minimal' },
      'reviewer_context',
      'minimal',
      false,
    ],
    [
      'turns: user 3, repo 8',
      { reviewer_user_turns: 3 },
      { reviewer_user_turns: 8 },
      'reviewer_user_turns',
      3,
      true,
    ],
    [
      'turns: user unset, repo 12',
      undefined,
      { reviewer_user_turns: 12 },
      'reviewer_user_turns',
      undefined,
      true,
    ],
    [
      'turns: user 10, repo 2',
      { reviewer_user_turns: 10 },
      { reviewer_user_turns: 2 },
      'reviewer_user_turns',
      2,
      false,
    ],
  ])('%s', (_name, userCheck, repoCheck, key, want, refused) => {
    const merged = merge(userCheck, repoCheck);
    expect((merged.config.check as Record<string, unknown>)[key]).toBe(want);
    expect(merged.notices.map((n) => n.keyPath)).toEqual(refused ? [`check.${key}`] : []);
  });

  it.each([
    ['user unset', undefined, 'is looser than the default `default`'],
    ['user default', { reviewer_posture: 'default' }, "is looser than the user's `default`"],
  ])('a refused permissive posture says what it was compared with (%s)', (_name, userCheck, message) => {
    const merged = merge(userCheck, { reviewer_posture: 'permissive' });
    expect(merged.notices[0]?.message).toContain(message);
  });

  it.each([
    ['an unknown posture', { reviewer_posture: 'lenient' }, 'check.reviewer_posture'],
    ['an unknown context mode', { reviewer_context: 'everything' }, 'check.reviewer_context'],
    ['zero user turns', { reviewer_user_turns: 0 }, 'check.reviewer_user_turns'],
    ['21 user turns', { reviewer_user_turns: 21 }, 'check.reviewer_user_turns'],
    ['a misspelt floor category', { floor_extra: ['credential_exfil'] }, 'check.floor_extra.0'],
    ['an unknown presumed category', { presume_deny: ['nuclear_launch'] }, 'check.presume_deny.0'],
  ])('%s is invalid', (_name, check, keyPath) => {
    const r = validateDocument({ check }, 'user.toml', 'user');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.keyPath).toBe(keyPath);
  });
});
