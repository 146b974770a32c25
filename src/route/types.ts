/**
 * The vocabulary of `route`: the facts a change offers, the signals read from them, and the routed result.
 * Types only. Every string that came from a repository or a pull request is marked untrusted in a comment;
 * such text never reaches a reason, a log line or an error verbatim.
 */

import type { Decision, Outcome, Risk } from '../core';

/** Signal ids: a closed set; each has a weight (risk points) and may have a confidence penalty and a floor. */
export const SIGNAL_IDS = [
  'change-code',
  'change-tests-only',
  'change-docs-only',
  'intent-tier-0',
  'intent-tier-1',
  'intent-tier-2',
  'intent-tier-3',
  'security-sensitive',
  'generated',
  'diff-size',
  'diff-breadth',
  'code-without-tests',
  'opaque-content',
  'range-unread',
  'submodule-bump',
  'submodule-sensitive',
  'submodule-uninspectable',
  'dependency-bump',
  'dependency-change',
  'author-first-time',
  'author-external',
  'first-time-sensitive',
  'author-uncertainty',
  'approval-claim',
  'finding-low',
  'finding-medium',
  'finding-high',
  'finding-critical',
  'reviewer-disagreement',
  'no-review',
  'no-pr-metadata',
  'runlog-denials',
  'runlog-escalations',
  'runlog-flags',
  'codeowners-guarded',
] as const;
export type SignalId = (typeof SIGNAL_IDS)[number];

export function isSignalId(value: unknown): value is SignalId {
  return typeof value === 'string' && (SIGNAL_IDS as readonly string[]).includes(value);
}

export const SECURITY_KINDS = [
  'auth',
  'crypto',
  'secrets',
  'ci',
  'deploy',
  'dependencies',
  'agent-config',
] as const;
/** `configured`: a path matched by the `[route] sensitive_paths` setting. */
export type SecurityKind = (typeof SECURITY_KINDS)[number] | 'configured';

export type ChangeStatus = 'added' | 'modified' | 'deleted' | 'type-changed';

/** One changed path. `path` is repository text (untrusted): print it only sanitized. */
export interface ChangedFile {
  path: string;
  status: ChangeStatus;
  added: number;
  deleted: number;
  /** git cannot show the content as text (NUL bytes): `added`/`deleted` are derived from `bytes`. */
  binary: boolean;
  /** With `binary`: the larger of the old and new sizes. */
  bytes?: number;
  /** A symlink's target as written (repository text; empty when it could not be read). */
  linkTarget?: string;
  /**
   * Other names of the same file, classified like `path`: a symlink's resolved target, the name through a
   * symlinked folder of the head tree, the path inside a submodule.
   */
  aliases?: string[];
  /** The path of the submodule the file is inside (its security kinds count in `submodule-sensitive`). */
  submodule?: string;
}

export interface SubmoduleBump {
  path: string;
  oldCommit: string | null;
  newCommit: string | null;
  /** Present when the submodule's own history could be read. */
  inspected?: { commits: number; files: string[]; rewound: boolean };
  /** Why it could not be read (never repository text). */
  uninspectable?: string;
}

/** A dependency version change read from a manifest diff. `name` is repository text (untrusted). */
export interface VersionChange {
  file: string;
  name: string;
  from: string;
  to: string;
  kind: 'patch' | 'minor' | 'major' | 'unknown';
}

/** Untrusted text of the change: commit messages. Only pattern ids and short matched phrases leave it. */
export interface CommitText {
  sha: string;
  message: string;
}

export interface ChangeFacts {
  base: string;
  head: string;
  files: ChangedFile[];
  submodules: SubmoduleBump[];
  commits: CommitText[];
  /** Manifest lines changed that were not a version pair (a new dependency, a script, anything else). */
  manifestOther: string[];
  versions: VersionChange[];
  /** CODEOWNERS text read from the base (never the head: a change cannot rewrite its own guards). */
  codeowners: { file: string; text: string } | null;
  /** True when no head commit author appears in the history before the base. */
  authorNewToHistory: boolean;
  /** What of the change was not read, in gavel's words (never repository text): unknown risk. */
  unread: string[];
}

export const ASSOCIATIONS = [
  'COLLABORATOR',
  'CONTRIBUTOR',
  'FIRST_TIMER',
  'FIRST_TIME_CONTRIBUTOR',
  'MANNEQUIN',
  'MEMBER',
  'NONE',
  'OWNER',
] as const;
export type Association = (typeof ASSOCIATIONS)[number];

/** Pull-request metadata from GitHub's event payload. login/title/body/labels are untrusted. */
export interface PullRequestMeta {
  login: string;
  association: Association;
  title: string;
  body: string;
  labels: string[];
  requestedReviewers: string[];
}

export const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** One finding of a review sub-agent. `message` is untrusted and is never printed. */
export interface Finding {
  id: string;
  severity: Severity;
  confidence: number;
  category: string;
  path?: string;
  line?: number;
  reviewer?: string;
  message?: string;
}

export interface Challenge {
  finding: string;
  reviewer: string;
  stance: 'agree' | 'disputed';
  reason?: string;
}

export interface ReviewFindings {
  findings: Finding[];
  challenges: Challenge[];
}

/** What the run log says, counted; only gavel's own vocabulary (verdicts, outcomes, categories). */
export interface RunLogSummary {
  lines: number;
  denials: number;
  escalations: number;
  flags: number;
  categories: string[];
  /** Lines gavel route wrote itself (surface `route`): not the run's actions, not counted above. */
  routeLines: number;
  /** Records of other runs or sessions, when one was asked for: not counted above. */
  otherRuns: number;
}

/** One signal, with its evidence (sanitized, a person can read it) and its contribution. */
export interface Signal {
  id: SignalId;
  /** Risk points added (>= 0: no signal lowers risk). */
  risk: number;
  /** Confidence taken away (>= 0). */
  confidence: number;
  /** The least strict outcome this signal allows, when it sets one. */
  floor?: Outcome;
  evidence: string[];
  /** Paths (sanitized) this signal is about, when it is about files. */
  files?: string[];
}

export interface PartOutcome {
  outcome: Outcome;
  risk: number;
  confidence: number;
  signals: Signal[];
  files: string[];
  why: string;
}

export interface GuardedPart {
  outcome: Outcome;
  owners: string[];
  files: { path: string; owners: string[] }[];
  why: string;
}

export interface RouteResult {
  outcome: Outcome;
  decision: Decision;
  /** Whole change: risk 0–100 and confidence 0–1 over every file and signal. */
  risk: number;
  riskLevel: Risk;
  confidence: number;
  signals: Signal[];
  rest: PartOutcome;
  guarded: GuardedPart | null;
  /** approve_with_flag: who is told, and about what. */
  flag?: { notify: string[]; concern: string };
  /** escalate/block: which files and why. */
  escalation?: { files: string[]; why: string[]; owners: string[] };
  binary: { verdict: 'approve' | 'block'; why: string };
  range: { base: string; head: string; files: number };
}
