/**
 * Enforces docs/architecture.md: who may import whom. Every import in src/ is read and checked against
 * the table; a capability importing another, or anything importing surfaces/, fails here. Also: an import
 * across modules goes through the target's index.ts; runtime imports no surface; a surface imports no other
 * surface (the CLI's dispatcher, which starts every surface from argv, only through the other's index.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', 'src');

const MAY_IMPORT: Record<string, readonly string[]> = {
  core: [],
  config: ['core'],
  model: ['core', 'config'],
  audit: ['core'],
  shell: ['core'],
  reader: ['core'],
  check: ['core', 'config', 'model', 'audit', 'shell', 'reader'],
  ask: ['core', 'config', 'model', 'audit', 'reader'],
  route: ['core', 'config', 'audit', 'reader'],
  judge: ['core', 'config', 'model', 'audit', 'shell', 'reader'],
  runtime: ['core', 'config', 'model', 'audit', 'shell', 'reader', 'check', 'ask', 'route', 'judge'],
  surfaces: [
    'core',
    'config',
    'model',
    'audit',
    'shell',
    'reader',
    'check',
    'ask',
    'route',
    'judge',
    'runtime',
  ],
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const moduleOf = (file: string) => relative(SRC, file).split('/')[0] ?? '';

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)].map(
    (m) => m[1] ?? '',
  );
  const dynamic = [...text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? '');
  return [...found, ...dynamic];
}

const violations: string[] = [];
const doorBypasses: string[] = [];
const surfaceCrossings: string[] = [];
let crossings = 0;

/** `surfaces/<name>` of a file under src/surfaces, else undefined. */
const surfaceOf = (file: string): string | undefined => {
  const parts = relative(SRC, file).split('/');
  return parts[0] === 'surfaces' ? parts[1] : undefined;
};
for (const file of files(SRC)) {
  if (file.endsWith('.test.ts') || file.includes('/testdata/') || file.endsWith('.testkit.ts')) continue;
  const from = moduleOf(file);
  for (const spec of imports(file)) {
    const target = resolve(join(file, '..'), spec);
    if (!target.startsWith(SRC)) continue; // package.json, rules/ and other data at the root
    const to = moduleOf(target);
    const fromSurface = surfaceOf(file);
    const toSurface = surfaceOf(target);
    if (fromSurface && toSurface && fromSurface !== toSurface) {
      const door = relative(join(SRC, 'surfaces', toSurface), target);
      const viaIndex = door === '' || door === 'index';
      if (fromSurface !== 'cli' || !viaIndex)
        surfaceCrossings.push(`${relative(SRC, file)} imports surfaces/${toSurface}/ (${spec})`);
    }
    if (to === from) continue;
    crossings += 1;
    if (!(MAY_IMPORT[from] ?? []).includes(to))
      violations.push(`${relative(SRC, file)} imports ${to}/ (${spec})`);
    const door = relative(join(SRC, to), target);
    if (door !== '' && door !== 'index') {
      const line = `${relative(SRC, file)} imports ${to}/${door} (${spec}), not ${to}/index.ts`;
      doorBypasses.push(line);
    }
  }
}

describe('module boundaries (docs/architecture.md)', () => {
  it('knows every folder of src/', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !(f in MAY_IMPORT))).toEqual([]);
  });

  it('reads the imports it checks', () => {
    expect(crossings).toBeGreaterThan(100);
  });

  it('has no import that points outward or across capabilities', () => {
    expect(violations).toEqual([]);
  });

  it('imports across modules only through their index.ts', () => {
    expect(doorBypasses).toEqual([]);
  });

  it('lets no surface import another (the CLI dispatcher only through its index.ts), and runtime no surface', () => {
    expect(surfaceCrossings).toEqual([]);
    expect(MAY_IMPORT.runtime).not.toContain('surfaces');
  });
});
