/**
 * Tests only: one shell command judged as a hook judges it, through the runtime the hook loads (the real reader, the
 * bundled policy, the user's config from `env`), in the folder `cwd`.
 */
import { checkWithTrace } from '../../../check';
import { parseRequest, type RequestDefaults } from '../../../check/request/parse-request';
import { fixedClock } from '../../../core';
import { loadRuntime } from '../load-runtime';

export async function runtimeVerdict(
  cwd: string,
  env: Record<string, string | undefined>,
  command: string,
  inspect?: (defaults: RequestDefaults) => void,
): Promise<string> {
  return (await runtimeDecision(cwd, env, command, inspect)).verdict;
}

/** The whole decision (verdict, reason), as `runtimeVerdict` reaches it. */
export async function runtimeDecision(
  cwd: string,
  env: Record<string, string | undefined>,
  command: string,
  inspect?: (defaults: RequestDefaults) => void,
): Promise<{ verdict: string; reason: string }> {
  const runtime = await loadRuntime({ cwd, env, clock: fixedClock('2026-12-07T00:00:00Z') });
  if (!runtime.ok) throw new Error(runtime.problem);
  inspect?.(runtime.defaults);
  const parsed = parseRequest({ tool: 'shell', input: { command }, cwd }, runtime.defaults);
  if (!parsed.ok) throw new Error(parsed.problem);
  const request = parsed.requests[0];
  if (!request) throw new Error('no request');
  return (await checkWithTrace(request, runtime.deps)).decision;
}
