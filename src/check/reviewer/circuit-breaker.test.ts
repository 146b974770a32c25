import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakerState, openBreakerStore } from './circuit-breaker';

const run = promisify(execFile);
const LIMITS = { consecutiveDenials: 3, totalDenials: 10, consecutiveOutages: 3 };
let dir: string;
let child: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gavel-breaker-'));
  // The breaker as each hook process would load it: bundled, in its own Node process.
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  await build({
    entryPoints: [resolve(__dirname, 'circuit-breaker.ts')],
    outfile: join(dir, 'breaker.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: ['better-sqlite3'],
    logLevel: 'silent',
  });
  child = join(dir, 'child.mjs');
  writeFileSync(
    child,
    `import { openBreakerStore } from './breaker.mjs';
const [db, session, event, times] = process.argv.slice(2);
const store = openBreakerStore(db);
for (let i = 0; i < Number(times); i++) store.record(session, event);
store.close();
`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('circuit breaker shared across processes', () => {
  it('counts denials made by separate concurrent processes', async () => {
    const db = join(dir, 'shared.db');
    await Promise.all([1, 2, 3].map(() => run(process.execPath, [child, db, 'sess', 'deny', '4'])));
    const store = openBreakerStore(db);
    try {
      const counts = store.counts('sess');
      expect(counts).toMatchObject({ totalDenials: 12, consecutiveDenials: 12 });
      expect(breakerState(counts, LIMITS, false)).toEqual({
        open: true,
        why: 'total-denials',
        stopRun: true,
      });
    } finally {
      store.close();
    }
  });

  it('processes that open one new store at the same moment all count (none fails switching to WAL)', async () => {
    for (const round of [1, 2, 3]) {
      const db = join(dir, `fresh-${round}.db`);
      await Promise.all(
        Array.from({ length: 8 }, () => run(process.execPath, [child, db, 'sess', 'deny', '1'])),
      );
      const store = openBreakerStore(db);
      try {
        expect(store.counts('sess').totalDenials).toBe(8);
      } finally {
        store.close();
      }
    }
  });

  it('an approval in one process resets what another counted', async () => {
    const db = join(dir, 'reset.db');
    await run(process.execPath, [child, db, 'sess', 'deny', '2']);
    await run(process.execPath, [child, db, 'sess', 'allow', '1']);
    await run(process.execPath, [child, db, 'sess', 'deny', '1']);
    const store = openBreakerStore(db);
    try {
      expect(store.counts('sess')).toMatchObject({ totalDenials: 3, consecutiveDenials: 1 });
      expect(breakerState(store.counts('sess'), LIMITS, false)).toEqual({ open: false });
    } finally {
      store.close();
    }
  });
});

describe('breakerState', () => {
  it.each([
    [
      'closed below every limit',
      { consecutiveDenials: 2, totalDenials: 9, consecutiveOutages: 2, totalOutages: 9 },
      false,
      { open: false },
    ],
    [
      'consecutive denials: a person decides',
      { consecutiveDenials: 3, totalDenials: 3, consecutiveOutages: 0, totalOutages: 0 },
      false,
      { open: true, why: 'consecutive-denials', stopRun: false },
    ],
    [
      'consecutive denials unattended: stop',
      { consecutiveDenials: 3, totalDenials: 3, consecutiveOutages: 0, totalOutages: 0 },
      true,
      { open: true, why: 'consecutive-denials', stopRun: true },
    ],
    [
      'outages',
      { consecutiveDenials: 0, totalDenials: 0, consecutiveOutages: 3, totalOutages: 3 },
      false,
      { open: true, why: 'outages', stopRun: false },
    ],
    [
      'total denials always stop',
      { consecutiveDenials: 0, totalDenials: 10, consecutiveOutages: 0, totalOutages: 0 },
      false,
      { open: true, why: 'total-denials', stopRun: true },
    ],
  ])('%s', (_name, counts, unattended, want) => {
    expect(breakerState(counts, LIMITS, unattended)).toEqual(want);
  });
});
