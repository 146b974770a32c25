/**
 * Enforces docs/architecture.md: who may import whom. Every import in src/ is read and checked against
 * the table; a capability importing another, or anything importing surfaces/, fails here.
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
let crossings = 0;
for (const file of files(SRC)) {
  if (file.endsWith('.test.ts') || file.includes('/testdata/') || file.endsWith('.testkit.ts')) continue;
  const from = moduleOf(file);
  for (const spec of imports(file)) {
    const target = resolve(join(file, '..'), spec);
    if (!target.startsWith(SRC)) continue; // package.json, rules/ and other data at the root
    const to = moduleOf(target);
    if (to === from) continue;
    crossings += 1;
    if (!(MAY_IMPORT[from] ?? []).includes(to))
      violations.push(`${relative(SRC, file)} imports ${to}/ (${spec})`);
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
});
