/**
 * How long a hook call may take before it is blocked: 20 s, below the 30 s timeout `gavel init` installs;
 * `GAVEL_HOOK_DEADLINE_MS` may only lower it. Pure; the watchdog that enforces it is the hook surface's
 * (src/surfaces/harness/watchdog.ts).
 */

export const DEFAULT_DEADLINE_MS = 20_000;

export function deadlineMs(env: Readonly<Record<string, string | undefined>>): number {
  const raw = Number(env.GAVEL_HOOK_DEADLINE_MS);
  return Number.isFinite(raw) && raw >= 50 ? Math.min(raw, DEFAULT_DEADLINE_MS) : DEFAULT_DEADLINE_MS;
}
