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
