// The hook socket fast path (ADR 0040) end to end: the built bin/gavel hook (its thin client
// dist/hook-socket.cjs) against a server in this process that would answer `allow` to anything, and against a
// real `gavel serve --socket`. Every doubt must end in the hook's own in-process decision: a deny of `rm -rf /`.

import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { socketPaths } from './socket-path';
import { type HookSocket, startHookSocket } from './socket-server';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const BIN = join(ROOT, 'bin', 'gavel');
/** The build id the thin client was built with (stamped into dist/hook-socket.cjs). */
const BUILD = /"([0-9a-f]{64})"/.exec(readFileSync(join(ROOT, 'dist', 'hook-socket.cjs'), 'utf8'))?.[1] ?? '';

const ALLOW_EVERYTHING = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'allow',
    permissionDecisionReason: 'lie',
  },
});

const dirs: string[] = [];
const stops: (() => Promise<void> | void)[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const s of stops.splice(0)) await s();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

interface Box {
  dir: string;
  project: string;
  run: string;
  env: NodeJS.ProcessEnv;
}

function box(): Box {
  // Short: a unix socket path has at most 107 bytes.
  const dir = mkdtempSync(join(tmpdir(), 'gsk-'));
  dirs.push(dir);
  const project = join(dir, 'p');
  mkdirSync(join(project, '.git'), { recursive: true });
  const run = join(dir, 'run');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'cfg'),
    XDG_STATE_HOME: join(dir, 'state'),
    GAVEL_LOG_DIR: join(dir, 'logs'),
    GAVEL_SOCKET_DIR: run,
    GAVEL_HOOK_SOCKET: '300',
  };
  return { dir, project, run, env };
}

function hook(b: Box, command: string): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [BIN, 'hook', 'claude-code'], { cwd: b.project, env: b.env });
  children.push(child);
  let stdout = '';
  child.stdout?.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stdin?.end(
    JSON.stringify({
      hook_event_name: 'PreToolUse',
      session_id: 's1',
      tool_name: 'Bash',
      tool_input: { command },
      cwd: b.project,
    }),
  );
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout })));
}

const decisionOf = (stdout: string): string | undefined =>
  (JSON.parse(stdout) as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput
    ?.permissionDecision;

/** A server that answers every call it receives with an allow, through the real framing and key check. */
async function lyingServer(b: Box, buildId = BUILD): Promise<HookSocket> {
  const s = await startHookSocket({
    dir: b.run,
    buildId,
    answer: async () => ({ v: 1, ok: true, exitCode: 0, stdout: ALLOW_EVERYTHING, stderr: '' }),
  });
  stops.push(() => s.stop());
  return s;
}

/** A raw socket at the build's path, with a valid key file, that answers with `reply` (or never). */
async function rawServer(b: Box, reply: string | undefined): Promise<Server> {
  mkdirSync(b.run, { mode: 0o700, recursive: true });
  const paths = socketPaths(b.run, BUILD);
  writeFileSync(paths.key, `${'a'.repeat(64)}\n`, { mode: 0o600 });
  const open = new Set<Socket>();
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('data', () => {});
    socket.on('end', () => {
      if (reply !== undefined) socket.end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(paths.socket, resolve));
  stops.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return server;
}

describe('hook socket: a server that answers', () => {
  it('is what the hook answers when every check passes', async () => {
    expect(BUILD).toMatch(/^[0-9a-f]{64}$/);
    const b = box();
    await lyingServer(b);
    const r = await hook(b, 'rm -rf /');
    expect(r.code).toBe(0);
    expect(decisionOf(r.stdout)).toBe('allow');
  });

  it('refuses a frame without the key file secret', async () => {
    const b = box();
    const s = await lyingServer(b);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      const c = createConnection(s.paths.socket, () =>
        c.end(
          `${JSON.stringify({ v: 1, key: 'b'.repeat(64), build: BUILD, harness: 'claude-code', cwd: '/', env: {}, stdin: '{}' })}\n`,
        ),
      );
      c.on('data', (d: Buffer) => {
        text += d.toString();
      });
      c.on('end', () => resolve(text));
    });
    expect(JSON.parse(answer)).toEqual({ v: 1, ok: false });
  });
});

describe('hook socket: every doubt ends in the in-process decision', () => {
  it('no socket', async () => {
    const r = await hook(box(), 'rm -rf /');
    expect(r.code).toBe(0);
    expect(decisionOf(r.stdout)).toBe('deny');
  });

  it('turned off by GAVEL_HOOK_SOCKET=off', async () => {
    const b = box();
    await lyingServer(b);
    b.env.GAVEL_HOOK_SOCKET = 'off';
    expect(decisionOf((await hook(b, 'rm -rf /')).stdout)).toBe('deny');
  });

  it('a server of another build', async () => {
    const b = box();
    await lyingServer(b, 'f'.repeat(64));
    expect(decisionOf((await hook(b, 'rm -rf /')).stdout)).toBe('deny');
  });

  it('a socket folder others may enter (mode 0755)', async () => {
    const b = box();
    await lyingServer(b);
    chmodSync(b.run, 0o755);
    expect(decisionOf((await hook(b, 'rm -rf /')).stdout)).toBe('deny');
  });

  it('a key file others may read (mode 0644)', async () => {
    const b = box();
    const s = await lyingServer(b);
    chmodSync(s.paths.key, 0o644);
    expect(decisionOf((await hook(b, 'rm -rf /')).stdout)).toBe('deny');
  });

  it.runIf(process.getuid?.() === 0)('a socket folder of another user', async () => {
    const b = box();
    await lyingServer(b);
    chownSync(b.run, 1, 1);
    expect(decisionOf((await hook(b, 'rm -rf /')).stdout)).toBe('deny');
  });

  it('a server that does not answer in time', async () => {
    const b = box();
    await rawServer(b, undefined);
    const r = await hook(b, 'rm -rf /');
    expect(r.code).toBe(0);
    expect(decisionOf(r.stdout)).toBe('deny');
  });

  it.each([
    ['not JSON', 'garbage'],
    ['a refusal', JSON.stringify({ v: 1, ok: false })],
    [
      'an exit code a hook never gives',
      JSON.stringify({ v: 1, ok: true, exitCode: 1, stdout: ALLOW_EVERYTHING, stderr: '' }),
    ],
    [
      'another protocol version',
      JSON.stringify({ v: 2, ok: true, exitCode: 0, stdout: ALLOW_EVERYTHING, stderr: '' }),
    ],
    ['no stdout', JSON.stringify({ v: 1, ok: true, exitCode: 0, stderr: '' })],
  ])('a server that answers %s', async (_name, reply) => {
    const b = box();
    await rawServer(b, reply);
    expect(decisionOf((await hook(b, 'rm -rf /')).stdout)).toBe('deny');
  });
});

/** Starts `gavel serve --socket` and resolves once it listens. */
function startServe(b: Box): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--socket', '--listen', '127.0.0.1:0'], {
    cwd: b.project,
    env: b.env,
  });
  children.push(child);
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
      if (err.includes('hook socket')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`gavel serve exited ${code}: ${err}`)));
  });
}

const auditLines = (b: Box): Record<string, unknown>[] =>
  readFileSync(join(b.dir, 'logs', 'decisions.ndjson'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('gavel serve --socket', () => {
  it('answers hook calls as the hook would, one audit line each', async () => {
    const b = box();
    b.env.GAVEL_HOOK_SOCKET = '5000';
    await startServe(b);
    const answers: (string | undefined)[] = [];
    for (const command of ['ls', 'rm -rf /', 'ls', 'rm -rf /'])
      answers.push(decisionOf((await hook(b, command)).stdout));
    expect(answers).toEqual(['allow', 'deny', 'allow', 'deny']);
    const lines = auditLines(b);
    expect(lines).toHaveLength(4);
    expect(lines.map((l) => l.kind)).toEqual(['claude-code', 'claude-code', 'claude-code', 'claude-code']);
  });

  it('never answers with a config that changed since it was loaded', async () => {
    const b = box();
    b.env.GAVEL_HOOK_SOCKET = '5000';
    await startServe(b);
    for (let i = 0; i < 3; i++) expect(decisionOf((await hook(b, 'ls')).stdout)).toBe('allow');
    mkdirSync(join(b.dir, 'cfg', 'gavel'), { recursive: true });
    writeFileSync(join(b.dir, 'cfg', 'gavel', 'config.toml'), '[check]\ndeny = ["Bash(ls)"]\n');
    expect(decisionOf((await hook(b, 'ls')).stdout)).toBe('deny');
    expect(decisionOf((await hook(b, 'ls')).stdout)).toBe('deny');
  });

  it('removes its socket and key file when stopped', async () => {
    const b = box();
    const child = await startServe(b);
    const paths = socketPaths(b.run, BUILD);
    expect(readFileSync(paths.key, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    child.kill('SIGTERM');
    const how = await new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    expect(how).toEqual({ code: 0, signal: null });
    expect(() => readFileSync(paths.key)).toThrow();
  });

  it('with --workers 2, one worker answers the socket, and the worker started after it dies takes it over', async () => {
    const b = box();
    const child = spawn(
      process.execPath,
      [BIN, 'serve', '--socket', '--workers', '2', '--listen', '127.0.0.1:0'],
      { cwd: b.project, env: b.env },
    );
    children.push(child);
    let err = '';
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
    });
    const holders = () =>
      [...err.matchAll(/hook socket [^;]+; worker pid (\d+)\)/g)].map((m) => Number(m[1]));
    const until = async (ok: () => boolean) => {
      while (!ok()) {
        if (child.exitCode !== null) throw new Error(`gavel serve exited: ${err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until(() => (err.match(/listening on/g) ?? []).length >= 2);
    expect(holders()).toHaveLength(1);
    const paths = socketPaths(b.run, BUILD);
    // A frame as the hook's client sends it; the first call of a project is refused while its runtime loads.
    const ask = (): Promise<{ ok?: boolean; stdout?: string }> =>
      new Promise((resolve, reject) => {
        const frame = {
          v: 1,
          key: readFileSync(paths.key, 'latin1').trim(),
          build: BUILD,
          harness: 'claude-code',
          cwd: b.project,
          env: b.env,
          stdin: JSON.stringify({
            hook_event_name: 'PreToolUse',
            session_id: 's1',
            tool_name: 'Bash',
            tool_input: { command: 'rm -rf /' },
            cwd: b.project,
          }),
        };
        let text = '';
        const c = createConnection(paths.socket);
        c.on('data', (d: Buffer) => {
          text += d.toString();
        });
        c.on('end', () => resolve(JSON.parse(text) as { ok?: boolean; stdout?: string }));
        c.on('error', reject);
        c.end(JSON.stringify(frame));
      });
    const answered = async () => {
      for (let i = 0; i < 50; i++) {
        const a = await ask();
        if (a.ok) return a;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the socket never answered');
    };
    expect(decisionOf((await answered()).stdout ?? '{}')).toBe('deny');
    const first = holders()[0] as number;
    const key = readFileSync(paths.key, 'utf8');
    process.kill(first, 'SIGKILL');
    await until(() => holders().length >= 2);
    const second = holders()[1] as number;
    expect(second).not.toBe(first);
    expect(readFileSync(paths.key, 'utf8')).not.toBe(key);
    expect(decisionOf((await answered()).stdout ?? '{}')).toBe('deny');
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
  });
});
