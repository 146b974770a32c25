/**
 * src/shell: what a shell command would do — segments, unwrapped wrappers, paths and their classes, network
 * destinations, category hits and uncertainties. Shared by action review and the judge (ADR 0006, 0007).
 */

export {
  type AnalyzeOptions,
  analyzeShell,
  analyzeShellSync,
  MAX_COMMAND_CHARS,
  MAX_DEPTH,
} from './analyze-shell';
export { CATEGORIES, type Category, isCategory, NEVER_GRANT, PRESUMPTION_OF_DENIAL } from './category';
export { classOf, makePathScope, normalize, type PathScope, resolvePath } from './classify-path';
export { fastParse } from './fast-parse';
export {
  BASH_WASM,
  loadedShellParser,
  loadShellParser,
  locateWasm,
  PARSER_WASM,
  type ShellParser,
} from './load-parser';
export { hostCategories, type PathVerdict, pathCategories } from './path-categories';
export type { SyntaxNode, SyntaxTree } from './syntax-node';
export type {
  CategoryHit,
  HostRef,
  PathClass,
  PathRef,
  Segment,
  SegmentContext,
  ShellAnalysis,
  ShellEnv,
  ShellPathTable,
  Uncertainty,
  UncertaintyCode,
} from './types';
export { SCRIPT_FILE_WRAPPER, UNCERTAINTY_CODES } from './types';
