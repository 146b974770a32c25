/**
 * Environment variables that point a package manager at a package source, as its `--registry`/`--index-url`
 * option does (`NPM_CONFIG_REGISTRY`, `PIP_INDEX_URL`, `UV_INDEX_URL`, `GOPROXY`, ...). Read by analyze-shell.ts:
 * set to a host nobody stated, whatever runs after it installs from there. Pure data and one reading.
 */

const REGISTRY_VARIABLES =
  /^(?:npm_config_registry|YARN_NPM_REGISTRY_SERVER|YARN_REGISTRY|BUN_CONFIG_REGISTRY|PIP_INDEX_URL|PIP_EXTRA_INDEX_URL|PIP_FIND_LINKS|UV_INDEX_URL|UV_EXTRA_INDEX_URL|UV_DEFAULT_INDEX|UV_INDEX|UV_FIND_LINKS|PDM_PYPI_URL|PIPENV_PYPI_MIRROR|POETRY_REPOSITORIES_\w+_URL|GOPROXY|CARGO_REGISTRIES_\w+_INDEX|BUNDLE_MIRROR__\w+|GEM_SOURCE)$/i;

/**
 * The sources a registry variable's value names (URLs, or a list for GOPROXY and UV_INDEX), or undefined when
 * `name` is no registry variable. Go's `direct` and `off` are no host.
 */
export function registrySources(name: string, value: string): string[] | undefined {
  if (!REGISTRY_VARIABLES.test(name)) return undefined;
  return value
    .split(/[\s,|]+/)
    .map((v) => v.replace(/^[\w-]+=/, ''))
    .filter((v) => v !== '' && !/^(?:direct|off)$/i.test(v));
}
