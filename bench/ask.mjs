// Benchmark: the in-process cost of one `gavel ask` question without a model (floor, parsing, rules
// evaluator, decision, disposition and log record), with the bundled rules. Target: under 1 ms.
// Run by `npm run bench` (bench/run.mjs), or alone: node bench/ask.mjs [iterations]. Bundles src/ask with
// esbuild into .tmp/ first.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { renderRows } from './_table.mjs';

export const title = 'ask (rules, no model)';

async function load(root) {
  const out = new URL('.tmp/bench-ask.mjs', root);
  await build({
    stdin: {
      contents: "export * from './src/ask/index.ts'; export { systemClock } from './src/core/index.ts';",
      resolveDir: fileURLToPath(root),
      loader: 'ts',
    },
    outfile: fileURLToPath(out),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  return import(out.href);
}

export async function run({ root, runs }) {
  const rootUrl = pathToFileURL(`${root}/`);
  const { ask, parseRules, loadArbiterPrompt, EMPTY_RUN, systemClock } = await load(rootUrl);
  const rules = parseRules(readFileSync(new URL('rules/arbiter-rules.json', rootUrl), 'utf8'));
  const prompt = loadArbiterPrompt(
    JSON.parse(readFileSync(new URL('prompts/ask-arbiter.json', rootUrl), 'utf8')),
  );
  if (!rules.ok || !prompt.ok) throw new Error('bundled rules or prompt do not load');
  const floor = {
    irreversible: false,
    namedAction: null,
    outsideContent: false,
    operatorRefused: false,
    approval: [],
  };
  const questions = [
    {
      kind: 'budget',
      facts: { budgetUsedPercent: 85, raisesBudget: false },
      options: 3,
      recommended: 0,
      floor,
      mode: 'autonomous',
      text: 'go on?',
    },
    {
      kind: 'scope',
      facts: { filesInScope: 60, widensScope: true, outsideRepository: false },
      options: 2,
      recommended: 1,
      floor,
    },
    {
      kind: 'partial_coverage',
      facts: { coveragePercent: 40, blockersOpen: 2 },
      options: 2,
      recommended: 0,
      floor,
    },
    {
      kind: 'slice_order',
      facts: { blockersFirst: true, sliceCount: 3 },
      options: 2,
      recommended: 0,
      floor: { ...floor, irreversible: true },
    },
  ];
  const input = (question) => ({
    question,
    defaultMode: 'review-auto',
    settings: { ok: true, enabled: true, callCap: 20, timeoutMs: 20_000 },
    rules,
    prompt: prompt.prompt,
    answerer: { kind: 'rules' },
    run: EMPTY_RUN,
    runId: 'bench',
  });

  const iterations = Math.max(1_000, runs * 500);
  for (let i = 0; i < 2_000; i++) await ask(input(questions[i % questions.length]), systemClock);
  const samples = [];
  for (let i = 0; i < iterations; i++) {
    const q = questions[i % questions.length];
    const t0 = performance.now();
    await ask(input(q), systemClock);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const at = (p) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))];

  // The same with the rules file parsed, validated, hashed and its examples run each time: what one
  // `gavel ask` process pays in-process besides start-up.
  const text = readFileSync(new URL('rules/arbiter-rules.json', rootUrl), 'utf8');
  const withLoad = [];
  for (let i = 0; i < Math.min(iterations, 5_000); i++) {
    const t0 = performance.now();
    const loaded = parseRules(text);
    await ask({ ...input(questions[i % questions.length]), rules: loaded }, systemClock);
    withLoad.push(performance.now() - t0);
  }
  withLoad.sort((a, b) => a - b);
  const median = withLoad[Math.floor(withLoad.length / 2)];
  return [
    {
      name: 'one question: median',
      value: at(0.5),
      digits: 4,
      unit: 'ms',
      target: 1,
      note: `p99 ${at(0.99).toFixed(4)} ms, n=${iterations}`,
    },
    {
      name: 'one question + loading the bundled rules: median',
      value: median,
      digits: 4,
      unit: 'ms',
      note: `n=${withLoad.length}`,
    },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../', import.meta.url)).replace(/\/$/, '');
  const runs = Math.ceil(Number(process.argv[2] ?? 20_000) / 500);
  process.stdout.write(`${renderRows([{ title, rows: await run({ root, runs, warmup: 5 }) }])}\n`);
}
