/**
 * check: action review. One tool call an agent is about to make -> a Decision that names the rule or category
 * that decided. Imports core, config (types and schemas only) and shell (types, categories and the pure path and host
 * categories of file and web tools); never reads a
 * file, the environment or the clock itself: surfaces read the rules and config and pass them in.
 */

export type { AdaptResult, AdaptToolCall } from './adapters/adapt-result';
export { checkTargets, type TargetsResult } from './check-targets';
export type { CategoryFact, Facts, TargetFacts } from './facts/facts';
export { shellEnvOf } from './facts/shell-env';
export type { FloorHit } from './floor/decide-floor';
export type { ModeReviewInput, Reviewer } from './mode/apply-mode';
export { describeDecider } from './mode/describe';
export {
  actionTextOf,
  type ModelReviewerOptions,
  modelReviewer,
  reviewerInputOf,
} from './mode/model-reviewer';
export { type PathTable, parsePathTable } from './paths/path-table';
export { resolveConfigPath } from './paths/resolve-path';
export { type CheckDeps, type CheckResult, check, checkWithTrace } from './pipeline';
export { type AnalyzeShell, checkExamples, EXAMPLE_ENV, type ExamplesResult } from './policy/check-examples';
export {
  type CompiledPolicy,
  type CompileResult,
  compilePolicy,
  compileValidatedPolicy,
  type PolicyInput,
  policySha256,
  type ValidatedRules,
} from './policy/compiled-policy';
export type { Bucket, Decider, Evaluation, TargetVerdict } from './policy/evaluate-policy';
export {
  type PrebuiltRules,
  parseRuleJson,
  prebuildRules,
  RULE_FILES,
  type RuleFileName,
  rulesFromPrebuilt,
} from './policy/prebuilt-rules';
export { type ParsedRequest, parseRequest, type RequestDefaults } from './request/parse-request';
export {
  type CheckRequest,
  emptyContext,
  type FileChange,
  requestSubject,
  type SearchLines,
  TOOL_KINDS,
  type ToolInput,
  type ToolKind,
  type TrustedContext,
  type UntrustedContext,
} from './request/request';
export {
  type BreakerCounts,
  type BreakerEvent,
  type BreakerStore,
  bundledReviewerPrompt,
  DEFAULT_REVIEWER_POLICY,
  MAX_RECENT_DECISIONS,
  openBreakerStore,
  type PromptCustom,
  type RecentDecision,
  type ReviewDeps,
  type ReviewerPolicy,
  type ReviewerRecord,
  SCHEMA_PLACEHOLDER,
  systemPrompt,
} from './reviewer';
export { type PermissionRule, parsePermissionRule } from './rules/permission-rule';
