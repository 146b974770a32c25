/**
 * bash state that remaps a command name or runs text later: `hash -p`, `BASH_CMDS`/`BASH_ALIASES`, exported
 * functions in the environment (`BASH_FUNC_name%%`), `mapfile`/`readarray -C` callbacks, prompt strings
 * (`PS0`/`PS1`/`PS2`/`PS4`, expanded under xtrace or at a prompt), `PROMPT_COMMAND`, `BASH_ENV`/`ENV`, `enable -f`,
 * keyword mode (`set -k`).
 * Literal text bash will run is analysed as a script; anything else is uncertain. Decides no category itself.
 * Pure apart from reporting.
 */

import { SHELLS } from '../data/wrappers';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { embeddedSubstitutions, type Word } from '../walk/decode-word';
import type { Flow } from '../walk/flow';
import { DYN } from '../walk/markers';

/** Names whose assignment remaps which program a command name runs. */
const REMAPS = /^(BASH_CMDS|BASH_ALIASES)(\[|$)/;
/** Names whose value is a file or function body bash runs when a shell starts or a function is called. */
const STARTUP = /^(BASH_ENV|ENV|BASH_FUNC_.*)$/;
/** Prompt strings: their substitutions run each time bash prints them (`PS4` on every traced command). */
const PROMPTS = /^(PS0|PS1|PS2|PS4)$/;

export interface StateHost {
  uncertain(
    code: 'dynamic-command' | 'dynamic-script',
    reason: string,
    segment?: number,
    kept?: 'kept',
  ): void;
  /** Analyses `text` as a script run where the assignment is. */
  run(text: string): void;
  /** Notes that a production environment was selected (see `productionArguments`). */
  selectProduction(): void;
}

/** A variable assigned (prefix, plain, declared or `env NAME=…`) with its decoded value. */
export function stateAssignment(
  name: string,
  value: { text: string; flow: Flow } | undefined,
  host: StateHost,
): void {
  if (REMAPS.test(name)) {
    host.uncertain(
      'dynamic-command',
      'the command remaps which program a command name runs',
      undefined,
      'kept',
    );
    return;
  }
  if (STARTUP.test(name)) {
    host.uncertain(
      'dynamic-command',
      'the command sets code a shell runs when it starts or calls a function',
      undefined,
      'kept',
    );
    return;
  }
  const text = value?.text ?? '';
  if (selectsProduction(name, text)) host.selectProduction();
  if (name === 'PROMPT_COMMAND') {
    if (text.includes(DYN))
      host.uncertain('dynamic-script', 'the command sets a prompt command built at run time');
    else host.run(text);
  } else if (PROMPTS.test(name)) {
    if (text.includes(DYN))
      host.uncertain('dynamic-script', 'the command sets a prompt string built at run time');
    else for (const inner of embeddedSubstitutions(text)) host.run(inner);
  }
}

/**
 * Variables that pick the environment an application or task runs against (`RAILS_ENV`, `NODE_ENV`, `MIX_ENV`,
 * `APP_ENV`, `FLASK_ENV`, `ENVIRONMENT`, `STAGE`, ...): known inert as names, and a production build
 * (`NODE_ENV=production npm run build`) stays ordinary; a database task or an application console run against
 * production (`rake db:drop`, `rails db:migrate`, `mix ecto.reset`, `manage.py flush`, `rails runner`) changes
 * live data: uncertain.
 */
const ENV_SELECTOR = /^(?:[A-Z][A-Z0-9]*_)?(?:ENV|ENVIRONMENT|STAGE)$/;
const PRODUCTION = /^["']?(?:prod|production|live|prd)(?:[-_.][\w.-]*)?["']?$/i;
const PRODUCTION_REASON = 'the command selects a production environment';

export function selectsProduction(name: string, value: string): boolean {
  return ENV_SELECTOR.test(name) && PRODUCTION.test(value);
}

/** A task word that changes a database or runs application code against it. */
const DATA_TASK =
  /^(?:db|database)(?::|$)|^(?:migrate|migration|migrations|seed|drop|reset|flush|truncate|rollback|upgrade|downgrade|console|runner|dbconsole|shell|c|r)$|:(?:migrate|seed|drop|reset|rollback|setup|purge|truncate|load)(?::|$)|^ecto\.|^(?:migrate|seed):/;

/**
 * `NAME=value` words given as arguments (`rake db:drop RAILS_ENV=production`) select production too; with one
 * selected anywhere in the command, a database task of this invocation is uncertain.
 */
export function productionArguments(inv: Invocation, r: Reporter): void {
  // Runs for every invocation: no array of its words unless production is selected.
  for (const a of inv.args) {
    const w = plain(a);
    if (!w.includes('=')) continue;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(w);
    if (m && selectsProduction(m[1] as string, m[2] as string)) r.production = true;
  }
  if (r.production && inv.args.some((a) => DATA_TASK.test(plain(a))))
    r.uncertain('production-target', PRODUCTION_REASON, inv.segment, 'kept');
}

/** The programs stateBuiltin looks at. */
export const STATE_BUILTIN_PROGRAMS = () => [
  'hash',
  'enable',
  'set',
  'shopt',
  'mapfile',
  'readarray',
  ...SHELLS,
];

/**
 * Does `set` or a shell given these words turn on `allexport` (`-a` alone or in a cluster, `-o allexport`)? A word
 * computed at run time may be any option: it may.
 */
export function allexportMode(args: readonly Word[]): boolean {
  return args.some((w, k) => {
    if (!isLiteral(w)) return true;
    const t = plain(w);
    return /^-[a-zA-Z]*a[a-zA-Z]*$/.test(t) || (t === '-o' && plain(args[k + 1]) === 'allexport');
  });
}

/** Builtins that change bash's state: `hash -p`, `mapfile -C`/`readarray -C`, `enable -f`. */
export function stateBuiltin(inv: Invocation, r: Reporter): void {
  const p = inv.program;
  // A shell's own options come before its script or `-c` text; a later `-a` is that script's argument, taken too.
  if ((p === 'set' || SHELLS.has(p)) && allexportMode(inv.args)) r.allexport = true;
  if (SHELLS.has(p)) return;
  const words = inv.args.map((w) => plain(w));
  if (p === 'hash' && words.some((w) => /^-[a-z]*p/.test(w))) {
    r.uncertain('dynamic-command', '`hash -p` remaps which program a command name runs', inv.segment, 'kept');
  } else if (p === 'enable' && words.some((w) => /^-[a-z]*f/.test(w))) {
    r.uncertain('dynamic-command', '`enable -f` loads a builtin from a shared object', inv.segment, 'kept');
  } else if ((p === 'set' || p === 'shopt') && keywordMode(words)) {
    r.uncertain(
      'dynamic-command',
      'the command turns on keyword mode: later `NAME=value` arguments become environment variables',
      inv.segment,
      'kept',
    );
  } else if (p === 'mapfile' || p === 'readarray') {
    for (let k = 0; k < inv.args.length; k++) {
      const w = words[k] ?? '';
      const value =
        w === '-C'
          ? inv.args[k + 1]
          : /^-C./.test(w)
            ? { ...(inv.args[k] as Invocation['args'][number]), text: w.slice(2) }
            : undefined;
      if (!value) continue;
      if (isLiteral(value)) r.script(plain(value), inv, 'shell-string', `${p} -C`);
      else r.uncertain('dynamic-script', `\`${p} -C\` runs a callback built at run time`, inv.segment);
    }
  }
}

/**
 * `set -k` / `set -o keyword` (also inside a cluster such as `-ek`): bash then reads every `NAME=value` word of a
 * later command as an environment assignment (`git status GIT_CONFIG_PARAMETERS=...`), which no word-level
 * reading of that command sees. `set +k` turns it off and is harmless.
 */
export function keywordMode(words: readonly string[]): boolean {
  return words.some(
    (w, k) => /^-[a-zA-Z]*k[a-zA-Z]*$/.test(w) || ((w === '-o' || w === '--') && words[k + 1] === 'keyword'),
  );
}

/** `${x@P}` expands the value of x as a prompt string: substitutions in it run. */
export const PROMPT_EXPANSION = /\$\{[^}]*@P\}/;
