/**
 * The command registry: name and summary of every subcommand, with its code loaded only when run.
 * Sorted by name; adding a command is one entry here and one file beside this one.
 */

import type { CommandEntry } from '../command';

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'judge',
    summary: 'review agent configuration (skills, CLAUDE.md, rules, MCP and settings) and gate on findings',
    load: async () => (await import('./judge-command')).judgeCommand,
  },
];
