/**
 * src/shell: what a shell command would do — segments, unwrapped wrappers, paths and their classes, network
 * destinations, category hits and uncertainties. Shared by action review and the judge (ADR 0006, 0007).
 */

export { CATEGORIES, type Category, isCategory, NEVER_GRANT, PRESUMPTION_OF_DENIAL } from '../core';
export {
  type AnalyzeOptions,
  analyzeShell,
  analyzeShellSync,
  MAX_COMMAND_CHARS,
  MAX_DEPTH,
} from './analyze-shell';
export {
  classOf,
  isSensitive,
  makePathScope,
  nameMatcher,
  normalize,
  type PathScope,
  resolvePath,
} from './classify/classify-path';
export { homeReads, inPackageSources, USER_WRITTEN } from './classify/home-trees';
export {
  hostCategories,
  type PathVerdict,
  pathCategories,
  searchCategories,
} from './classify/path-categories';
export { ISSUER_TOKEN } from './classify/secret-content';
export { GENERATED_FILE_NAMES, isGeneratedFolder, isGeneratedGlob } from './data/generated-folders';
export { gitExecKey } from './data/git-exec-keys';
export { SYSTEM_ONLY, WORKSPACE_BIN } from './data/shadowable-tools';
export {
  type BuildRead,
  readCmake,
  readMeson,
  readNinja,
  readProgram,
  readPython,
  readRuby,
} from './detect/build-files';
export { readMsbuild } from './detect/build-files-dotnet';
export { sbtResolverUrls } from './detect/build-files-sbt';
export { readDune, readLein, readRebar } from './detect/build-files-tools';
export { processAliases } from './detect/code-aliases';
export { readComposeYaml, type YamlMap, type YamlValue } from './detect/compose-yaml';
export { settingValues, settingWords } from './detect/config-settings';
export { ignoredBy } from './detect/git-ignore';
export { fixtureOnlyImports, foreignSourceEncoding, inertPython } from './detect/inert-python';
export { literalProcesses, PROCESS_LANGUAGES, TOO_MANY } from './detect/literal-processes';
export { serverReaches } from './detect/migration-code';
export { isLocalHost, isStatedHost } from './detect/network-target';
export { pytestSections } from './detect/runner-config';
export { isServiceClient } from './detect/service-hosts';
export { readSnakefile, type SnakeEntry } from './detect/snakefile';
export { fastParse } from './parse/fast-parse';
export {
  BASH_WASM,
  loadedShellParser,
  loadShellParser,
  locateWasm,
  PARSER_WASM,
  type ShellParser,
} from './parse/load-parser';
export type { SyntaxNode, SyntaxTree } from './parse/syntax-node';
export type {
  AnalyzeShell,
  CategoryHit,
  HostRef,
  PathClass,
  PathRef,
  ScriptFile,
  Segment,
  SegmentContext,
  ShellAnalysis,
  ShellEnv,
  ShellPathTable,
  Uncertainty,
  UncertaintyCode,
  WrittenText,
} from './types';
export { GIT_ALIAS_WRAPPER, SCRIPT_FILE_WRAPPER, UNCERTAINTY_CODES, WRITTEN_SCRIPT_WRAPPER } from './types';
