/**
 * One name, two programs (ADR 0076): `task` is go-task only in a folder with a Taskfile (any name go-task looks
 * for, here or above) whose tasks include every name on the line; elsewhere, or with a word that names no task
 * (`task 1 edit`, `task rc.editor=... edit`, `task execute /bin/sh`), it is Taskwarrior, whose commands and `rc.`
 * overrides run editors and hooks: uncertain. Listing a Taskfile still evaluates its dynamic variables (`sh:`),
 * which build-files-task.ts analyses only for runs: a listing of such a file is uncertain. Pure apart from the
 * injected reader and reporting; never quotes a file.
 * INVARIANT: `task` is known only as go-task with every word read against the Taskfile it will load.
 */

import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { NAMES } from './build-files-task';
import { readComposeYaml } from './compose-yaml';
import { folderNames } from './config-modules';
import { foldersUp, inFolder, projectFile } from './project-file';

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

/** go-task options that stop before any Taskfile is loaded. */
const NO_LOAD = /^(--version|-h|--help|--init|-i|--completion)$/;
/** go-task options that list or print tasks: the Taskfile is loaded (its dynamic variables evaluated). */
const LISTING = /^(-l|--list|-a|--list-all|--summary|-n|--dry|--json)$/;
/** go-task options taking a separate value. */
const VALUE = /^(-o|--output|--sort|-c|--color|-C|--concurrency|--interval|-d|--dir|-t|--taskfile)$/;

/** The programs taskNames looks at. */
export const TASK_NAMES_PROGRAMS = () => ['task'];

export function taskNames(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'task' || !r.env.readScript || inv.cwd === undefined) return;
  const goals: string[] = [];
  let listing = false;
  for (let k = 0; k < inv.args.length; k++) {
    const w = inv.args[k];
    const t = plain(w);
    if (t === '--') break;
    if (NO_LOAD.test(t)) return;
    if (LISTING.test(t)) listing = true;
    else if (VALUE.test(t)) k++;
    else if (/^-/.test(t)) continue;
    else if (w && isLiteral(w) && !/^[A-Za-z_]\w*=/.test(t)) goals.push(t);
  }
  let text: string | undefined;
  for (const d of foldersUp(inv.cwd)) {
    const listed = folderNames(d, inv, r);
    for (const name of NAMES) {
      if (listed && !listed.has(name)) continue;
      const f = projectFile(inFolder(d, name), inv, r);
      if (f.kind === 'unknown' || f.kind === 'unread') return;
      if (f.kind === 'text') {
        text = f.text;
        break;
      }
    }
    if (text !== undefined) break;
  }
  if (text === undefined) {
    say(inv, r, 'is Taskwarrior where no Taskfile is found; its commands run editors and hooks');
    return;
  }
  if (listing && /^\s*-?\s*sh\s*:/m.test(text)) {
    say(inv, r, 'loads a Taskfile whose dynamic variables run shell commands even to list its tasks');
    return;
  }
  const tasks = readComposeYaml(text)?.get('tasks');
  // An unreadable Taskfile is build-files-task.ts's to report.
  if (!(tasks instanceof Map)) return;
  const wanted = listing ? [] : goals.length > 0 ? goals : ['default'];
  if (wanted.some((g) => !tasks.has(g)))
    say(inv, r, 'names a task its Taskfile does not have: it may be Taskwarrior, whose commands run editors');
}
