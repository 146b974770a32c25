/**
 * judge: review of agent configuration at rest. discover -> static -> attach -> [review -> verify ->
 * adjudicate: the model half] -> score -> report. This file is the module's API.
 */

export { type AttachInput, type AttachResult, attachConventions } from './attach/attach-conventions';
export { globMatcher } from './attach/glob-matcher';
export { followImports, importsIn, MAX_IMPORT_DEPTH } from './attach/instruction-imports';
export {
  type DiscoverInput,
  type DiscoverResult,
  discoverUnits,
  toProjectPath,
} from './discover/discover-units';
export { findProject, type ProjectResult } from './discover/find-project';
export { type EntryType, type JudgeFs, memoryFs } from './discover/judge-fs';
export { type Candidate, layoutCandidates } from './discover/layouts';
export { DEFAULT_LIMITS, type JudgeLimits } from './discover/limits';
export {
  BYTES_PER_TOKEN,
  type EstimateCaps,
  estimateRun,
  type PriceEntry,
  type RunEstimate,
  tokensOf,
} from './estimate/estimate-run';
export { renderJudgeEstimateJson, renderJudgeEstimateText } from './estimate/render-judge-estimate';
export { findingId, normalizeQuote } from './findings/finding-id';
export { JUDGE_REPORT_SCHEMA_VERSION, type JudgeReport } from './report/judge-report';
export { renderJson, reportToJson } from './report/render-json';
export { renderList } from './report/render-list';
export { renderSarif, SARIF_SCHEMA_URI } from './report/render-sarif';
export { cleanForTerminal, renderText } from './report/render-text';
export { bundledJudgePrompts, type JudgePrompts, type JudgeRole } from './review/judge-prompts';
export { type ModelReviewDeps, modelReviewStage } from './review/model-review-stage';
export { parseCriteria, pinRubrics, type Rubric, rubricOf } from './review/rubric';
export { parseTraps, SHIPPED_TRAPS, type Trap } from './review/traps';
export type {
  CriterionResult,
  DroppedCandidate,
  ReviewInput,
  ReviewOutput,
  ReviewRunSummary,
  ReviewStage,
} from './review-stage';
export { bundledJudgeData, type JudgeData } from './rules/bundled-rules';
export { type CodeEntry, type JudgeRules, JudgeRulesError, loadJudgeRules } from './rules/load-judge-rules';
export { type JudgeOptions, type JudgeOutcome, type PlannedUnit, runJudge } from './run-judge';
export { categoryScore } from './score/category-score';
export { DEFAULT_FAIL_ON, defaultGate, formatGate, type Gate, parseFailOn } from './score/fail-on';
export { runDecision, unitStatus } from './score/unit-status';
export { detectCredentials } from './static/credentials';
export { judgeStatic, type StaticContext, type UnitStatic } from './static/judge-static';
export { type AnalyzeShell, codeForCategory } from './static/risky-shell';
export type { Suppression } from './suppress/suppressions';
export {
  type Attachment,
  type CategoryScores,
  CONFIDENCES,
  type Confidence,
  type Finding,
  JUDGE_CATEGORIES,
  type JudgeCategory,
  type NotReviewed,
  type RunDecision,
  type Severity,
  type Unit,
  type UnitFile,
  type UnitKind,
  type UnitResult,
  type UnitStatus,
} from './types';
