// The strictest-of-targets rule on the real shell analyzer and the bundled policy: one call, several targets.
import { describe, expect, it } from 'vitest';
import { fixedClock, NO_POLICY } from '../core';
import { analyzeShell } from '../shell';
import { checkTargets } from './check-targets';
import { policyWith, request } from './testdata/fixtures';

const policy = policyWith();
const deps = { analyzeShell, policy, clock: fixedClock('2026-11-29T00:00:00Z') };
const shell = (command: string) => request({ kind: 'shell', command });

describe('checkTargets: the strictest decision over every target of one call', () => {
  it.each<[string, string[], string]>([
    ['one safe target', ['git status'], 'allow'],
    ['a floor target after a safe one', ['git status', 'rm -rf /'], 'deny'],
    ['a floor target before a safe one', ['rm -rf /', 'git status'], 'deny'],
    ['a reviewed target among safe ones', ['ls', 'cat .env', 'pwd'], 'escalate'],
    ['a floor target outranks a reviewed one', ['cat .env', 'rm -rf /'], 'deny'],
  ])('%s', async (_name, commands, verdict) => {
    const result = await checkTargets(commands.map(shell), deps, policy.ref);
    expect(result.decision.verdict).toBe(verdict);
  });

  it.each([
    ['after', [shell('frobnicate --all'), request({ kind: 'edit', path: '~/.bashrc' })]],
    ['before', [request({ kind: 'edit', path: '~/.bashrc' }), shell('frobnicate --all')]],
  ])(
    'a category found on one target is not hidden by an unknown one %s it (the harness would hand it back)',
    async (_n, targets) => {
      const result = await checkTargets(targets, deps, policy.ref);
      expect(result.decision.verdict).toBe('escalate');
      expect(result.decision.basis).not.toBe('unlisted');
      expect(result.decision.categories).toContain('persistence');
    },
  );

  it('a call with no target is a deny, never an allow', async () => {
    const result = await checkTargets([], deps, NO_POLICY);
    expect(result.decision.verdict).toBe('deny');
    expect(result.decision.basis).toBe('invalid-input');
    expect(result.suggestions).toEqual([]);
  });

  it('keeps the suggested rules of every target at the winning verdict, none of a milder one', async () => {
    const one = await checkTargets([shell('curl https://a.example/x')], deps, policy.ref);
    const two = await checkTargets(
      [shell('curl https://a.example/x'), shell('curl https://b.example/y')],
      deps,
      policy.ref,
    );
    const mixed = await checkTargets(
      [shell('git status'), shell('curl https://a.example/x')],
      deps,
      policy.ref,
    );
    expect(one.suggestions.length).toBeGreaterThan(0);
    expect(two.suggestions.length).toBe(one.suggestions.length * 2);
    expect(mixed.suggestions).toEqual(one.suggestions);
  });
});
