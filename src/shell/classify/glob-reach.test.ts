import { describe, expect, it } from 'vitest';
import { PATHS } from '../testdata/shell-env';
import { makePathScope } from './classify-path';
import { globReach, wordMayNameSecret } from './glob-reach';

const scope = makePathScope({
  paths: PATHS,
  cwd: '/home/u/proj/src',
  home: '/home/u',
  workspaceRoots: ['/home/u/proj'],
  tempDirs: ['/var/folders/t'],
});
const SENSITIVE = PATHS.sensitive;

// The sensitive folders are split once per compiled list and each wildcard component is compiled once per
// pattern (ADR 0090): the same pattern tested twice, and patterns at every depth, must answer as before.
describe('globReach: a pattern walking into a sensitive folder', () => {
  it.each<[string, string, boolean]>([
    ['every file from the root reaches ~/.ssh', '/**/*', true],
    ['a wildcard user folder reaches ~/.ssh', '/home/*/.ssh/*', true],
    ['a one-character class in the folder name', '/home/u/.ss[h]/*', true],
    ['a negated class is read as its first character (conservative)', '/home/u/.ss[!h]/x', true],
    ['a negated class that excludes every dot folder', '/home/u/[!.]*/x', false],
    ['a question mark for a letter', '/home/u/.ss?/config', true],
    ['workspace sources reach no secret', '/home/u/proj/src/**/*.ts', false],
    ['a relative pattern from the working folder', 'lib/*.ts', false],
    ['a literal root above a sensitive folder, wildcard below', '/home/u/*/id_rsa', true],
    ['a wildcard that cannot match the next component', '/home/u/x*/config', false],
  ])('%s: `%s`', (_name, pattern, secret) => {
    const first = globReach(pattern, scope, SENSITIVE);
    expect(first?.some((x) => x.secret)).toBe(secret);
    // Asked again (the compiled components are per call, nothing is kept between patterns).
    expect(globReach(pattern, scope, SENSITIVE)).toEqual(first);
  });

  it('a component that is not a valid expression reaches (fail closed)', () => {
    expect(wordMayNameSecret('/home/u/[/x', scope, SENSITIVE, scope.cwd)).toBe(true);
  });
});
