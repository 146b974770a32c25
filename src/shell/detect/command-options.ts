/**
 * A program given a command in an option's value (`tar --checkpoint-action=exec='sh x.sh'`, `rsync -e 'sh -c …'`,
 * `zip -TT CMD`, `rg --pre PROG`, `man -P PAGER`, `socat - EXEC:cmd`; data/command-options.ts) runs that command:
 * its text is analysed as the shell it is run as, so what it does is found (the floor holds behind the option),
 * and the program is uncertain: the catalogue knows the program, not the command it was handed. A value known to
 * run nothing new (`tar -I zstd`, `rsync -e 'ssh -p 2222'`) is left alone. Pure apart from reporting.
 */

import { COMMAND_OPTIONS, type CommandOption, SOCAT_COMMAND } from '../data/command-options';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';

export const COMMAND_OPTIONS_PROGRAMS = () => [...Object.keys(COMMAND_OPTIONS), 'socat'];

/**
 * Each command-valued option of `inv` with its value word (undefined: none follows). Long options are matched as
 * GNU getopt matches them, by any prefix of five characters or more (`--to-com=` is `--to-command=`: a prefix shared
 * with another option makes the program refuse it, so counting it here only asks more); a one-letter option
 * anywhere in a cluster of flags (`rsync -avze CMD`, `ssh -4oProxyCommand=…`) takes the rest of the word, or the
 * next word when it ends the cluster.
 */
function valued(
  inv: Invocation,
  specs: readonly CommandOption[],
): [string, CommandOption, Word | undefined][] {
  const out: [string, CommandOption, Word | undefined][] = [];
  const attached = (word: Word, at: number): Word => ({ text: word.text.slice(at), flow: word.flow });
  for (let i = 0; i < inv.args.length; i++) {
    const word = inv.args[i] as Word;
    const t = optionText(word);
    if (t === '--') break;
    for (const spec of specs) {
      for (const name of spec.names) {
        if (name.startsWith('--')) {
          const eq = t.indexOf('=');
          const given = eq < 0 ? t : t.slice(0, eq);
          if (!given.startsWith('--') || given.length < 5 || !name.startsWith(given)) continue;
          if (eq >= 0) out.push([name, spec, attached(word, word.text.indexOf('=') + 1)]);
          else if (!spec.attachedOnly) out.push([name, spec, inv.args[i + 1]]);
          continue;
        }
        if (t === name) {
          if (!spec.attachedOnly) out.push([name, spec, inv.args[i + 1]]);
          continue;
        }
        if (name.length !== 2 || !/^-[A-Za-z0-9]/.test(t) || t.startsWith('--')) continue;
        const at = t.indexOf(name[1] as string, 1);
        // Only flags before it in the cluster (letters and digits): `-avze`, `-4o`.
        if (at < 1 || !/^[A-Za-z0-9]*$/.test(t.slice(1, at))) continue;
        if (at === t.length - 1) {
          if (!spec.attachedOnly) out.push([name, spec, inv.args[i + 1]]);
        } else out.push([name, spec, attached(word, word.text.indexOf(name[1] as string, 1) + 1)]);
      }
    }
  }
  return out;
}

export function commandOptions(inv: Invocation, r: Reporter): void {
  const runs = (what: string, value: Word | undefined) => {
    r.uncertain(
      'dynamic-command',
      `\`${inv.program} ${what}\` runs a command given in its value`,
      inv.segment,
    );
    if (value === undefined || !isLiteral(value)) return;
    r.script(plain(value), inv, 'shell-string', `${inv.program} ${what} (the command it runs)`);
  };
  if (inv.program === 'socat') {
    for (const w of inv.args) {
      const m = SOCAT_COMMAND.exec(plain(w));
      if (m) runs(plain(w).slice(0, plain(w).indexOf(':')).toUpperCase(), { text: m[1] ?? '', flow: w.flow });
    }
    return;
  }
  const specs = COMMAND_OPTIONS[inv.program];
  if (!specs) return;
  for (const [name, spec, value] of valued(inv, specs)) {
    const text = value === undefined ? undefined : plain(value);
    if (text !== undefined && isLiteral(value)) {
      if (spec.prefix) {
        const m = spec.prefix.exec(text);
        if (!m) continue;
        runs(name, { text: text.slice(m[0].length), flow: (value as Word).flow });
        continue;
      }
      if (spec.inert?.test(text.trim())) continue;
    } else if (spec.prefix) {
      // A value known only at run time may be a command: `-o "$OPT"`.
      runs(name, undefined);
      continue;
    }
    runs(name, value);
  }
}
