import { describe, expect, it } from 'vitest';
import { parseCodeowners } from './codeowners';

const FILE = [
  '# comment',
  '*.js @acme/js',
  '/src/crypto/ @acme/security',
  'docs/* @acme/docs',
  'apps/ @acme/apps',
  '/build/logs @acme/ops',
  '/src/crypto/vendored/   # no owners: unowned',
  '!negated @acme/nobody',
  '**/deploy/** @acme/ops dev@example.org',
].join('\n');

describe('parseCodeowners', () => {
  const owners = parseCodeowners(FILE);
  it.each([
    ['a name pattern matches at any depth', 'lib/x/y.js', ['@acme/js']],
    ['an anchored directory covers everything below it', 'src/crypto/aes/gcm.ts', ['@acme/security']],
    ['a later line without owners leaves a path unowned', 'src/crypto/vendored/x.ts', []],
    ['dir/* covers one level', 'docs/intro.md', ['@acme/docs']],
    ['dir/* does not cover nested folders', 'docs/build/guide.md', []],
    ['a trailing-slash directory matches at any depth', 'services/apps/main.go', ['@acme/apps']],
    ['an anchored path covers its subtree', 'build/logs/today.txt', ['@acme/ops']],
    ['an anchored path does not match elsewhere', 'x/build/logs/today.txt', []],
    ['globstar patterns and e-mail owners', 'infra/deploy/main.tf', ['@acme/ops', 'dev@example.org']],
    ['an unmatched path has no owners', 'src/app.ts', []],
  ])('%s', (_name, path, want) => {
    expect(owners.ownersOf(path)).toEqual(want);
  });

  it('skips lines GitHub ignores and counts them', () => {
    expect(owners.skipped).toBe(1);
    expect(owners.rules).toBe(7);
  });

  it('lets the last matching line win', () => {
    const o = parseCodeowners('* @acme/all\n/src/ @acme/src\n');
    expect(o.ownersOf('src/a.ts')).toEqual(['@acme/src']);
    expect(o.ownersOf('README.md')).toEqual(['@acme/all']);
  });
});
