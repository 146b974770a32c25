/**
 * config: gavel.toml, the user's config and GAVEL_* variables, validated whole and merged so that a
 * repository only tightens. The only module besides surfaces/ that reads the environment or user files.
 */

export { configInvalidDecision } from './config-invalid-decision';
export { ENVIRONMENT, OTHER_GAVEL_VARIABLES, readEnvDocument } from './env';
export { type ConfigFiles, type ConfigResult, type LoadOptions, loadConfig } from './load-config';
export { type Layer, type Merged, mergeConfig } from './merge-config';
export {
  findProjectRoot,
  outerProjectFiles,
  PROJECT_FILE,
  userConfigDir,
  userConfigFile,
  userHome,
} from './paths';
export { type ConfigNotice, type ConfigProblem, formatProblem } from './problem';
export { type FileRead, MAX_CONFIG_BYTES, readConfigFile } from './read-config-file';
export {
  eachHigherWins,
  eachHigherWinsOver,
  higherWins,
  intersectionOf,
  lowerWins,
  type Merge,
  type MergeResult,
  type Scope,
  type Setting,
  setting,
  stricterOf,
  trueWins,
  unionOf,
  userOnly,
} from './setting';
export {
  CONFIG_SPEC,
  type Config,
  type ConfigSpec,
  type Source,
  TABLE_NAMES,
  type TableName,
  tableSettings,
} from './spec';
export {
  ARGUMENT_RULE_SCHEMA,
  type ArgumentRuleSpec,
  CHECK_MODES,
  type CheckMode,
  REVIEWER_CONTEXT_MODES,
  REVIEWER_ESCALATIONS,
  REVIEWER_POSTURES,
  type ReviewerContextMode,
  type ReviewerEscalation,
  type ReviewerPosture,
  UNLISTED_ACTIONS,
  type UnlistedAction,
} from './tables/check';
export { type DocumentResult, type PartialConfig, validateDocument } from './validate-document';
