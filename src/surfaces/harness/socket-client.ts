/**
 * The hook's thin client of `gavel serve --socket` (ADR 0040), bundled alone into dist/hook-socket.cjs and run
 * by bin/gavel before the hook bundle loads: a hook call answered by a running server costs little more than
 * Node's own start. It hands the call over only when every check passes: a build id, the socket folder a
 * directory of this uid with mode 0700 (not a symlink), the key file a regular file of this uid with mode
 * 0600, the socket a socket of this uid; then the server's answer must come within a short deadline and be
 * well formed. On any doubt it calls `fallback`, which decides in this process as if there were no server
 * (stdin, already read, is handed over through ./socket-handover.ts). Imports node:fs and node:net only.
 * Never decides anything itself, and never turns a doubt into an answer.
 */

import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, writeSync } from 'node:fs';
import { handStdin } from './socket-handover';
import { jsonObject, MAX_FRAME_BYTES, type SocketFrame, socketDir, socketPaths } from './socket-path';

declare const __GAVEL_BUILD_ID__: string | undefined;

/** How long the server may take, from connect to the end of its answer; GAVEL_HOOK_SOCKET (ms) sets it. */
export const DEFAULT_SOCKET_MS = 1_000;
const MAX_STDIN_BYTES = 64 * 1024 * 1024;
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

function socketMs(env: NodeJS.ProcessEnv): number {
  const raw = Number(env.GAVEL_HOOK_SOCKET);
  return Number.isFinite(raw) && raw >= 10 ? Math.min(raw, 10_000) : DEFAULT_SOCKET_MS;
}

/** The secret, when the key file is a regular file of this uid, mode 0600, read without following a link. */
function readKey(file: string, uid: number): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    const s = fstatSync(fd);
    if (!s.isFile() || s.uid !== uid || (s.mode & 0o777) !== 0o600 || s.size > 256) return undefined;
    const buf = Buffer.alloc(256);
    const n = readSync(fd, buf, 0, 256, 0);
    const key = buf.toString('latin1', 0, n).trim();
    return /^[0-9a-f]{64}$/.test(key) ? key : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** All of stdin, or undefined past the bound (then the in-process decision sees an empty, unreadable input). */
function readAllStdin(): string | undefined {
  try {
    // A terminal: the hook reads nothing from it either.
    if (fstatSync(0).isCharacterDevice()) return '';
  } catch {
    return '';
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(65_536);
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 2);
        continue;
      }
      if (code === 'EOF') break;
      return undefined;
    }
    if (n === 0) break;
    size += n;
    if (size > MAX_STDIN_BYTES) return undefined;
    chunks.push(buf.subarray(0, n));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function writeAll(fd: 1 | 2, text: string): boolean {
  const bytes = Buffer.from(text, 'utf8');
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(fd, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return false;
      Atomics.wait(pause, 0, 0, 2);
    }
  }
  return true;
}

type Answer = { exitCode: number; stdout: string; stderr: string };

/** The server's answer when it is one: anything else is a doubt. */
export function readAnswer(text: string): Answer | undefined {
  const a = jsonObject(text);
  if (a === undefined) return undefined;
  if (a.v !== 1 || a.ok !== true) return undefined;
  if (a.exitCode !== 0 && a.exitCode !== 2) return undefined;
  if (typeof a.stdout !== 'string' || typeof a.stderr !== 'string') return undefined;
  return { exitCode: a.exitCode, stdout: a.stdout, stderr: a.stderr };
}

/**
 * Answers this hook call through the server, or calls `fallback` (synchronously when no server is there,
 * later on a doubt met on the socket). `fail` ends the call as a block should `fallback` throw.
 */
export function hookViaSocket(fallback: () => void, fail: () => void): void {
  const run = () => {
    try {
      fallback();
    } catch {
      fail();
    }
  };
  const env = process.env;
  const build = typeof __GAVEL_BUILD_ID__ === 'string' ? __GAVEL_BUILD_ID__ : '';
  const harness = process.argv[3];
  const uid = process.getuid?.();
  if (env.GAVEL_HOOK_SOCKET === 'off' || !/^[0-9a-f]{64}$/.test(build) || !harness || uid === undefined) {
    run();
    return;
  }
  const paths = socketPaths(socketDir(env, uid), build);
  let key: string | undefined;
  try {
    const dir = lstatSync(paths.dir);
    const sock = lstatSync(paths.socket);
    if (
      dir.isDirectory() &&
      dir.uid === uid &&
      (dir.mode & 0o777) === 0o700 &&
      sock.isSocket() &&
      sock.uid === uid
    )
      key = readKey(paths.key, uid);
  } catch {
    key = undefined;
  }
  // node:net loads only once a server is known to be there (a hook call without one stays as cheap as before);
  // a Node without `process.getBuiltinModule` (before 20.16) decides in-process.
  const load = (process as { getBuiltinModule?: (id: 'node:net') => typeof import('node:net') })
    .getBuiltinModule;
  const net = key && typeof load === 'function' ? load.call(process, 'node:net') : undefined;
  if (!key || !net) {
    run();
    return;
  }
  const stdin = readAllStdin();
  handStdin(stdin ?? '');
  if (stdin === undefined) {
    run();
    return;
  }
  const passed: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) passed[k] = v;
  const frame: SocketFrame = { v: 1, key, build, harness, cwd: process.cwd(), env: passed, stdin };
  let settled = false;
  const chunks: Buffer[] = [];
  let size = 0;
  const socket = net.connect(paths.socket);
  const doubt = () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    socket.destroy();
    run();
  };
  const timer = setTimeout(doubt, socketMs(env));
  socket.on('error', doubt);
  socket.on('data', (c: Buffer) => {
    size += c.length;
    if (size > MAX_ANSWER_BYTES) doubt();
    else chunks.push(c);
  });
  socket.on('end', () => {
    if (settled) return;
    const answer = readAnswer(Buffer.concat(chunks).toString('utf8'));
    if (!answer) {
      doubt();
      return;
    }
    settled = true;
    clearTimeout(timer);
    socket.destroy();
    // An answer that cannot be written is a block, as in the hook itself.
    const out = answer.stdout ? writeAll(1, answer.stdout) : true;
    if (answer.stderr) writeAll(2, answer.stderr);
    process.exitCode = out ? answer.exitCode : 2;
  });
  const line = `${JSON.stringify(frame)}\n`;
  if (Buffer.byteLength(line) > MAX_FRAME_BYTES) {
    doubt();
    return;
  }
  socket.end(line);
}
