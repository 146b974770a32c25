/**
 * `source <venv>/bin/activate` (or `.`) of a virtual environment on disk whose script is recognised
 * (virtualenv-activation.ts): the script is not walked line by line; its one effect the analysis models is the
 * environment's `bin` put first on PATH for the later commands of the same shell (walk/path-first.ts), so a later
 * `pytest` is judged as the `.venv/bin/pytest` bash runs. Anything else (no `pyvenv.cfg`, a script not recognised,
 * the folder or script changed earlier on the line, a folder not listed, a program the script runs standing in
 * `bin`, a `lib/pkgconfig` the script would hand to builds) answers false: the script is then read as any sourced
 * file is. Pure apart from the injected reader and reporting.
 */

import { isUnder } from '../../core';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { changedEarlier, readBudgeted } from './disk-scripts';
import { ACTIVATION_PROGRAMS, recogniseActivation } from './virtualenv-activation';

const SCRIPT = '/bin/activate';

/** Whether a command before `inv` writes or deletes anything below `folder`. */
function writtenBelow(folder: string, inv: Invocation, r: Reporter): boolean {
  return r.segments
    .slice(0, inv.segment)
    .some((seg) =>
      seg.paths.some(
        (p) =>
          (p.role === 'write' || p.role === 'delete') &&
          p.resolved !== undefined &&
          isUnder(p.resolved, folder),
      ),
    );
}

/** Whether `inv`, sourcing the file at `path` (resolved), activated a recognised virtual environment. */
export function sourceVirtualenv(path: string | undefined, inv: Invocation, r: Reporter): boolean {
  if (path === undefined || inv.args.length !== 1 || !path.endsWith(SCRIPT)) return false;
  const venv = path.slice(0, -SCRIPT.length);
  if (venv === '' || !venv.startsWith('/')) return false;
  const bin = `${venv}/bin`;
  if (changedEarlier(path, inv, r) || changedEarlier(bin, inv, r) || writtenBelow(venv, inv, r)) return false;
  const script = readBudgeted(path, inv, r);
  if (script?.kind !== 'text') return false;
  if (readBudgeted(`${venv}/pyvenv.cfg`, inv, r)?.kind !== 'text') return false;
  // The script names the folder as it was made: the path the command gives, or where its links lead.
  const real = r.env.realpath?.(venv) ?? undefined;
  const activation = recogniseActivation(script.text, real && real !== venv ? [venv, real] : [venv]);
  if (!activation) return false;
  const first = `${activation.venv}/bin`;
  const listing = readBudgeted(first, inv, r);
  if (listing?.kind !== 'unreadable' || listing.why !== 'not-regular' || !listing.entries || listing.tooMany)
    return false;
  const entries = new Set(listing.entries);
  if (ACTIVATION_PROGRAMS.some((name) => entries.has(name))) return false;
  if (activation.pkgConfig && readBudgeted(`${activation.venv}/lib/pkgconfig`, inv, r)?.kind !== 'missing')
    return false;
  r.pathFirst(inv, first, entries, activation.functions);
  return true;
}
