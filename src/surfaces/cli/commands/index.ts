/**
 * The command registry: name and summary of every subcommand, with its code loaded only when run.
 * Sorted by name; adding a command is one entry here and one file beside this one.
 */

import type { CommandEntry } from '../command';

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'check',
    summary: 'judge one tool call given as JSON (stdin or --file) and print the decision',
    load: async () => (await import('./check-command')).checkCommand,
  },
  {
    name: 'doctor',
    summary: 'say which gavel hooks are installed and what is enforced',
    load: async () => (await import('./doctor-command')).doctorCommand,
  },
  {
    name: 'explain',
    summary: 'show the whole trace of a decision on a shell command',
    load: async () => (await import('./explain-command')).explainCommand,
  },
  {
    name: 'hook',
    summary: 'answer one tool call of an agent harness (claude-code, codex, pi) read on stdin',
    load: async () => (await import('./hook-command')).hookCommand,
  },
  {
    name: 'init',
    summary: 'install the gavel hook into claude-code, codex or pi',
    load: async () => (await import('./init-command')).initCommand,
  },
];
