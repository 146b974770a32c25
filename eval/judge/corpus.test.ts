import { describe, expect, it } from 'vitest';
import { type CorpusUnit, counts } from './corpus';

const injected: CorpusUnit = {
  id: 'skill-inject/malicious/1/x/L10',
  label: 'malicious',
  categories: [],
  files: [],
  injected: { file: 'SKILL.md', lines: [10, 12], added: ['scripts/backup.sh'] },
};
const plain: CorpusUnit = { id: 'cisco/x', label: 'malicious', categories: [], files: [] };

describe('which findings count for an injected copy', () => {
  it.each([
    ['inside the injected lines', 'SKILL.md', 11, 11, true],
    ['overlapping the first injected line', 'SKILL.md', 8, 10, true],
    ['before the injected lines', 'SKILL.md', 3, 9, false],
    ['after the injected lines', 'SKILL.md', 13, 13, false],
    ['in an added script, anywhere', 'scripts/backup.sh', 1, 1, true],
    ['in another original file', 'reference.md', 11, 11, false],
  ])('%s → %s', (_n, file, start, end, want) => {
    expect(counts(injected, file, start, end)).toBe(want);
  });

  it('counts anything in a unit that is not an injected copy', () => {
    expect(counts(plain, 'any.py', 1, 1)).toBe(true);
  });
});
