// `npm run bench`: runs every benchmark file in bench/ and prints one table (or JSON with --json).
// A benchmark file is bench/<name>.mjs (not run.mjs, not starting with `_`) exporting
//   export const title = '…';                       // optional, shown in the table
//   export async function run({ root, runs, warmup }) { return [{ name, value, unit, target?, better?, digits?, note? }]; }
// `target` is a bound the figure should meet: an upper bound unless `better: 'higher'`. A missed target is
// shown, never fatal: the machine is shared and noisy, so read medians, not single runs.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { machine } from './_measure.mjs';
import { met, renderRows } from './_table.mjs';

export { met, renderRows };

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);

const USAGE = `Usage: node bench/run.mjs [options] [filter...]

Runs bench/*.mjs whose file name contains a filter (all without one) and prints one table. A filter
that names a file exactly (\`cold-start\` or \`cold-start.mjs\`) selects that file alone.

Options:
  --runs N     measured runs of each variant (default 30, or BENCH_RUNS)
  --warmup N   warm-up runs dropped before measuring (default 5)
  --json       print the machine and every row as JSON
  --list       list the benchmark files and stop
  -h, --help   show this help
`;

function wholeNumber(raw, name, fallback, min) {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`bench: --${name} must be a whole number of at least ${min}, not \`${raw}\`\n`);
    process.exit(2);
  }
  return n;
}

export function benchmarkFiles(dir = here) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs' && !f.startsWith('_'))
    .sort();
}

/** The files a filter list selects: all without one; a filter naming a file exactly selects it alone. */
export function selectFiles(files, filters) {
  if (filters.length === 0) return files;
  const chosen = new Set();
  for (const p of filters) {
    const exact = files.filter((f) => f === p || f === `${p}.mjs`);
    for (const f of exact.length > 0 ? exact : files.filter((f) => f.includes(p))) chosen.add(f);
  }
  return files.filter((f) => chosen.has(f));
}

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      runs: { type: 'string' },
      warmup: { type: 'string' },
      json: { type: 'boolean' },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const runs = wholeNumber(values.runs ?? process.env.BENCH_RUNS, 'runs', 30, 1);
  const warmup = wholeNumber(values.warmup, 'warmup', 5, 0);
  const files = selectFiles(benchmarkFiles(), positionals);
  if (values.list) {
    process.stdout.write(`${files.join('\n')}\n`);
    return 0;
  }
  if (files.length === 0) {
    process.stderr.write('bench: no benchmark file matches\n');
    return 2;
  }
  const facts = machine();
  if (!values.json) {
    process.stdout.write(
      `${facts.date}, ${facts.cpus} × ${facts.cpu}, ${facts.memoryGiB} GiB, node ${facts.node}, ` +
        `load ${facts.loadavg.join(' ')}; ${runs} runs after ${warmup} warm-up\n`,
    );
  }
  const results = [];
  let failed = 0;
  for (const file of files) {
    const mod = await import(pathToFileURL(join(here, file)).href);
    const title = mod.title ?? file.replace(/\.mjs$/, '');
    if (!values.json) process.stderr.write(`bench: ${file} …\n`);
    try {
      const started = performance.now();
      const rows = await mod.run({ root, runs, warmup });
      results.push({ file, title, seconds: Math.round((performance.now() - started) / 100) / 10, rows });
    } catch (error) {
      failed++;
      process.stderr.write(
        `bench: ${file} failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
  }
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ machine: { ...facts, runs, warmup }, results }, null, 2)}\n`);
  } else {
    process.stdout.write(`${renderRows(results)}\n`);
  }
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main();
}
