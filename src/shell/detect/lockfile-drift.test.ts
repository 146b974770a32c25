// `npm install` with no name installs what package.json names: a dependency its lockfile does not hold is a new
// name resolved now (marked as fetched packages, known only when every one is a known package); frozen installs are
// left alone.
// Real files in a temp folder, read as the runtime reads them.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject;
const LOCK = JSON.stringify({
  name: 'app',
  lockfileVersion: 3,
  packages: { '': { dependencies: { react: '^18.0.0' } }, 'node_modules/react': { version: '18.2.0' } },
});
const manifest = (deps: Record<string, string>) => JSON.stringify({ name: 'app', dependencies: deps });

beforeAll(async () => {
  await loadShellParser();
  p = diskProject('gavel-lockfile-drift-');
  p.write({
    'one/package.json': manifest({ react: '^18.0.0', 'evil-pkg-xyz': '^1.0.0' }),
    'one/package-lock.json': LOCK,
    'two/package.json': manifest({ react: '^18.0.0', 'a-new': '1', 'b-new': '1' }),
    'two/package-lock.json': LOCK,
    'same/package.json': manifest({ react: '^18.0.0' }),
    'same/package-lock.json': LOCK,
    'local/package.json': manifest({ react: '^18.0.0', ui: 'workspace:*', lib: 'file:../lib' }),
    'local/package-lock.json': LOCK,
    'yarn/package.json': manifest({ react: '^18.0.0', leftpadx: '^1.0.0' }),
    'yarn/yarn.lock': 'react@^18.0.0:\n  version "18.2.0"\n',
    'none/package.json': manifest({ react: '^18.0.0', other: '1' }),
    'many/package.json': manifest(
      Object.fromEntries(Array.from({ length: 33 }, (_, k) => [`dep-${k}`, '1'])),
    ),
    'many/package-lock.json': LOCK,
    'odd/package.json': manifest({ react: '^18.0.0', 'a b': '1' }),
    'odd/package-lock.json': LOCK,
  });
});
afterAll(() => p.remove());

const at = (folder: string, command: string) => {
  const a = analyzeShellSync(command, p.env(join(p.root, folder)));
  const names = a.segments[0]?.fetchedPackages?.map((f) => f.name);
  return { fetched: names?.join(' '), codes: a.uncertain.map((u) => u.code) };
};

describe('an install of what the manifest names', () => {
  it.each([
    ['npm install', 'one', 'npm install'],
    ['npm i', 'one', 'npm i'],
    ['yarn with no subcommand', 'yarn', 'yarn'],
    ['pnpm install', 'one', 'pnpm install'],
  ])('a dependency the lockfile lacks is fetched by name: %s', (_name, folder, command) => {
    expect(at(folder, command).fetched).toMatch(/^(evil-pkg-xyz|leftpadx)$/);
  });

  it('several the lockfile lacks are each fetched by name', () => {
    expect(at('two', 'npm install')).toEqual({ fetched: 'a-new b-new', codes: [] });
  });

  it(`more than ${32} the lockfile lacks are uncertain`, () => {
    expect(at('many', 'npm install').codes).toContain('dynamic-script');
  });

  it('a name of no package shape is uncertain', () => {
    expect(at('odd', 'npm install').codes).toContain('dynamic-script');
  });

  it.each([
    ['in step with the lockfile', 'same', 'npm install'],
    ['workspace and file dependencies', 'local', 'npm install'],
    ['npm ci refuses drift itself', 'one', 'npm ci'],
    ['a frozen install refuses it too', 'one', 'pnpm install --frozen-lockfile'],
    ['no lockfile at all (known limit)', 'none', 'npm install'],
  ])('quiet: %s', (_name, folder, command) => {
    const got = at(folder, command);
    expect(got.fetched).toBeUndefined();
    expect(got.codes).not.toContain('dynamic-script');
  });
});
