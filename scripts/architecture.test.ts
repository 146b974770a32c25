/**
 * Enforces docs/architecture.md: who may import whom. Every import in src/ is read and checked against
 * the table; a capability importing another, or anything importing surfaces/, fails here. Also: an import
 * across modules goes through the target's index.ts; runtime imports no surface; a surface imports no other
 * surface (the CLI's dispatcher, which starts every surface from argv, only through the other's index.ts).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)].map(
    (m) => m[1] ?? '',
  );
  const dynamic = [...text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? '');
  return [...found, ...dynamic];
}

interface Scan {
  /** An import the table does not allow (outward, across capabilities, runtime to a surface). */
  violations: string[];
  /** An import across modules that does not go through the target's index.ts. */
  doorBypasses: string[];
  /** A surface importing another (the CLI may, through the other's index.ts only). */
  surfaceCrossings: string[];
  crossings: number;
}

/** Reads every import of every source file under `src` and sorts what breaks the three rules. */
function scan(src: string): Scan {
  const out: Scan = { violations: [], doorBypasses: [], surfaceCrossings: [], crossings: 0 };
  const moduleOf = (file: string) => relative(src, file).split('/')[0] ?? '';
  /** `surfaces/<name>` of a file under src/surfaces, else undefined. */
  const surfaceOf = (file: string): string | undefined => {
    const parts = relative(src, file).split('/');
    return parts[0] === 'surfaces' ? parts[1] : undefined;
  };
  for (const file of files(src)) {
    if (file.endsWith('.test.ts') || file.includes('/testdata/') || file.endsWith('.testkit.ts')) continue;
    const from = moduleOf(file);
    for (const spec of imports(file)) {
      const target = resolve(join(file, '..'), spec);
      if (!target.startsWith(src)) continue; // package.json, rules/ and other data at the root
      const to = moduleOf(target);
      const fromSurface = surfaceOf(file);
      const toSurface = surfaceOf(target);
      if (fromSurface && toSurface && fromSurface !== toSurface) {
        const door = relative(join(src, 'surfaces', toSurface), target);
        const viaIndex = door === '' || door === 'index';
        if (fromSurface !== 'cli' || !viaIndex)
          out.surfaceCrossings.push(`${relative(src, file)} imports surfaces/${toSurface}/ (${spec})`);
      }
      if (to === from) continue;
      out.crossings += 1;
      if (!(MAY_IMPORT[from] ?? []).includes(to))
        out.violations.push(`${relative(src, file)} imports ${to}/ (${spec})`);
      const door = relative(join(src, to), target);
      if (door !== '' && door !== 'index')
        out.doorBypasses.push(`${relative(src, file)} imports ${to}/${door} (${spec}), not ${to}/index.ts`);
    }
  }
  return out;
}

const { violations, doorBypasses, surfaceCrossings, crossings } = scan(SRC);

/** A throwaway src/ tree of `files` (path -> text), scanned like the real one. */
function scanFixture(tree: Record<string, string>): Scan {
  const root = mkdtempSync(join(tmpdir(), 'gavel-arch-'));
  try {
    for (const [path, text] of Object.entries(tree)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return scan(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
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

describe('each rule catches a violation (fixture trees)', () => {
  const door = { 'core/index.ts': 'export const x = 1;\n', 'runtime/index.ts': 'export const r = 1;\n' };

  it('a surface importing another surface', () => {
    const found = scanFixture({
      ...door,
      'surfaces/http/index.ts': "export { h } from './serve';\n",
      'surfaces/http/serve.ts': "import { answer } from '../harness/index';\nexport const h = answer;\n",
      'surfaces/harness/index.ts': 'export const answer = 1;\n',
    });
    expect(found.surfaceCrossings).toEqual([
      'surfaces/http/serve.ts imports surfaces/harness/ (../harness/index)',
    ]);
  });

  it("the CLI reaching past another surface's index.ts (through it is allowed)", () => {
    const found = scanFixture({
      'surfaces/cli/main.ts':
        "import { answer } from '../harness';\nimport { run } from '../harness/run-hook';\nexport const m = [answer, run];\n",
      'surfaces/harness/index.ts': "export const answer = 1;\nexport { run } from './run-hook';\n",
      'surfaces/harness/run-hook.ts': 'export const run = 1;\n',
    });
    expect(found.surfaceCrossings).toEqual([
      'surfaces/cli/main.ts imports surfaces/harness/ (../harness/run-hook)',
    ]);
  });

  it('runtime importing a surface', () => {
    const found = scanFixture({
      'runtime/check/judge-call.ts': "import { render } from '../../surfaces';\nexport const j = render;\n",
      'surfaces/index.ts': 'export const render = 1;\n',
    });
    expect(found.violations).toEqual(['runtime/check/judge-call.ts imports surfaces/ (../../surfaces)']);
  });

  it('an import across modules that is not through index.ts', () => {
    const found = scanFixture({
      'check/pipeline.ts': "import type { ShellEnv } from '../shell/types';\nexport type E = ShellEnv;\n",
      'shell/index.ts': "export type { ShellEnv } from './types';\n",
      'shell/types.ts': 'export type ShellEnv = string;\n',
    });
    expect(found.violations).toEqual([]);
    expect(found.doorBypasses).toEqual([
      'check/pipeline.ts imports shell/types (../shell/types), not shell/index.ts',
    ]);
  });

  it('a capability importing another, and a clean tree passing', () => {
    const found = scanFixture({
      'ask/ask.ts': "import { check } from '../check';\nexport const a = check;\n",
      'check/index.ts': "import { x } from '../core';\nexport const check = x;\n",
      ...door,
    });
    expect(found.violations).toEqual(['ask/ask.ts imports check/ (../check)']);
    expect(found.doorBypasses).toEqual([]);
  });
});

/**
 * Issue 16's duplicates: each of these pieces of plumbing has one home, and a private copy elsewhere in src/
 * (tests aside) fails here; `home` lists the files allowed to hold it.
 */
const ONE_HOME: { what: string; pattern: RegExp; home: string[] }[] = [
  {
    what: 'the plain-JSON-object guard (isRecord)',
    pattern: /typeof (\w+) === 'object' && \1 !== null && !Array\.isArray\(\1\)/,
    home: ['core/is-record.ts'],
  },
  {
    what: 'the deadline race (an AbortController raced against a timer)',
    pattern: /new AbortController\(\)/,
    // post-json.ts: the provider call's own whole-call deadline, inside the model layer.
    home: ['model/call/deadline.ts', 'model/wire/post-json.ts'],
  },
  {
    what: 'fencing of untrusted text',
    pattern: /BEGIN UNTRUSTED|GAVEL-FENCE-/,
    home: ['model/call/fence.ts'],
  },
  {
    what: 'the token estimate (bytes per token)',
    pattern: /Math\.ceil\(\s*\w+\s*\/\s*(3|4|BYTES_PER_TOKEN)\s*\)/,
    home: ['model/structured/estimate-tokens.ts'],
  },
];

describe('one home for each seam issue 16 named', () => {
  const sources = files(SRC).filter(
    (f) => !f.endsWith('.test.ts') && !f.includes('/testdata/') && !f.endsWith('.testkit.ts'),
  );
  it.each(ONE_HOME.map((h) => [h.what, h] as const))('%s', (_what, { pattern, home }) => {
    const copies = sources
      .filter((f) => pattern.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f))
      .filter((f) => !home.includes(f));
    expect(copies).toEqual([]);
  });
});

/**
 * Issue 16: a surface is protocol in, runtime call, render out; opening the config for a capability is the
 * runtime's. Only the commands whose subject is the config itself (show it, show the model it names, edit the
 * reviewer's settings) and `serve`'s own listener table read it directly.
 */
const CONFIG_SUBJECT_COMMANDS = [
  'surfaces/cli/commands/config-command.ts',
  'surfaces/cli/commands/model-command.ts',
  'surfaces/cli/commands/reviewer-command.ts',
  'surfaces/cli/commands/serve-command.ts',
];

describe('surfaces open the config only through runtime', () => {
  it('no other surface file calls loadConfig', () => {
    const callers = files(join(SRC, 'surfaces'))
      .filter((f) => !f.endsWith('.test.ts') && !f.includes('/testdata/') && !f.endsWith('.testkit.ts'))
      .filter((f) => /\bloadConfig\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f))
      .filter((f) => !CONFIG_SUBJECT_COMMANDS.includes(f));
    expect(callers).toEqual([]);
  });
});
