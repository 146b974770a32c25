/**
 * Composer's scripts (composer.json "scripts"): `composer <script>`, `composer run-script x` / `run x`, and the
 * event scripts its own commands fire (`install`, `update`, `require`, `remove`, `dump-autoload`, ...). Each
 * entry is analysed as the shell it is, with composer's references expanded: `@php args` runs php, `@composer
 * args` runs composer, `@other` runs that script (bounded), `@putenv` sets a variable. A PHP callback
 * (`Vendor\\Class::method`) runs PHP code gavel does not follow: uncertain. `--no-scripts` runs none. Pure
 * apart from the injected reader and reporting; never quotes the file.
 * INVARIANT: a composer.json that cannot be read or parsed, a script named at run time or a callback is
 * uncertain, never silently allowed.
 */

import { isRecord } from '../../core';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { runFileText } from './disk-scripts';
import { inFolder, projectFile } from './project-file';

/** Callbacks of frameworks' and composer's own that every project of theirs carries. */
const KNOWN_CALLBACKS = new Set([
  'Illuminate\\Foundation\\ComposerScripts::postAutoloadDump',
  'Illuminate\\Foundation\\ComposerScripts::postInstall',
  'Illuminate\\Foundation\\ComposerScripts::postUpdate',
  'Composer\\Config::disableProcessTimeout',
]);

/** Composer's own commands (and the event scripts each fires); any other first word names a script. */
const INSTALL_EVENTS = [
  'pre-install-cmd',
  'post-install-cmd',
  'pre-autoload-dump',
  'post-autoload-dump',
  'pre-operations-exec',
];
const UPDATE_EVENTS = [
  'pre-update-cmd',
  'post-update-cmd',
  'pre-autoload-dump',
  'post-autoload-dump',
  'pre-operations-exec',
];
const EVENTS: Readonly<Record<string, readonly string[]>> = {
  install: INSTALL_EVENTS,
  i: INSTALL_EVENTS,
  update: UPDATE_EVENTS,
  u: UPDATE_EVENTS,
  upgrade: UPDATE_EVENTS,
  require: UPDATE_EVENTS,
  r: UPDATE_EVENTS,
  remove: UPDATE_EVENTS,
  rm: UPDATE_EVENTS,
  reinstall: INSTALL_EVENTS,
  'dump-autoload': ['pre-autoload-dump', 'post-autoload-dump'],
  dumpautoload: ['pre-autoload-dump', 'post-autoload-dump'],
  status: ['pre-status-cmd', 'post-status-cmd'],
  archive: ['pre-archive-cmd', 'post-archive-cmd'],
};
const BUILTINS = new Set(
  `about archive audit browse home bump check-platform-reqs clear-cache clearcache cc config create-project depends
  why diagnose dump-autoload dumpautoload exec fund global help init install i licenses list outdated prohibits
  why-not reinstall remove rm require r run-script run search self-update selfupdate show info status suggests
  update u upgrade validate`
    .split(/\s+/)
    .filter(Boolean),
);
/** Options that take a value (so the word after is not the command). */
const VALUES = /^(-d|--working-dir)$/;

/** Scripts expanded per command (`@other` chains). */
const MAX_SCRIPTS = 64;

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

export function composerScripts(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'composer' || inv.cwd === undefined) return;
  const args = inv.args;
  let k = 0;
  while (k < args.length && plain(args[k]).startsWith('-')) k += VALUES.test(plain(args[k])) ? 2 : 1;
  const first = args[k];
  if (!first) return;
  if (!isLiteral(first)) {
    say(inv, r, 'runs a command or script named at run time');
    return;
  }
  const command = plain(first);
  // A folder given by -d/--working-dir is judged by runner-options (outside the workspace: uncertain).
  if (args.some((a) => /^(-d|--working-dir)(=|$)/.test(plain(a)))) return;
  const noScripts = args.some((a) => plain(a) === '--no-scripts');
  let names: string[];
  let extra = '';
  if (command === 'run-script' || command === 'run') {
    const rest = args.slice(k + 1).filter((a) => !plain(a).startsWith('-'));
    const name = rest[0];
    if (!name) return;
    if (!isLiteral(name)) {
      say(inv, r, 'runs a script named at run time');
      return;
    }
    names = [plain(name)];
    extra = passed(args.slice(args.indexOf(name) + 1));
  } else if (EVENTS[command]) {
    if (noScripts) return;
    names = [...(EVENTS[command] ?? [])];
  } else if (!BUILTINS.has(command)) {
    names = [command];
    extra = passed(args.slice(k + 1));
  } else return;
  const file = projectFile(inFolder(inv.cwd, 'composer.json'), inv, r);
  if (file.kind !== 'text') return;
  let scripts: Record<string, unknown>;
  try {
    const json: unknown = JSON.parse(file.text);
    const s = isRecord(json) ? (json.scripts ?? {}) : undefined;
    if (!isRecord(s)) throw new Error('scripts');
    scripts = s;
  } catch {
    say(inv, r, 'reads a composer.json that does not parse: what it runs is uncertain');
    return;
  }
  const lines: string[] = [];
  const seen = new Set<string>();
  const expand = (name: string, tail: string): boolean => {
    if (seen.has(name)) return true;
    seen.add(name);
    if (seen.size > MAX_SCRIPTS) {
      say(inv, r, 'chains more scripts than one review follows');
      return false;
    }
    const value = scripts[name];
    if (value === undefined) return true;
    const entries = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
    if (!entries || entries.some((e) => typeof e !== 'string')) {
      say(inv, r, 'reads a composer script gavel cannot follow');
      return false;
    }
    for (const entry of entries as string[]) {
      const text = entry.trim();
      if (/^[A-Za-z_\\][\w\\]*::\w+$/.test(text)) {
        // A framework's own install hooks (Laravel's autoload dump, composer's process timeout) are the installed
        // framework's code, run as any install runs it; any other callback is code gavel does not follow.
        if (KNOWN_CALLBACKS.has(text.replace(/^\\/, ''))) continue;
        say(inv, r, 'runs a PHP callback from composer.json: code gavel does not follow');
        return false;
      }
      const ref = /^@(\S+)\s*([\s\S]*)$/.exec(text);
      if (!ref) {
        lines.push(`${text}${tail}`);
        continue;
      }
      const [, what = '', rest = ''] = ref;
      if (what === 'php' || what === 'composer') lines.push(`${what} ${rest}${tail}`);
      else if (what === 'putenv') lines.push(`export ${rest}`);
      else if (!expand(what, rest === '' ? '' : ` ${rest}`)) return false;
    }
    return true;
  };
  for (const name of names) if (!expand(name, name === names[0] ? extra : '')) return;
  if (lines.length > 0)
    runFileText(lines.map((l) => `(\n${l}\n)`).join('\n'), inv, r, `${inv.program}${SCRIPT_FILE_WRAPPER}`);
}

/** Arguments composer passes on to the script (the words after the name), single-quoted; computed ones dynamic. */
function passed(words: readonly Word[]): string {
  const out = words
    .filter((w) => !['--', '--no-dev', '--dev'].includes(plain(w)))
    .map((w) => (isLiteral(w) ? `'${plain(w).replaceAll("'", "'\\''")}'` : '"$composer_arg"'));
  return out.length === 0 ? '' : ` ${out.join(' ')}`;
}
