/**
 * What the action reviewer is given, as plain data, and the reviewer's part of the policy. Types and
 * the seed's defaults only: the shipped values are data in rules/check-policy.json (`reviewer`), parsed by
 * src/check/policy/reviewer-section.ts; a test keeps them equal to DEFAULT_REVIEWER_POLICY. The caller (action review's pipeline) fills it from the request, the shell
 * analysis and the policy's verdict; nothing here depends on the rest of src/check.
 */

import type { ReviewerContextMode, ReviewerPosture } from '../../config';
import type { DerivationTable, PolicyRef, Verdict } from '../../core';
import { type Category, DEFAULT_DERIVATION, PRESUMPTION_OF_DENIAL } from '../../core';
import type { ReasoningEffort } from '../../model';
import type { ShellAnalysis } from '../../shell';

export const UNTRUSTED_KINDS = [
  'action',
  'tool_output',
  'file_contents',
  'command_stderr',
  'network_response',
  'assistant_turn',
] as const;
export type UntrustedKind = (typeof UNTRUSTED_KINDS)[number];

/** The request's own target when it is not a shell command: a file tool's path, a web fetch's host. */
export type ReviewSubject = { kind: 'path'; path: string } | { kind: 'host'; host: string };

export interface ReviewerRequest {
  /** Session id: the circuit breaker counts per session, across hook processes. */
  session: string;
  /** The tool the agent wants to call (`Bash`, `Read`, `WebFetch`, an MCP tool name). */
  tool: string;
  /** The action as the agent wrote it (command, path, URL, tool arguments as JSON): untrusted. */
  actionText: string;
  /** gavel's own parse, when the action is a shell command. */
  shell?: ShellAnalysis;
  /** A file or web tool's target (path or host), which an approval of its category must name. */
  subject?: ReviewSubject;
  categories: readonly Category[];
  /** Why the rules sent this to review, written by gavel; shown as its own labelled field. */
  policyReason: string;
  /** What the rules alone would have answered (recorded as the original decision). */
  policyVerdict: Verdict;
  trusted: {
    userGoal?: string;
    sessionTask?: string;
    agentInstructions?: string;
    /** User-authored turns, oldest first. */
    userTurns: readonly string[];
  };
  untrusted: readonly { kind: Exclude<UntrustedKind, 'action'>; text: string }[];
  /** No person is watching: where a person would be asked, the run stops instead. */
  unattended: boolean;
}

export const POSTURES = ['strict', 'default', 'permissive'] as const satisfies readonly ReviewerPosture[];
export type Posture = ReviewerPosture;

export interface ReviewerPolicy {
  posture: Posture;
  contextMode: ReviewerContextMode;
  /** User turns kept in `recentContext`, most recent first. */
  userTurns: number;
  /** Bound on the prompt, in estimated tokens; context beyond it is cut and said so. */
  tokenBudget: number;
  maxOutputTokens: number;
  /** Reasoning effort asked of the model where it has the knob (seed 001: `low`, a cheap reviewer). */
  effort: ReasoningEffort;
  timeoutMs: number;
  onTimeout: 'deny' | 'escalate';
  derivation: DerivationTable;
  presumptionOfDenial: readonly Category[];
  /** Shortest goal quote accepted, in characters. */
  minQuoteChars: number;
  breaker: { consecutiveDenials: number; totalDenials: number; consecutiveOutages: number };
}

/**
 * Seed 001 and 004 defaults, for tests and as the reference the shipped `reviewer` section is tested against;
 * decisions use the compiled policy's `reviewer`, never this constant.
 */
export const DEFAULT_REVIEWER_POLICY: ReviewerPolicy = Object.freeze({
  posture: 'default',
  contextMode: 'recentContext',
  userTurns: 5,
  tokenBudget: 12_000,
  maxOutputTokens: 1_024,
  effort: 'low',
  timeoutMs: 30_000,
  onTimeout: 'deny',
  derivation: DEFAULT_DERIVATION,
  presumptionOfDenial: PRESUMPTION_OF_DENIAL,
  minQuoteChars: 8,
  breaker: Object.freeze({ consecutiveDenials: 3, totalDenials: 10, consecutiveOutages: 3 }),
}) as ReviewerPolicy;

export type { PolicyRef };
