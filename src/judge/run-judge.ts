/**
 * The judge pipeline, in order and nothing else: discover -> select (--changed, --impact) -> static ->
 * attach -> [review -> verify -> adjudicate: the model half plugs in here] -> suppress -> confidence ->
 * score -> status -> report. Pure over what it is handed (file system view, clock, shell analyzer, data).
 * INVARIANT: a unit not fully reviewed is never reported as pass; the run is then at best incomplete.
 */

import { attachConventions, indexRules } from './attach/attach-conventions';
import { discoverUnits } from './discover/discover-units';
import { joinPath, listTree } from './discover/read-unit';
import { selectChanged } from './discover/select-changed';
import type { JudgeOptions } from './judge-options';
import { judgeUnit } from './judge-unit';
import { assembleReport } from './report/assemble-report';
import type { JudgeReport } from './report/judge-report';
import { detectCredentials } from './static/credentials';
import { activeSuppressions } from './suppress/suppressions';
import type { Attachment, Unit, UnitResult } from './types';

export type { JudgeOptions } from './judge-options';

export interface PlannedUnit {
  unit: Unit;
  attached: Attachment[];
}

export type JudgeOutcome =
  | {
      ok: true;
      report: JudgeReport;
      planned: PlannedUnit[];
      why: ReadonlyMap<string, string>;
      links: readonly { path: string; target: string }[];
    }
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
  const projectFiles = listTree(opts.fs, opts.root, '', opts.limits.maxDepth).files;
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
  // The model half plans admission over the whole run first: security, then governance, then quality, then
  // unit order. A unit holding a credential is never sent, so it is left out of the plan.
  if (opts.modelRequested && opts.review?.begin) {
    const sendable = units
      .filter(
        (u) =>
          !u.files.some(
            (f) => f.text !== undefined && detectCredentials(f.text, opts.data.credentials).length > 0,
          ),
      )
      .map((unit) => ({ unit, attached: attachments.get(unit.path)?.attached ?? [] }));
    opts.review.begin(sendable, opts.categories);
  }
  const judged: (UnitResult & { gated: boolean })[] = [];
  let dropped = 0;
  for (const unit of units) {
    const att = attachments.get(unit.path) ?? { attached: [], drafts: [] };
    const { result, dropped: d } = await judgeUnit(opts, unit, att, active);
    judged.push(result);
    dropped += d;
  }
  const review = opts.modelRequested ? opts.review?.summary?.() : undefined;
  const report: JudgeReport = assembleReport(
    opts,
    judged,
    found.notReviewed,
    suppressionNotices,
    dropped,
    review,
  );
  const planned = units.map((unit) => ({ unit, attached: attachments.get(unit.path)?.attached ?? [] }));
  return { ok: true, report, planned, why: found.why, links: found.links };
}
