/**
 * Process exit codes, as data: the CLI help prints this table and every command uses it.
 * Decision codes let a script branch on a verdict without parsing output.
 */

import type { Outcome } from './outcome';

export const EXIT = {
  ok: 0, // success; for a decision: allow / approve
  internal: 1, // a bug or broken I/O inside gavel
  usage: 2, // unknown flag, bad argument, unreadable or malformed input
  configInvalid: 3, // a config file or GAVEL_* variable did not validate
  nothingFound: 4, // judge: no unit to review where one was looked for (never a silent pass)
  deny: 10, // decision: deny / block
  escalate: 11, // decision: escalate (a person must decide)
  flag: 12, // decision: approve_with_flag (proceed, and someone is told why)
} as const;

export type ExitName = keyof typeof EXIT;

export const EXIT_HELP: readonly (readonly [number, string])[] = [
  [EXIT.ok, 'success; a decision that allows (allow / approve)'],
  [EXIT.internal, 'internal error (a bug or broken I/O); nothing was allowed'],
  [EXIT.usage, 'usage error: unknown flag, bad argument, unreadable or malformed input'],
  [EXIT.configInvalid, 'a config file or GAVEL_* variable is invalid (the message names file and key)'],
  [
    EXIT.nothingFound,
    'judge: nothing to review (no skill, agent, command, rule, instruction, MCP or settings file found)',
  ],
  [EXIT.deny, 'decision: deny / block'],
  [EXIT.escalate, 'decision: escalate (a person must decide)'],
  [EXIT.flag, 'decision: approve_with_flag (proceed, and someone is told why)'],
];

/** The exit code a command that printed one decision ends with. */
export function exitForOutcome(outcome: Outcome): number {
  switch (outcome) {
    case 'approve':
      return EXIT.ok;
    case 'approve_with_flag':
      return EXIT.flag;
    case 'escalate':
      return EXIT.escalate;
    case 'block':
      return EXIT.deny;
  }
}
