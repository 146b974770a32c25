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

/** Each command-valued option of `inv` with its value word (undefined: none follows). */
function valued(
  inv: Invocation,
  specs: readonly CommandOption[],
): [string, CommandOption, Word | undefined][] {
  const out: [string, CommandOption, Word | undefined][] = [];
  for (let i = 0; i < inv.args.length; i++) {
    const word = inv.args[i] as Word;
    const t = optionText(word);
    if (t === '--') break;
    for (const spec of specs) {
      for (const name of spec.names) {
        const long = name.startsWith('--');
        if (t === name) {
          if (!spec.attachedOnly) out.push([name, spec, inv.args[i + 1]]);
        } else if (long ? t.startsWith(`${name}=`) : name.length === 2 && t.startsWith(name) && t.length > 2)
          out.push([
            name,
            spec,
            { text: word.text.slice(word.text.indexOf(long ? '=' : name) + (long ? 1 : 2)), flow: word.flow },
          ]);
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
