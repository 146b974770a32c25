/**
 * Positional parameters bound on the command line itself: `sh -c 'TEXT' NAME ARGS...`, `bash FILE ARGS...`,
 * `set -- ARGS...`, `shift N`, a function called with arguments. Their values reach the inner command as the
 * literal words would; a word computed at run time makes its own position and every later one unknown (it may
 * split into any number of words), carrying its taints. Pure (ADR 0049).
 */

import type { Word } from './decode-word';
import { type Flow, joinFlows, NO_FLOW } from './flow';
import { DYN, SPLIT, unprotect } from './markers';

/** `$0` first, then `$1`...; `exact`: false when a word of unknown count ends `words` (what follows is unknown). */
export interface Positional {
  readonly words: readonly Word[];
  readonly exact: boolean;
  /** The taints of the words past `words` when not exact. */
  readonly rest: Flow;
}

const NAME = /^(?:\d+|[@*#])$/;
const DYN_FLOW: Flow = Object.freeze({ sensitive: false, network: false, decoded: false, opaque: true });

/** `$0` as the shell or function gives it and its arguments, as words decoded on the calling line. */
export function bindPositional(zero: Word | undefined, args: readonly Word[]): Positional {
  const words: Word[] = [zero ?? { text: DYN, flow: DYN_FLOW }];
  let rest: Flow = NO_FLOW;
  let exact = true;
  for (const w of args) {
    if (!exact || w.text.includes(DYN)) {
      exact = false;
      rest = joinFlows(rest, w.flow);
    } else words.push(w);
  }
  return { words, exact, rest };
}

/** The value of `$name` when `name` is a positional parameter (`1`, `@`, `*`, `#`) and they are bound. */
export function positionalValue(
  p: Positional | undefined,
  name: string,
): { text: string; flow: Flow } | undefined {
  if (!p || !NAME.test(name)) return undefined;
  const unknown = { text: DYN, flow: { ...p.rest, opaque: true } };
  if (name === '#') return p.exact ? { text: String(p.words.length - 1), flow: NO_FLOW } : unknown;
  if (name === '@' || name === '*') {
    const texts = p.words.slice(1).map((w) => unprotect(w.text));
    if (!p.exact) texts.push(DYN);
    let flow: Flow = p.exact ? NO_FLOW : unknown.flow;
    for (const w of p.words.slice(1)) flow = joinFlows(flow, w.flow);
    // `"$@"` is one word per parameter; `"$*"` one word joined by a space. Unquoted, both split.
    return { text: texts.join(name === '@' ? SPLIT : ' '), flow: { ...flow, literal: undefined } };
  }
  const n = Number(name);
  const w = p.words[n];
  if (w) return { text: unprotect(w.text), flow: w.flow };
  return p.exact ? { text: '', flow: NO_FLOW } : unknown;
}

/**
 * `set [options] [--] ARGS...` replaces the parameters when it names any (`--` alone clears them); options
 * only (`set -e`, `set -o pipefail`) keep them. A word computed at run time among the options: unknown.
 */
export function setPositional(p: Positional | undefined, args: readonly Word[]): Positional | undefined {
  const zero = p?.words[0];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    if (w.text.includes(DYN)) return bindPositional(zero, args.slice(i));
    const t = unprotect(w.text);
    if (t === '--' || t === '-') return bindPositional(zero, args.slice(i + 1));
    if (!/^[-+]/.test(t)) return bindPositional(zero, args.slice(i));
    // `-o NAME`, `-euo pipefail`: the cluster ending in `o` takes the next word.
    if (/^[-+][a-zA-Z]*o$/.test(t)) i++;
  }
  return p;
}

/** `shift [N]`: drops N parameters after `$0`; a count computed at run time leaves them unknown. */
export function shiftPositional(p: Positional | undefined, count: Word | undefined): Positional | undefined {
  if (!p) return p;
  const t = count ? unprotect(count.text) : '1';
  const zero = p.words[0];
  if (!/^\d+$/.test(t)) {
    let flow = p.rest;
    for (const w of p.words.slice(1)) flow = joinFlows(flow, w.flow);
    return { words: zero ? [zero] : [], exact: false, rest: flow };
  }
  const n = Number(t);
  // bash refuses a shift past the end and leaves the parameters as they were.
  if (p.exact && n > p.words.length - 1) return p;
  if (!p.exact && n > p.words.length - 1) return { words: zero ? [zero] : [], exact: false, rest: p.rest };
  return { words: [...(zero ? [zero] : []), ...p.words.slice(1 + n)], exact: p.exact, rest: p.rest };
}

/** Parameters that may be `a` or `b` (a change on a branch or in a loop): `$0` kept, the rest unknown. */
export function unknownPositional(a: Positional, b: Positional): Positional {
  let flow = joinFlows(a.rest, b.rest);
  for (const w of [...a.words.slice(1), ...b.words.slice(1)]) flow = joinFlows(flow, w.flow);
  const zero = a.words[0];
  return { words: zero ? [zero] : [], exact: false, rest: flow };
}
