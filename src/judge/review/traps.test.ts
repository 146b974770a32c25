import { describe, expect, it } from 'vitest';
import { parseTraps, trapCovers } from './traps';

describe('parseTraps', () => {
  it('reads a list of known false-positive shapes', () => {
    const r = parseTraps(
      '- id: R01\n  name: internal_cli\n  text: "`acli` downloads pinned bundles"\n  applies_to: [S05, S10]\n',
    );
    expect(r).toEqual({
      ok: true,
      traps: [
        {
          id: 'R01',
          name: 'internal_cli',
          text: '`acli` downloads pinned bundles',
          appliesTo: ['S05', 'S10'],
        },
      ],
    });
    if (r.ok) {
      expect(trapCovers(r.traps, 'R01', 'S05')).toBe(true);
      expect(trapCovers(r.traps, 'R01', 'S07')).toBe(false);
      expect(trapCovers(r.traps, 'R99', 'S05')).toBe(false);
    }
  });

  it.each([
    ['not YAML', '- id: [', 'is not YAML'],
    ['a map', 'id: R01', 'must be a list'],
    ['a bad code', '- id: R01\n  name: n\n  text: t\n  applies_to: [JR-S05x]', 'trap 0'],
    ['no text', '- id: R01\n  name: n', 'trap 0'],
  ])('refuses %s whole', (_n, text, problem) => {
    const r = parseTraps(text);
    expect(r.ok === false && r.problem).toContain(problem);
  });
});
