/**
 * Python installs whose files land outside the workspace: `pip install --user` (the user's site-packages,
 * imported by every Python program of that user), `--break-system-packages` (the system interpreter's own
 * packages), `--target`/`--prefix`/`--root` naming a folder outside the workspace, and `uv pip install --system`.
 * Not a category: nothing is deleted, but the change reaches past the project, so it is not known safe (a
 * question with a reason). Whether a bare `pip install` reaches the system interpreter depends on the shell's
 * PATH and an activated environment, which gavel does not see: it says nothing of it (ADR 0075).
 */

import { type Invocation, isLiteral, optionText, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { resolveArg } from './path-effects';

const OUTSIDE_FLAGS = /^--(user|break-system-packages|system)$/i;
const FOLDER_OPTIONS = new Set(['-t', '--target', '--prefix', '--root']);

/** `args` are the words after the program (`install ...`, or `pip install ...` for uv); `label` names the command. */
export function installTarget(args: readonly Word[], label: string, inv: Invocation, r: Reporter): void {
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (!w) continue;
    const t = optionText(w);
    if (t === '--') return;
    if (OUTSIDE_FLAGS.test(t)) {
      r.uncertain(
        'dynamic-script',
        `${label} ${t} installs outside the workspace (packages every run sees)`,
        inv.segment,
      );
      return;
    }
    const eq = t.indexOf('=');
    const name = eq > 0 ? t.slice(0, eq) : t;
    if (!FOLDER_OPTIONS.has(name) && !(t.startsWith('-t') && t.length > 2 && !t.startsWith('--'))) continue;
    let value: Word | undefined;
    if (eq > 0 && name.startsWith('--')) value = { ...w, text: t.slice(eq + 1) };
    else if (name === '-t' || name.startsWith('--')) value = args[++i];
    else value = { ...w, text: t.slice(2) };
    if (!value || !isLiteral(value)) {
      r.uncertain('dynamic-script', `${label} installs into a folder named at run time`, inv.segment);
      return;
    }
    const res = resolveArg(value, inv, r);
    if (res.class !== 'workspace' || (res.real !== undefined && res.real !== res.resolved)) {
      r.uncertain('dynamic-script', `${label} installs into a folder outside the workspace`, inv.segment);
      return;
    }
  }
}
