// What the one-file bundle costs and saves: the size of dist/gavel.mjs, and the cold start of a small
// config check written by hand, with zod/mini (English locale) bundled, with classic zod bundled, and
// with zod/mini left in node_modules (unbundled). Scratch bundles go to .tmp/bench-bundle/ (ignored).
// Backs docs/decisions/0002-bundler.md and 0003-schema-library.md.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { median, quantile, round, timeInterleaved } from './_measure.mjs';

export const title = 'Bundle and dependency cost';

const INPUT = "const input = { mode: 'ask', timeout_ms: 20000, floor_extra: ['net_egress'] };";
// Each check validates one good table and rejects one with an unknown key, as config loading does.
const SOURCES = {
  'no library': `${INPUT}
const KEYS = ['mode', 'timeout_ms', 'floor_extra'];
function valid(v) {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  if (Object.keys(v).some((k) => !KEYS.includes(k))) return false;
  if (!['off', 'ask', 'auto'].includes(v.mode)) return false;
  if (!Number.isInteger(v.timeout_ms) || v.timeout_ms < 100 || v.timeout_ms > 120000) return false;
  return Array.isArray(v.floor_extra) && v.floor_extra.every((s) => typeof s === 'string' && /^[a-z][a-z0-9_]*$/.test(s));
}
if (!valid(input) || valid({ ...input, extra: 1 })) process.exit(3);`,
  'zod/mini + en': `import { en } from 'zod/locales';
import * as z from 'zod/mini';
z.config(en());
${INPUT}
const Table = z.strictObject({
  mode: z.enum(['off', 'ask', 'auto']),
  timeout_ms: z.int().check(z.minimum(100), z.maximum(120000)),
  floor_extra: z.array(z.string().check(z.regex(/^[a-z][a-z0-9_]*$/))),
});
const bad = Table.safeParse({ ...input, extra: 1 });
if (!Table.safeParse(input).success || bad.success || !bad.error.issues[0].message.includes('extra')) process.exit(3);`,
  'zod classic': `import { z } from 'zod';
${INPUT}
const Table = z.strictObject({
  mode: z.enum(['off', 'ask', 'auto']),
  timeout_ms: z.number().int().min(100).max(120000),
  floor_extra: z.array(z.string().regex(/^[a-z][a-z0-9_]*$/)),
});
const bad = Table.safeParse({ ...input, extra: 1 });
if (!Table.safeParse(input).success || bad.success || !bad.error.issues[0].message.includes('extra')) process.exit(3);`,
};

const VARIANTS = [
  { name: 'no library, bundled', source: 'no library', bundled: true },
  { name: 'zod/mini + en, bundled', source: 'zod/mini + en', bundled: true },
  { name: 'zod classic, bundled', source: 'zod classic', bundled: true },
  { name: 'zod/mini + en, unbundled', source: 'zod/mini + en', bundled: false },
];

const kib = (file) => round(statSync(file).size / 1024);

export async function run({ root, runs, warmup }) {
  const dir = join(root, '.tmp', 'bench-bundle');
  mkdirSync(dir, { recursive: true });
  const node = process.execPath;
  const variants = [];
  const sizes = {};
  for (const [i, v] of VARIANTS.entries()) {
    const outfile = join(dir, `variant-${i}.mjs`);
    await build({
      stdin: { contents: SOURCES[v.source], resolveDir: root, sourcefile: `${v.name}.mjs`, loader: 'js' },
      outfile,
      bundle: true,
      packages: v.bundled ? 'bundle' : 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
    });
    sizes[v.name] = kib(outfile);
    variants.push({ name: v.name, command: node, args: [outfile] });
  }
  const samples = timeInterleaved(variants, { runs, warmup, cwd: root });
  const base = median(samples['no library, bundled']);
  const rows = [
    { name: 'dist/gavel.mjs size', value: kib(join(root, 'dist', 'gavel.mjs')), digits: 1, unit: 'KiB' },
  ];
  for (const v of variants) {
    const s = samples[v.name];
    const note = `p90 ${round(quantile(s, 0.9))} ms, n=${s.length}, file ${sizes[v.name]} KiB`;
    rows.push({ name: `${v.name}: median`, value: round(median(s)), digits: 1, unit: 'ms', note });
  }
  for (const v of variants.slice(1)) {
    const value = round(median(samples[v.name]) - base);
    rows.push({ name: `${v.name}: added to no library`, value, digits: 1, unit: 'ms' });
  }
  return rows;
}
