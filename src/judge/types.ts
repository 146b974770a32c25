/**
 * The judge's vocabulary: units, files, findings, statuses, the report. Types and closed sets only.
 * Shared by every stage (discover -> static -> attach -> review -> verify -> adjudicate -> score -> report);
 * the model half adds reviewers that produce the same `Finding` shape, so nothing here changes for it.
 */

export const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const CONFIDENCES = ['low', 'medium', 'high'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

export const JUDGE_CATEGORIES = ['security', 'governance', 'quality'] as const;
export type JudgeCategory = (typeof JUDGE_CATEGORIES)[number];

export const UNIT_KINDS = [
  'skill',
  'agent',
  'command',
  'rule',
  'instructions',
  'settings',
  'mcp',
  'hook',
  'other',
] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

export const UNIT_STATUSES = [
  'fail',
  'partial',
  'warn',
  'pass',
  'withheld_secret',
  'skipped',
  'error',
] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

export const RUN_DECISIONS = ['fail', 'incomplete', 'pass'] as const;
export type RunDecision = (typeof RUN_DECISIONS)[number];

/** Why a file or span was not reviewed. Closed: every gap in coverage names one. */
export const GAP_REASONS = [
  'binary',
  'unreadable',
  'file-over-limit',
  'unit-file-limit',
  'unit-size-limit',
  'symlink',
  'special-file',
  'depth-limit',
  'skipped-folder',
  'parser-limit',
  'generated',
  'outside-project',
  'secret-withheld',
  'model-not-run',
] as const;
export type GapReason = (typeof GAP_REASONS)[number];

export function severityRank(s: Severity): number {
  return SEVERITIES.indexOf(s);
}

export function confidenceRank(c: Confidence): number {
  return CONFIDENCES.indexOf(c);
}

/** One file of a unit as read: `text` is undefined when it was not read (see `gap`). */
export interface UnitFile {
  /** Project-relative, forward slashes. */
  path: string;
  bytes: number;
  text?: string;
  gap?: GapReason;
}

export interface Unit {
  /** Project-relative path of the unit: a skill's directory, otherwise the file. */
  path: string;
  kind: UnitKind;
  /** The file the unit is named after (SKILL.md of a skill); project-relative. */
  primary: string;
  files: UnitFile[];
}

export interface NotReviewed {
  path: string;
  reason: GapReason;
}

export interface Location {
  path: string;
  startLine: number;
  endLine: number;
}

export type FindingOrigin = 'static-only' | 'reviewer' | 'adjudicator' | 'criteria';
export type FindingVerdict = 'confirmed' | 'contextual_risk';

export interface Finding {
  /** First 12 hex digits of sha256(code|path|normalized quote). */
  id: string;
  code: string;
  category: JudgeCategory;
  severity: Severity;
  confidence: Confidence;
  verdict: FindingVerdict;
  location: Location;
  /** Verbatim file text; null when withheld (credentials) or when the finding is an absence. */
  quote: string | null;
  /** Written by gavel (never file text). */
  message: string;
  /** Pattern or check that matched, e.g. `aws-access-key-id`, `shell:remote_code_execution`. */
  rule: string;
  origin: FindingOrigin;
  suggestedFix?: string;
  /** Stable across line moves: sha256 of code|path|normalized quote|rule, 16 hex. */
  fingerprint: string;
  absence?: boolean;
  /** What a model reviewer wrote about it (model output: untrusted text) and how it was checked. */
  review?: FindingReview;
}

/** A model finding's evidence: threat versus context, the innocent reading it rejected, the checks it passed. */
export interface FindingReview {
  threat: string;
  context: string;
  benignReading: string;
  whyNotBenign: string;
  /** The static lead it verified (F1, F2, ...). */
  lead?: string;
  /** Governance: the convention it rests on, with a verbatim line of it. */
  convention?: { path: string; quote: string };
  /** A failed rubric criterion: `rubric:<skill>/<Cn>`. */
  rubricId?: string;
  adjudication: 'kept' | 'downgraded' | 'raised' | 'unadjudicated';
  /** Ids of the findings it is chained with (an instruction and the script it runs). */
  chain?: string[];
  verification: { quoteVerified: boolean; repaired: boolean };
}

export interface SuppressedFinding {
  finding: Finding;
  reason: string;
  expires: string;
}

export interface Attachment {
  path: string;
  reason:
    | 'matches-file'
    | 'matches-referenced-path'
    | 'unconditional'
    | 'overlapping-scope'
    | 'ancestor-instructions'
    | 'imported';
  /** For a rule: the glob that matched; for an import: the file that imported it. */
  via?: string;
  binding: boolean;
  bytes: number;
  /** An unconditional rule over 6,000 tokens is sent as an index of its headings. */
  sentAs: 'full' | 'index';
}

export interface CategoryScores {
  security: number | null;
  governance: number | null;
  quality: number | null;
}

export interface UnitResult {
  path: string;
  kind: UnitKind;
  status: UnitStatus;
  scores: CategoryScores;
  findings: Finding[];
  suppressed: SuppressedFinding[];
  attached: Attachment[];
  coverage: { files: number; reviewed: number; notReviewed: NotReviewed[] };
  gaps: string[];
  notes: string[];
  /** One result per rubric criterion applied to the unit (model review with rubric skills only). */
  criteria?: { id: string; title: string; result: 'pass' | 'fail' | 'not_applicable' | 'not_evaluated' }[];
}
