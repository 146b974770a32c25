/**
 * Build outputs, caches, virtual environments and installed dependencies: folders a tool makes again from the
 * source and the lockfile, so recursive deletes of them inside a workspace are routine. Pure data and one
 * name test. (Path classes, the sensitive list, system roots and temp folders live in rules/check-paths.json.)
 * A name here must never hold work a person wrote: a folder some projects commit by hand (`vendor`, `deps`,
 * `bin`, `lib`) stays out.
 */

/** Folder names, matched exactly against one part of a workspace path. */
export const GENERATED_FOLDERS: readonly string[] = [
  // build outputs
  'build',
  'dist',
  'out',
  'target',
  '_build',
  '.build',
  'CMakeFiles',
  'DerivedData',
  'zig-out',
  'zig-cache',
  '.zig-cache',
  'storybook-static',
  '.output',
  'dist-newstyle',
  '.lake',
  '.pio',
  '.dub',
  // installed dependencies
  'node_modules',
  'bower_components',
  'Pods',
  '.dart_tool',
  '.pnpm-store',
  '.stack-work',
  '_opam',
  'elm-stuff',
  '.cabal-sandbox',
  'jspm_packages',
  '__pypackages__',
  // Python environments and caches
  '.venv',
  'venv',
  '.eggs',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '.hypothesis',
  '.tox',
  '.nox',
  'htmlcov',
  // tool caches
  '.gradle',
  '.cache',
  '.parcel-cache',
  '.turbo',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.angular',
  '.vite',
  '.docusaurus',
  '.expo',
  '.nyc_output',
  '.sass-cache',
  'coverage',
  '.elixir_ls',
  '.cpcache',
  '.shadow-cljs',
  '.bloop',
  '.metals',
  '.nx',
  '.ccls-cache',
  '.ipynb_checkpoints',
  '.pyre',
  '.pytype',
  // scratch and logs a framework writes (Rails `tmp/` and `log/`)
  'tmp',
  '.tmp',
  'log',
  'logs',
  'artifacts',
];

/**
 * Folder names build tools write to that some projects also keep by hand: generated only where git tracks nothing
 * in them and ignores all of it (detect/ignored-outputs.ts asks git), never by name alone.
 */
export const OUTPUT_WHEN_IGNORED: ReadonlySet<string> = new Set([
  'bin',
  'obj',
  'lib',
  'vendor',
  'deps',
  'pkg',
  'site',
  '_site',
  'public',
  'gen',
  'generated',
  // playwright's reports and results (`playwright-report`, `test-results`, `blob-report`)
  'playwright-report',
  'test-results',
  'blob-report',
]);

/** A build tree named for its variant or tool (`build-meson`, `build_debug`, `wasm-build`): output as the names above. */
const BUILD_VARIANT = /^build[-_.][\w.-]+$|^[\w.-]+[-_]build$/;

/** Is a folder of this name build output when git tracks nothing in it and ignores all of it? */
export function outputWhenIgnored(name: string): boolean {
  return OUTPUT_WHEN_IGNORED.has(name) || BUILD_VARIANT.test(name);
}

/** Generated folders named by a pattern: Python package metadata (`x.egg-info`), CMake build trees. */
const GENERATED_SUFFIXES: readonly string[] = ['.egg-info', '.dist-info'];
const GENERATED_PREFIXES: readonly string[] = ['cmake-build-'];

/**
 * Files a compiler, a merge or the system writes beside the sources and makes again (or leaves behind): compiled
 * Python, Java classes, object files, a merge's or a patch's leftovers, macOS folder metadata. `find -name` patterns
 * of exactly this form only.
 */
export const GENERATED_FILE_NAMES: ReadonlySet<string> = new Set([
  '*.pyc',
  '*.pyo',
  '*.class',
  '*.o',
  '*.orig',
  '*.rej',
  '.DS_Store',
]);

/** Whether one path part names a generated folder. */
export function isGeneratedFolder(name: string): boolean {
  return (
    GENERATED_FOLDERS.includes(name) ||
    GENERATED_SUFFIXES.some((s) => name.length > s.length && name.endsWith(s)) ||
    GENERATED_PREFIXES.some((p) => name.length > p.length && name.startsWith(p))
  );
}

/**
 * Whether a glob as the last part of a path matches generated folders only: `*.egg-info`, `cmake-build-*`
 * (one `*` and the literal rest of a pattern). Any other glob may match hand-written work.
 */
export function isGeneratedGlob(part: string): boolean {
  return GENERATED_SUFFIXES.some((s) => part === `*${s}`) || GENERATED_PREFIXES.some((p) => part === `${p}*`);
}
