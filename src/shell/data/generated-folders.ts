/**
 * Build outputs and caches: recursive deletes of these inside a workspace are routine. Pure data. (Path classes,
 * the sensitive list, system roots and temp folders live in rules/check-paths.json.)
 */

/** Build outputs and caches: recursive deletes of these inside a workspace are routine. */
export const GENERATED_FOLDERS: readonly string[] = [
  'build',
  'dist',
  'out',
  'target',
  'node_modules',
  'coverage',
  '.next',
  '.nuxt',
  '.turbo',
  '.cache',
  '.parcel-cache',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '__pycache__',
  '.tox',
  '.venv',
  'venv',
  '.gradle',
  'tmp',
  '.tmp',
  'artifacts',
  '.svelte-kit',
  'storybook-static',
];
