/**
 * What the action reviewer is given, as plain data, and the reviewer's part of the policy. Types and
 * the seed's defaults only: the shipped values are data in rules/check-policy.json (`reviewer`), parsed by
 * src/check/policy/reviewer-section.ts; a test keeps them equal to DEFAULT_REVIEWER_POLICY. The caller (action review's pipeline) fills it from the request, the shell
 * analysis and the policy's verdict; nothing here depends on the rest of src/check.
 */

import type { ReviewerContextMode, ReviewerEscalation, ReviewerPosture } from '../../config';
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
  'conversation_turn',
  'recent_decisions',
] as const;
export type UntrustedKind = (typeof UNTRUSTED_KINDS)[number];

/**
 * One earlier decision of the same session, read back from the audit log: gavel's own tokens only (tool kind,
 * verdict, first category, rule id), never the request's text. `subject` is the request's sha256, for contention.
 */
export interface RecentDecision {
  tool: string;
  verdict: Verdict;
  category: string | null;
  rule: string | null;
  subject: string | null;
}

/** A recent turn of the conversation, user or assistant: untrusted evidence, never authorization. */
export interface ConversationTurn {
  role: 'user' | 'assistant';
  text: string;
}

/** What the user configured around the bundled prompt (seed 004): trusted text, hashed into every decision. */
export interface PromptCustom {
  /** `[check] reviewer_prompt_appends` (user scope). */
  appends: readonly string[];
  /** `[check] reviewer_project_appends`, only when the project root is one the user trusts. */
  projectAppends: readonly string[];
  /** `[check] reviewer_prompt_override` (user scope): replaces the system prompt; must keep `{{response_schema}}`. */
  override?: string;
}

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
  /** Earlier decisions of this session, oldest first (mode `recentContext` only). */
  recent?: readonly RecentDecision[];
  /** Mixed recent conversation turns, oldest first: untrusted, capped by `conversationTurns`. */
  conversation?: readonly ConversationTurn[];
  /** This request's subject sha256 (as the audit log records it): earlier non-allows of it are contention. */
  subjectSha256?: string;
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
  /** Bound on the prompt, in estimated tokens; context beyond it is cut and said so. Null: unlimited. */
  tokenBudget: number | null;
  /** Mixed conversation turns kept in `recentContext`, most recent first; user turns already sent are left out. */
  conversationTurns: number;
  /**
   * Contention (this request was already reviewed and not allowed earlier in the session) is always recorded
   * and the model is always asked first; `escalate-after-model` also turns the model's allow of it into escalate.
   */
  escalation: ReviewerEscalation;
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
  tokenBudget: null,
  conversationTurns: 10,
  escalation: 'record',
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
