/**
 * The server side of the hook socket (`gavel serve --socket`, ADR 0040): a unix socket in a folder of this
 * uid with mode 0700, named after the build, beside a key file (mode 0600) holding a random secret made at
 * start. Every connection must present that secret, which only this uid (and root) can read: that is how the
 * peer's uid is checked on each connection (Node has no SO_PEERCRED). A frame from another build, without the
 * secret, too large or not JSON is refused (`ok: false`), and the hook then decides in its own process.
 * Owns the socket, the folder's two files and the framing; what a call is answered comes from `answer`.
 */

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import {
  jsonObject,
  MAX_FRAME_BYTES,
  type SocketAnswer,
  type SocketFrame,
  type SocketPaths,
  socketPaths,
} from './socket-path';

export interface HookSocketOptions {
  dir: string;
  buildId: string;
  /** What to answer a call whose frame passed every check. */
  answer: (frame: SocketFrame) => Promise<SocketAnswer>;
  /** How long one connection may take to send its frame. */
  readMs?: number;
}

export interface HookSocket {
  paths: SocketPaths;
  stop(): Promise<void>;
}

const REFUSED: SocketAnswer = { v: 1, ok: false };

/** The folder, made 0700 when missing; an existing one must be a directory of this uid with mode 0700. */
function ownFolder(dir: string, uid: number): string | undefined {
  try {
    mkdirSync(dir, { mode: 0o700 });
    chmodSync(dir, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      return `the socket folder \`${dir}\` cannot be made (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  const s = lstatSync(dir);
  if (!s.isDirectory() || s.uid !== uid || (s.mode & 0o777) !== 0o700)
    return `the socket folder \`${dir}\` must be a directory of uid ${uid} with mode 0700`;
  return undefined;
}

function frameOf(text: string, key: Buffer, buildId: string): SocketFrame | undefined {
  const f = jsonObject(text);
  if (f === undefined) return undefined;
  if (f.v !== 1 || typeof f.key !== 'string' || !/^[0-9a-f]{64}$/.test(f.key)) return undefined;
  if (!timingSafeEqual(Buffer.from(f.key, 'latin1'), key)) return undefined;
  if (f.build !== buildId) return undefined;
  if (typeof f.harness !== 'string' || typeof f.cwd !== 'string' || typeof f.stdin !== 'string')
    return undefined;
  if (typeof f.env !== 'object' || f.env === null || Array.isArray(f.env)) return undefined;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(f.env)) if (typeof v === 'string') env[k] = v;
  return { v: 1, key: f.key, build: buildId, harness: f.harness, cwd: f.cwd, env, stdin: f.stdin };
}

export async function startHookSocket(options: HookSocketOptions): Promise<HookSocket> {
  const uid = process.getuid?.();
  if (uid === undefined) throw new Error('the hook socket needs a system with user ids');
  const problem = ownFolder(options.dir, uid);
  if (problem) throw new Error(problem);
  const paths = socketPaths(options.dir, options.buildId);
  const secret = randomBytes(32).toString('hex');
  const key = Buffer.from(secret, 'latin1');
  const partial = `${paths.key}.${process.pid}.tmp`;
  writeFileSync(partial, `${secret}\n`, { mode: 0o600 });
  chmodSync(partial, 0o600);
  rmSync(paths.socket, { force: true });
  const readMs = options.readMs ?? 5_000;

  const serveOne = (socket: Socket) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const reply = (answer: SocketAnswer) => {
      if (done) return;
      done = true;
      socket.end(`${JSON.stringify(answer)}\n`);
    };
    socket.setTimeout(readMs, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_FRAME_BYTES) {
        reply(REFUSED);
        socket.destroy();
        return;
      }
      chunks.push(c);
    });
    socket.on('end', () => {
      if (done) return;
      socket.setTimeout(0);
      // The folder is checked again on every connection: one made loose or handed to another user since is refused.
      if (ownFolder(options.dir, uid) !== undefined) return reply(REFUSED);
      const frame = frameOf(Buffer.concat(chunks).toString('utf8'), key, options.buildId);
      if (!frame) return reply(REFUSED);
      options.answer(frame).then(reply, () => reply(REFUSED));
    });
  };

  const server = createServer({ allowHalfOpen: true }, serveOne);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(paths.socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(paths.socket, 0o600);
  // The key appears last: a client that finds it finds a listening socket.
  renameSync(partial, paths.key);
  return {
    paths,
    stop: () =>
      new Promise<void>((resolve) => {
        // Only files that are still this server's: a later server of the same build may have replaced them.
        try {
          if (readFileSync(paths.key, 'latin1').trim() === secret) {
            rmSync(paths.key, { force: true });
            rmSync(paths.socket, { force: true });
          }
        } catch {
          // already gone
        }
        server.close(() => resolve());
      }),
  };
}
