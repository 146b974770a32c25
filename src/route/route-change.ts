/**
 * Routes one change: reads its signals, partitions it by CODEOWNERS (the guarded part escalates to its
 * owners, the rest is routed by score), and returns a Decision-compatible result whose top-level outcome
 * is the stricter of the two parts. Pure: facts, findings and run log are already read.
 * INVARIANT: an approve_with_flag with no one to tell becomes escalate; a concern nobody hears is lost. The
 * pull request itself is someone to tell when the caller posts the result there (`tellPullRequest`, the
 * GitHub step's comment) and the change is a pull request (`pr` given).
 */

import { decide, type Outcome, type Risk, strictestOutcome, verdictOfOutcome } from '../core';
import { parseCodeowners } from './codeowners';
import { type PartInput, readSignals } from './read-signals';
import type { RoutePolicy, Thresholds } from './route-policy';
import { sanitize } from './sanitize';
import { routeScore, scoreSignals } from './score/score-signals';
import { makeSignal } from './signals/make-signal';
import type {
  ChangeFacts,
  GuardedPart,
  PartOutcome,
  PullRequestMeta,
  ReviewFindings,
  RouteResult,
  RunLogSummary,
  Signal,
} from './types';

export interface RouteInput {
  facts: ChangeFacts;
  pr?: PullRequestMeta;
  review?: ReviewFindings;
  runLog?: RunLogSummary;
  tier?: 0 | 1 | 2 | 3;
  /** People to tell about a flag, from flags (added to the config's `notify`). */
  notify?: readonly string[];
  /** The caller posts the result on the pull request (a comment): the pull request is told about a flag. */
  tellPullRequest?: boolean;
  ms?: number;
}

/** Who is told about a flag when the pull request's own comment tells it. */
export const PULL_REQUEST_COMMENT = 'the pull request (its gavel comment)';

/** Said wherever a flag became an escalation because nobody is configured to be told. */
export const UNHEARD =
  'This would be approve_with_flag, but no one is configured to be told, so it escalates: set `[route] notify`, pass `--notify`, or let the GitHub step comment on the pull request (`--tell-pr`)';

export function routeChange(input: RouteInput, policy: RoutePolicy): RouteResult {
  const { facts } = input;
  const t = policy.thresholds;
  const owners = facts.codeowners ? parseCodeowners(facts.codeowners.text) : null;
  // A file is guarded by the owners of any of its names (a symlink's target, the path inside a submodule).
  const names = new Map<string, string[]>();
  for (const f of facts.files) names.set(f.path, [f.path, ...(f.aliases ?? [])]);
  const ownersOf = (path: string) => [
    ...new Set((names.get(path) ?? [path]).flatMap((n) => owners?.ownersOf(n) ?? [])),
  ];
  const guardedPaths = new Set(
    [...facts.files.map((f) => f.path), ...facts.submodules.map((s) => s.path)].filter(
      (p) => ownersOf(p).length > 0,
    ),
  );
  const isGuarded = (p: string | undefined) => p !== undefined && guardedPaths.has(p);

  const common = {
    versions: facts.versions,
    manifestOther: facts.manifestOther,
    commits: facts.commits,
    authorNewToHistory: facts.authorNewToHistory,
    unread: facts.unread,
    ...(input.pr ? { pr: input.pr } : {}),
    ...(input.runLog ? { runLog: input.runLog } : {}),
    ...(input.tier !== undefined ? { tier: input.tier } : {}),
  };
  const whole: PartInput = {
    ...common,
    files: facts.files,
    submodules: facts.submodules,
    ...(input.review ? { review: input.review } : {}),
  };
  const wholeSignals = readSignals(whole, policy);
  const wholeScore = scoreSignals(wholeSignals);

  const restFiles = facts.files.filter((f) => !isGuarded(f.path));
  const restInput: PartInput = {
    ...common,
    files: restFiles,
    submodules: facts.submodules.filter((s) => !isGuarded(s.path)),
  };
  if (input.review)
    restInput.review = { ...input.review, findings: input.review.findings.filter((f) => !isGuarded(f.path)) };
  const restSignals = guardedPaths.size > 0 ? readSignals(restInput, policy) : wholeSignals;
  const restScore = guardedPaths.size > 0 ? scoreSignals(restSignals) : wholeScore;
  const restOutcome = routeScore(restScore, t);
  const rest: PartOutcome = {
    outcome: restOutcome,
    risk: restScore.risk,
    confidence: restScore.confidence,
    signals: restSignals,
    files: [
      ...restFiles.map((f) => sanitize(f.path)),
      ...restInput.submodules.map((s) => sanitize(s.path)),
    ].sort(),
    why: whyOf(restOutcome, restScore, t, restSignals),
  };

  let guarded: GuardedPart | null = null;
  const signals = [...wholeSignals];
  if (guardedPaths.size > 0) {
    const files = [...guardedPaths].sort().map((p) => ({ path: sanitize(p), owners: ownersOf(p) }));
    const allOwners = [...new Set(files.flatMap((f) => f.owners))].sort();
    const guardedFindings = input.review?.findings.filter((f) => isGuarded(f.path)) ?? [];
    const floors = readSignals(
      {
        ...common,
        files: [],
        submodules: [],
        review: { findings: guardedFindings, challenges: input.review?.challenges ?? [] },
      },
      policy,
    )
      .filter((s) => s.id.startsWith('finding-'))
      .flatMap((s) => (s.floor ? [s.floor] : []));
    const outcome = strictestOutcome('escalate', ...floors);
    guarded = {
      outcome,
      owners: allOwners,
      files,
      why: `${files.length} path(s) guarded by ${facts.codeowners?.file ?? 'CODEOWNERS'} always need their owners`,
    };
    signals.push(
      makeSignal(
        policy,
        'codeowners-guarded',
        [`${files.length} guarded path(s); owners: ${allOwners.join(', ')}`],
        {
          files: files.map((f) => f.path),
        },
      ),
    );
    signals[signals.length - 1] = { ...(signals[signals.length - 1] as Signal), floor: 'escalate' };
  }

  let outcome = strictestOutcome(rest.outcome, ...(guarded ? [guarded.outcome] : []));
  const result: Omit<RouteResult, 'decision'> = {
    outcome,
    risk: wholeScore.risk,
    riskLevel: riskLevel(wholeScore.risk, t),
    confidence: wholeScore.confidence,
    signals,
    rest,
    guarded,
    binary: binaryVerdict(input.review),
    range: { base: facts.base, head: facts.head, files: facts.files.length + facts.submodules.length },
  };
  const concerns = restSignals
    .filter((s) => s.risk > 0 || s.floor !== undefined || s.confidence > 0)
    .slice(0, 4);
  if (outcome === 'approve_with_flag') {
    const notify = [
      ...new Set([
        ...policy.notify,
        ...(input.notify ?? []),
        ...(input.pr?.requestedReviewers ?? []).map((r) => sanitize(r, 60)),
      ]),
    ].sort();
    if (notify.length === 0 && input.tellPullRequest && input.pr) notify.push(PULL_REQUEST_COMMENT);
    if (notify.length === 0) {
      outcome = 'escalate';
      result.outcome = outcome;
      result.escalation = {
        files: filesOf(concerns),
        why: [`${rest.why}. ${UNHEARD}`],
        owners: [],
      };
    } else {
      result.flag = { notify, concern: concerns.map((s) => s.evidence[0] ?? s.id).join('; ') || rest.why };
    }
  } else if (outcome === 'escalate' || outcome === 'block') {
    const why: string[] = [];
    if (guarded && outcome === guarded.outcome) why.push(guarded.why);
    if (rest.outcome === outcome || !guarded) why.push(rest.why);
    const restStops = rest.outcome === 'escalate' || rest.outcome === 'block';
    const restFiles = filesOf(concerns).length > 0 ? filesOf(concerns) : rest.files.slice(0, 20);
    result.escalation = {
      files: [
        ...new Set([...(guarded?.files.map((f) => f.path) ?? []), ...(restStops ? restFiles : [])]),
      ].sort(),
      why,
      owners: guarded?.owners ?? [],
    };
  }
  const decision = decide({
    verdict: verdictOfOutcome(outcome),
    outcome,
    basis: 'rule',
    reason: reasonOf(result, outcome),
    ruleId: 'route',
    categories: signals.filter((s) => s.risk > 0 || s.floor !== undefined).map((s) => s.id),
    risk: result.riskLevel,
    ms: input.ms ?? 0,
    policy: policy.ref,
  });
  return { ...result, outcome, decision };
}

function filesOf(signals: readonly Signal[]): string[] {
  return [...new Set(signals.flatMap((s) => s.files ?? []))].slice(0, 20);
}

export function riskLevel(risk: number, t: Thresholds): Risk {
  if (risk >= t.blockAt) return 'critical';
  if (risk >= t.escalateAt) return 'high';
  if (risk >= t.approveBelow) return 'medium';
  return 'low';
}

function whyOf(
  outcome: Outcome,
  score: { risk: number; confidence: number; floor: Outcome },
  t: Thresholds,
  signals: readonly Signal[],
): string {
  const top = signals
    .filter((s) => s.risk > 0 || s.floor === outcome)
    .slice(0, 3)
    .map((s) => s.id);
  const base = `risk ${score.risk}/100, confidence ${score.confidence.toFixed(2)}`;
  const floorNote =
    score.floor === outcome && outcome !== 'approve'
      ? `; ${signals
          .filter((s) => s.floor === outcome)
          .map((s) => s.id)
          .join(', ')} set a floor of ${outcome}`
      : '';
  const lowConf = score.confidence < t.minConfidence ? `; confidence below ${t.minConfidence}` : '';
  return `${base}${top.length > 0 ? ` (${top.join(', ')})` : ''}${floorNote}${lowConf}`;
}

function reasonOf(r: Omit<RouteResult, 'decision'>, outcome: Outcome): string {
  const verb: Record<Outcome, string> = {
    approve: 'approve',
    approve_with_flag: 'approve and flag',
    escalate: 'escalate to a person',
    block: 'block',
  };
  const guardedNote = r.guarded
    ? `; ${r.guarded.files.length} CODEOWNERS-guarded path(s) go to ${r.guarded.owners.join(', ')}`
    : '';
  const unheard = r.escalation?.why.some((w) => w.endsWith(UNHEARD)) ? `. ${UNHEARD}` : '';
  return `${verb[outcome]}: ${r.rest.why}${guardedNote}${unheard}`;
}

/** The binary baseline: approve unless a finding is high or worse. */
export function binaryVerdict(review: ReviewFindings | undefined): RouteResult['binary'] {
  const worst = review?.findings.filter((f) => f.severity === 'high' || f.severity === 'critical') ?? [];
  return worst.length > 0
    ? { verdict: 'block', why: `${worst.length} finding(s) of high severity or worse` }
    : { verdict: 'approve', why: 'no finding of high severity or worse' };
}
