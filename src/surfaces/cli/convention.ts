/**
 * The one CLI convention every command keeps (docs/cli.md), applied by the dispatcher so no command has to:
 * `--format text|json` with `--json` as its alias wherever output is structured (a command that declares one
 * gets the other), and `--quiet` (nothing on stdout; the exit code carries the answer; errors still on
 * stderr) on every command whose stdout is not a protocol. Pure: specs and parsed values in, values out.
 */

import { UsageError } from '../../core';
import type { CommandSpec, OptionSpec, ParsedArgs } from './command';

const JSON_ALIAS: OptionSpec = { type: 'boolean', description: 'same as --format json' };
const TEXT_OR_JSON: OptionSpec = {
  type: 'string',
  valueName: 'text|json',
  description: 'output format (default text; json is the same as --json)',
};
const QUIET: OptionSpec = {
  type: 'boolean',
  short: 'q',
  description: 'print nothing on stdout: the exit code carries the answer (errors still go to stderr)',
};

/** Whether a command's output is structured: it declares `--json` or `--format`. */
export const isStructured = (spec: CommandSpec): boolean =>
  spec.options.json !== undefined || spec.options.format !== undefined;

/** The spec with the convention's options added (for parsing and for help). */
export function withConvention(spec: CommandSpec): CommandSpec {
  const options: Record<string, OptionSpec> = { ...spec.options };
  if (options.json && !options.format) options.format = TEXT_OR_JSON;
  if (options.format && !options.json) options.json = JSON_ALIAS;
  if (!spec.protocolStdout && !options.quiet) options.quiet = QUIET;
  return { ...spec, options };
}

/**
 * Folds `--format`/`--json` into the form the command reads: a command that declared `--json` sees
 * `json: true` for `--format json`; one that declared `--format` sees `format: 'json'` for `--json`.
 */
export function applyConvention(spec: CommandSpec, parsed: ParsedArgs): ParsedArgs {
  const values = { ...parsed.values };
  const format = values.format;
  if (spec.options.json && !spec.options.format) {
    if (format !== undefined) {
      if (format !== 'text' && format !== 'json')
        throw new UsageError(`\`--format\` is text or json, not \`${String(format)}\``);
      if (format === 'text' && values.json === true)
        throw new UsageError('`--json` and `--format text` disagree');
      if (format === 'json') values.json = true;
      delete values.format;
    }
  } else if (spec.options.format && values.json === true) {
    if (format !== undefined && format !== 'json')
      throw new UsageError(`\`--json\` and \`--format ${String(format)}\` disagree`);
    values.format = 'json';
    if (!spec.options.json) delete values.json;
  } else if (spec.options.format && spec.options.json && format === 'json') {
    // A command that declared both reads either: it sees both.
    values.json = true;
  }
  return { values, positionals: parsed.positionals };
}
