/**
 * npm and pnpm commands that start no program: neither a package script, a lifecycle script nor a program of a
 * package. The settings that only shape what a manager starts (the script shell, node options, pnpm's node
 * version) do not apply to them; settings the manager itself loads (a pnpmfile, another configuration file) still
 * do. Measured with npm 11.19 (a `.npmrc` `node-options=--require` of a file recording each start, a package whose
 * scripts all run node): `ls`, `view`, `outdated`, `audit`, `pkg get|set`, `run` (the list), `explain`, `query`,
 * `fund`, `doctor` started nothing; `install --dry-run`, `test`, `pack --dry-run`, `rebuild`, `version` and `exec` did.
 * `install`/`ci --ignore-scripts` started nothing here, but a git dependency is prepared by running its scripts, so
 * they are not listed; `help` starts a manual viewer or a browser. Anything not listed is taken to start a program.
 * Pure.
 */

/** Subcommands (and their aliases) that start no program whatever their words. */
const NOTHING: Readonly<Record<string, ReadonlySet<string>>> = {
  npm: new Set(
    'ls list la ll view v info show outdated pkg explain why query help-search search doctor prefix root bin whoami ping cache config c get set sbom dist-tag owner access team star stars deprecate unpublish'.split(
      ' ',
    ),
  ),
  pnpm: new Set('ls list la ll why outdated licenses root bin store config c get set'.split(' ')),
};
/** Subcommands that start nothing with no word after them (`npm run` lists the scripts; `npm fund` the links). */
const BARE: Readonly<Record<string, ReadonlySet<string>>> = {
  npm: new Set(['run', 'run-script', 'rum', 'urn', 'fund', 'audit']),
  pnpm: new Set(['run', 'audit']),
};
/**
 * Global options that take the next word as their value, by manager (`npm --prefix web ls`, `pnpm -C web ls`): an
 * option a manager reads as a switch (npm's unknown options, pnpm's `-w` for the workspace root) takes none.
 */
const VALUE_OPTIONS: Readonly<Record<string, RegExp>> = {
  npm: /^(?:--prefix|-C|-w|--workspace|--loglevel)$/,
  pnpm: /^(?:--dir|-C|--filter|-F|--loglevel)$/,
};
/** Options before the subcommand known to take no value (any other may take the next word as its value). */
const PLAIN_OPTION =
  /^(?:-[sqdgr]|--(?:silent|quiet|json|long|parseable|offline|prefer-offline|no-audit|no-fund|no-color|global|workspaces|recursive|loglevel=\w+|prefix=\S*|workspace=\S*|dir=\S*|filter=\S*))$/;

/**
 * Does `manager` (npm or pnpm) with these literal words (undefined: known only at run time) start no program?
 * Options after a listed subcommand change what it prints, never what starts; `config edit` opens an editor.
 */
export function managerStartsNothing(manager: string, words: readonly (string | undefined)[]): boolean {
  const nothing = NOTHING[manager];
  if (!nothing) return false;
  let i = 0;
  for (; i < words.length; i++) {
    const w = words[i];
    if (w === undefined) return false;
    if (!w.startsWith('-')) break;
    if (VALUE_OPTIONS[manager]?.test(w)) i++;
    else if (!PLAIN_OPTION.test(w)) return false;
  }
  const sub = words[i];
  const rest = words.slice(i + 1);
  if (sub === undefined || rest.some((w) => w === undefined)) return false;
  const after = rest as string[];
  if (nothing.has(sub)) return !((sub === 'config' || sub === 'c') && after.includes('edit'));
  // After `--` every word is an operand (`npm run -- -x` runs the script `-x`).
  return BARE[manager]?.has(sub) === true && after.every((w) => w.startsWith('-') && w !== '--');
}
