/**
 * The command registry: name and summary of every subcommand, with its code loaded only when run.
 * Sorted by name; adding a command is one entry here and one file beside this one.
 */

import type { CommandEntry } from '../command';

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'route',
    summary: 'route a change (a git range) to approve, approve_with_flag, escalate or block',
    load: async () => (await import('./route-command')).routeCommand,
  },
];
