/**
 * The model half of the judge for one run: per unit, one reviewer call per category and chunk (security,
 * governance when a convention or rubric applies, quality), the quote verifier with one repair round, then one
 * adjudicator call over the surviving candidates; rubric criteria become `criteria` results and G06 findings.
 * Admission is planned over the whole run in `begin` (security first, then governance, then quality, then unit
 * order; one adjudicator call held back for half of the units); a call the plan or the runner's caps refuse
 * is a gap that leaves the unit partial. Pure over the runner, the reader and the data it is handed.
 * INVARIANT: every call that is not made or not answered validly is a gap, never a silent pass; only a
 * finding whose quote verified against the text sent survives (rubric absences are raised by the judge).
 */

import {
  type ModelRequest,
  type ModelRunner,
  planAdmission,
  type RunCaps,
  type StructuredResult,
} from '../../model';
import { normalizeQuote } from '../findings/finding-id';
import { makeFinding } from '../findings/make-finding';
import type {
  CriterionResult,
  ReviewInput,
  ReviewOutput,
  ReviewRunSummary,
  ReviewStage,
} from '../review-stage';
import type { JudgeRules } from '../rules/load-judge-rules';
import { type Attachment, type Finding, type JudgeCategory, severityRank, type Unit } from '../types';
import {
  type AdjudicatorReply,
  adjudicatorReplySchema,
  applyDecisions,
  buildAdjudicatorRequest,
  leadLines,
  MAX_OWN_FINDINGS,
} from './adjudicator';
import type { Candidate } from './candidate';
import { bundledJudgePrompts, type JudgePrompts, type JudgeRole, promptVersion } from './judge-prompts';
import { maskText, maskUnit } from './mask-secrets';
import { referencesFor } from './references';
import { emptyStats, type ReviewStats } from './review-stats';
import { buildRepairRequest, buildReviewerRequest, type RepairItem } from './reviewer-request';
import {
  type CandidateFinding,
  codesOf,
  MAX_FINDINGS_PER_CALL,
  type ReviewerReply,
  reviewerReplySchema,
} from './reviewer-schema';
import { criterionRef, type Rubric, sameCriterion } from './rubric';
import { SHIPPED_TRAPS, type Trap } from './traps';
import { chunkUnit, qualityJudges } from './unit-chunks';
import { quoteVerifies, type SentFiles, sentFiles, textAt } from './verify-quote';

/** Adjudicator priority: for the first half of the units right after security (room held back), else last. */
export const ADJUDICATOR_HELD_PRIORITY = 25;
export const ADJUDICATOR_PRIORITY = 5;

export interface ModelReviewDeps {
  /** One runner per role: the reviewers' and the adjudicator's models may differ (same provider). */
  runners: Readonly<Record<JudgeRole, ModelRunner>>;
  rules: JudgeRules;
  /** Project-relative file text (attached conventions); undefined when unreadable. */
  read: (rel: string) => string | undefined;
  prompts?: JudgePrompts;
  /** The repository's traps, extending the shipped shapes. */
  traps?: readonly Trap[];
  rubrics?: readonly Rubric[];
  timeoutMs: number;
  /**
   * Admission planning: the run's caps and what one request is expected to cost (its estimated input plus
   * its expected output, priced from the model layer's one price table). Calls are admitted by priority
   * until the expected cost reaches a cap; the runner still enforces each call's worst case as a hard stop.
   */
  admission?: {
    caps: RunCaps;
    expected(role: JudgeRole, request: ModelRequest): { tokens: number; costUsd: number };
  };
  egressHosts: readonly string[];
  notices?: readonly string[];
  /** Build and price every request, answer none (the runners are in estimate mode). */
  estimate: boolean;
  /** Literal values masked wherever they appear in text sent (the configured API key). */
  secretValues?: readonly string[];
}

interface Planned {
  key: string;
  role: JudgeRole;
  request: ModelRequest;
}

const callKey = (unit: string, role: JudgeRole, chunk: number) => `${unit}\u0000${role}\u0000${chunk}`;

function failureText(r: Extract<StructuredResult<unknown>, { ok: false }>): string {
  switch (r.failure) {
    case 'cap':
      return `a cap left it unmade (${r.detail})`;
    case 'refusal':
      return 'the provider refused to answer';
    case 'invalid-output':
      return 'the reply was never valid';
    case 'timeout':
      return 'the call timed out';
    case 'refused-model':
      return 'the model is on the refused list';
    default:
      return 'the call failed';
  }
}

export function modelReviewStage(deps: ModelReviewDeps): ReviewStage {
  const prompts = deps.prompts ?? bundledJudgePrompts();
  // Everything sent is masked first: the unit, conventions, rubric and trap text (the quote verifier then
  // checks quotes against the masked text, which is what the model saw).
  const secrets = deps.secretValues ?? [];
  const traps = [...SHIPPED_TRAPS, ...(deps.traps ?? [])].map((t) => ({
    ...t,
    text: maskText(t.text, secrets),
  }));
  const rubrics = (deps.rubrics ?? []).map((r) => ({ ...r, text: maskText(r.text, secrets) }));
  const read = (rel: string): string | undefined => {
    const text = deps.read(rel);
    return text === undefined ? undefined : maskText(text, secrets);
  };
  const stats: ReviewStats = emptyStats();
  const heldFor = new Set<string>();
  let admitted: Set<string> | undefined;
  /** For an estimate: each unit's calls as the model layer priced them, in run order. */
  const perUnit = new Map<string, NonNullable<ReviewRunSummary['estimate']>['units'][number]>();
  const priced = (unit: string, role: JudgeRole, res: StructuredResult<unknown>) => {
    if (res.ok || res.failure !== 'estimate' || !res.estimated) return;
    const u = perUnit.get(unit) ?? {
      path: unit,
      calls: { security: 0, governance: 0, quality: 0, adjudicator: 0 },
      inputTokens: 0,
      expectedCostUsd: 0,
      worstCostUsd: 0,
    };
    perUnit.set(unit, u);
    u.calls[role] += 1;
    u.inputTokens += res.estimated.inputTokens;
    u.expectedCostUsd += res.estimated.expectedCostUsd;
    u.worstCostUsd += res.estimated.worstCostUsd;
  };
  let plannedCalls = 0;

  const codes = (cat: JudgeCategory) => codesOf(deps.rules.codes, cat);
  const reviewerCodes = (['security', 'governance', 'quality'] as const).flatMap(codes);
  const allCodes = (cats: readonly JudgeCategory[]) => cats.flatMap(codes);
  const governs = (unit: Unit, attached: readonly Attachment[]) =>
    attached.length > 0 ||
    unit.kind === 'rule' ||
    unit.kind === 'instructions' ||
    rubrics.some((r) => r.category === 'governance');
  const categoriesFor = (unit: Unit, attached: readonly Attachment[], cats: readonly JudgeCategory[]) =>
    (['security', 'governance', 'quality'] as const).filter(
      (c) => cats.includes(c) && (c !== 'governance' || governs(unit, attached)),
    );

  /**
   * Every reviewer request of one unit (facts as given), in category then chunk order. The quality reviewer
   * is asked only about chunks holding text its codes judge (instruction text, configuration); a chunk two
   * reviewers send is marked as a shared prefix, which the provider may cache between them.
   */
  function reviewerRequests(input: ReviewInput): { planned: Planned[]; gaps: string[]; notes: string[] } {
    const chunks = chunkUnit(input.unit);
    const planned: Planned[] = [];
    const gaps: string[] = [];
    const notes: string[] = [];
    const cats = categoriesFor(input.unit, input.attached, input.categories);
    for (const s of chunks.left)
      gaps.push(`${s.path}:${s.startLine}-${s.endLine}: not reviewed (beyond 8 chunks per category)`);
    for (const s of chunks.skipped) notes.push(`\`${s.path}\` not sent to the model reviewers: ${s.reason}`);
    if (chunks.chunks.length === 0) return { planned, gaps, notes };
    const reviews = (cat: JudgeCategory, k: number) =>
      cat !== 'quality' || (chunks.chunks[k] ?? []).some((s) => qualityJudges(input.unit, s.path));
    const refsOf = new Map(cats.map((c) => [c, referencesFor(c, input.attached, rubrics, read)] as const));
    const allRefs = [...refsOf.values()].flatMap((r) => r.refs);
    for (const cat of cats) {
      const refs = refsOf.get(cat) ?? { refs: [], unread: [] };
      for (const p of refs.unread) notes.push(`attached \`${p}\` could not be read: not sent`);
      chunks.chunks.forEach((_, k) => {
        if (!reviews(cat, k)) return;
        const built = buildReviewerRequest({
          prompt: prompts[cat],
          category: cat,
          codes: codes(cat),
          schemaCodes: reviewerCodes,
          unit: input.unit,
          chunks: chunks.chunks,
          chunk: k,
          leads: input.facts,
          references: refs.refs,
          allReferences: allRefs,
          shared: cats.filter((c) => reviews(c, k)).length > 1,
          timeoutMs: deps.timeoutMs,
        });
        if (!built.ok) gaps.push(`${cat} review not made: ${built.problem}`);
        else planned.push({ key: callKey(input.unit.path, cat, k), role: cat, request: built.request });
      });
    }
    return { planned, gaps, notes };
  }

  /** The adjudicator's request for the estimate and the plan: two placeholder candidates. */
  function placeholderAdjudication(input: ReviewInput, index: number): Planned | undefined {
    const primary = input.unit.files.find((f) => f.text !== undefined);
    if (!primary) return undefined;
    const item = placeholderItem(primary.path);
    const built = buildAdjudicatorRequest({
      prompt: prompts.adjudicator,
      unitPath: input.unit.path,
      codes: allCodes(input.categories),
      candidates: [
        { key: 'C1', category: 'security', item, repaired: false, origin: 'reviewer' },
        { key: 'C2', category: 'security', item, repaired: false, origin: 'reviewer' },
      ],
      files: sentFiles(input.unit.files),
      leads: leadLines(input.facts),
      conventions: [],
      traps,
      timeoutMs: deps.timeoutMs,
      priority: adjudicatorPriority(input.unit.path, index),
    });
    return built.ok
      ? { key: callKey(input.unit.path, 'adjudicator', 0), role: 'adjudicator', request: built.request }
      : undefined;
  }

  function adjudicatorPriority(unitPath: string, _index: number): number {
    return heldFor.has(unitPath) ? ADJUDICATOR_HELD_PRIORITY : ADJUDICATOR_PRIORITY;
  }

  // An estimate prices every call; which of them fit is the plan's answer.
  const isAdmitted = (key: string) => deps.estimate || admitted === undefined || admitted.has(key);

  async function call<T>(
    role: JudgeRole,
    key: string,
    request: ModelRequest,
    schema: Parameters<ModelRunner['complete']>[1],
  ): Promise<StructuredResult<T> | 'not-admitted'> {
    if (!isAdmitted(key)) return 'not-admitted';
    return (await deps.runners[role].complete(request, schema)) as StructuredResult<T>;
  }

  /** Checks one candidate against the text sent: the code, the file, the lines, the quote, the convention. */
  function check(
    cat: JudgeCategory,
    item: CandidateFinding,
    files: SentFiles,
    refTexts: ReadonlyMap<string, string>,
  ): 'ok' | 'ungrounded' | 'out-of-scope' | 'no-convention' {
    if (!codes(cat).includes(item.code) || !files.has(item.path) || item.end_line < item.start_line)
      return 'out-of-scope';
    if (!quoteVerifies(files, item.path, item.start_line, item.end_line, item.quote)) return 'ungrounded';
    if (cat === 'governance' && item.code !== 'G06') {
      const conv = item.convention_path === null ? undefined : refTexts.get(item.convention_path);
      if (conv === undefined || item.convention_quote === null) return 'no-convention';
      const lines = new Map([[item.convention_path ?? '', conv.split(/\r?\n/)]]);
      const n = conv.split(/\r?\n/).length;
      if (!quoteVerifies(lines, item.convention_path ?? '', 1, n, item.convention_quote))
        return 'no-convention';
    }
    return 'ok';
  }

  async function runCategory(
    input: ReviewInput,
    cat: JudgeCategory,
    planned: readonly Planned[],
    files: SentFiles,
    out: {
      candidates: CandidateFinding[][];
      repaired: Set<CandidateFinding>;
      gaps: string[];
      criteria: ReviewerReply['criteria_results'][];
      unverifiedRubric: CandidateFinding[];
    },
  ): Promise<void> {
    const refTexts = new Map(
      referencesFor(cat, input.attached, rubrics, read).refs.map((r) => [r.path, r.text] as const),
    );
    for (const p of planned) {
      const label = `${cat} review${p.key.endsWith('\u00000') ? '' : ' (a chunk)'}`;
      const res = await call<ReviewerReply>(cat, p.key, p.request, reviewerReplySchema());
      if (res !== 'not-admitted') priced(input.unit.path, cat, res);
      if (res === 'not-admitted') {
        out.gaps.push(`${label} not made: the run's caps do not admit it`);
        continue;
      }
      if (!res.ok) {
        if (res.failure !== 'estimate') out.gaps.push(`${label} not made: ${failureText(res)}`);
        continue;
      }
      out.criteria.push(res.value.criteria_results);
      const items = [...res.value.findings]
        .sort((a, b) => severityRank(b.severity) - severityRank(a.severity))
        .slice(0, MAX_FINDINGS_PER_CALL);
      const good: CandidateFinding[] = [];
      const failing: CandidateFinding[] = [];
      for (const item of items) {
        const verdict = check(cat, item, files, refTexts);
        if (verdict === 'ok') {
          good.push(item);
          stats.grounding.verified += 1;
        } else if (verdict === 'ungrounded') failing.push(item);
        else drop(input.unit.path, item, verdict);
      }
      if (failing.length > 0) {
        const repaired = await repair(input.unit.path, cat, p, failing, files, refTexts);
        for (const r of repaired) out.repaired.add(r);
        good.push(...repaired);
      }
      out.candidates.push(good);
    }

    function drop(unit: string, item: CandidateFinding, reason: string): void {
      stats.grounding.deleted += 1;
      if (item.rubric_id !== null) out.unverifiedRubric.push(item);
      stats.drops.push({
        unit,
        stage: 'verifier',
        code: item.code,
        path: item.path,
        line: item.start_line,
        reason,
        ...(item.rubric_id !== null ? { rubricId: item.rubric_id } : {}),
      });
    }

    async function repair(
      unit: string,
      role: JudgeCategory,
      p: Planned,
      failing: readonly CandidateFinding[],
      files: SentFiles,
      refTexts: ReadonlyMap<string, string>,
    ): Promise<CandidateFinding[]> {
      const items: RepairItem[] = failing.map((f, i) => ({
        index: i,
        code: f.code,
        path: f.path,
        startLine: f.start_line,
        endLine: f.end_line,
        exact: textAt(files, f.path, f.start_line, f.end_line),
      }));
      const built = buildRepairRequest(p.request, items);
      const res = built.ok
        ? await deps.runners[role].complete(built.request, reviewerReplySchema())
        : undefined;
      const fixed: CandidateFinding[] = [];
      if (res?.ok) {
        const pool = [...failing];
        for (const item of res.value.findings) {
          if (fixed.length >= failing.length) break;
          if (check(role, item, files, refTexts) !== 'ok') continue;
          const was = pool.findIndex((f) => f.code === item.code && f.path === item.path);
          if (was < 0) continue;
          pool.splice(was, 1);
          fixed.push(item);
          stats.grounding.repaired += 1;
        }
        for (const f of pool) drop(unit, f, 'ungrounded');
      } else for (const f of failing) drop(unit, f, 'ungrounded');
      return fixed;
    }
  }

  function toFinding(c: Candidate, repaired: boolean): Finding {
    const entry = deps.rules.codes.get(c.item.code);
    const f = makeFinding(deps.rules, {
      code: c.item.code,
      path: c.item.path,
      startLine: c.item.start_line,
      endLine: c.item.end_line,
      quote: c.item.quote,
      message: `${entry?.title ?? c.item.code} (${c.origin === 'adjudicator' ? 'raised by the adjudicator' : `model ${c.category} review`})`,
      rule: c.item.rubric_id !== null ? criterionRule(c.item.rubric_id) : `model:${c.category}`,
      severity: c.item.severity,
      confidence: c.item.confidence,
      verdict: c.item.confidence === 'high' ? 'confirmed' : 'contextual_risk',
      origin: c.origin,
    });
    f.review = {
      threat: c.item.threat,
      context: c.item.context,
      benignReading: c.item.benign_reading,
      whyNotBenign: c.item.why_not_benign,
      ...(c.item.lead !== null ? { lead: c.item.lead } : {}),
      ...(c.item.convention_path !== null && c.item.convention_quote !== null
        ? { convention: { path: c.item.convention_path, quote: c.item.convention_quote } }
        : {}),
      ...(c.item.rubric_id !== null ? { rubricId: criterionRule(c.item.rubric_id) } : {}),
      adjudication:
        c.adjudication === 'downgraded'
          ? 'downgraded'
          : c.adjudication === 'raised'
            ? 'raised'
            : c.adjudication === 'unadjudicated'
              ? 'unadjudicated'
              : 'kept',
      verification: { quoteVerified: true, repaired },
    };
    return f;
  }

  function criterionRule(rubricId: string): string {
    const bare = rubricId.trim().replace(/^rubric:/, '');
    return `rubric:${bare}`;
  }

  /** One result per criterion of every rubric applied; failures without a surviving finding are raised here. */
  function criteriaOf(
    input: ReviewInput,
    cats: readonly JudgeCategory[],
    reported: readonly ReviewerReply['criteria_results'][number][],
    surviving: readonly Finding[],
    droppedOnPurpose: ReadonlySet<string>,
    unverified: readonly CandidateFinding[],
  ): { results: CriterionResult[]; raised: Finding[] } {
    const applied = rubrics.filter((r) => cats.includes(r.category));
    const results: CriterionResult[] = [];
    const raised: Finding[] = [];
    const only = applied.length === 1;
    for (const r of applied) {
      for (const c of r.criteria) {
        const said = reported.filter((x) => sameCriterion(x.id, r, c.id, only)).map((x) => x.result);
        const result = said.includes('fail')
          ? 'fail'
          : said.includes('pass')
            ? 'pass'
            : said.includes('not_applicable')
              ? 'not_applicable'
              : 'not_evaluated';
        results.push({ id: `${r.name}/${c.id}`, title: c.title, result });
        const ref = criterionRef(r.name, c.id);
        if (result !== 'fail' || droppedOnPurpose.has(ref)) continue;
        if (surviving.some((f) => f.review?.rubricId === ref)) continue;
        const bad = unverified.find((u) => u.rubric_id !== null && criterionRule(u.rubric_id) === ref);
        const f = makeFinding(deps.rules, {
          code: 'G06',
          path: input.unit.primary,
          startLine: 1,
          quote: null,
          message: `rubric criterion failed: ${r.name} ${c.id}`,
          rule: ref,
          ...(bad ? { severity: bad.severity } : {}),
          origin: 'criteria',
          absence: true,
          idText: ref,
        });
        f.review = {
          threat: '',
          context: '',
          benignReading: '',
          whyNotBenign: '',
          rubricId: ref,
          adjudication: 'kept',
          verification: { quoteVerified: false, repaired: false },
        };
        raised.push(f);
      }
    }
    return { results, raised };
  }

  return {
    begin(units, categories) {
      const half = Math.ceil(units.length / 2);
      units.forEach((u, i) => {
        if (i < half) heldFor.add(u.unit.path);
      });
      if (!deps.admission) return;
      const calls: { seq: number; priority: number; tokens: number; costUsd: number; key: string }[] = [];
      units.forEach((u, i) => {
        const input = { unit: maskUnit(u.unit, secrets), attached: u.attached, facts: [], categories };
        const planned = reviewerRequests(input).planned;
        const adj = planned.length > 0 ? placeholderAdjudication(input, i) : undefined;
        for (const p of adj ? [...planned, adj] : planned) {
          const cost = deps.admission?.expected(p.role, p.request) ?? { tokens: 0, costUsd: 0 };
          calls.push({ seq: calls.length, priority: p.request.priority ?? 0, ...cost, key: p.key });
        }
      });
      const plan = planAdmission(deps.admission.caps, calls);
      admitted = new Set(calls.filter((c) => plan.admitted.has(c.seq)).map((c) => c.key));
      plannedCalls = calls.length;
    },

    async review(given: ReviewInput): Promise<ReviewOutput> {
      const input = { ...given, unit: maskUnit(given.unit, secrets) };
      const { planned, gaps, notes } = reviewerRequests(input);
      const files = sentFiles(input.unit.files);
      const cats = categoriesFor(input.unit, input.attached, input.categories);
      const out = {
        candidates: [] as CandidateFinding[][],
        repaired: new Set<CandidateFinding>(),
        gaps,
        criteria: [] as ReviewerReply['criteria_results'][],
        unverifiedRubric: [] as CandidateFinding[],
      };
      // The first category (security when it runs) alone: its calls write the unit's shared prefix to the
      // provider's prompt cache, and the other reviewers, started after it, read it back (calls started
      // together would each write it).
      const runOne = async (cat: JudgeCategory) => {
        const mine = {
          candidates: [] as CandidateFinding[][],
          repaired: out.repaired,
          gaps: [] as string[],
          criteria: out.criteria,
          unverifiedRubric: out.unverifiedRubric,
        };
        await runCategory(
          input,
          cat,
          planned.filter((p) => p.role === cat),
          files,
          mine,
        );
        return { cat, mine };
      };
      const perCat = [
        ...(await Promise.all(cats.slice(0, 1).map(runOne))),
        ...(await Promise.all(cats.slice(1).map(runOne))),
      ];
      // Candidates in category then chunk order; one per code, file and quote (chunks overlap).
      const candidates: Candidate[] = [];
      const seen = new Set<string>();
      for (const { cat, mine } of perCat) {
        gaps.push(...mine.gaps);
        for (const item of mine.candidates.flat()) {
          const k = `${item.code}|${item.path}|${normalizeQuote(item.quote)}`;
          if (seen.has(k)) continue;
          seen.add(k);
          candidates.push({
            key: `C${candidates.length + 1}`,
            category: cat,
            item,
            repaired: out.repaired.has(item),
            origin: 'reviewer',
          });
        }
      }
      let kept: Candidate[] = candidates;
      const droppedOnPurpose = new Set<string>();
      const index = [...heldFor].indexOf(input.unit.path);
      if (deps.estimate) {
        const adj = planned.length > 0 ? placeholderAdjudication(input, index) : undefined;
        if (adj)
          priced(
            input.unit.path,
            'adjudicator',
            await deps.runners.adjudicator.complete(adj.request, adjudicatorReplySchema()),
          );
      } else if (candidates.length > 0) {
        kept = await adjudicate(input, candidates, files, notes, droppedOnPurpose);
      }
      const findings = kept.map((c) => toFinding(c, c.repaired));
      const byKey = new Map(kept.map((c, i) => [c.key, findings[i]?.id ?? '']));
      kept.forEach((c, i) => {
        const f = findings[i];
        if (f?.review && c.chain) f.review.chain = c.chain.map((k) => byKey.get(k) ?? '').filter(Boolean);
      });
      const crit = criteriaOf(
        input,
        cats,
        out.criteria.flat(),
        findings,
        droppedOnPurpose,
        out.unverifiedRubric,
      );
      for (const r of crit.results)
        if (r.result === 'not_evaluated' && !deps.estimate)
          gaps.push(`rubric criterion ${r.id} not evaluated`);
      return {
        findings: [...findings, ...crit.raised],
        gaps,
        notes,
        ...(crit.results.length > 0 ? { criteria: crit.results } : {}),
      };
    },

    summary(): ReviewRunSummary {
      // Roles that share a model share one runner: count each runner once.
      const reports = [...new Set(Object.values(deps.runners))].map((r) => r.report());
      const unique = reports;
      const sum = (pick: (r: (typeof reports)[number]) => number) => unique.reduce((n, r) => n + pick(r), 0);
      const estimates = unique.map((r) => r.estimate).filter((e) => e !== undefined);
      return {
        promptVersion: promptVersion(prompts),
        models: [...new Set(reports.map((r) => `${r.provider}/${r.model}`))].sort(),
        egressHosts: [...deps.egressHosts],
        provenance: {
          cacheHits: sum((r) => r.cacheHits),
          calls: sum((r) => r.calls),
          inputTokens: sum((r) => r.inputTokens),
          outputTokens: sum((r) => r.outputTokens),
          costUsd: Math.round(sum((r) => r.costUsd) * 1e6) / 1e6,
        },
        grounding: { ...stats.grounding },
        adjudication: { ...stats.adjudication },
        drops: [...stats.drops],
        ...(estimates.length > 0
          ? {
              estimate: {
                calls: estimates.reduce((n, e) => n + e.calls, 0),
                callsFit: admitted?.size ?? estimates.reduce((n, e) => n + e.callsFit, 0),
                inputTokens: estimates.reduce((n, e) => n + e.inputTokens, 0),
                worstCostUsd: estimates.reduce((n, e) => n + e.worstCostUsd, 0),
                expectedCostUsd: estimates.reduce((n, e) => n + e.expectedCostUsd, 0),
                overCap:
                  (admitted !== undefined && admitted.size < plannedCalls) ||
                  estimates.reduce((n, e) => n + e.expectedCostUsd, 0) >
                    (deps.admission?.caps.maxCostUsd ?? Infinity),
                units: [...perUnit.values()],
              },
            }
          : {}),
        notices: [...(deps.notices ?? [])],
      };
    },
  };

  async function adjudicate(
    input: ReviewInput,
    candidates: Candidate[],
    files: SentFiles,
    notes: string[],
    droppedOnPurpose: Set<string>,
  ): Promise<Candidate[]> {
    const conventions = referencesFor('governance', input.attached, [], read).refs.map((r) => ({
      path: r.path,
      text: r.text,
    }));
    const built = buildAdjudicatorRequest({
      prompt: prompts.adjudicator,
      unitPath: input.unit.path,
      codes: allCodes(input.categories),
      candidates,
      files,
      leads: leadLines(input.facts),
      conventions,
      traps,
      timeoutMs: deps.timeoutMs,
      priority: adjudicatorPriority(input.unit.path, 0),
    });
    const unadjudicated = (why: string) => {
      notes.push(`the adjudicator did not run (${why}): every verified candidate is kept`);
      return candidates.map((c) => ({ ...c, adjudication: 'unadjudicated' as const }));
    };
    if (!built.ok) return unadjudicated(built.problem);
    const res = await call<AdjudicatorReply>(
      'adjudicator',
      callKey(input.unit.path, 'adjudicator', 0),
      built.request,
      adjudicatorReplySchema(),
    );
    if (res === 'not-admitted') return unadjudicated("the run's caps do not admit it");
    if (!res.ok) return unadjudicated(failureText(res));
    stats.adjudication.calls += 1;
    const applied = applyDecisions(candidates, res.value, files, traps);
    notes.push(...applied.notes);
    stats.adjudication.kept += applied.counts.kept;
    stats.adjudication.downgraded += applied.counts.downgraded;
    stats.adjudication.dropped += applied.counts.dropped;
    stats.adjudication.merged += applied.counts.merged;
    stats.adjudication.refused += applied.counts.refused;
    for (const d of applied.drops) {
      stats.drops.push({ unit: input.unit.path, ...d });
      if (d.rubricId) droppedOnPurpose.add(criterionRule(d.rubricId));
    }
    // Findings of its own: at most three, each under the same evidence contract (no repair round).
    const own: Candidate[] = [];
    const cats = categoriesFor(input.unit, input.attached, input.categories);
    for (const item of res.value.own_findings) {
      if (own.length >= MAX_OWN_FINDINGS) break;
      const cat = cats.find((c) => codes(c).includes(item.code));
      if (!cat || check(cat, item, files, new Map()) !== 'ok') {
        stats.drops.push({
          unit: input.unit.path,
          stage: 'verifier',
          code: item.code,
          path: item.path,
          line: item.start_line,
          reason: 'ungrounded',
        });
        stats.grounding.deleted += 1;
        continue;
      }
      stats.grounding.verified += 1;
      own.push({
        key: `A${own.length + 1}`,
        category: cat,
        item,
        repaired: false,
        origin: 'adjudicator',
        adjudication: 'raised',
      });
    }
    stats.adjudication.raised += own.length;
    return [...applied.kept, ...own];
  }
}

function placeholderItem(path: string): CandidateFinding {
  const filler = 'x'.repeat(120);
  return {
    code: 'S05',
    path,
    start_line: 1,
    end_line: 1,
    quote: filler,
    threat: filler,
    context: filler,
    benign_reading: filler,
    why_not_benign: filler,
    severity: 'high',
    confidence: 'medium',
    lead: null,
    convention_path: null,
    convention_quote: null,
    rubric_id: null,
  };
}
