/**
 * Process-level guards for a hook run, so that no failure becomes an exit Claude Code or Codex would let
 * through: an uncaught exception or an unhandled rejection exits 2 with a reason on stderr, and a deadline
 * (20 s, below the 30 s timeout `gavel init` installs; `GAVEL_HOOK_DEADLINE_MS` may only lower it) exits 2 if
 * the answer has not been written by then. Touches `process`: surfaces only.
 */

export const DEFAULT_DEADLINE_MS = 20_000;

export function deadlineMs(env: Readonly<Record<string, string | undefined>>): number {
  const raw = Number(env.GAVEL_HOOK_DEADLINE_MS);
  return Number.isFinite(raw) && raw >= 50 ? Math.min(raw, DEFAULT_DEADLINE_MS) : DEFAULT_DEADLINE_MS;
}

/** Installs the guards; returns a function that disarms the deadline once the answer is written. */
export function guardHookProcess(env: Readonly<Record<string, string | undefined>>): () => void {
  const die = (why: string) => {
    try {
      process.stderr.write(`gavel: ${why}; the tool call is blocked\n`);
    } finally {
      process.exit(2);
    }
  };
  process.on('uncaughtException', () => die('internal error'));
  process.on('unhandledRejection', () => die('internal error'));
  const timer = setTimeout(() => die(`no answer within ${deadlineMs(env)} ms`), deadlineMs(env));
  return () => clearTimeout(timer);
}
