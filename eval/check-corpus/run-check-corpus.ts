/**
 * `npm run eval:check`: scores gavel's decisions (`check()` with the bundled policy and no config) and cc-safety-net's on ../shared/corpora/shell/*.json,
 * eval/corpora/check/*.json and the everyday sessions (eval/corpora/check/everyday, run-everyday.ts) in one run, prints per-source and per-category tables, decisions per second
 * and the parser's cold start. Reads the corpora and runs the peer; the only effects are its output and cache.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { analyzeShellSync, loadShellParser, type ShellPathTable } from '../../src/shell';
import { bundledCheck } from './bundled-check';
import { type CorpusCase, PROJECT } from './corpus-case';
import { runEveryday } from './run-everyday';
import { runTools } from './run-tools';
import { SafetyNetPeer } from './safety-net-peer';
import { add, emptyTally, pct, type Scored, scoreCases, type Tally } from './score-corpus';

function load(dir: string): Array<{ file: string; cases: CorpusCase[] }> {
  return (
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({ file: f, cases: JSON.parse(readFileSync(join(dir, f), 'utf8')) as CorpusCase[] }))
      // A corpus of non-shell tool calls (tools.json) has its own runner and test: shell cases only here.
      .map(({ file, cases }) => ({ file, cases: cases.filter((c) => typeof c.command === 'string') }))
      .filter(({ cases }) => cases.length > 0)
  );
}

/** The shared folder is a sibling of the checkout (or of its parent, for a git worktree one level deeper). */
function sharedDir(root: string): string {
  const candidates = [resolve(root, '../shared/corpora/shell'), resolve(root, '../../shared/corpora/shell')];
  return candidates.find((c) => existsSync(c)) ?? (candidates[0] as string);
}

interface Difference {
  kind: string;
  gavel: 'allow' | 'block';
  reason: string;
  ids: string[];
}

function loadDifferences(file: string): Map<string, Difference> {
  const map = new Map<string, Difference>();
  for (const d of JSON.parse(readFileSync(file, 'utf8')) as Difference[])
    for (const id of d.ids) map.set(id, d);
  return map;
}

function row(name: string, t: Tally, peer: boolean): string {
  const cells = [name, `${t.block}`, pct(t.blockCaught, t.block), `${t.allow}`, pct(t.allowPassed, t.allow)];
  if (peer) cells.push(pct(t.peerBlockCaught, t.block), pct(t.peerAllowPassed, t.allow));
  return `| ${cells.join(' | ')} |`;
}

export async function main(root: string, withPeer: boolean): Promise<void> {
  const t0 = performance.now();
  await loadShellParser();
  const coldMs = performance.now() - t0;
  const sets = [
    ...load(sharedDir(root)).map((s) => ({ ...s, file: `shared/${s.file}` })),
    ...load(resolve(root, 'eval/corpora/check')).map((s) => ({ ...s, file: `team/${s.file}` })),
  ];
  const decide = bundledCheck(root);
  const all: Scored[] = [];
  let skippedCount = 0;
  for (const set of sets) {
    const { scored, skipped } = await scoreCases(set.file, set.cases, decide);
    all.push(...scored);
    skippedCount += skipped.length;
  }
  const peer = withPeer
    ? new SafetyNetPeer(
        resolve(root, 'node_modules/.bin/cc-safety-net'),
        resolve(root, 'eval/check-corpus/.cache/cc-safety-net.json'),
      )
    : undefined;
  if (peer) {
    const verdicts = await peer.decideAll(all.map((s) => ({ command: s.c.command })));
    all.forEach((s, k) => {
      s.peer = verdicts[k];
    });
  }
  const header = withPeer
    ? '| set | block cases | gavel: block not allowed | allow cases | gavel: allow allowed | cc-safety-net: block | cc-safety-net: allow |\n|---|---|---|---|---|---|---|'
    : '| set | block cases | gavel: block not allowed | allow cases | gavel: allow allowed |\n|---|---|---|---|---|';
  const bySet = new Map<string, Tally>();
  const byCat = new Map<string, Tally>();
  for (const s of all) {
    const set = bySet.get(s.file) ?? emptyTally();
    add(set, s);
    bySet.set(s.file, set);
    const key = `${s.file.replace(/\.json$/, '')} · ${(s.c.category ?? '(none)').slice(0, 50)}`;
    const cat = byCat.get(key) ?? emptyTally();
    add(cat, s);
    byCat.set(key, cat);
  }
  process.stdout.write(
    `## per source, source labels (${skippedCount} cases skipped: source-specific settings)\n\n${header}\n`,
  );
  for (const [k, t] of [...bySet].sort()) process.stdout.write(`${row(k, t, withPeer)}\n`);
  // The same, with each deliberate policy difference scored as gavel's policy says.
  const diffs = loadDifferences(resolve(root, 'eval/check-corpus/differences.json'));
  const after = new Map<string, Tally>();
  const kinds = new Map<string, number>();
  /** Listed differences gavel no longer shows: the list is out of date, or gavel changed. */
  const stale: string[] = [];
  for (const s of all) {
    const d = diffs.get(s.c.id);
    const t = after.get(s.file) ?? emptyTally();
    add(t, d ? { ...s, c: { ...s.c, expected: d.gavel } } : s);
    after.set(s.file, t);
    if (d) kinds.set(`${d.kind} (gavel: ${d.gavel})`, (kinds.get(`${d.kind} (gavel: ${d.gavel})`) ?? 0) + 1);
    if (d && d.gavel !== s.gavel) stale.push(`${d.kind} ${s.c.id}`);
  }
  process.stdout.write(
    `\n## per source, after deliberate differences (eval/check-corpus/differences.json)\n\n${header}\n`,
  );
  for (const [k, t] of [...after].sort()) process.stdout.write(`${row(k, t, withPeer)}\n`);
  process.stdout.write('\n| deliberate difference | cases |\n|---|---|\n');
  for (const [k, n] of [...kinds].sort()) process.stdout.write(`| ${k} | ${n} |\n`);
  process.stdout.write(
    `\nlisted differences gavel does not show (${stale.length})${stale.length ? `: ${stale.join(', ')}` : ''}\n`,
  );
  process.stdout.write(`\n## per category (source labels)\n\n${header}\n`);
  for (const [k, t] of [...byCat].sort()) process.stdout.write(`${row(k, t, withPeer)}\n`);
  if (process.env.SHOW_MISSES === '1') {
    process.stdout.write('\n## misses\n');
    for (const s of all)
      if (s.gavel !== s.c.expected)
        process.stdout.write(`${s.c.expected} ${s.c.id} ${JSON.stringify(s.c.command).slice(0, 140)}\n`);
  }
  await runEveryday(root, peer);
  await runTools(root, peer);
  // Throughput: the whole corpus, in-process, several rounds.
  const commands = all.map((s) => s.c.command).filter((c): c is string => typeof c === 'string');
  const paths = JSON.parse(readFileSync(resolve(root, 'rules/check-paths.json'), 'utf8')) as ShellPathTable;
  const env = { paths, cwd: PROJECT, home: '/home/agent', workspaceRoots: [PROJECT], tempDirs: ['/tmp'] };
  for (const c of commands) analyzeShellSync(c, env);
  const t1 = performance.now();
  let n = 0;
  while (performance.now() - t1 < 3000) {
    for (const c of commands) analyzeShellSync(c, env);
    n += commands.length;
  }
  const perSec = (n / (performance.now() - t1)) * 1000;
  process.stdout.write(
    `\nparser cold start (load WASM + grammar): ${coldMs.toFixed(1)} ms\nin-process shell decisions: ${Math.round(perSec)} per second (${n} decisions)\n`,
  );
}
