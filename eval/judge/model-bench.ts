/**
 * The judge's model benchmark (`npm run eval:judge-model`): the labelled skills corpora judged twice in one
 * temporary project, static checks alone and static checks plus the model half (security review, quote
 * verifier with its repair round, adjudicator, admission under the caps), with the scripted model
 * (eval/judge/scripted-reviewer.ts) or a recorded run replayed (`--replay DIR`; `--record DIR` writes one).
 * Prints recall per attack class, precision, grounding and the adjudicator's effect, false positives on the
 * pinned public collections that are present, and what a run would cost at the light and standard tiers
 * (the requests of all three categories priced from the one price table, and the calls really made).
 * Eval only: writes the temporary project, may write its block of docs/evaluation.md (--write).
 */

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fixedClock } from '../../src/core';
import {
  type AnalyzeShell,
  bundledJudgeData,
  DEFAULT_LIMITS,
  defaultGate,
  type Finding,
  type JudgeCategory,
  type JudgeOptions,
  type JudgeReport,
  type JudgeRole,
  modelReviewStage,
  type ReviewRunSummary,
  runJudge,
} from '../../src/judge';
import {
  bundledCatalog,
  createModelRunner,
  estimateTokens,
  failed,
  type ModelClient,
  type ModelRequest,
  type RunCaps,
  recordingClient,
  replayClient,
} from '../../src/model';
import { nodeJudgeFs } from '../../src/runtime';
import { type CorpusUnit, counts, loadCorpus } from './corpus';
import { materialize } from './eval-judge';
import labelsFile from './model-labels.json' with { type: 'json' };
import { type LabelSpan, type Oracle, scriptedReviewer } from './scripted-reviewer';
import teamCorpus from './testdata/model-corpus.json' with { type: 'json' };

const MEDIUM_UP = new Set(['medium', 'high', 'critical']);
const CAPS: RunCaps = { maxCalls: 100_000, maxTokens: 1e12, maxCostUsd: 1e6, maxCallTokens: 200_000 };
/** The tiers a cost is quoted at (model-tiers.json), priced from model-prices.json. */
const TIERS = [
  { name: 'light', provider: 'anthropic', model: 'claude-haiku-4-5' },
  { name: 'standard', provider: 'anthropic', model: 'claude-sonnet-4-5' },
] as const;

export interface Labels {
  classCodes: Record<string, string>;
  categoryClasses: Record<string, string[]>;
  units: Record<string, { classes: string[]; spans: LabelSpan[] }>;
}

export function loadLabels(): Labels {
  return labelsFile as unknown as Labels;
}

/** The attack classes of a unit: the team's labels, else its corpus categories mapped; prose for .md injections. */
export function classesOf(u: CorpusUnit, labels: Labels): string[] {
  const own = labels.units[u.id]?.classes ?? u.categories.flatMap((c) => labels.categoryClasses[c] ?? []);
  const out = new Set(own);
  if (u.injected?.file.endsWith('.md') && u.label === 'malicious') out.add('prose injection');
  return [...out];
}

function oracleFor(byDir: ReadonlyMap<string, CorpusUnit>, labels: Labels): Oracle {
  return {
    lookup(unitPath) {
      const u = byDir.get(unitPath);
      if (!u || u.label === 'benign') return { kind: 'benign' };
      const spans: LabelSpan[] = [
        ...(u.injected ? [{ file: u.injected.file, lines: u.injected.lines }] : []),
        ...(labels.units[u.id]?.spans ?? []),
      ];
      const cls = classesOf(u, labels)[0];
      return { kind: 'hostile', code: (cls && labels.classCodes[cls]) || 'S04', spans };
    },
  };
}

function options(root: string, over: Partial<JudgeOptions>, analyzer?: AnalyzeShell): JudgeOptions {
  return {
    fs: nodeJudgeFs(),
    root,
    cwd: root,
    home: '/nonexistent-home',
    paths: [],
    limits: { ...DEFAULT_LIMITS, maxUnits: 100_000 },
    gate: defaultGate(),
    minConfidence: 'low',
    categories: ['security'],
    attachRules: true,
    attachInstructions: true,
    suppressions: [],
    data: bundledJudgeData(),
    clock: fixedClock('2026-12-01T12:00:00Z'),
    notices: [],
    version: 'bench',
    estimate: false,
    ...(analyzer ? { analyzer } : {}),
    ...over,
  };
}

function stageOver(
  client: ModelClient,
  estimate: boolean,
  seen?: (role: JudgeRole, r: ModelRequest) => void,
) {
  const catalog = bundledCatalog();
  const runner = createModelRunner({
    client,
    catalog,
    clock: fixedClock('2026-12-01T12:00:00Z'),
    caps: CAPS,
    concurrency: 1,
    rpm: 0,
    estimate,
  });
  const price = catalog.price(client.provider, client.model);
  const as = (role: JudgeRole): typeof runner =>
    seen
      ? {
          ...runner,
          provider: runner.provider,
          model: runner.model,
          complete: (r, schema, signal) => {
            seen(role, r);
            return runner.complete(r, schema, signal);
          },
          report: () => runner.report(),
        }
      : runner;
  const one = seen ? as('security') : runner;
  return modelReviewStage({
    runners: seen
      ? {
          security: one,
          governance: as('governance'),
          quality: as('quality'),
          adjudicator: as('adjudicator'),
        }
      : ({ security: runner, governance: runner, quality: runner, adjudicator: runner } as Record<
          JudgeRole,
          typeof runner
        >),
    rules: bundledJudgeData().rules,
    read: () => undefined,
    timeoutMs: 60_000,
    admission: {
      caps: CAPS,
      expected: (_role, r: ModelRequest) => {
        const input =
          estimateTokens(r.system) + estimateTokens(r.user) + estimateTokens(JSON.stringify(r.schema));
        const output = r.expectedOutputTokens ?? r.maxOutputTokens;
        return {
          tokens: input + output,
          costUsd: (input * price.input + output * price.output) / 1_000_000,
        };
      },
    },
    egressHosts: [],
    estimate,
  });
}

/** Which corpus units a report flags: a security finding at medium or above that counts for the unit. */
function flagged(
  report: JudgeReport,
  byDir: ReadonlyMap<string, CorpusUnit>,
  pick: (f: Finding) => boolean = () => true,
): Set<CorpusUnit> {
  const out = new Set<CorpusUnit>();
  for (const r of report.units) {
    const dir = r.path.split('/').slice(0, 4).join('/');
    const u = byDir.get(dir);
    if (!u) continue;
    const hit = r.findings.some(
      (f) =>
        pick(f) &&
        f.category === 'security' &&
        MEDIUM_UP.has(f.severity) &&
        counts(u, f.location.path.slice(dir.length + 1), f.location.startLine, f.location.endLine),
    );
    if (hit) out.add(u);
  }
  return out;
}

export interface BenchResult {
  units: number;
  classes: { name: string; units: number; staticFound: number; fullFound: number }[];
  static: { tp: number; fp: number; fn: number };
  full: { tp: number; fp: number; fn: number };
  contextual: { units: number; staticFlagged: number; fullFlagged: number };
  review: ReviewRunSummary;
  /** Units each step of the model half touched. */
  decoys: { raised: number; dropped: number; refused: number };
  /** The unit ids each run flags, for comparing a replay with the scripted run. */
  flaggedIds: string[];
  /** Units with a gap of the model review (a call not made or not answered validly). */
  unreviewedUnits: number;
  passedUnits: number;
}

/** Judges `units` statically and with the model half over `client`, in one temporary project. */
export async function benchmark(
  units: readonly CorpusUnit[],
  labels: Labels,
  client: (oracle: Oracle) => ModelClient,
  analyzer?: AnalyzeShell,
): Promise<BenchResult> {
  const root = mkdtempSync(join(tmpdir(), 'gavel-judge-model-'));
  try {
    const byDir = materialize([...units], root);
    const oracle = oracleFor(byDir, labels);
    const st = await runJudge(options(root, {}, analyzer));
    if (!st.ok) throw new Error(st.message);
    const stage = stageOver(client(oracle), false);
    const full = await runJudge(
      options(root, { modelRequested: true, review: stage, explainDrops: true }, analyzer),
    );
    if (!full.ok) throw new Error(full.message);
    const review = stage.summary?.();
    if (!review) throw new Error('the review stage has no summary');
    const sFlag = flagged(st.report, byDir);
    const fFlag = flagged(full.report, byDir);
    const tally = (set: Set<CorpusUnit>) => ({
      tp: units.filter((u) => u.label === 'malicious' && set.has(u)).length,
      fp: units.filter((u) => u.label === 'benign' && set.has(u)).length,
      fn: units.filter((u) => u.label === 'malicious' && !set.has(u)).length,
    });
    const names = [...new Set(units.flatMap((u) => (u.label === 'malicious' ? classesOf(u, labels) : [])))];
    const classes = names.sort().map((name) => {
      const mine = units.filter((u) => u.label === 'malicious' && classesOf(u, labels).includes(name));
      return {
        name,
        units: mine.length,
        staticFound: mine.filter((u) => sFlag.has(u)).length,
        fullFound: mine.filter((u) => fFlag.has(u)).length,
      };
    });
    const ctx = units.filter((u) => u.label === 'contextual');
    const decoyDrops = review.drops.filter((d) => d.stage === 'adjudicator').length;
    return {
      units: units.length,
      classes,
      static: tally(sFlag),
      full: tally(fFlag),
      contextual: {
        units: ctx.length,
        staticFlagged: ctx.filter((u) => sFlag.has(u)).length,
        fullFlagged: ctx.filter((u) => fFlag.has(u)).length,
      },
      review,
      decoys: {
        raised: review.adjudication.dropped + review.adjudication.refused,
        dropped: decoyDrops,
        refused: review.adjudication.refused,
      },
      flaggedIds: [...fFlag].map((u) => u.id).sort(),
      unreviewedUnits: full.report.units.filter((u) => u.gaps.some((g) => g.includes('review not made')))
        .length,
      passedUnits: full.report.units.filter((u) => u.status === 'pass').length,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** What the model half of a run over `units` would cost, all three categories, per tier (nothing is sent). */
export async function estimateCost(
  units: readonly CorpusUnit[],
  analyzer?: AnalyzeShell,
): Promise<{ tier: string; model: string; calls: number; expectedUsd: number; worstUsd: number }[]> {
  const root = mkdtempSync(join(tmpdir(), 'gavel-judge-estimate-'));
  try {
    materialize([...units], root);
    const out = [];
    for (const t of TIERS) {
      const self = { provider: t.provider, model: t.model };
      const client: ModelClient = { ...self, complete: async () => failed(self, 'estimate', 'not sent') };
      const categories: JudgeCategory[] = ['security', 'governance', 'quality'];
      const stage = stageOver(client, true);
      const r = await runJudge(
        options(root, { modelRequested: true, review: stage, estimate: true, categories }, analyzer),
      );
      if (!r.ok) throw new Error(r.message);
      const e = stage.summary?.().estimate;
      out.push({
        tier: t.name,
        model: `${t.provider}/${t.model}`,
        calls: e?.calls ?? 0,
        expectedUsd: e?.expectedCostUsd ?? 0,
        worstUsd: e?.worstCostUsd ?? 0,
      });
    }
    return out;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Where the input tokens of a full run go, per call and role (estimated tokens; nothing is sent). */
export interface Breakdown {
  role: string;
  calls: number;
  /** Average estimated tokens per call of each part. */
  parts: Record<string, number>;
  /** Average expected output tokens per call (the reply the schema and the call's leads predict). */
  expectedOut: number;
}

const SECTION =
  /^(## GAVEL: UNIT|## GAVEL: STATIC LEADS|## FILES|## DIGEST|## GAVEL: REVIEW|## T1:|## T2:|## KNOWN FALSE-POSITIVE|## CANDIDATES)/;

/** Splits a request's user text at its section headings and counts each part; file lines sent twice are overlap. */
function partsOf(r: ModelRequest, sentLines: Set<string>): Record<string, number> {
  const out: Record<string, number> = {
    system: estimateTokens(r.system),
    schema: estimateTokens(JSON.stringify(r.schema)),
  };
  let name = 'marker';
  let buf: string[] = [];
  const flush = () => {
    if (name === 'files') {
      let fresh = 0;
      let again = 0;
      let file = '';
      for (const line of buf) {
        const head = /FILE (\S+) lines/.exec(line);
        if (head) file = head[1] ?? '';
        const m = /^(\d+)\| /.exec(line);
        const bytes = Buffer.byteLength(line, 'utf8') + 1;
        if (!m) fresh += bytes;
        else if (sentLines.has(`${file}:${m[1]}`)) again += bytes;
        else {
          sentLines.add(`${file}:${m[1]}`);
          fresh += bytes;
        }
      }
      out.files = (out.files ?? 0) + Math.ceil(fresh / 3);
      out.overlap = (out.overlap ?? 0) + Math.ceil(again / 3);
    } else out[name] = (out[name] ?? 0) + estimateTokens(buf.join('\n'));
    buf = [];
  };
  for (const line of r.user.split('\n')) {
    const m = SECTION.exec(line);
    if (m) {
      flush();
      const h = m[1] ?? '';
      name = h.includes('STATIC LEADS')
        ? 'leads'
        : h.includes('FILES')
          ? 'files'
          : h.includes('DIGEST')
            ? 'digest'
            : h.includes('REVIEW') || h.startsWith('## T')
              ? 'own part (role, codes, references)'
              : h.includes('UNIT')
                ? 'unit header'
                : h.includes('KNOWN')
                  ? 'traps'
                  : 'candidates and windows';
    }
    buf.push(line);
  }
  flush();
  return out;
}

export async function tokenBreakdown(
  units: readonly CorpusUnit[],
  analyzer?: AnalyzeShell,
): Promise<Breakdown[]> {
  const root = mkdtempSync(join(tmpdir(), 'gavel-judge-breakdown-'));
  try {
    materialize([...units], root);
    const t = TIERS[0];
    const self = { provider: t.provider, model: t.model };
    const client: ModelClient = { ...self, complete: async () => failed(self, 'estimate', 'not sent') };
    const by = new Map<string, { calls: number; out: number; parts: Record<string, number> }>();
    const sent = new Map<string, Set<string>>();
    const stage = stageOver(client, true, (role, r) => {
      const unit = /^path: (.*)$/m.exec(r.user)?.[1] ?? '';
      const key = `${unit}\u0000${role}`;
      const lines = sent.get(key) ?? new Set<string>();
      sent.set(key, lines);
      const b = by.get(role) ?? { calls: 0, out: 0, parts: {} };
      by.set(role, b);
      b.calls += 1;
      b.out += r.expectedOutputTokens ?? r.maxOutputTokens;
      for (const [k, v] of Object.entries(partsOf(r, lines))) b.parts[k] = (b.parts[k] ?? 0) + v;
    });
    const categories: JudgeCategory[] = ['security', 'governance', 'quality'];
    const r = await runJudge(
      options(root, { modelRequested: true, review: stage, estimate: true, categories }, analyzer),
    );
    if (!r.ok) throw new Error(r.message);
    return [...by].map(([role, b]) => ({
      role,
      calls: b.calls,
      parts: Object.fromEntries(Object.entries(b.parts).map(([k, v]) => [k, Math.round(v / b.calls)])),
      expectedOut: Math.round(b.out / b.calls),
    }));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** False positives on real collections: units flagged (security, medium+) by the static checks and by both. */
export async function realCollections(
  dirs: readonly { repo: string; dir: string }[],
  analyzer?: AnalyzeShell,
): Promise<{ repo: string; units: number; staticFlagged: number; fullFlagged: number; decoys: number }[]> {
  const out = [];
  const benign: Oracle = { lookup: () => ({ kind: 'benign' }) };
  for (const { repo, dir } of dirs) {
    const st = await runJudge(options(dir, {}, analyzer));
    if (!st.ok) continue;
    const stage = stageOver(scriptedReviewer(benign), false);
    const full = await runJudge(options(dir, { modelRequested: true, review: stage }, analyzer));
    if (!full.ok) continue;
    const bad = (rep: JudgeReport) =>
      rep.units.filter((u) => u.findings.some((f) => f.category === 'security' && MEDIUM_UP.has(f.severity)))
        .length;
    out.push({
      repo,
      units: st.report.units.length,
      staticFlagged: bad(st.report),
      fullFlagged: bad(full.report),
      decoys: stage.summary?.().adjudication.refused ?? 0,
    });
  }
  return out;
}

const costRow = (corpus: string, c: Awaited<ReturnType<typeof estimateCost>>[number], units: number) =>
  `| ${corpus} | ${c.tier} | ${c.model} | ${c.calls} | $${c.expectedUsd.toFixed(2)} | $${c.worstUsd.toFixed(2)} | $${(c.expectedUsd / units).toFixed(4)} |`;

const pct = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
const prf = (s: { tp: number; fp: number; fn: number }) => {
  const p = s.tp / (s.tp + s.fp);
  const r = s.tp / (s.tp + s.fn);
  return { p, r, f1: (2 * p * r) / (p + r) };
};

/** The same full run priced on the team's own benchmark (eval/judge/testdata/model-corpus.json). */
export interface TeamCost {
  units: number;
  meanBytes: number;
  cost: Awaited<ReturnType<typeof estimateCost>>;
}

export function render(
  b: BenchResult,
  mode: string,
  cost: Awaited<ReturnType<typeof estimateCost>>,
  real: Awaited<ReturnType<typeof realCollections>>,
  parts: readonly Breakdown[] = [],
  team?: TeamCost,
): string {
  const s = prf(b.static);
  const f = prf(b.full);
  const g = b.review.grounding;
  const a = b.review.adjudication;
  const priced = TIERS.map((t) => {
    const p = bundledCatalog().price(t.provider, t.model);
    const usd =
      (b.review.provenance.inputTokens * p.input + b.review.provenance.outputTokens * p.output) / 1e6;
    return `${t.name} ${t.provider}/${t.model} $${usd.toFixed(2)} ($${(usd / b.units).toFixed(4)} per unit)`;
  });
  const lines = [
    `Model half (${mode}; security review, ${b.units} units): static checks alone against static checks plus`,
    'the model half. A unit is found when it has a security finding at medium or above that counts for it',
    '(the injected-range rule above).',
    '',
    '| attack class | malicious units | static alone | static + model |',
    '|---|---|---|---|',
    ...b.classes.map(
      (c) =>
        `| ${c.name} | ${c.units} | ${c.staticFound} (${pct(c.staticFound / c.units)}) | ${c.fullFound} (${pct(c.fullFound / c.units)}) |`,
    ),
    `| all malicious | ${b.static.tp + b.static.fn} | ${b.static.tp} (${pct(s.r)}) | ${b.full.tp} (${pct(f.r)}) |`,
    '',
    '| pipeline | precision | recall | F1 | benign units flagged | contextual flagged |',
    '|---|---|---|---|---|---|',
    `| static alone | ${pct(s.p)} | ${pct(s.r)} | ${pct(s.f1)} | ${b.static.fp} | ${b.contextual.staticFlagged}/${b.contextual.units} |`,
    `| static + model | ${pct(f.p)} | ${pct(f.r)} | ${pct(f.f1)} | ${b.full.fp} | ${b.contextual.fullFlagged}/${b.contextual.units} |`,
    '',
    `Calls ${b.review.provenance.calls} (tokens in ${b.review.provenance.inputTokens}, out ${b.review.provenance.outputTokens});`,
    `grounding: ${g.verified} verified, ${g.repaired} repaired, ${g.deleted} deleted; adjudicator: ${a.calls} calls,`,
    `${a.kept} kept, ${a.dropped} dropped with a verified counter-quote, ${a.refused} drops refused (kept as`,
    `false positives); units with a review gap: ${b.unreviewedUnits}. These calls priced (every token as plain input:`,
    `a scripted client reports no prompt cache): ${priced.join('; ')}.`,
    '',
    'Cost of a full run (security, governance and quality; every request built and priced, nothing sent;',
    'a unit prefix its reviewers share priced as one prompt-cache write and then reads; the estimate leaves',
    'out repair calls and adjudicator input beyond two candidates):',
    '',
    '| corpus | tier | model | calls | expected | worst case | expected per unit |',
    '|---|---|---|---|---|---|---|',
    ...(team
      ? team.cost.map((c) =>
          costRow(`team benchmark (${team.units} units, ~${team.meanBytes} bytes)`, c, team.units),
        )
      : []),
    ...cost.map((c) => costRow(`shared corpora (${b.units} units)`, c, b.units)),
  ];
  if (parts.length > 0) {
    const names = [...new Set(parts.flatMap((p) => Object.keys(p.parts)))];
    lines.push(
      '',
      'Where the input of that run goes: estimated tokens per call, by role and part (`overlap` is file lines',
      'a chunk repeats from another chunk of the same role; the first part of a call up to the role is the',
      "prefix a unit's reviewers share):",
      '',
      `| role | calls | ${names.join(' | ')} | expected output |`,
      `|---|---|${names.map(() => '---|').join('')}---|`,
      ...parts.map(
        (p) =>
          `| ${p.role} | ${p.calls} | ${names.map((n) => p.parts[n] ?? 0).join(' | ')} | ${p.expectedOut} |`,
      ),
    );
  }
  if (real.length > 0) {
    lines.push(
      '',
      'Public collections (pinned snapshots present on this machine; no unit there is labelled malicious',
      'except the ones real-repos-labels.json names): units with a security finding at medium or above.',
      '',
      '| collection | units | static alone | static + model | decoys kept (drop refused) |',
      '|---|---|---|---|---|',
      ...real.map((r) => `| ${r.repo} | ${r.units} | ${r.staticFlagged} | ${r.fullFlagged} | ${r.decoys} |`),
    );
  }
  return `${lines.join('\n')}\n`;
}

const START = '<!-- judge-model:start -->';
const END = '<!-- judge-model:end -->';

/** Replaces this benchmark's block in the judge section (or appends it there), leaving the rest as it is. */
export function writeBlock(file: string, body: string): void {
  const current = readFileSync(file, 'utf8');
  const block = `${START}\n${body}${END}`;
  const a = current.indexOf(START);
  const z = current.indexOf(END);
  let next: string;
  if (a >= 0 && z > a) next = current.slice(0, a) + block + current.slice(z + END.length);
  else {
    const head = current.indexOf('## Judge\n');
    if (head < 0) throw new Error(`no \`## Judge\` section in \`${file}\``);
    const rest = current.slice(head + 9);
    const end = rest.search(/\n## /);
    const at = end < 0 ? current.length : head + 9 + end;
    next = `${current.slice(0, at).trimEnd()}\n\n### Model half\n\n${block}\n${current.slice(at)}`;
  }
  writeFileSync(file, next);
}

export async function main(
  argv: string[],
  analyzer?: AnalyzeShell,
  realDirs: readonly { repo: string; dir: string }[] = [],
): Promise<number> {
  const repo = process.cwd();
  const tried = ['../shared/corpora/skills', '../../shared/corpora/skills'].map((p) => resolve(repo, p));
  const corpusDir = tried.find((p) => existsSync(p));
  if (!corpusDir) {
    process.stderr.write(`eval:judge-model: corpus not found at \`${tried[0]}\`\n`);
    return 2;
  }
  const units = loadCorpus(corpusDir);
  const labels = loadLabels();
  const at = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const replay = at('--replay');
  const record = at('--record');
  const mode = replay
    ? `recorded replies replayed from \`${replay}\``
    : 'the scripted model (eval/judge/scripted-reviewer.ts)';
  const b = await benchmark(
    units,
    labels,
    (oracle) =>
      replay
        ? replayClient(resolve(repo, replay))
        : record
          ? recordingClient(scriptedReviewer(oracle), resolve(repo, record))
          : scriptedReviewer(oracle),
    analyzer,
  );
  const cost = await estimateCost(units, analyzer);
  const parts = await tokenBreakdown(units, analyzer);
  const teamUnits = (teamCorpus.units as CorpusUnit[]).filter((u) => u.files.length > 0);
  const teamBytes = teamUnits.reduce((n, u) => n + u.files.reduce((m, f) => m + f.bytes, 0), 0);
  const team: TeamCost = {
    units: teamUnits.length,
    meanBytes: Math.round(teamBytes / Math.max(1, teamUnits.length)),
    cost: await estimateCost(teamUnits, analyzer),
  };
  const real = argv.includes('--no-real-repos') ? [] : await realCollections(realDirs, analyzer);
  const out = render(b, mode, cost, real, parts, team);
  process.stdout.write(out);
  const w = at('--write');
  if (argv.includes('--write'))
    writeBlock(resolve(repo, w && !w.startsWith('--') ? w : 'docs/evaluation.md'), out);
  return 0;
}
