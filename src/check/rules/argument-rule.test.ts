// Segments here are hand-written test doubles of what src/shell reports.
import { describe, expect, it } from 'vitest';
import type { ArgumentRuleSpec } from '../../config';
import { seg } from '../testdata/fixtures';
import { flagOn, hasFlag, matchArgumentRule } from './argument-rule';

const inScope = (scope: string, cls: string) => scope === cls;

describe('hasFlag', () => {
  it.each([
    [['-rf', 'x'], '-r', true],
    [['-rf', 'x'], '-f', true],
    [['-v'], '-r', false],
    [['--force-with-lease'], '--force', false],
    [['--pid=host'], '--pid=host', true],
    [['--network=host'], '--network', true],
    [['--', '-r'], '-r', false],
  ])('%j has %s: %s', (args, flag, want) => {
    expect(hasFlag(args, flag)).toBe(want);
  });
});

describe('flagOn: a flag that excludes a rule is on only as itself (review 29)', () => {
  it.each<[string[], string, boolean]>([
    [['publish', '--dry-run'], '--dry-run', true],
    [['publish', '--dry-run=true'], '--dry-run', true],
    [['publish', '--dry-run', '-w', 'ui'], '--dry-run', true],
    [['publish', '--dry-run=false'], '--dry-run', false],
    [['publish', '--dry-run', 'false'], '--dry-run', false],
    [['publish', '--dry-run', '0'], '--dry-run', false],
    [['publish', '--', '--dry-run'], '--dry-run', false],
    [['apply', '--dry-run=client', '-f', 'x'], '--dry-run=client', true],
    [['x', '-nq'], '-n', true],
  ])('%j %s: %s', (args, flag, on) => {
    expect(flagOn(args, flag)).toBe(on);
  });
});

describe('matchArgumentRule', () => {
  const rule: ArgumentRuleSpec = {
    id: 'r',
    decision: 'allow',
    program: 'rm',
    flags_none: ['-f'],
    paths: ['workspace', 'temp'],
  };
  it.each([
    [
      'in workspace',
      seg(['rm', '-r', 'a'], { paths: [{ raw: 'a', resolved: '/w/a', class: 'workspace', role: 'delete' }] }),
      true,
    ],
    [
      'one path outside',
      seg(['rm', 'a', '/etc/x'], {
        paths: [
          { raw: 'a', resolved: '/w/a', class: 'workspace', role: 'delete' },
          { raw: '/etc/x', resolved: '/etc/x', class: 'system', role: 'delete' },
        ],
      }),
      false,
    ],
    [
      'an unresolved path',
      seg(['rm', '$X'], { paths: [{ raw: '$X', class: 'outside', role: 'delete' }] }),
      false,
    ],
    ['a forbidden flag', seg(['rm', '-rf', 'a']), false],
    ['another program', seg(['/bin/ls', 'a']), false],
    ['a full program path', seg(['/bin/rm', 'a']), true],
  ])('%s', (_name, segment, want) => {
    expect(matchArgumentRule(rule, segment, inScope)).toBe(want);
  });

  it('matches subcommands and arguments', () => {
    const push: ArgumentRuleSpec = {
      id: 'p',
      decision: 'review',
      program: 'git',
      subcommand: ['push'],
      args_any: ['main'],
    };
    expect(matchArgumentRule(push, seg(['git', 'push', 'origin', 'main']), inScope)).toBe(true);
    expect(matchArgumentRule(push, seg(['git', 'push', 'origin', 'dev']), inScope)).toBe(false);
    expect(matchArgumentRule(push, seg(['git', 'pull', 'origin', 'main']), inScope)).toBe(false);
  });
});
