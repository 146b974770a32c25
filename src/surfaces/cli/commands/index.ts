/**
 * The command registry: name and summary of every subcommand, with its code loaded only when run.
 * Sorted by name; adding a command is one entry here and one file beside this one.
 */

import type { CommandEntry } from '../command';

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'log',
    summary: 'show the last decisions from the audit log, as a table or --json',
    load: async () => (await import('./log-command')).logCommand,
  },
];
