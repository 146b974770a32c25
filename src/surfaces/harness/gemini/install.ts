/**
 * How gavel's hook sits in Gemini CLI's settings: one matcher group under `hooks.BeforeTool` matching every
 * tool, a command hook named `gavel` with a timeout in milliseconds above gavel's own deadline. Gemini lets a
 * call through when a hook exits 0 or 1 with no JSON, or dies with no output, so the command prints a deny and
 * exits 2 whenever gavel failed without a block of its own (a gavel that cannot start, or was killed). Pure data.
 */

import { hookCommandLine, shellQuote } from '../install/install-hook';
import type { EntryHookSpec } from '../install/install-hook-entries';

/** Milliseconds; above gavel's 20 s deadline, below Gemini's 60 s default. */
export const GEMINI_HOOK_TIMEOUT_MS = 30_000;

const FALLBACK = JSON.stringify({ decision: 'deny', reason: 'gavel did not answer; the call is blocked' });

export const geminiInstallSpec: EntryHookSpec = {
  harness: 'gemini',
  events: ['BeforeTool'],
  entry: (command) => ({
    matcher: '.*',
    hooks: [{ type: 'command', name: 'gavel', command, timeout: GEMINI_HOOK_TIMEOUT_MS }],
  }),
  // Exit 2 from gavel is a block whose reason is on stderr, which Gemini reads as a deny; any other failure
  // prints the fallback deny on stdout.
  commandLine: (harness, gavelRoot) =>
    `${hookCommandLine(harness, gavelRoot).replace(/ \|\| exit 2$/, '')} || { s=$?; [ "$s" = 2 ] || echo ${shellQuote(FALLBACK)}; exit 2; }`,
};
