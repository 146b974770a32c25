/**
 * Folders of the operating system: deleting or writing under them changes the machine, not the project.
 * Pure data, absolute paths without trailing slash.
 */

export const SYSTEM_ROOTS: readonly string[] = [
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/opt',
  '/proc',
  '/root',
  '/run',
  '/sbin',
  '/srv',
  '/sys',
  '/usr',
  '/var',
  '/snap',
  '/System',
  '/Library',
  '/Applications',
  '/private',
  '/nix',
];

/** Scratch folders always treated as temp, whatever the environment says. */
export const DEFAULT_TEMP_DIRS: readonly string[] = ['/tmp', '/var/tmp', '/private/tmp', '/dev/shm'];

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
