/**
 * judge: review of agent configuration at rest. discover -> static -> attach -> [review -> verify ->
 * adjudicate: the model half] -> score -> report. This file is the module's API.
 */

export { discoverUnits, type DiscoverInput, type DiscoverResult, toProjectPath } from './discover/discover-units';
export { findProject, type ProjectResult } from './discover/find-project';
export { type EntryType, type JudgeFs, memoryFs } from './discover/judge-fs';
export { DEFAULT_LIMITS, GENERATED_MARKER, type JudgeLimits } from './discover/limits';
export { findingId, normalizeQuote } from './findings/finding-id';
export { bundledJudgeData, type JudgeData } from './rules/bundled-rules';
export { type CodeEntry, type JudgeRules, JudgeRulesError, loadJudgeRules } from './rules/load-judge-rules';
export { detectCredentials } from './static/credentials';
export { judgeStatic, type StaticContext, type UnitStatic } from './static/judge-static';
export { codeForCategory, type ShellAnalyzer } from './static/risky-shell';
export type {
  Attachment,
  CategoryScores,
  Confidence,
  Finding,
  JudgeCategory,
  NotReviewed,
  RunDecision,
  Severity,
  Unit,
  UnitFile,
  UnitKind,
  UnitResult,
  UnitStatus,
} from './types';
