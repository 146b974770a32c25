/**
 * Terminal styling: colour only on a TTY, never with NO_COLOR set (any value, as no-color.org says).
 * FORCE_COLOR (any value but `0`) asks for colour off a terminal too; `FORCE_COLOR=0` turns it off; NO_COLOR wins
 * over both (docs/cli.md).
 */

export function colorAllowed(
  isTTY: boolean | undefined,
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0';
  if (env.TERM === 'dumb') return false;
  return isTTY === true;
}

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

const ANSI: Style = {
  bold: wrap(1, 22),
  dim: wrap(2, 22),
  red: wrap(31, 39),
  yellow: wrap(33, 39),
  green: wrap(32, 39),
};

const PLAIN: Style = {
  bold: (t) => t,
  dim: (t) => t,
  red: (t) => t,
  yellow: (t) => t,
  green: (t) => t,
};

export function style(color: boolean): Style {
  return color ? ANSI : PLAIN;
}
