/**
 * The judge pipeline, in order and nothing else: discover -> select (--changed, --impact) -> static ->
 * attach -> [review -> verify -> adjudicate: the model half plugs in here] -> suppress -> confidence ->
 * score -> status -> report. Pure over what it is handed (file system view, clock, shell analyzer, data).
 * INVARIANT: a unit not fully reviewed is never reported as pass; the run is then at best incomplete.
 */

import type { Clock } from '../core';
import { attachConventions, indexRules } from './attach/attach-conventions';
import { discoverUnits } from './discover/discover-units';
import type { JudgeFs } from './discover/judge-fs';
import type { JudgeLimits } from './discover/limits';
import { joinPath, listTree } from './discover/read-unit';
import { selectChanged } from './discover/select-changed';
import { filterConfidence } from './filter-confidence';
import { makeFinding } from './findings/make-finding';
import { JUDGE_REPORT_SCHEMA_VERSION, type JudgeReport, type JudgeSummary } from './report/judge-report';
import type { ReviewStage } from './review-stage';
import type { JudgeData } from './rules/bundled-rules';
import { categoryScore } from './score/category-score';
import { formatGate, type Gate } from './score/fail-on';
import { runDecision, unitStatus } from './score/unit-status';
import type { ShellAnalyzer } from './static/risky-shell';
import { runStatic, strictestPerLine } from './static/run-static';
import { activeSuppressions, applySuppressions, type Suppression } from './suppress/suppressions';
import type {
  Attachment,
  Confidence,
  JudgeCategory,
  NotReviewed,
  Unit,
  UnitResult,
  UnitStatus,
} from './types';

export interface JudgeOptions {
  fs: JudgeFs;
  root: string;
  cwd: string;
  home: string;
  paths: readonly string[];
  /** Project-relative files changed since the base (committed, staged, unstaged, untracked). */
  changed?: { base: string; files: ReadonlySet<string>; impact: boolean };
  limits: JudgeLimits;
  gate: Gate;
  minConfidence: Confidence;
  categories: readonly JudgeCategory[];
  attachRules: boolean;
  attachInstructions: boolean;
  suppressions: readonly Suppression[];
  data: JudgeData;
  analyzer?: ShellAnalyzer;
  clock: Clock;
  /** Notices gathered before the run (ignored repository keys, …). */
  notices: readonly string[];
  version: string;
  /** Units above the run limit are refused unless this is an estimate. */
  estimate: boolean;
  /** The model review was asked for (--allow-llm). */
  modelRequested?: boolean;
  /** The model half; without it a requested review leaves every unit partial (no-model). */
  review?: ReviewStage;
}

export interface PlannedUnit {
  unit: Unit;
  attached: Attachment[];
}

export type JudgeOutcome =
  | { ok: true; report: JudgeReport; planned: PlannedUnit[] }
  | { ok: false; message: string };

export async function runJudge(opts: JudgeOptions): Promise<JudgeOutcome> {
  const found = discoverUnits({
    fs: opts.fs,
    root: opts.root,
    cwd: opts.cwd,
    paths: opts.paths,
    limits: opts.limits,
  });
  if (!found.ok) return found;
  const projectFiles = listTree(opts.fs, opts.root, '').files;
  const texts = new Map<string, string | undefined>();
  const read = (rel: string): string | undefined => {
    if (!texts.has(rel)) {
      const st = opts.fs.stat(joinPath(opts.root, rel));
      let text: string | undefined;
      if (st?.type === 'file' && st.size <= opts.limits.maxFileBytes) {
        try {
          text = new TextDecoder('utf-8', { fatal: true }).decode(opts.fs.read(joinPath(opts.root, rel)));
        } catch {
          text = undefined;
        }
      }
      texts.set(rel, text);
    }
    return texts.get(rel);
  };
  const rulesByAnchor = indexRules(projectFiles);
  const attach = (unit: Unit) =>
    attachConventions({
      unit,
      projectFiles,
      rulesByAnchor,
      read,
      attachRules: opts.attachRules,
      attachInstructions: opts.attachInstructions,
    });
  const attachments = new Map(found.units.map((u) => [u.path, attach(u)]));
  let units = found.units;
  if (opts.changed) {
    const byPath = new Map([...attachments].map(([k, v]) => [k, v.attached]));
    units = selectChanged(units, opts.changed.files, byPath, opts.changed.impact);
  }
  if (!opts.estimate && units.length > opts.limits.maxUnits) {
    return {
      ok: false,
      message: `${units.length} units match; one run takes at most ${opts.limits.maxUnits}: name paths or use --changed`,
    };
  }
  const { active, notices: suppressionNotices } = activeSuppressions(opts.suppressions, opts.clock.now());
  const results: (UnitResult & { gated: boolean })[] = [];
  let dropped = 0;
  for (const unit of units) {
    const att = attachments.get(unit.path) ?? { attached: [], drafts: [] };
    const notReviewed: NotReviewed[] = unit.files
      .filter((f) => f.gap)
      .map((f) => ({ path: f.path, reason: f.gap ?? 'unreadable' }));
    let error = false;
    let findings: UnitResult['findings'] = [];
    let withheld = false;
    const notes: string[] = [];
    try {
      const st = await runStatic({
        unit,
        rules: opts.data.rules,
        credentials: opts.data.credentials,
        hosts: opts.data.hosts,
        exists: (rel) => opts.fs.stat(joinPath(opts.root, rel)) !== undefined,
        ...(opts.analyzer ? { analyzer: opts.analyzer } : {}),
        shellEnv: { cwd: opts.root, home: opts.home, workspaceRoots: [opts.root], tempDirs: ['/tmp'] },
      });
      withheld = st.withheld.length > 0;
      notes.push(...st.notes);
      findings = strictestPerLine([
        ...st.findings,
        ...att.drafts.map((d) => makeFinding(opts.data.rules, d)),
      ]);
    } catch {
      // INVARIANT: a check that breaks leaves the unit `error`, never `pass`.
      error = true;
      notes.push('a static check failed on this unit; it was not reviewed');
    }
    const reviewGaps: string[] = [];
    if (!error && opts.modelRequested) {
      if (!opts.review || withheld) {
        reviewGaps.push(
          withheld
            ? 'model review not made: the unit holds a credential and is withheld'
            : 'model review requested but no model reviewer is available (no-model)',
        );
      } else {
        try {
          const out = await opts.review.review({
            unit,
            attached: att.attached,
            facts: findings,
            categories: opts.categories,
          });
          findings = strictestPerLine([...findings, ...out.findings]);
          reviewGaps.push(...out.gaps);
          notes.push(...out.notes);
        } catch {
          // INVARIANT: a review that breaks is a gap, never a pass.
          reviewGaps.push('model review failed; the unit is only statically reviewed');
        }
      }
    }
    findings = findings.filter((f) => opts.categories.includes(f.category));
    const sup = applySuppressions(findings, active);
    const conf = filterConfidence(sup.kept, opts.minConfidence);
    dropped += conf.dropped;
    const governanceRan = att.attached.length > 0 || unit.kind === 'rule' || unit.kind === 'instructions';
    const ran = (cat: JudgeCategory) =>
      !error && opts.categories.includes(cat) && (cat !== 'governance' || governanceRan);
    const scores = {
      security: categoryScore(
        conf.kept.filter((f) => f.category === 'security'),
        ran('security'),
      ),
      governance: categoryScore(
        conf.kept.filter((f) => f.category === 'governance'),
        ran('governance'),
      ),
      quality: categoryScore(
        conf.kept.filter((f) => f.category === 'quality'),
        ran('quality'),
      ),
    };
    const gaps = [...notReviewed.map((n) => `${n.path}: ${n.reason}`), ...reviewGaps];
    if (withheld) gaps.push('holds a credential: withheld whole, nothing of it would be sent to a model');
    const { status, gated } = unitStatus({
      findings: conf.kept,
      scores,
      gate: opts.gate,
      skipped: false,
      error,
      withheld,
      gaps: notReviewed.length + reviewGaps.length,
    });
    results.push({
      path: unit.path,
      kind: unit.kind,
      status,
      gated,
      scores,
      findings: conf.kept,
      suppressed: sup.suppressed,
      attached: att.attached,
      coverage: { files: unit.files.length, reviewed: unit.files.length - notReviewed.length, notReviewed },
      gaps,
      notes,
    });
  }
  const skipped = opts.changed ? found.skipped.filter((s) => opts.changed?.files.has(s.path)) : found.skipped;
  for (const s of skipped) {
    results.push({
      path: s.path,
      kind: s.kind,
      status: 'skipped',
      gated: false,
      scores: { security: null, governance: null, quality: null },
      findings: [],
      suppressed: [],
      attached: [],
      coverage: { files: 0, reviewed: 0, notReviewed: [{ path: s.path, reason: 'generated' }] },
      gaps: ["carries gavel's generated header: judge its sources"],
      notes: [],
    });
  }
  results.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const summary = summarize(results, dropped);
  const runNotReviewed = [...found.notReviewed, ...results.flatMap((r) => r.coverage.notReviewed)];
  const report: JudgeReport = {
    schemaVersion: JUDGE_REPORT_SCHEMA_VERSION,
    tool: { name: 'gavel', version: opts.version },
    run: {
      mode: opts.estimate ? 'estimate' : 'static',
      startedAt: opts.clock.now().toISOString(),
      categories: [...opts.categories],
      failOn: formatGate(opts.gate),
      minConfidence: opts.minConfidence,
      promptVersion: null,
      models: [],
      egressHosts: [],
      rules: { version: opts.data.rules.version, sha256: opts.data.rules.sha256 },
      shellAnalysis: opts.analyzer ? 'analyzer' : 'patterns-only',
      ...(opts.changed
        ? {
            changed: { base: opts.changed.base, files: opts.changed.files.size, impact: opts.changed.impact },
          }
        : {}),
      provenance: { cacheHits: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, temperature: null },
      coverage: {
        units: results.length,
        reviewed: results.filter((r) => r.status !== 'skipped' && r.status !== 'error').length,
        notReviewed: runNotReviewed,
      },
      notices: [
        ...opts.notices,
        ...suppressionNotices,
        ...(opts.modelRequested && !opts.review
          ? ['model review requested but no model reviewer is available: static checks only (basis no-model)']
          : []),
      ],
    },
    units: results.map(({ gated: _gated, ...r }) => r),
    summary,
  };
  const planned = units.map((unit) => ({ unit, attached: attachments.get(unit.path)?.attached ?? [] }));
  return { ok: true, report, planned };
}

function summarize(results: readonly (UnitResult & { gated: boolean })[], dropped: number): JudgeSummary {
  const units: Record<UnitStatus, number> = {
    fail: 0,
    partial: 0,
    warn: 0,
    pass: 0,
    withheld_secret: 0,
    skipped: 0,
    error: 0,
  };
  const findings = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  for (const r of results) {
    units[r.status] += 1;
    for (const f of r.findings) findings[f.severity] += 1;
  }
  return {
    decision: runDecision(results),
    units,
    findings,
    suppressed: results.reduce((n, r) => n + r.suppressed.length, 0),
    droppedLowConfidence: dropped,
    grounding: { verified: 0, repaired: 0, deleted: 0 },
  };
}
