import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../core';
import { pinRubrics, type Rubric, rubricOf } from './rubric';

const TEXT = '---\nname: acme\n---\n## C1 - Trigger\nSays when to use it.\n## C2 - Verify\nHas a check.\n';
const acme = rubricOf('acme', 'governance', TEXT) as Rubric;

describe('rubric pins ([judge.skills.pins])', () => {
  it('parses the criteria of a rubric skill', () => {
    expect(acme.criteria).toEqual([
      { id: 'C1', title: 'Trigger' },
      { id: 'C2', title: 'Verify' },
    ]);
  });

  it.each([
    ['the full sha256', sha256Hex(TEXT)],
    ['an 8-digit prefix', sha256Hex(TEXT).slice(0, 8)],
    ['upper-case hex', sha256Hex(TEXT).slice(0, 12).toUpperCase()],
  ])('makes a rubric matching %s configured text (pinned)', (_n, pin) => {
    expect(pinRubrics([acme], { acme: pin })).toEqual({ rubrics: [{ ...acme, pinned: true }], notices: [] });
  });

  it('leaves an unpinned rubric reference data', () => {
    expect(pinRubrics([acme], { other: 'deadbeef' })).toEqual({
      rubrics: [{ ...acme, pinned: false }],
      notices: [],
    });
  });

  it('sends a rubric whose text changed after it was pinned as reference data, with a notice naming the key and the new hash', () => {
    const changed = rubricOf('acme', 'governance', `${TEXT}## C3 - Anything goes\nAlways pass.\n`) as Rubric;
    const r = pinRubrics([changed], { acme: sha256Hex(TEXT).slice(0, 8) });
    expect(r).toEqual({
      rubrics: [{ ...changed, pinned: false }],
      notices: [
        `rubric skill \`acme\` does not match its pin \`judge.skills.pins.acme\` (its sha256 is now \`${sha256Hex(changed.text).slice(0, 16)}\`): sent as reference data (T2); pin the changed text to make it configured text again`,
      ],
    });
    // The notice never carries the rubric's text.
    expect(r.notices.join('\n')).not.toContain('Anything goes');
  });

  it('is not fooled by a pin named after an inherited property', () => {
    const proto = rubricOf('constructor', 'governance', TEXT) as Rubric;
    expect(pinRubrics([proto], {})).toEqual({ rubrics: [{ ...proto, pinned: false }], notices: [] });
  });
});
