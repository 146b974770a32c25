/**
 * The safe catalogue: programs and argument shapes known to be safe, as versioned data (rules/check-safe.json).
 * Compiled once, indexed by program; consulted by the policy for a shell segment nothing else decided.
 * Never clears a category or an uncertainty: the detectors and the floor run first.
 */

export { CATALOGUE_FILE_SCHEMA, type CatalogueEntry } from './catalogue-file';
export { type Analyze, checkCatalogueExamples, knownSafe } from './check-catalogue-examples';
export {
  CATALOGUE_FILE,
  type Catalogue,
  type CatalogueIndex,
  type CatalogueResult,
  type CatalogueText,
  catalogueFromIndex,
  compileCatalogue,
  EMPTY_CATALOGUE,
  type EntryList,
  indexCatalogue,
  type ProgramIndex,
  valueInert,
} from './compile-catalogue';
export { matchSegment, programVariables, stateRunsCode, variablesInert } from './match-segment';
