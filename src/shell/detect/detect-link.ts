/**
 * Links (`ln`, `ln -s`, hard links): the link name is a write (a link at `gavel.toml` or `~/.bashrc` is
 * self-modification or persistence by its path); a target that leads out of the workspace and temp space
 * (home, `/`, a system root, a secret, anywhere else) is an uncertainty, since every later path through the
 * link would be classed as a workspace path. A symbolic target is relative to the link's folder. Pure.
 */

import { resolvePath, stricterClass } from '../classify/classify-path';
import type { PathClass } from '../types';
import { hasFlag, type Invocation, optionText, type Reporter, shown } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { DYN } from '../walk/markers';
import { shortPath, touchPath } from './path-effects';

/** Options of GNU and BSD `ln` that take a value as the next word. */
const VALUED = new Set(['-t', '--target-directory', '-S', '--suffix']);

function basename(text: string): string {
  const trimmed = text.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || trimmed;
}

function parentOf(abs: string): string {
  return abs.slice(0, abs.lastIndexOf('/')) || '/';
}

interface LinkArgs {
  options: string[];
  targets: Word[];
  /** Each link created, with the folder a relative symbolic target is read from. */
  links: Word[];
  /** The link names a folder the links go in (`-t`, several targets), not the link itself. */
  intoFolder: boolean;
}

function linkArgs(inv: Invocation): LinkArgs {
  const options: string[] = [];
  const words: Word[] = [];
  let folder: Word | undefined;
  let ended = false;
  for (let i = 0; i < inv.args.length; i++) {
    const w = inv.args[i] as Word;
    const t = optionText(w);
    if (!ended && t === '--') ended = true;
    else if (!ended && t.startsWith('-') && t.length > 1) {
      options.push(t);
      if (VALUED.has(t)) {
        const value = inv.args[++i];
        if ((t === '-t' || t === '--target-directory') && value) folder = value;
      } else if (t.startsWith('--target-directory=')) {
        folder = { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow };
      } else if (/^-t./.test(t)) folder = { text: w.text.slice(2), flow: w.flow };
    } else words.push(w);
  }
  const into = (dir: Word, t: Word): Word => ({
    text: `${dir.text.replace(/\/+$/, '')}/${basename(t.text)}`,
    flow: dir.flow,
  });
  if (folder) return { options, targets: words, links: words.map((t) => into(folder, t)), intoFolder: true };
  if (words.length === 1) {
    const t = words[0] as Word;
    return { options, targets: words, links: [{ text: basename(t.text), flow: t.flow }], intoFolder: false };
  }
  const last = words[words.length - 1];
  const targets = words.slice(0, -1);
  if (!last) return { options, targets: [], links: [], intoFolder: false };
  if (targets.length > 1)
    return { options, targets, links: targets.map((t) => into(last, t)), intoFolder: true };
  return { options, targets, links: [last], intoFolder: false };
}

/** The class of a target, read from each folder it may be relative to; undefined when it is dynamic. */
function targetClass(
  target: Word,
  bases: readonly string[],
  inv: Invocation,
  r: Reporter,
): PathClass | undefined {
  const text = target.text;
  if (text.startsWith(DYN)) return undefined;
  let cls: PathClass | undefined;
  for (const base of bases) {
    const res = resolvePath(text, r.scope, base);
    if (res.resolved === undefined) return undefined;
    cls = cls === undefined ? res.class : stricterClass(cls, res.class);
  }
  return cls ?? resolvePath(text, r.scope, inv.cwd ?? r.scope.cwd).class;
}

export function detectLink(inv: Invocation, r: Reporter): void {
  const { options, targets, links, intoFolder } = linkArgs(inv);
  const symbolic = hasFlag(options, 's', ['--symbolic']);
  const exact = hasFlag(options, 'T', ['--no-target-directory']);
  const cwd = inv.cwd ?? r.scope.cwd;
  targets.forEach((target, i) => {
    const link = links[intoFolder ? i : 0];
    const made = link ? touchPath(link, 'write', inv, r) : undefined;
    const at = made?.resolved;
    // A symbolic target is read from the link's folder; when the link name may be an existing folder, the link
    // goes inside it, so both readings are classed and the stricter wins. A hard link's target is read from cwd.
    let bases = [cwd];
    if (symbolic && !(target.text.startsWith('/') || target.text.startsWith('~'))) {
      if (at === undefined) bases = [];
      else bases = intoFolder || exact ? [parentOf(at)] : [parentOf(at), at];
    }
    const cls = bases.length === 0 ? undefined : targetClass(target, bases, inv, r);
    const kind = symbolic ? 'symbolic link' : 'hard link';
    if (cls === undefined) {
      r.uncertain(
        'dynamic-path',
        `\`ln\` makes a ${kind} to a path known only at run time (${shortPath(target)}): paths through it cannot be classed`,
        inv.segment,
      );
    } else if (cls !== 'workspace' && cls !== 'temp') {
      r.uncertain(
        'dynamic-path',
        `\`ln\` links a ${made?.class ?? 'workspace'} path to ${cls} space (${shortPath(target)}): paths through it cannot be classed`,
        inv.segment,
      );
    }
    r.path(inv.segment, {
      raw: shown(target, 120),
      class: cls ?? 'outside',
      role: 'arg',
    });
  });
}
