/**
 * The command registry: name and summary of every subcommand, with its code loaded only when run.
 * Sorted by name; adding a command is one entry here and one file beside this one.
 */

import type { CommandEntry } from '../command';

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'ask',
    summary: 'answer a policy question of an unattended review loop from numbered rules',
    load: async () => (await import('./ask-command')).askCommand,
  },
  {
    name: 'config',
    summary: 'show the config in force, where each value came from, and any notice',
    load: async () => (await import('./config-command')).configCommand,
  },
  {
    name: 'model',
    summary: 'show the model, endpoint, caps and cache gavel would use; --probe tests the endpoint',
    load: async () => (await import('./model-command')).modelCommand,
  },
];
