/**
 * `--listen HOST:PORT` read and judged: the host and port to bind, and whether the host is loopback (the only
 * place `gavel serve` listens without a token). Pure.
 */

export const DEFAULT_LISTEN = '127.0.0.1:8787';

export type ListenAddress = { ok: true; host: string; port: number } | { ok: false; problem: string };

export function parseListen(text: string): ListenAddress {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s[\]]+)):(\d{1,5})$/.exec(text.trim());
  const port = Number(m?.[3]);
  if (!m || !Number.isInteger(port) || port > 65535)
    return {
      ok: false,
      problem: `\`--listen ${text}\` must be HOST:PORT (e.g. \`127.0.0.1:8787\`, \`[::1]:8787\`)`,
    };
  return { ok: true, host: (m[1] ?? m[2]) as string, port };
}

/** Loopback only by address: a name other than `localhost` could resolve anywhere. */
export function isLoopback(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
