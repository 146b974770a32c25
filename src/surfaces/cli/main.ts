/**
 * The CLI: parses argv, dispatches to one subcommand, and turns errors into one line and an exit code.
 * Decides nothing itself. Unknown flags and bad input end with EXIT.usage; a bug ends with
 * EXIT.internal and never prints a stack unless GAVEL_DEBUG=1.
 */

import { parseArgs } from 'node:util';
import { EXIT, GavelError, UsageError } from '../../core';
import type { CommandContext, CommandEntry, CommandSpec, ParsedArgs } from './command';
import { COMMANDS } from './commands';
import { applyConvention, withConvention } from './convention';
import { didYouMean } from './did-you-mean';
import { renderCommandHelp, renderMainHelp } from './help';

/** `commands` defaults to the registry; tests pass their own so the framework is tested apart from it. */
export async function main(
  argv: readonly string[],
  ctx: CommandContext,
  commands: readonly CommandEntry[] = COMMANDS,
): Promise<number> {
  const [first, ...rest] = argv;
  const width = ctx.columns ?? 80;
  if (first === undefined || first === '-h' || first === '--help') {
    ctx.stdout.write(renderMainHelp(commands, ctx.version, width));
    return first === undefined ? EXIT.usage : EXIT.ok;
  }
  if (first === '-V' || first === '--version') {
    ctx.stdout.write(`${ctx.version}\n`);
    return EXIT.ok;
  }
  if (first === 'help') {
    const target = rest[0];
    if (target === undefined) {
      ctx.stdout.write(renderMainHelp(commands, ctx.version, width));
      return EXIT.ok;
    }
    const entry = commands.find((c) => c.name === target);
    if (!entry) return usageError(ctx, 'gavel', unknownCommand(target, commands));
    ctx.stdout.write(renderCommandHelp(withConvention(await entry.load()), width));
    return EXIT.ok;
  }
  if (first.startsWith('-')) return usageError(ctx, 'gavel', `unknown option \`${first}\``);
  const entry = commands.find((c) => c.name === first);
  if (!entry) return usageError(ctx, 'gavel', unknownCommand(first, commands));
  const declared = await entry.load();
  const spec = withConvention(declared);
  let parsed: ParsedArgs;
  try {
    parsed = parseCommandArgs(spec, rest);
    if (parsed.values.help !== true) parsed = applyConvention(declared, parsed);
  } catch (error) {
    return usageError(ctx, `gavel ${spec.name}`, describe(error));
  }
  if (parsed.values.help === true) {
    ctx.stdout.write(renderCommandHelp(spec, width));
    return EXIT.ok;
  }
  // --quiet: the command runs as ever, its stdout goes nowhere; errors and notices still reach stderr.
  const runCtx: CommandContext =
    parsed.values.quiet === true ? { ...ctx, stdout: { write: () => undefined } } : ctx;
  try {
    return await spec.run(runCtx, parsed);
  } catch (error) {
    if (error instanceof UsageError) return usageError(ctx, `gavel ${spec.name}`, error.message);
    const message = error instanceof GavelError ? error.message : 'internal error';
    ctx.stderr.write(`gavel ${spec.name}: ${visible(message)}\n`);
    if (ctx.env.GAVEL_DEBUG === '1' && error instanceof Error && error.stack)
      ctx.stderr.write(`${error.stack}\n`);
    return EXIT.internal;
  }
}

export function parseCommandArgs(spec: CommandSpec, args: readonly string[]): ParsedArgs {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const [name, o] of Object.entries(spec.options)) {
    options[name] = {
      type: o.type,
      ...(o.short ? { short: o.short } : {}),
      ...(o.multiple ? { multiple: true } : {}),
    };
  }
  // Options with an optional value: a bare `--name` becomes `--name=<default>` (see OptionSpec.optionalValue).
  const expanded = args.map((arg) => {
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    const o = name === undefined ? undefined : spec.options[name];
    return o?.optionalValue !== undefined ? `--${name}=${o.optionalValue}` : arg;
  });
  // No argument looks like an option (`gavel hook claude-code`): all are positionals, as parseArgs would say,
  // without loading node:util's parser (~0.6 ms of every hook call; docs/decisions/0018-hook-bundle.md).
  const { values, positionals } = expanded.every((arg) => !arg.startsWith('-'))
    ? { values: Object.create(null) as Record<string, never>, positionals: [...expanded] }
    : parseArgs({ args: expanded, options, strict: true, allowPositionals: true });
  if (values.help !== true) {
    const allowed = spec.positionals ?? [];
    const many = allowed.some((p) => p.multiple);
    if (!many && positionals.length > allowed.length) {
      throw new UsageError(`unexpected argument \`${positionals[allowed.length]}\``);
    }
    // A list (`multiple`) that is not optional needs at least one value.
    const required = allowed.filter((p) => !p.optional).length;
    if (positionals.length < required)
      throw new UsageError(`missing argument ${allowed[positionals.length]?.name}`);
  }
  return { values: values as ParsedArgs['values'], positionals };
}

function describe(error: unknown): string {
  if (error instanceof UsageError) return error.message;
  if (error instanceof Error && 'code' in error) {
    // node:util parseArgs errors: keep the message, which names the flag, and drop its advice text.
    // Some messages go on over several lines (`argument is ambiguous.\nDid you forget...`): keep the first.
    const first = error.message.split(/\.\s/)[0] ?? 'invalid arguments';
    return (first.charAt(0).toLowerCase() + first.slice(1)).replace(/'/g, '`');
  }
  return 'invalid arguments';
}

function unknownCommand(name: string, commands: readonly CommandEntry[]): string {
  const near = didYouMean(
    name,
    commands.map((c) => c.name),
  );
  return `unknown command \`${name}\`${near ? ` (did you mean \`${near}\`?)` : ''}`;
}

function usageError(ctx: CommandContext, who: string, message: string): number {
  const helpHint = who === 'gavel' ? 'gavel --help' : `${who} --help`;
  ctx.stderr.write(`${who}: ${visible(message)} (see \`${helpHint}\`)\n`);
  return EXIT.usage;
}

/** Control characters from argv (a newline, a terminal escape) are shown escaped: an error stays one line. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

function visible(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
