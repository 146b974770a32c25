/**
 * route: graduated approval of a change. Signals from a real git range, review findings, PR metadata and
 * the run's audit log become a risk score and a confidence, routed to approve, approve_with_flag,
 * escalate or block; CODEOWNERS-guarded paths always go to their owners. Calibration fits the thresholds.
 */

export { type Calibration, calibrate } from './calibrate/calibrate-report';
export {
  type Costs,
  DEFAULT_COSTS,
  fitThresholds,
  outcomeFor,
  type ScoredCase,
} from './calibrate/fit-thresholds';
export {
  HISTORY_WINDOW_DAYS,
  type HistoryCommit,
  type HistoryLabel,
  type HistoryMerge,
  labelMerges,
} from './calibrate/history-labels';
export { type CaseLine, fromResult, parseCases, type RangeCase } from './calibrate/parse-cases';
export {
  confusion,
  type ErrorRates,
  errorKind,
  errorRates,
  percent,
  renderConfusion,
} from './calibrate/route-metrics';
export { parseCodeowners } from './codeowners';
export { collectChange } from './git/collect-change';
export { type GitResult, type GitRunner, nodeGitRunner } from './git/git-runner';
export { type BaseFile, readAtBase } from './git/read-at-base';
export { gradeBump, readVersions } from './git/read-versions';
export { type Range, resolveRange } from './git/resolve-range';
export { ROUTE_INPUT_LIMITS } from './inputs/input-limits';
export { parseFindings } from './inputs/parse-findings';
export { parsePullRequest } from './inputs/parse-pull-request';
export { parseRunLog, type RunLogOptions } from './inputs/parse-run-log';
export { RouteInputError } from './inputs/route-input-error';
export { renderMarkdown } from './report/render-markdown';
export { renderText } from './report/render-text';
export { type RouteRequest, route } from './route';
export { routeAuditContext, unrecordedResult } from './route-audit';
export { binaryVerdict, type RouteInput, routeChange } from './route-change';
export { buildRoutePolicy, type RoutePolicy, type RouteSettings, type Thresholds } from './route-policy';
export { sanitize } from './sanitize';
export { scoreSignals } from './score/score-signals';
export { loadSignalRules, matchPhrases, RouteRulesError, type SignalRules } from './signal-rules';
export type {
  ChangeFacts,
  Finding,
  PullRequestMeta,
  ReviewFindings,
  RouteResult,
  RunLogSummary,
  Signal,
  SignalId,
} from './types';
export { SIGNAL_IDS } from './types';
