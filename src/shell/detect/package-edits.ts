/**
 * Package manifests edited by the manager's own command (`npm pkg set scripts.x='...'`, `npm pkg delete`,
 * `npm set-script x '...'`): the nearest `package.json` is written (so a runner later in the line knows its text
 * changed), and a script value is the shell text a later `npm run` or install runs: analysed now as that text, so a
 * payload written for later is judged as the command it is (as a Write tool's package.json is). Never quotes the
 * value. Pure apart from reporting.
 * INVARIANT: a script value known only at run time, or given as JSON that is not an object of strings, is
 * uncertain, never silently allowed.
 */

import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { touchPath } from './path-effects';

/** The programs packageEdits looks at. */
export const PACKAGE_EDITS_PROGRAMS = () => ['npm', 'pnpm'];

/** A manifest key naming the scripts object or one script (`scripts`, `scripts.test`, `scripts[test]`). */
const SCRIPT_KEY = /^scripts(?:$|[.[])/;

export function packageEdits(inv: Invocation, r: Reporter): void {
  const words = inv.args.map((w) => plain(w));
  const at = words.findIndex((w) => !w.startsWith('-'));
  const sub = words[at];
  let values: Array<{ word: Word; text: string; json: boolean }> = [];
  if (sub === 'pkg' && (words[at + 1] === 'set' || words[at + 1] === 'delete')) {
    const json = words.includes('--json');
    for (const word of inv.args.slice(at + 2)) {
      const text = plain(word);
      if (text.startsWith('-')) continue;
      const eq = text.indexOf('=');
      const key = eq < 0 ? text : text.slice(0, eq);
      if (SCRIPT_KEY.test(key) && eq >= 0) values.push({ word, text: text.slice(eq + 1), json });
    }
  } else if (sub === 'set-script') {
    const word = inv.args[at + 2];
    if (word) values = [{ word, text: plain(word), json: false }];
  } else return;
  touchPath({ text: 'package.json', flow: NO_FLOW }, 'write', inv, r);
  for (const v of values) {
    if (!isLiteral(v.word)) {
      r.uncertain(
        'dynamic-script',
        `\`${inv.program}\` writes a package script built at run time`,
        inv.segment,
      );
      continue;
    }
    for (const text of v.json ? (jsonScripts(v.text) ?? [undefined]) : [v.text]) {
      if (text === undefined)
        r.uncertain(
          'dynamic-script',
          `\`${inv.program}\` writes package scripts gavel cannot read`,
          inv.segment,
        );
      else r.script(text, inv, 'shell-string', `${inv.program} ${sub === 'pkg' ? 'pkg set' : sub}`);
    }
  }
}

/** The script texts of a `--json` value: a string, or an object of strings; undefined for anything else. */
function jsonScripts(text: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'string') return [value];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const all = Object.values(value);
    return all.every((s) => typeof s === 'string') ? (all as string[]) : undefined;
  } catch {
    return undefined;
  }
}
