/**
 * runtime: one composition root per capability. Each opens what its capability needs from the environment and
 * the files (config, rules, the model runner, the audit sink), runs it, records the audit line, and fails
 * closed. Surfaces (CLI, harness hooks, later HTTP and MCP) call it with a request value and get a value
 * back (no argv, no stdout inside): `check/` (action review), `ask/` (answerQuestion, readAskLog,
 * runPackageAskEval, rulesToValidate), `route/` (routeChange, calibrateRoutes). Runtime imports no surface.
 */

export { type AskRequest, type AskRun, answerQuestion, RUN_ID } from './ask/answer-question';
export { type AskEvalRun, runPackageAskEval } from './ask/ask-eval';
export { readText as readAskText } from './ask/ask-files';
export { type AskLogView, LOG_WINDOW, readAskLog } from './ask/ask-log';
export { PROJECT_RULES, type RulesInForce, rulesToValidate } from './ask/ask-rules';
export {
  type AuditMeta,
  type AuditSink,
  auditLogFor,
  checkMeta,
  fileAuditSink,
  hashSubject,
  recordOrDeny,
  requestPreview,
  reviewerDetail,
  runIdOf,
} from './check/audit-seam';
export { BUILD_ID } from './check/build-id';
export { DEFAULT_DEADLINE_MS, deadlineMs } from './check/deadline';
export { faultFrom, injectFault } from './check/faults';
export {
  allowHint,
  type CallEnv,
  type CallInput,
  hookReviewBound,
  type Judged,
  judgeCall,
  recordBlock,
  recordJudged,
} from './check/judge-call';
export {
  findRulesDir,
  loadRuntime,
  RULE_FILES,
  type Runtime,
  type RuntimeOptions,
} from './check/load-runtime';
export { MAX_SCRIPT_BYTES, readScriptFile } from './check/read-script';
export { realPathOf } from './check/real-path';
export {
  type ReviewerSetup,
  reviewerForSurfaces,
  reviewerPolicyFor,
  type SurfaceReviewer,
  userStateDir,
} from './check/reviewer-seam';
export {
  type DisclosureInput,
  reviewerDisclosure,
  UNTRUSTED_CONTEXT_RULE,
} from './check/reviewer-seam-disclosure';
export { type ReviewerModelView, reviewerModel } from './check/reviewer-seam-model';
export {
  type Cached,
  type ConfigKey,
  configKeyOf,
  envDigest,
  openRuntimeCache,
  RUNTIME_CACHE_SIZE,
  type RuntimeCache,
} from './check/runtime-cache';
export { analyzeShellForSurfaces } from './check/shell-seam';
export { configProblem } from './config-problem';
export { userAllowsJudgeModel } from './judge/judge-consent';
export { type RubricRequest, readRubrics, readTraps, trapsFileProblem } from './judge/judge-inputs';
export { type JudgeProjectRequest, type JudgeProjectResult, judgeProject } from './judge/judge-project';
export { changedSince, nodeJudgeFs, readProjectText } from './judge/judge-repository';
export {
  JUDGE_DEFAULT_MAX_COST_USD,
  type JudgeModelFlags,
  type JudgeReviewSetup,
  judgeCaps,
  type OpenedJudgeReview,
  openJudgeReview,
} from './judge/open-judge-review';
export { decisionLogIn, decisionLogPath, ignoreLogFolder } from './log-location';
export {
  anchorSpec,
  capsOf,
  chooseRunModel,
  type ModelOptions,
  NO_MODEL_OPTIONS,
  runSettingsFor,
} from './model-options';
export { type CalibrateCall, type CalibrateRun, calibrateRoutes } from './route/calibrate-routes';
export { type RouteCall, type RouteRun, routeChange } from './route/route-change';
export {
  type Caller,
  type CheckService,
  type CheckServiceOptions,
  openCheckService,
  type ReloadResult,
  type Served,
} from './serve/check-service';
export { watchFiles } from './serve/watch-files';
export { openRedisBreakerStore, openRedisClient, type RedisStoreOptions } from './state/redis-breaker-store';
export { openRedisRunState, type RedisRunState } from './state/redis-run-state';
