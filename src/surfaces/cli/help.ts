/**
 * Help text for gavel and for each subcommand, built from the command specs and the exit-code table.
 * Pure.
 */

import { EXIT_HELP } from '../../core';
import type { CommandEntry, CommandSpec } from './command';

export function renderMainHelp(entries: readonly CommandEntry[], version: string): string {
  const width = Math.max(...entries.map((e) => e.name.length));
  const lines = [
    `gavel ${version}: decides whether an autonomous coding agent may do what it is about to do, and says why.`,
    '',
    'Usage: gavel <command> [options]',
    '       gavel --help | --version',
    '       gavel help <command>',
    '',
    'Commands:',
    ...entries.map((e) => `  ${e.name.padEnd(width)}  ${e.summary}`),
    '',
    'Options:',
    '  -h, --help     show help (for a command: gavel <command> --help)',
    '  -V, --version  print the version',
    '',
    'Exit codes:',
    ...EXIT_HELP.map(([code, text]) => `  ${String(code).padStart(2)}  ${text}`),
    '',
    'Config: gavel.toml at the project root; $XDG_CONFIG_HOME/gavel/config.toml (else ~/.config/gavel/config.toml);',
    'GAVEL_* environment variables. Run `gavel config` to see what is in force and why.',
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

export function renderCommandHelp(spec: CommandSpec): string {
  const options = Object.entries(spec.options).map(
    ([name, o]) => [optionLabel(name, o), o.description] as const,
  );
  options.push(['-h, --help', 'show this help']);
  const width = Math.max(...options.map(([label]) => label.length));
  const lines = [`Usage: ${spec.usage}`, '', spec.summary];
  if (spec.description) lines.push('', spec.description.trimEnd());
  if (spec.positionals?.length) {
    lines.push('', 'Arguments:');
    const pw = Math.max(...spec.positionals.map((p) => p.name.length));
    for (const p of spec.positionals) lines.push(`  ${p.name.padEnd(pw)}  ${p.description}`);
  }
  lines.push('', 'Options:', ...options.map(([label, text]) => `  ${label.padEnd(width)}  ${text}`));
  lines.push('', 'Exit codes:');
  for (const [code, text] of EXIT_HELP)
    if (spec.exits.includes(code)) lines.push(`  ${String(code).padStart(2)}  ${text}`);
  if (spec.examples?.length) lines.push('', 'Examples:', ...spec.examples.map((e) => `  ${e}`));
  lines.push('');
  return lines.join('\n');
}
