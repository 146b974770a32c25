import { describe, expect, it } from 'vitest';
import { fileView } from './file-view';
import { missingReferenceFindings } from './missing-references';

const refs = (text: string, existing: string[] = []) =>
  missingReferenceFindings(fileView('s/SKILL.md', text), 's', (p) => existing.includes(p)).map(
    (d) => d.message,
  );

describe('missing references (Q03)', () => {
  it('reports a link and a script the prose names that do not exist, not those that do', () => {
    expect(
      refs('See [the guide](references/guide.md) and run `scripts/go.py`.\nAlso scripts/ok.sh', [
        's/scripts/ok.sh',
      ]),
    ).toEqual(['`references/guide.md` does not exist', '`scripts/go.py` does not exist']);
  });

  it('never fires inside a fenced example', () => {
    expect(
      refs('Example layout:\n\n```markdown\nSee [x](references/api.md)\npython scripts/build.py\n```\n'),
    ).toEqual([]);
  });

  it('reads a link whose title holds spaces', () => {
    expect(refs('[x](docs/a.md "the title")')).toEqual(['`docs/a.md` does not exist']);
  });

  it.each([
    ['500,000 `[`', '['.repeat(500_000)],
    ['200,000 `](a`', '](a'.repeat(200_000)],
    ['100,000 `](a "`', '](a "'.repeat(100_000)],
    ['a path of 250,000 segments', ` scripts/${'a.'.repeat(250_000)}`],
  ])('stays linear on a line of %s (finishes within the test timeout)', (_n, line) => {
    expect(refs(line).length).toBeLessThan(2);
  });
});
