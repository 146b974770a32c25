/**
 * The start-up files R runs from the folder it starts in (round 19): `.Rprofile` is R code run before anything
 * the command asks (`Rscript -e 'testthat::test_local()'` in a folder whose `.Rprofile` shells out runs that
 * first), and `.Renviron` sets variables that can name other start-up code (`R_PROFILE_USER`, `R_LIBS`). A
 * command that turns them off (`--vanilla`, `--no-init-file`, `--no-environ`) or a folder without them is quiet;
 * otherwise the run is uncertain: gavel does not read R. The home folder's files are the user's own. Pure apart
 * from the injected reader and reporting; never quotes a file.
 */

import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { inFolder, projectFile } from './project-file';

export const R_STARTUP_PROGRAMS = () => ['r', 'rscript'];

/** Each start-up file and the options that keep R from reading it. */
const STARTUP: readonly (readonly [string, readonly string[]])[] = [
  ['.Rprofile', ['--vanilla', '--no-init-file']],
  ['.Renviron', ['--vanilla', '--no-environ']],
];

export function rStartup(inv: Invocation, r: Reporter): void {
  if (inv.cwd === undefined || !R_STARTUP_PROGRAMS().includes(inv.program)) return;
  // R's own options come before `--args`; what follows is the script's.
  const words = inv.args.map((w) => plain(w));
  const end = words.indexOf('--args');
  const own = end < 0 ? words : words.slice(0, end);
  // `R --version`, `Rscript --help`: R prints and exits before it reads a start-up file (measured with R 4.2).
  if (own.length === 1 && /^(?:--version|--help|-h)$/.test(own[0] as string)) return;
  for (const [name, off] of STARTUP) {
    if (own.some((w) => off.includes(w))) continue;
    const file = projectFile(inFolder(inv.cwd, name), inv, r);
    if (file.kind === 'missing' || file.kind === 'unread' || file.kind === 'unknown') continue;
    r.uncertain(
      'dynamic-script',
      `\`${inv.program}\` runs the folder's ${name} as R starts: R code gavel does not read`,
      inv.segment,
      'kept',
    );
    return;
  }
}
