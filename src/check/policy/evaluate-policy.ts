/**
 * Applies the policy below the floor to every target, and lets the strictest target decide.
 * Pure. Per target: a deny rule denies; a category not cleared sends it to review (an allow rule clears a
 * category only when it names the target exactly, or, for an argument rule, lists the category); a review rule
 * (unless a config allow rule names the target exactly)
 * or a scope the policy does not grant sends it to review; an allow rule allows; a shell segment the safe
 * catalogue knows is allowed (decider `safe:<entry>`); any other shell segment is unknown and follows `unlisted`
 * (default review); a file, web call inside its scopes is allowed; an unmatched MCP or other call is unknown.
 * A command that sets a variable changing what programs run or load (PATH, LD_*, ...) is unknown as a whole.
 * INVARIANT: every segment must be allowed on its own; deny > review > allow; uncertainty is at least review;
 * the catalogue never clears a category, a rule or an uncertainty (it is asked only when nothing else decided).
 */

import { matchSegment, programVariables, stateRunsCode, variablesInert } from '../catalogue';
import { CATEGORY_ORDER } from '../facts/category-reasons';
import type { Facts, TargetFacts } from '../facts/facts';
import type { CheckRequest } from '../request/request';
import { type InScope, matchArgumentRule, programOf } from '../rules/argument-rule';
import { matchPermissionRule, ruleNamesExactly } from '../rules/permission-rule';
import { candidateRules } from './candidate-rules';
import type { CompiledPolicy, RuleSource, SourcedArgumentRule } from './compiled-policy';

export type Bucket = 'allow' | 'review' | 'deny';

export type Decider =
  | { kind: 'rule'; id: string; source: RuleSource; reason?: string }
  | { kind: 'category'; category: string; reason: string; presumed: boolean }
  | { kind: 'scope'; detail: string }
  | { kind: 'unlisted' }
  | { kind: 'safe'; entry: string }
  | { kind: 'in-scope' }
  | { kind: 'no-rule' }
  | { kind: 'uncertain'; code: string; reason: string };

export interface TargetVerdict {
  target: number;
  label: string;
  bucket: Bucket;
  decider: Decider;
  /** Categories still standing after allow rules (cleared ones are gone). */
  open: string[];
  presumed: boolean;
}

export interface Evaluation {
  bucket: Bucket;
  /** The target that decided (the strictest; among equals the most serious category, then the first); -1 when
   * uncertainty decided with no target. */
  deciding: number;
  decider: Decider;
  targets: TargetVerdict[];
  presumed: boolean;
  uncertain: boolean;
}

const NONE: readonly SourcedArgumentRule[] = [];

const RANK: Record<Bucket, number> = { allow: 0, review: 1, deny: 2 };

/** Among targets of one bucket, a category decider named earlier in CATEGORY_ORDER decides; others keep order. */
function severity(d: Decider): number {
  if (d.kind !== 'category') return Number.POSITIVE_INFINITY;
  const at = (CATEGORY_ORDER as readonly string[]).indexOf(d.category);
  return at < 0 ? CATEGORY_ORDER.length : at;
}

interface Shared {
  roots: { projectRoot: string; home: string };
  inScope: InScope;
}

function evaluateTarget(
  t: TargetFacts,
  policy: CompiledPolicy,
  shared: Shared,
  next: TargetFacts | undefined,
): TargetVerdict {
  const { roots, inScope } = shared;
  const matched = candidateRules(policy.rules, t.target).filter((r) =>
    matchPermissionRule(r.rule, t.target, roots),
  );
  const segment = t.segment;
  const argMatched = segment
    ? (policy.argumentRulesByProgram.get(programOf(segment.argv)) ?? NONE).filter((r) =>
        matchArgumentRule(r.spec, segment, inScope),
      )
    : [];
  const out = (bucket: Bucket, decider: Decider, open: string[] = [], presumed = false): TargetVerdict => ({
    target: t.index,
    label: t.label,
    bucket,
    decider,
    open,
    presumed,
  });

  const deny = matched.find((r) => r.decision === 'deny');
  if (deny) return out('deny', { kind: 'rule', id: deny.rule.text, source: deny.source });
  const argDeny = argMatched.find((r) => r.spec.decision === 'deny');
  if (argDeny) return out('deny', ruleDecider(argDeny.spec.id, argDeny.source, argDeny.spec.reason));

  const allows = matched.filter((r) => r.decision === 'allow');
  const argAllows = argMatched.filter((r) => r.spec.decision === 'allow');
  const open = t.categories.filter(
    (c) =>
      !allows.some((r) => r.source === 'config' && ruleNamesExactly(r.rule, t.target)) &&
      !argAllows.some(
        (r) => r.source === 'config' && ((r.spec.categories ?? []) as readonly string[]).includes(c.category),
      ),
  );
  const presumed = open.some((c) => policy.presumeDeny.has(c.category));
  const first = open.find((c) => policy.presumeDeny.has(c.category)) ?? open[0];
  if (first) {
    return out(
      'review',
      { kind: 'category', category: first.category, reason: first.reason, presumed },
      open.map((c) => c.category),
      presumed,
    );
  }
  // A config allow rule that names this very target outranks review rules (never deny rules): it is the
  // rule gavel suggests, so adding it must work.
  const exactAllow = allows.find((r) => r.source === 'config' && ruleNamesExactly(r.rule, t.target));
  if (exactAllow) return out('allow', { kind: 'rule', id: exactAllow.rule.text, source: 'config' });
  const review = matched.find((r) => r.decision === 'review');
  if (review) return out('review', { kind: 'rule', id: review.rule.text, source: review.source });
  const argReview = argMatched.find((r) => r.spec.decision === 'review');
  if (argReview)
    return out('review', ruleDecider(argReview.spec.id, argReview.source, argReview.spec.reason));

  const configAllow =
    allows.find((r) => r.source === 'config') ?? argAllows.find((r) => r.source === 'config');
  const scopeDetail = t.outOfScope[0];
  // A rule with a wildcard covers the words it matches, never a file the segment touches besides them (a
  // redirect target): `Bash(echo:*)` does not grant `echo x > /etc/x` a scope it never named.
  const coversScope =
    configAllow !== undefined &&
    !(t.target.kind === 'shell' && t.target.redirected && 'rule' in configAllow && !configAllow.rule.exact);
  if (scopeDetail !== undefined && !coversScope) return out('review', { kind: 'scope', detail: scopeDetail });

  const allow = allows[0];
  if (allow) return out('allow', { kind: 'rule', id: allow.rule.text, source: allow.source });
  const argAllow = argAllows[0];
  if (argAllow) return out('allow', ruleDecider(argAllow.spec.id, argAllow.source, argAllow.spec.reason));

  switch (t.target.kind) {
    case 'shell': {
      const entry = segment ? matchSegment(policy.catalogue, segment, next?.segment) : undefined;
      if (entry !== undefined) return out('allow', { kind: 'safe', entry });
      return out(policy.unlisted === 'allow' ? 'allow' : 'review', { kind: 'unlisted' });
    }
    case 'read':
    case 'write':
    case 'web_fetch':
      return out('allow', { kind: 'in-scope' });
    case 'mcp':
    case 'other':
      return out('review', { kind: 'no-rule' });
    default: {
      const never: never = t.target;
      return never;
    }
  }
}

function ruleDecider(id: string, source: RuleSource, reason: string | undefined): Decider {
  const d: Decider = { kind: 'rule', id, source };
  if (reason !== undefined) d.reason = reason;
  return d;
}

export function evaluatePolicy(
  facts: Facts,
  policy: CompiledPolicy,
  request: CheckRequest,
  inScope: InScope,
): Evaluation {
  const shared: Shared = {
    roots: { projectRoot: request.workspaceRoots[0] ?? request.cwd, home: request.home },
    inScope,
  };
  // The next target of a shell command is the next segment: a shell's script, when the analysis read one.
  const targets = facts.targets.map((t, i) => evaluateTarget(t, policy, shared, facts.targets[i + 1]));
  let deciding = -1;
  let bucket: Bucket = 'allow';
  let weight = Number.POSITIVE_INFINITY;
  for (const v of targets) {
    const w = severity(v.decider);
    if (deciding === -1 || RANK[v.bucket] > RANK[bucket] || (RANK[v.bucket] === RANK[bucket] && w < weight)) {
      deciding = v.target;
      bucket = v.bucket;
      weight = w;
    }
  }
  const presumed = targets.some((v) => v.presumed);
  const uncertainty = facts.uncertain[0];
  const decidingVerdict = targets.find((v) => v.target === deciding);
  const unknownOnly = bucket === 'review' && decidingVerdict?.decider.kind === 'unlisted';
  // What gavel could not model is worth saying: it outranks "nothing knows it" (and any allow).
  if (uncertainty && (RANK[bucket] < RANK.review || unknownOnly)) {
    return {
      bucket: 'review',
      deciding: -1,
      decider: { kind: 'uncertain', code: uncertainty.code, reason: uncertainty.reason },
      targets,
      presumed,
      uncertain: true,
    };
  }
  // Nothing knows it: review, or allow when the user's `check.unlisted` says so.
  const unlisted = (to: Bucket = policy.unlisted === 'allow' ? 'allow' : 'review'): Evaluation => ({
    bucket: to,
    deciding: -1,
    decider: { kind: 'unlisted' },
    targets,
    presumed,
    uncertain: false,
  });
  // A call nothing knows the effect of (a definition not found) is unknown, whatever allows its tool by name.
  if (facts.unknown && RANK[bucket] < RANK.review) return unlisted();
  const variables = facts.variables ?? [];
  const stateOnly = targets.length === 0 && variables.length > 0;
  if (
    !stateOnly &&
    RANK[bucket] < RANK.review &&
    policy.unlisted === 'review' &&
    !variablesInert(
      policy.catalogue,
      programVariables(policy.catalogue, variables, facts.unexported, facts.builtinScoped),
      facts.variableValues,
    )
  ) {
    // A variable that changes what programs run or load (`export PATH=...; ls`): the programs are not the known ones.
    return unlisted('review');
  }
  const decided = targets.find((v) => v.target === deciding);
  if (!decided && stateOnly) {
    // Only shell state was set (`export X=1`, `X=1`, `unset X`): gone when the call's shell ends, so known safe
    // unless a variable changes what programs run or load (a harness that keeps its shell would keep that).
    return !stateRunsCode(policy.catalogue, variables)
      ? {
          bucket: 'allow',
          deciding: -1,
          decider: { kind: 'safe', entry: 'shell-state' },
          targets,
          presumed,
          uncertain: false,
        }
      : unlisted();
  }
  if (!decided) {
    // INVARIANT: no target and no uncertainty is still never an allow.
    return {
      bucket: 'review',
      deciding: -1,
      decider: { kind: 'uncertain', code: 'empty', reason: 'nothing to judge' },
      targets,
      presumed,
      uncertain: true,
    };
  }
  return {
    bucket,
    deciding,
    decider: decided.decider,
    targets,
    presumed,
    uncertain: facts.uncertain.length > 0,
  };
}
