/**
 * The shape of one CLI subcommand: its flags, help text, documented exit codes and its run function.
 * A command translates argv/stdin into a call of a capability and prints the answer; it decides nothing.
 */

import type { Clock } from '../../core';

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** Shown in help, e.g. `N` for `-n, --lines N`. */
  valueName?: string;
  /**
   * For a string option whose value is optional: a bare `--name` means `--name=<optionalValue>`, and a
   * value must then be written with `=` (a separate word stays a positional).
   */
  optionalValue?: string;
  description: string;
}

export interface CommandSpec {
  name: string;
  /** One line for the command table. */
  summary: string;
  /** e.g. `gavel log [options]`. */
  usage: string;
  /** Paragraphs after the usage line. */
  description?: string;
  options: Record<string, OptionSpec>;
  /** Names of positional arguments, shown in help; `undefined` means the command takes none. */
  positionals?: { name: string; description: string; multiple?: boolean; optional?: boolean }[];
  /** Exit codes this command can end with (from core EXIT); printed in its help. */
  exits: readonly number[];
  examples?: readonly string[];
  /** Stdout is a protocol another program reads (`gavel hook`): no `--quiet`, nothing but the answer on it. */
  protocolStdout?: boolean;
  run(ctx: CommandContext, args: ParsedArgs): Promise<number>;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export interface Output {
  write(text: string): void;
}

/** Everything a command may touch of the outside world, passed in so tests can hold it. */
export interface CommandContext {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdout: Output;
  stderr: Output;
  /**
   * Reads the whole of standard input as UTF-8, at most `maxBytes` (default 64 MiB): an input that holds
   * more (an endless `/dev/zero`) is cut there and the call rejects with a usage error.
   */
  readStdin(maxBytes?: number): Promise<string>;
  /** True when colour may be used on stdout (a TTY and no NO_COLOR, or FORCE_COLOR). */
  color: boolean;
  /** The terminal's width for help and tables (default 80). */
  columns?: number;
  clock: Clock;
  version: string;
}

/** A registry entry: the summary is known without loading the command's code. */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<CommandSpec>;
}
