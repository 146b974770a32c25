// GTFOBins as a held-out-style measure of action review: every snippet of a GTFOBins checkout (its `_gtfobins/*`
// files: per program, functions such as shell, command, file-read, upload, each with code) through the real
// check() with the bundled policy and default settings (the bench's bundle and request: one project, no files
// on disk), counted per function as not allowed (deny or escalate) or allowed. Nothing of GTFOBins is kept in
// this repository: point it at a checkout or a bare mirror.
//
//   node eval/gtfobins/run.mjs <gtfobins checkout or git dir> [--list]
//
// --list prints every allowed snippet (program, function, first line). Exit 0; 2 on a bad argument.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { bundledPolicy, loadCheckBundle, shellRequest } from '../../bench/check-throughput.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const source = process.argv[2];
const list = process.argv.includes('--list');
if (!source || !existsSync(source)) {
  console.error('usage: node eval/gtfobins/run.mjs <gtfobins checkout or git dir> [--list]');
  process.exit(2);
}

/** Each program file's text: from a work tree (`_gtfobins/`), else from the git directory's HEAD. */
function programFiles(dir) {
  const tree = join(dir, '_gtfobins');
  if (existsSync(tree))
    return readdirSync(tree)
      .sort()
      .map((name) => [name, readFileSync(join(tree, name), 'utf8')]);
  const git = (...args) =>
    execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return git('ls-tree', '--name-only', 'HEAD', '_gtfobins/')
    .split('\n')
    .filter(Boolean)
    .map((path) => [path.slice(path.lastIndexOf('/') + 1), git('show', `HEAD:${path}`)]);
}

/** The snippets of one program file (YAML front matter: `functions: {name: [{code}]}`). */
function snippets(name, text) {
  const front = /^---\n([\s\S]*?)\n(?:---|\.\.\.)\s*(?:\n|$)/.exec(text);
  if (!front) return [];
  const doc = parse(front[1] ?? '') ?? {};
  const out = [];
  for (const [fn, items] of Object.entries(doc.functions ?? {}))
    for (const item of items ?? [])
      if (typeof item?.code === 'string') out.push({ program: name, fn, code: item.code.trim() });
  return out;
}

const cases = programFiles(source).flatMap(([name, text]) => snippets(name, text));
if (cases.length === 0) {
  console.error(`${source}: no GTFOBins program files found (_gtfobins/)`);
  process.exit(2);
}
const m = await loadCheckBundle(root, join(root, '.tmp', 'bench-check', 'gtfobins.mjs'));
const deps = { analyzeShell: m.analyzeShell, policy: bundledPolicy(m, root), clock: m.systemClock };
await m.loadShellParser();
const by = new Map();
const allowed = [];
for (const c of cases) {
  const d = await m.check(shellRequest(m, c.code), deps);
  const row = by.get(c.fn) ?? { n: 0, allowed: 0 };
  row.n++;
  if (d.verdict === 'allow') {
    row.allowed++;
    allowed.push(c);
  }
  by.set(c.fn, row);
}
const pct = (a, n) => `${((100 * a) / n).toFixed(1)}%`;
console.log('| function | snippets | allowed | not allowed |');
console.log('|---|---|---|---|');
for (const [fn, row] of [...by].sort((a, b) => b[1].n - a[1].n))
  console.log(`| ${fn} | ${row.n} | ${row.allowed} | ${pct(row.n - row.allowed, row.n)} |`);
console.log(
  `| all | ${cases.length} | ${allowed.length} | ${pct(cases.length - allowed.length, cases.length)} |`,
);
if (list)
  for (const c of allowed) console.log(`- ${c.program} (${c.fn}): ${JSON.stringify(c.code.split('\n')[0])}`);
