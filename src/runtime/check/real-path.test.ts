// The surface's symlink resolver on real links in a temp folder.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { realPathOf } from './real-path';

let base: string;

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gavel-realpath-')));
  mkdirSync(join(base, 'home', '.aws'), { recursive: true });
  writeFileSync(join(base, 'home', '.aws', 'credentials'), 'k');
  mkdirSync(join(base, 'ws', 'src'), { recursive: true });
  symlinkSync(join(base, 'home'), join(base, 'ws', 'homelink'));
  symlinkSync('/', join(base, 'ws', 'rootlink'));
  symlinkSync('src', join(base, 'ws', 'srclink'));
  symlinkSync(join(base, 'home', 'later', 'file'), join(base, 'ws', 'dangling'));
  symlinkSync('loop-b', join(base, 'ws', 'loop-a'));
  symlinkSync('loop-a', join(base, 'ws', 'loop-b'));
});

describe('realPathOf', () => {
  it.each<[string, string, string]>([
    ['an existing file through a link', 'ws/homelink/.aws/credentials', 'home/.aws/credentials'],
    ['a missing file below a link', 'ws/homelink/.bashrc', 'home/.bashrc'],
    ['a missing folder below a link', 'ws/homelink/a/b/c', 'home/a/b/c'],
    ['a relative link inside the workspace', 'ws/srclink/x.ts', 'ws/src/x.ts'],
    ['a dangling link, followed to where it points', 'ws/dangling', 'home/later/file'],
    ['a plain path', 'ws/src/new.ts', 'ws/src/new.ts'],
  ])('%s', (_name, rel, real) => {
    expect(realPathOf(join(base, rel))).toBe(join(base, real));
  });

  it('a link to the root leads to the system path', () => {
    expect(realPathOf(join(base, 'ws', 'rootlink', 'etc', 'cron.d', 'x'))).toBe('/etc/cron.d/x');
    expect(realPathOf(join(base, 'ws', 'rootlink'))).toBe('/');
  });

  it('a missing name, then a dangling link made in its place: the second resolution follows the link', () => {
    const name = join(base, 'ws', 'made-later');
    expect(realPathOf(join(name, 'f'))).toBe(join(name, 'f'));
    symlinkSync(join(base, 'home', 'elsewhere'), name);
    expect(realPathOf(join(name, 'f'))).toBe(join(base, 'home', 'elsewhere', 'f'));
  });

  it('a relative path tells nothing and never throws', () => {
    expect(realPathOf('ws/x')).toBeUndefined();
  });

  it.each<[string, () => string]>([
    ['a link loop', () => join(base, 'ws', 'loop-a', 'x')],
    ['a path deeper than the walk', () => join(base, 'ws', ...Array.from({ length: 300 }, () => 'd'))],
  ])('never gives up silently, never throws: %s is null (uncertain)', (_name, path) => {
    expect(() => realPathOf(path())).not.toThrow();
    expect(realPathOf(path())).toBeNull();
  });
});
