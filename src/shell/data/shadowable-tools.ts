/**
 * Programs of the system that no package's bin stands in for, as data: one of these names in a `node_modules/.bin`
 * that a runner puts first on PATH replaces the tool a script means (detect/bin-shadows.ts). The package managers
 * and node are left out: packages ship them (`npm` comes with semantic-release, `yarn` and `node` as pinned
 * dependencies), and an installed package's bin is trusted as the package is.
 */
export const SHADOWABLE: ReadonlySet<string> = new Set(
  'git sh bash dash zsh cat ls echo printf test rm cp mv mkdir chmod ln touch grep sed awk find xargs env curl wget python python3 pip make tar gzip head tail sort uniq wc tr cut tee diff true false ssh scp rsync docker kubectl'.split(
    ' ',
  ),
);
