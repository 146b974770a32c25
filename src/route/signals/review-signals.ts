/**
 * Signals from the review itself: findings weighed by severity × confidence (a medium finding is never
 * silently approved), disagreement between reviewers (more risk, less confidence), a missing review, and
 * the denials, escalations and flags in the run's audit log. Pure. Finding messages and challenge reasons
 * are never read into the output; ids, categories and reviewers are sanitized tokens.
 */

import type { RoutePolicy } from '../route-policy';
import { sanitize, sanitizeToken } from '../sanitize';
import type { Finding, ReviewFindings, RunLogSummary, Severity, Signal, SignalId } from '../types';
import { listSome, makeSignal, round2 } from './make-signal';

const BUCKETS: [Exclude<Severity, 'info'>, SignalId][] = [
  ['low', 'finding-low'],
  ['medium', 'finding-medium'],
  ['high', 'finding-high'],
  ['critical', 'finding-critical'],
];

export function reviewSignals(review: ReviewFindings | undefined, policy: RoutePolicy): Signal[] {
  if (review === undefined) return [makeSignal(policy, 'no-review', ['no review findings given'])];
  const s = policy.rules.scales;
  const disputed = new Map<string, string[]>();
  const reviewerOf = new Map(review.findings.map((f) => [f.id, f.reviewer?.trim().toLowerCase()]));
  for (const c of review.challenges) {
    // INVARIANT: a reviewer cannot dispute its own finding (that would turn its own block into an escalate).
    const own = reviewerOf.get(c.finding);
    if (own !== undefined && own === c.reviewer.trim().toLowerCase()) continue;
    if (c.stance === 'disputed')
      disputed.set(c.finding, [...(disputed.get(c.finding) ?? []), sanitizeToken(c.reviewer)]);
  }
  const signals: Signal[] = [];
  for (const [severity, id] of BUCKETS) {
    const list = review.findings.filter((f) => f.severity === severity);
    if (list.length === 0) continue;
    const weight = Math.min(
      s.per_item_cap,
      list.reduce((n, f) => n + f.confidence, 0),
    );
    const evidence = list.slice(0, 6).map((f) => describe(f, disputed.has(f.id)));
    if (list.length > 6) evidence.push(`and ${list.length - 6} more`);
    const files = list.flatMap((f) => (f.path ? [sanitize(f.path)] : []));
    const signal = makeSignal(policy, id, evidence, { scale: weight, files });
    // A high or critical finding no one is sure of (every one disputed, or below the confidence the rules
    // ask for) sets the floor one step lower: a person is still told, the change is not stopped on a guess.
    const sureAt = severity === 'critical' ? s.critical_block_confidence : s.sure_finding_confidence;
    const sure = list.some((f) => !disputed.has(f.id) && f.confidence >= sureAt);
    if (!sure && signal.floor === 'block') signal.floor = 'escalate';
    else if (!sure && signal.floor === 'escalate') signal.floor = 'approve_with_flag';
    signals.push(signal);
  }
  const disputes = [...disputed.entries()];
  if (disputes.length > 0) {
    const n = Math.min(disputes.length, s.disagreement_cap);
    signals.push(
      makeSignal(
        policy,
        'reviewer-disagreement',
        [
          `${disputes.length} finding(s) disputed: ${listSome(
            disputes.map(([f, who]) => `${sanitizeToken(f)} by ${who.join(', ')}`),
            4,
          )}`,
        ],
        { scale: n, penaltyScale: n },
      ),
    );
  }
  return signals;
}

function describe(f: Finding, disputed: boolean): string {
  const where = f.path ? ` ${sanitize(f.path)}${f.line !== undefined ? `:${f.line}` : ''}` : '';
  const by = f.reviewer ? ` by ${sanitizeToken(f.reviewer)}` : '';
  return `${sanitizeToken(f.id)} ${f.severity} ${sanitizeToken(f.category, 32)} (confidence ${round2(f.confidence)})${where}${by}${disputed ? ' [disputed]' : ''}`;
}

export function runLogSignals(log: RunLogSummary | undefined, policy: RoutePolicy): Signal[] {
  if (log === undefined) return [];
  const cap = policy.rules.scales.per_item_cap;
  const signals: Signal[] = [];
  const cats = log.categories.length > 0 ? `; categories: ${listSome(log.categories, 6)}` : '';
  if (log.denials > 0) {
    signals.push(
      makeSignal(
        policy,
        'runlog-denials',
        [`${log.denials} of ${log.lines} decisions in the run were denied${cats}`],
        {
          scale: Math.min(log.denials, cap),
        },
      ),
    );
  }
  if (log.escalations > 0) {
    signals.push(
      makeSignal(
        policy,
        'runlog-escalations',
        [`${log.escalations} of ${log.lines} decisions in the run were escalated`],
        {
          scale: Math.min(log.escalations, cap),
        },
      ),
    );
  }
  if (log.flags > 0) {
    signals.push(
      makeSignal(policy, 'runlog-flags', [`${log.flags} of ${log.lines} decisions in the run were flagged`], {
        scale: Math.min(log.flags, cap),
      }),
    );
  }
  return signals;
}
