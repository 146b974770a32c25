/**
 * Pagers and help viewers that run a command: `!cmd` typed into less, more or the pager man and `git help` open
 * runs a shell. Given input that is not their content (a here-string, here-doc, `<` file or pipe while they show a
 * file: `more README.md <<< '!sh'`, `git -p help config <<< '!sh'`), that input is read as pager commands. A
 * manual page or git's help opens a pager wherever a terminal is attached, which gavel cannot see: unknown unless
 * the pager is set (`man -P cat`, `--pager=cat`, a pager variable judged by its value elsewhere) or nothing is
 * paged (`man -k`, `-f`, `-w`). Nor does one open when standard output is not a terminal: man-db, mandoc and git
 * start their pager only when `isatty(1)` holds, and print plain text into a pipe, a command substitution or a
 * file (`man git-rebase | head -40`, `git help log > log.txt`). Output sent where a terminal may be (`>/dev/tty`,
 * `>&2`, a computed target) is still the terminal. Pure apart from reporting.
 */

import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';

const PAGERS = new Set(['less', 'more', 'most', 'pg']);
const PAGER_VARIABLES = ['PAGER', 'MANPAGER', 'GIT_PAGER', 'LESSOPEN', 'LESSCLOSE'];

/** Text on standard input that is not what the pager shows. */
function givenInput(inv: Invocation): boolean {
  return (
    inv.redirects.some((x) => x.op.startsWith('<')) ||
    inv.stdin.literal !== undefined ||
    inv.stdin.opaque === true
  );
}

/** Targets that may be the terminal: the terminal itself, the standard streams, descriptors. */
const MAYBE_TERMINAL = /^\/(dev\/(tty|console|stdout|stderr|fd\/|pts\/)|proc\/)/;

/**
 * Does standard output of `inv` surely not reach a terminal? Redirects of descriptor 1 in order: a plain file
 * ends it there; a duplicate (`>&2`), a terminal-like or computed target may be the terminal.
 */
function outputNotTerminal(inv: Invocation, r: Reporter): boolean {
  let terminal = !r.stdoutPiped(inv);
  for (const x of inv.redirects) {
    const fd = x.fd ?? (x.op.startsWith('<') ? '0' : '1');
    if (fd !== '1' && !x.op.startsWith('&')) continue;
    if (x.op.startsWith('<')) continue;
    const target = plain(x.target);
    if (/^>&$/.test(x.op) || !isLiteral(x.target) || MAYBE_TERMINAL.test(target)) terminal = true;
    else if (/^(>|>>|>\||&>|&>>)$/.test(x.op)) terminal = false;
    else terminal = true;
  }
  return !terminal;
}

const say = (inv: Invocation, r: Reporter, what: string) =>
  r.uncertain('dynamic-command', `\`${inv.program}\` ${what}, where \`!\` runs a shell`, inv.segment);

/** less, more, man: called for every invocation. */
export function pagerEscape(inv: Invocation, r: Reporter): void {
  const p = inv.program;
  if (PAGERS.has(p)) {
    const files = inv.args.filter((w) => !plain(w).startsWith('-') && !plain(w).startsWith('+'));
    if (files.length > 0 && givenInput(inv)) say(inv, r, 'reads pager commands from the input it is given');
    return;
  }
  if (p !== 'man') return;
  if (PAGER_VARIABLES.some((v) => r.assignedNames.has(v))) return;
  const opts = inv.args.map((w) => optionText(w));
  if (
    opts.some(
      (t) =>
        /^(-[kfwWK]|--(apropos|whatis|where|where-cat|path|location|global-apropos)|-P|--pager(=.*)?|-[a-zA-Z]*[tTHZ])$/.test(
          t,
        ) || /^-P./.test(t),
    )
  )
    return;
  if (!opts.some((t) => !t.startsWith('-'))) return;
  if (outputNotTerminal(inv, r)) return;
  say(
    inv,
    r,
    givenInput(inv) ? 'reads pager commands from the input it is given' : 'shows a page in a pager',
  );
}

/** `git help x`, `git -p ...`, `git --paginate ...`: git's pager, or the manual page viewer. */
export function gitPagerEscape(inv: Invocation, r: Reporter, sub: string, global: readonly string[]): void {
  if (PAGER_VARIABLES.some((v) => r.assignedNames.has(v))) return;
  if (outputNotTerminal(inv, r)) return;
  const paged = global.some((t) => t === '-p' || t === '--paginate');
  if (paged && givenInput(inv)) {
    say(inv, r, 'pages its output (`-p`) and reads pager commands from the input it is given');
    return;
  }
  if (sub !== 'help') return;
  const rest = inv.args.map((w) => optionText(w));
  const at = rest.indexOf('help');
  const after = rest.slice(at + 1);
  // `git help -a`/`-g` list commands; a topic opens its manual page (`-w`: a browser, `-i`: info).
  if (!after.some((t) => !t.startsWith('-'))) return;
  say(
    inv,
    r,
    givenInput(inv)
      ? 'opens a manual page and reads pager commands from its input'
      : 'opens a manual page in a pager',
  );
}
