/**
 * Help text for gavel and for each subcommand, built from the command specs and the exit-code table, wrapped
 * to the terminal's width (prose and option descriptions; a line that starts with a space is preformatted and
 * kept, and so are examples, which are meant to be copied). Pure.
 */

import { EXIT_HELP } from '../../core';
import type { CommandEntry, CommandSpec } from './command';

/** The narrowest width help is wrapped to, whatever the terminal says. */
const MIN_WIDTH = 40;

/** Words of `text` in lines of at most `width` characters (a longer word stands alone), the first after `first`. */
export function wrapLine(text: string, width: number, indent = 0): string[] {
  const room = Math.max(width - indent, 20);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= room) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : `${' '.repeat(indent)}${l}`));
}

/** A block of prose: each line wrapped on its own; a line that starts with whitespace is kept as written. */
export function wrapText(text: string, width: number): string[] {
  return text.split('\n').flatMap((l) => (l === '' || /^\s/.test(l) ? [l] : wrapLine(l, width)));
}

/** `label` and `text` in two columns, `text` wrapped under itself. */
function twoColumns(label: string, labelWidth: number, text: string, width: number): string[] {
  const indent = 2 + labelWidth + 2;
  return wrapLine(text, width, indent).map((l, i) => (i === 0 ? `  ${label.padEnd(labelWidth)}  ${l}` : l));
}

export function renderMainHelp(entries: readonly CommandEntry[], version: string, columns = 80): string {
  const cols = Math.max(columns, MIN_WIDTH);
  const width = Math.max(...entries.map((e) => e.name.length));
  const lines = [
    `gavel ${version}: decides whether an autonomous coding agent may do what it is about to do, and says why.`,
    '',
    'Usage: gavel <command> [options]',
    '       gavel --help | --version',
    '       gavel help <command>',
    '',
    'Commands:',
    ...entries.flatMap((e) => twoColumns(e.name, width, e.summary, cols)),
    '',
    'Options:',
    '  -h, --help     show help (for a command: gavel <command> --help)',
    '  -V, --version  print the version',
    '',
    'Exit codes:',
    ...EXIT_HELP.map(([code, text]) => `  ${String(code).padStart(2)}  ${text}`),
    '',
    ...wrapText(
      'Config: gavel.toml at the project root; $XDG_CONFIG_HOME/gavel/config.toml (else ~/.config/gavel/config.toml); GAVEL_* environment variables. Run `gavel config` to see what is in force and why.',
      cols,
    ),
    '',
  ];
  return lines.join('\n');
}

function optionLabel(name: string, spec: CommandSpec['options'][string]): string {
  const short = spec.short ? `-${spec.short}, ` : '    ';
  const value =
    spec.type !== 'string'
      ? ''
      : spec.optionalValue !== undefined
        ? `[=${spec.valueName ?? 'VALUE'}]`
        : ` ${spec.valueName ?? 'VALUE'}`;
  return `${short}--${name}${value}`;
}

export function renderCommandHelp(spec: CommandSpec, columns = 80): string {
  const cols = Math.max(columns, MIN_WIDTH);
  const options = Object.entries(spec.options).map(
    ([name, o]) => [optionLabel(name, o), o.description] as const,
  );
  options.push(['-h, --help', 'show this help']);
  const width = Math.max(...options.map(([label]) => label.length));
  const lines = [`Usage: ${spec.usage}`, '', ...wrapText(spec.summary, cols)];
  if (spec.description) lines.push('', ...wrapText(spec.description.trimEnd(), cols));
  if (spec.positionals?.length) {
    lines.push('', 'Arguments:');
    const pw = Math.max(...spec.positionals.map((p) => p.name.length));
    for (const p of spec.positionals) lines.push(...twoColumns(p.name, pw, p.description, cols));
  }
  lines.push('', 'Options:', ...options.flatMap(([label, text]) => twoColumns(label, width, text, cols)));
  lines.push('', 'Exit codes:');
  for (const [code, text] of EXIT_HELP)
    if (spec.exits.includes(code)) lines.push(`  ${String(code).padStart(2)}  ${text}`);
  if (spec.examples?.length) lines.push('', 'Examples:', ...spec.examples.map((e) => `  ${e}`));
  lines.push('');
  return lines.join('\n');
}
