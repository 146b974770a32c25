/**
 * The model reviewer of action review: plain data in (request facts, shell analysis, the policy's
 * reason, trusted and untrusted context), a checked decision and a reviewer record out.
 */

export {
  assembleReview,
  MAX_RECENT_DECISIONS,
  SCHEMA_PLACEHOLDER,
  systemPrompt,
} from './assemble-prompt';
export {
  type BreakerCounts,
  type BreakerEvent,
  type BreakerStore,
  breakerState,
  openBreakerStore,
} from './circuit-breaker';
export { deriveReview } from './derive-review';
export { type ReviewDeps, type ReviewerRecord, type ReviewOutcome, reviewAction } from './review-action';
export {
  type ConversationTurn,
  DEFAULT_REVIEWER_POLICY,
  POSTURES,
  type Posture,
  type PromptCustom,
  type RecentDecision,
  type ReviewerPolicy,
  type ReviewerRequest,
} from './review-input';
export { REVIEW_JSON_SCHEMA, type ReviewAnswer, reviewAnswerSchema } from './review-schema';
export { bundledReviewerPrompt, loadReviewerPrompt, type ReviewerPrompt } from './reviewer-prompt';
export { verifyGoalQuote } from './verify-goal-quote';
