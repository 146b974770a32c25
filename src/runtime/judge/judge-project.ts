/**
 * The judge's composition root: one `gavel judge` run as a value. Opens the config, finds the project, reads the
 * traps file and the rubric skills, opens the model review when one is asked for (or priced), runs the judge,
 * and, for `--estimate`, prices what a model review would send. A request value in (the run's options, already
 * read from argv), a result value out: the surface renders it and picks the exit. Decides nothing itself.
 * Fail closed: a config that does not validate, or a traps file that cannot be used, is `config-invalid`; a
 * request that cannot be run (no project, a bad `--fail-on`, a model that cannot be opened) throws UsageError.
 */

import { formatProblem, loadConfig, userHome } from '../../config';
import { type Clock, UsageError } from '../../core';
import {
  bundledJudgeData,
  CONFIDENCES,
  type Confidence,
  DEFAULT_LIMITS,
  detectCredentials,
  estimateRun,
  findProject,
  JUDGE_CATEGORIES,
  type JudgeCategory,
  type JudgeOutcome,
  parseFailOn,
  type ReviewStage,
  type RunEstimate,
  runJudge,
} from '../../judge';
import { bundledCatalog, priceEntryOf } from '../../model';
import { analyzeShell } from '../../shell';
import { type RubricRequest, readRubrics, readTraps, trapsFileProblem } from './judge-inputs';
import { changedSince, nodeJudgeFs, readProjectText } from './judge-repository';
import { type JudgeModelFlags, judgeCaps, openJudgeReview } from './open-judge-review';

export interface JudgeProjectRequest {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  clock: Clock;
  version: string;
  /** Files or folders to judge; none: every unit below `cwd`. */
  paths: readonly string[];
  /** `--fail-on`; empty or absent: `[judge] fail_on`. */
  failOn?: readonly string[] | undefined;
  /** `--min-confidence`; absent: `[judge] min_confidence`. */
  minConfidence?: string | undefined;
  /** `--categories`; absent: `[judge] categories`. */
  categories?: readonly string[] | undefined;
  /** `--changed`/`--since`: only units changed since this revision. */
  changedSince?: string | undefined;
  /** With `changedSince`: also units a changed rule or CLAUDE.md attaches to. */
  impact: boolean;
  /** Absent: the config's `attach_rules` and `attach_claude_md`. */
  attachRules?: boolean | undefined;
  attachInstructions?: boolean | undefined;
  allowLlm: boolean;
  estimate: boolean;
  explainDrops: boolean;
  /** The model flags, read once the config, the project and the gate have been (their problems come first). */
  modelFlags: () => JudgeModelFlags;
  /** `--skill` and `--skill-for` rubrics, read only for a model review; `[judge.skills]` is added here. */
  rubrics: () => RubricRequest[];
  /** A line for the person (a config notice, the model's egress line). */
  notice: (line: string) => void;
}

export type JudgeProjectResult =
  | { ok: false; basis: 'config-invalid'; problem: string }
  | {
      ok: true;
      outcome: Extract<JudgeOutcome, { ok: true }>;
      /** The judge's bundled data (codes, for the renderers). */
      data: ReturnType<typeof bundledJudgeData>;
      /** Whether the run was limited to changed units (zero units is then the ordinary "nothing changed"). */
      changed: boolean;
      /** With `estimate`: what a model review would send and cost, and the cap it is held to. */
      estimate?: { run: RunEstimate; maxCostUsd: number };
    };

export async function judgeProject(request: JudgeProjectRequest): Promise<JudgeProjectResult> {
  const { cwd, env } = request;
  const loaded = loadConfig({ cwd, env });
  if (!loaded.ok) return { ok: false, basis: 'config-invalid', problem: formatProblem(loaded.problem) };
  const cfg = loaded.config.judge;
  const home = userHome(env);
  const fs = nodeJudgeFs(DEFAULT_LIMITS.maxFileBytes);
  const project = findProject(fs, cwd, home);
  if (!project.ok) throw new UsageError(project.message);
  const trapsProblem =
    cfg.traps_file === undefined ? undefined : trapsFileProblem(fs, project.root, cfg.traps_file);
  if (trapsProblem !== undefined)
    return {
      ok: false,
      basis: 'config-invalid',
      problem: `${loaded.files.project}: \`judge.traps_file\`: ${trapsProblem}`,
    };
  const parsed =
    request.failOn && request.failOn.length > 0
      ? parseFailOn([...request.failOn])
      : parseFailOn(cfg.fail_on, { strictest: true });
  if (!parsed.ok) throw new UsageError(`--fail-on: ${parsed.message}`);
  const minConfidence = (request.minConfidence ?? cfg.min_confidence) as Confidence;
  if (!CONFIDENCES.includes(minConfidence))
    throw new UsageError(`--min-confidence is low, medium or high, not \`${minConfidence}\``);
  const categories = [...(request.categories ?? cfg.categories)] as JudgeCategory[];
  const unknown = categories.find((c) => !JUDGE_CATEGORIES.includes(c));
  if (unknown !== undefined) throw new UsageError(`--categories: unknown category \`${unknown}\``);
  const base = request.changedSince;
  const changed =
    base === undefined
      ? undefined
      : { base, files: await changedSince(project.root, base, env), impact: request.impact };
  const notices = loaded.notices.map(formatProblem);
  const data = bundledJudgeData();
  const { allowLlm, estimate } = request;
  const modelFlags = request.modelFlags();
  let review: ReviewStage | undefined;
  if (allowLlm || estimate) {
    const traps =
      cfg.traps_file === undefined
        ? { ok: true as const, value: [] }
        : readTraps(project.root, cfg.traps_file);
    if (!traps.ok) return { ok: false, basis: 'config-invalid', problem: traps.problem };
    const rubrics = readRubrics([...request.rubrics(), ...configRubrics(cfg.skills)], {
      root: project.root,
      home,
      cwd,
    });
    if (!rubrics.ok) throw new UsageError(rubrics.problem);
    const opened = openJudgeReview({
      config: loaded.config,
      sources: loaded.sources,
      flags: modelFlags,
      env,
      home,
      cwd,
      clock: request.clock,
      rules: data.rules,
      read: (rel) => readProjectText(fs, project.root, rel),
      traps: traps.value,
      rubrics: rubrics.value,
      announce: request.notice,
    });
    if (opened.ok) review = opened.stage;
    else if (opened.basis === 'config-invalid' || modelFlags.model !== undefined)
      throw new UsageError(`${opened.role ? `the ${opened.role} model: ` : ''}${opened.problem}`);
  }
  const outcome = await runJudge({
    fs,
    root: project.root,
    cwd,
    home,
    paths: [...request.paths],
    ...(changed ? { changed } : {}),
    limits: DEFAULT_LIMITS,
    gate: parsed.gate,
    minConfidence,
    categories,
    attachRules: request.attachRules ?? cfg.attach_rules,
    attachInstructions: request.attachInstructions ?? cfg.attach_claude_md,
    suppressions: cfg.suppress,
    data,
    // The shell analyzer action review uses: one set of shapes and categories for both (ADR 0006).
    analyzer: analyzeShell,
    clock: request.clock,
    notices,
    version: request.version,
    estimate,
    // Without a model the requested review leaves every unit partial with basis no-model.
    modelRequested: allowLlm || (estimate && review !== undefined),
    ...(review ? { review } : {}),
    explainDrops: request.explainDrops,
  });
  if (!outcome.ok) throw new UsageError(outcome.message);
  if (!estimate) return { ok: true, outcome, data, changed: changed !== undefined };
  const caps = judgeCaps({ config: loaded.config, sources: loaded.sources, flags: modelFlags });
  const model = modelFlags.model ?? loaded.config.model.model;
  const planned = outcome.planned.map((p) => ({
    ...p,
    withheld: p.unit.files.some(
      (f) => f.text !== undefined && detectCredentials(f.text, data.credentials).length > 0,
    ),
  }));
  // With a model, every figure is the requests the run would build, priced by the model layer.
  const built = outcome.report.run.mode === 'estimate' ? review?.summary?.().estimate : undefined;
  const est = estimateRun(
    planned,
    built,
    model === undefined ? undefined : priceEntryOf(model, bundledCatalog()),
    { maxCostUsd: caps.maxCostUsd, maxCalls: caps.maxCalls, maxTokens: caps.maxTokens },
    DEFAULT_LIMITS.maxUnits,
  );
  return {
    ok: true,
    outcome,
    data,
    changed: changed !== undefined,
    estimate: { run: est, maxCostUsd: caps.maxCostUsd },
  };
}

/** `[judge.skills]`: `load` rubrics for governance, `for` rubrics per category; both from the repository. */
function configRubrics(
  skills: { load?: readonly string[]; for?: Readonly<Record<string, readonly string[]>> } | undefined,
): RubricRequest[] {
  const out: RubricRequest[] = (skills?.load ?? []).map((ref) => ({
    ref,
    category: 'governance',
    fromRepo: true,
  }));
  for (const [category, refs] of Object.entries(skills?.for ?? {}))
    for (const ref of refs) out.push({ ref, category: category as JudgeCategory, fromRepo: true });
  return out;
}
