import { describe, expect, it } from 'vitest';
import { parseCodeowners } from './codeowners';
import { readVersions } from './git/read-versions';
import { parsePullRequest } from './inputs/parse-pull-request';
import { parseRunLog } from './inputs/parse-run-log';
import { sanitize } from './sanitize';
import { matchPhrases } from './signal-rules';
import { shippedPolicy } from './testdata/policy';

// Every pattern and parser route runs on untrusted text, on inputs shaped to hit backtracking or
// rescanning. The sizes are chosen so that a quadratic step would need about 10^12 operations (hours):
// finishing at all, under vitest's default test timeout, is the bound. No clock is read.
const N = 1_000_000;
const policy = shippedPolicy();

describe('route runs in linear time on adversarial text', () => {
  it.each([
    ['an inline Cargo table that never closes', `+a = {${' version = "1'.repeat(N / 12)}`],
    ['a JSON-ish manifest line of quotes', `+"${'"'.repeat(N)}`],
    ['a requirements line of spaces', `+a${' '.repeat(N)}==`],
    ['a go.mod line of dots', `+a.${'.'.repeat(N)} v`],
    ['a Gemfile line of quotes and commas', `+gem '${"a', '".repeat(N / 5)}`],
    ['a million manifest lines', '+x\n'.repeat(N / 3)],
  ])('reads manifest versions from %s', (_n, line) => {
    const r = readVersions(`+++ b/Cargo.toml\n${line}\n`);
    expect(r.other).toBeGreaterThan(0);
  });

  it.each([
    ['"not" then spaces', `not${' '.repeat(N)}x`],
    ['repeated "not "', 'not '.repeat(N / 4)],
    ['repeated "i "', 'i '.repeat(N / 2)],
    ['repeated "skip the "', 'skip the '.repeat(N / 9)],
    ['repeated "ignore all "', 'ignore all '.repeat(N / 11)],
    ['brackets and colons', '[:('.repeat(N / 3)],
  ])('matches the phrase rules on %s, and still finds a phrase at the end', (_n, text) => {
    const found = matchPhrases(policy.rules.uncertainty, `${text} WIP`).map((m) => m.id);
    expect(found).toContain('wip');
    matchPhrases(policy.rules.approvalClaims, text);
  });

  it.each([
    ['a path of a million folders', 'a/'.repeat(N / 2)],
    ['a path of stars and slashes', '*/'.repeat(N / 2)],
    ['a path of dots', `.${'./'.repeat(N / 2)}`],
    ['a path of control characters', `src/auth${'\n'.repeat(N)}/x.ts`],
  ])('classifies %s', (_n, path) => {
    policy.classifier.security(path);
    expect(['code', 'generated', 'tests', 'docs']).toContain(policy.classifier.classOf(path));
  });

  it.each([
    ['a line of spaces before a comment', `*${' '.repeat(N)}#x @a`],
    ['ten thousand rules', '/a/ @o\n'.repeat(10_000)],
  ])('parses CODEOWNERS with %s', (_n, text) => {
    parseCodeowners(text).ownersOf('a/b.ts');
  });

  it('a CODEOWNERS pattern too long to compile guards every path (its owners review all of it)', () => {
    expect(parseCodeowners(`${'*'.repeat(N)}x @o`).ownersOf('README.md')).toEqual(['@o']);
  });

  it('parses a pull request whose body is a megabyte of brackets', () => {
    const body = '['.repeat(N);
    const pr = parsePullRequest(
      JSON.stringify({
        pull_request: { user: { login: 'n' }, author_association: 'MEMBER', title: 't', body, labels: [] },
      }),
      'pr',
    );
    expect(pr.body?.length).toBe(N);
  });

  it('refuses a run log line of a million brackets with its line number, not its text', () => {
    expect(() => parseRunLog('['.repeat(N), 'log')).toThrow('line 1');
  });

  it('sanitizes a megabyte of control characters and quotes', () => {
    expect(sanitize('\u001b"`\n'.repeat(N / 4)).length).toBeLessThanOrEqual(130);
  });
});
