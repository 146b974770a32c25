/**
 * Judges one unit: static checks, the unit's attachment findings, the optional model review, suppressions,
 * --min-confidence, scores and status. Pure over what it is handed.
 * INVARIANT: a check or review that breaks leaves the unit `error` or partial, never `pass`.
 */

import type { AttachResult } from './attach/attach-conventions';
import { joinPath } from './discover/read-unit';
import { filterConfidence } from './filter-confidence';
import { foldPerRule } from './findings/fold-findings';
import { makeFinding } from './findings/make-finding';
import type { JudgeOptions } from './judge-options';
import { categoryScore } from './score/category-score';
import { unitStatus } from './score/unit-status';
import { projectReader } from './static/judge-static';
import { runStatic, strictestPerLine } from './static/run-static';
import { applySuppressions, type Suppression } from './suppress/suppressions';
import type { JudgeCategory, NotReviewed, Unit, UnitResult } from './types';

const OPAQUE_EXECUTABLE =
  /(^|\/)bin\/|\.(exe|so|dylib|dll|bin|wasm|jar|pyc|class|node|elf|out|app|com|msi|deb|rpm)$|(^|\/)[^./]+$/i;

export async function judgeUnit(
  opts: JudgeOptions,
  unit: Unit,
  att: AttachResult,
  active: readonly Suppression[],
): Promise<{ result: UnitResult & { gated: boolean }; dropped: number }> {
  // A binary the harness could run (under bin/, no extension, an executable format) is unknown
  // content: a gap. Any other binary (an image, a font, a document) is skipped and counted, not a gap.
  const mediaBinaries = unit.files.filter((f) => f.gap === 'binary' && !OPAQUE_EXECUTABLE.test(f.path));
  const notReviewed: NotReviewed[] = unit.files
    .filter((f) => f.gap && !mediaBinaries.includes(f))
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
      readText: projectReader(opts.fs, opts.root, opts.limits.maxFileBytes),
      ...(opts.analyzer ? { analyzer: opts.analyzer } : {}),
      shellEnv: {
        paths: opts.data.paths,
        cwd: opts.root,
        home: opts.home,
        workspaceRoots: [opts.root],
        tempDirs: ['/tmp'],
      },
    });
    withheld = st.withheld.length > 0;
    notes.push(...st.notes);
    notReviewed.push(...st.gaps);
    findings = foldPerRule(
      strictestPerLine([...st.findings, ...att.drafts.map((d) => makeFinding(opts.data.rules, d))]),
    );
  } catch {
    // INVARIANT: a check that breaks leaves the unit `error`, never `pass`.
    error = true;
    notes.push('a static check failed on this unit; it was not reviewed');
  }
  if (mediaBinaries.length > 0)
    notes.push(
      `${mediaBinaries.length} binary file(s) skipped (images, fonts, documents): nothing a harness runs`,
    );
  const reviewGaps: string[] = [];
  let criteria: UnitResult['criteria'];
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
        criteria = out.criteria;
      } catch {
        // INVARIANT: a review that breaks is a gap, never a pass.
        reviewGaps.push('model review failed; the unit is only statically reviewed');
      }
    }
  }
  findings = findings.filter((f) => opts.categories.includes(f.category));
  const sup = applySuppressions(findings, active);
  const conf = filterConfidence(sup.kept, opts.minConfidence);
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
  const result: UnitResult & { gated: boolean } = {
    path: unit.path,
    kind: unit.kind,
    status,
    gated,
    scores,
    findings: conf.kept,
    suppressed: sup.suppressed,
    attached: att.attached,
    coverage: {
      files: unit.files.length,
      reviewed: unit.files.length - notReviewed.length - mediaBinaries.length,
      notReviewed,
    },
    gaps,
    notes,
    ...(criteria ? { criteria } : {}),
  };
  return { result, dropped: conf.dropped };
}
