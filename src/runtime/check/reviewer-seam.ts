/**
 * The seam where the model reviewer for mode `auto` is chosen for every surface of action review. With a
 * model in user scope (`GAVEL_MODEL` / `[model] model`: provider/model, `scripted:<file>`, `replay:<dir>`)
 * it opens the model (openModel), the runner with the user's caps and reply cache (openRunner), and, on the
 * first review only, the circuit breaker's SQLite store in the user's state folder. Without a model there is
 * no reviewer and mode `auto` escalates with basis `no-model`; a model choice that cannot be opened is an
 * escalate with basis `config-invalid` for what needed review. A CLI run's flags (`--model`, `--no-cache`,
 * `--cache-readonly`, `--estimate`) come in as `flags` and beat the config; hooks pass none.
 * Reads env and files: surfaces only.
 */

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRecords } from '../../audit';
import {
  type BreakerStore,
  bundledReviewerPrompt,
  type CompiledPolicy,
  MAX_RECENT_DECISIONS,
  modelReviewer,
  openBreakerStore,
  type PromptCustom,
  type RecentDecision,
  type Reviewer,
  type ReviewerPolicy,
  type ReviewerRecord,
  requestSubject,
} from '../../check';
import {
  type Config,
  REVIEWER_CONTEXT_MODES,
  REVIEWER_ESCALATIONS,
  REVIEWER_POSTURES,
  type Source,
} from '../../config';
import { type Clock, type Decision, decide } from '../../core';
import {
  announceEgress,
  bundledCatalog,
  type Egress,
  formatEgress,
  openRunner,
  type RunReport,
  type RunShared,
} from '../../model';
import { type ModelOptions, NO_MODEL_OPTIONS, runSettingsFor } from '../model-options';
import { openChosenModel } from '../open-chosen-model';
import { hashSubject } from './audit-seam';
import { reviewerModel } from './reviewer-seam-model';

export interface ReviewerSetup {
  config: Config;
  /** Where `model.model` came from, for the record. */
  modelSource: Source | undefined;
  /** Where each effective config value came from: a repository's reviewer keys only tighten the policy's. */
  sources: Readonly<Record<string, Source>>;
  policy: CompiledPolicy;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  clock: Clock;
  /** CLI runs: the egress line and cache notices go here (stderr). Hooks: undefined, nothing is printed. */
  announce?: (line: string) => void;
  /** A bound on one review (a hook's deadline): the model call ends before the harness gives up. */
  maxTimeoutMs?: number;
  /** CLI runs: what the model flags chose. Hooks: undefined (config and environment only). */
  flags?: ModelOptions;
  /** The project root: its `reviewer_project_appends` are sent only when the user lists it as trusted. */
  projectRoot?: string;
  /** The decision log: the session's recent decisions are read back from it (recentContext only). */
  auditLog?: string;
  /** The decision service with `[serve] redis_url`: the shared breaker store; otherwise the local SQLite file. */
  openBreaker?: () => BreakerStore;
  /** The decision service with `[serve] redis_url`: the reply cache and caps shared by the replicas of a policy. */
  sharedRun?: (policySha256: string) => RunShared;
}

export interface SurfaceReviewer {
  reviewer: Reviewer;
  /** The reviewer's record behind a decision it returned, for the audit line. */
  recordOf(decision: Decision): ReviewerRecord | undefined;
  /** One line for `gavel doctor`: the egress line, or why the model cannot be used. */
  describe: string;
  /** The model that would be asked; undefined when it cannot be opened (then `problem` says why). */
  egress: Egress | undefined;
  problem?: string;
  /** What the run spent, or with `--estimate` what it would spend; undefined without a runner. */
  report(): RunReport | undefined;
  close(): void;
}

/** `$XDG_STATE_HOME/gavel`, else `~/.local/state/gavel`: where the breaker's store lives. */
export function userStateDir(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const xdg = env.XDG_STATE_HOME;
  if (xdg?.startsWith('/')) return join(xdg, 'gavel');
  return join(env.HOME || home, '.local', 'state', 'gavel');
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The stricter of two values in an order given loosest first. */
function stricterIn<T>(order: readonly T[], a: T, b: T): T {
  return order.indexOf(a) >= order.indexOf(b) ? a : b;
}

/**
 * The reviewer's policy: rules/check-policy.json's `reviewer` section (compiled with the policy), with the
 * `[check]` keys `reviewer_posture`, `reviewer_context` and `reviewer_user_turns` laid over it, and the
 * review timeout bounded by `check.timeout_ms` (less 500 ms for the rest of the check) and a hook's deadline.
 * A user's value replaces the policy's; a value a repository set is kept only where it is at least as strict
 * as the policy's, so a repository never loosens the policy even when the user set nothing.
 */
export function reviewerPolicyFor(setup: ReviewerSetup): ReviewerPolicy {
  const base = setup.policy.reviewer;
  const c = setup.config.check;
  const fromRepo = (key: string) => setup.sources[`check.${key}`] === 'project';
  const posture =
    c.reviewer_posture === undefined
      ? base.posture
      : fromRepo('reviewer_posture')
        ? stricterIn(REVIEWER_POSTURES, c.reviewer_posture, base.posture)
        : c.reviewer_posture;
  const contextMode =
    c.reviewer_context === undefined
      ? base.contextMode
      : fromRepo('reviewer_context')
        ? stricterIn(REVIEWER_CONTEXT_MODES, c.reviewer_context, base.contextMode)
        : c.reviewer_context;
  const userTurns =
    c.reviewer_user_turns === undefined
      ? base.userTurns
      : fromRepo('reviewer_user_turns')
        ? Math.min(c.reviewer_user_turns, base.userTurns)
        : c.reviewer_user_turns;
  const conversationTurns =
    c.reviewer_conversation_turns === undefined
      ? base.conversationTurns
      : fromRepo('reviewer_conversation_turns')
        ? Math.min(c.reviewer_conversation_turns, base.conversationTurns)
        : c.reviewer_conversation_turns;
  const escalation =
    c.reviewer_escalation === undefined
      ? base.escalation
      : fromRepo('reviewer_escalation')
        ? stricterIn(REVIEWER_ESCALATIONS, c.reviewer_escalation, base.escalation)
        : c.reviewer_escalation;
  const asked = c.reviewer_token_budget === undefined ? undefined : c.reviewer_token_budget || null;
  const chosen =
    asked === undefined
      ? base.tokenBudget
      : fromRepo('reviewer_token_budget')
        ? tighterBound(asked, base.tokenBudget)
        : asked;
  // Unlimited is the reviewer's own policy; the run's per-call cap still bounds every call, so the reviewer
  // windows its context to that cap instead of failing on it (with a tenth left for the estimates' slack).
  const callRoom = Math.max(
    1_000,
    Math.floor((setup.config.caps.max_call_tokens - base.maxOutputTokens) * 0.9),
  );
  const tokenBudget = tighterBound(chosen, callRoom);
  const limit = Math.max(100, Math.min(base.timeoutMs, c.timeout_ms) - 500);
  const timeoutMs = setup.maxTimeoutMs ? Math.max(100, Math.min(limit, setup.maxTimeoutMs)) : limit;
  return { ...base, posture, contextMode, userTurns, conversationTurns, escalation, tokenBudget, timeoutMs };
}

/** The tighter of two token bounds, null being unlimited. */
function tighterBound(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/** `~/x` made absolute; other paths as given, without a trailing slash. */
function expandHome(path: string, home: string): string {
  const full = path.startsWith('~/') ? join(home, path.slice(2)) : path;
  return full.length > 1 ? full.replace(/\/+$/, '') : full;
}

/**
 * The prompt text the user configured: their appends and override (user scope only), and the project's appends
 * only when the project root is one of `reviewer_trusted_projects`. Trusted text: it is the user's own.
 */
export function promptCustomFor(
  config: Config,
  projectRoot: string | undefined,
  home: string,
): PromptCustom & { projectTrusted: boolean } {
  const c = config.check;
  const trusted =
    projectRoot !== undefined &&
    c.reviewer_trusted_projects.some((p) => expandHome(p, home) === projectRoot.replace(/\/+$/, ''));
  return {
    appends: c.reviewer_prompt_appends,
    projectAppends: trusted ? c.reviewer_project_appends : [],
    ...(c.reviewer_prompt_override !== undefined ? { override: c.reviewer_prompt_override } : {}),
    projectTrusted: trusted,
  };
}

/** How many earlier records of a session are read back: the reviewer sends at most MAX_RECENT_DECISIONS. */
const RECENT_READ = 40;

/** The session's recent check decisions from the decision log, as gavel's own tokens; none when unreadable. */
export function recentDecisionsFrom(file: string, session: string): RecentDecision[] {
  try {
    const read = readRecords(file, { limit: RECENT_READ, sessionId: session, surface: 'check' });
    return read.records.slice(-MAX_RECENT_DECISIONS).map((r) => ({
      tool: r.kind,
      verdict: r.verdict,
      category: r.categories[0] ?? null,
      rule: r.ruleId,
      subject: r.subject,
    }));
  } catch {
    return [];
  }
}

export function reviewerForSurfaces(setup: ReviewerSetup): SurfaceReviewer | undefined {
  const { config, env, clock } = setup;
  if (setup.policy.mode !== 'auto') return undefined;
  const catalog = bundledCatalog();
  const flags = setup.flags ?? NO_MODEL_OPTIONS;
  const policy = reviewerPolicyFor(setup);
  const view = reviewerModel({
    config,
    modelSource: setup.modelSource,
    ...(flags.model !== undefined ? { flag: flags.model } : {}),
    effort: policy.effort,
    catalog,
  });
  const choice = view.choice;
  const opened = openChosenModel(choice, {
    config,
    env,
    readFile: readText,
    home: setup.home,
    clock,
    catalog,
  });
  const records = new WeakMap<Decision, ReviewerRecord>();
  const recordOf = (d: Decision) => records.get(d);
  if (!opened.ok) {
    if (opened.basis === 'no-model') return undefined;
    const problem = opened.problem;
    const broken: Reviewer = async (input) =>
      decide({
        verdict: 'escalate',
        basis: 'config-invalid',
        reason: `needs review and the model reviewer cannot be used: ${problem}`,
        categories: input.facts.targets.flatMap((t) => t.categories.map((c) => c.category)),
        policy: input.policy,
      });
    return {
      reviewer: broken,
      recordOf,
      describe: `cannot be used: ${problem}`,
      egress: undefined,
      problem,
      report: () => undefined,
      close: () => {},
    };
  }
  const announce = setup.announce;
  const client = announce ? announceEgress(opened.client, opened.egress, announce) : opened.client;
  const { runner, notices } = openRunner(client, catalog, {
    ...runSettingsFor({ flags, config, env, home: setup.home, clock }),
    ...(setup.sharedRun ? { shared: setup.sharedRun(setup.policy.ref.sha256) } : {}),
  });
  for (const n of notices) announce?.(n);
  let breaker: BreakerStore | undefined;
  const reviewer = modelReviewer({
    deps: () => {
      const dir = userStateDir(env, setup.home);
      const file = join(dir, 'reviewer-breaker.sqlite');
      // An estimate records no outcome: with no store yet it reads an empty one and creates nothing.
      if (setup.openBreaker) breaker = setup.openBreaker();
      else if (flags.estimate && !existsSync(file)) breaker = openBreakerStore(':memory:');
      else {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        breaker = openBreakerStore(file);
      }
      return {
        runner,
        egress: opened.egress,
        policy,
        policyRef: setup.policy.ref,
        prompt: bundledReviewerPrompt(),
        custom: promptCustomFor(config, setup.projectRoot, setup.home),
        breaker,
        clock,
      };
    },
    unattended: false,
    fallbackSession: `process-${process.pid}-${clock.now().getTime()}`,
    subjectOf: (request) => hashSubject(requestSubject(request)),
    ...(setup.auditLog !== undefined && policy.contextMode !== 'minimal'
      ? { recent: (session: string) => recentDecisionsFrom(setup.auditLog as string, session) }
      : {}),
    onReview: (decision, record) => records.set(decision, record),
  });
  return {
    reviewer,
    recordOf,
    describe: `${formatEgress(opened.egress)}; reviewer model: ${view.line}`,
    egress: opened.egress,
    report: () => runner.report(),
    close: () => {
      breaker?.close();
      breaker = undefined;
    },
  };
}
