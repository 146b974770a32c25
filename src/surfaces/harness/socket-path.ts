/**
 * Where the hook socket of `gavel serve --socket` lives (ADR 0040): a folder of the user's own, mode 0700
 * (`$GAVEL_SOCKET_DIR`, else `$XDG_RUNTIME_DIR/gavel`, else `/tmp/gavel-<uid>`), holding per build
 * `hook-<first 16 hex of the build id>.sock` and `.key` (the secret a client proves its uid with). Shared by
 * the server and the hook's thin client, which imports nothing else: paths only, reads nothing.
 */

export interface SocketPaths {
  dir: string;
  socket: string;
  key: string;
}

export function socketDir(env: Readonly<Record<string, string | undefined>>, uid: number): string {
  const own = env.GAVEL_SOCKET_DIR;
  if (own?.startsWith('/')) return own;
  const run = env.XDG_RUNTIME_DIR;
  if (run?.startsWith('/')) return `${run.replace(/\/+$/, '')}/gavel`;
  return `/tmp/gavel-${uid}`;
}

export function socketPaths(dir: string, buildId: string): SocketPaths {
  const name = `hook-${buildId.slice(0, 16)}`;
  return { dir, socket: `${dir}/${name}.sock`, key: `${dir}/${name}.key` };
}

/** One request on the socket: a JSON line. */
export interface SocketFrame {
  v: 1;
  /** The secret of the `.key` file, which only its owner can read. */
  key: string;
  build: string;
  harness: string;
  cwd: string;
  env: Record<string, string>;
  stdin: string;
}

/** One answer: the hook's reply, or a refusal (`ok: false`) after which the hook decides in its own process. */
export type SocketAnswer =
  | { v: 1; ok: true; exitCode: number; stdout: string; stderr: string }
  | { v: 1; ok: false };

/** The largest frame either side reads (a hook's stdin is bounded the same way). */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024 + 1024 * 1024;

/** A JSON object read from a frame or an answer, or undefined for anything else (never throws). */
export function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
