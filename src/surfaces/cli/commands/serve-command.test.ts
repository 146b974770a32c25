import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect, type Socket } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const BIN = join(ROOT, 'bin', 'gavel');

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function sandbox(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-serve-'));
  dirs.push(dir);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'cfg'),
    XDG_STATE_HOME: join(dir, 'state'),
    GAVEL_LOG_DIR: join(dir, 'logs'),
  };
  return { dir, env };
}

/** Starts `gavel serve` and resolves with its port once it says it listens. */
function startServe(
  env: NodeJS.ProcessEnv,
  cwd: string,
  args: string[] = [],
): Promise<{ child: ChildProcess; port: number; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--listen', '127.0.0.1:0', ...args], { cwd, env });
  children.push(child);
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
      if (m) resolve({ child, port: Number(m[1]), stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`gavel serve exited ${code}: ${err}`)));
  });
}

const exited = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });

const check = (port: number, command: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${port}/v1/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ tool: 'shell', input: { command } }),
  });

describe('gavel serve', () => {
  it('refuses to listen beyond loopback without a token, and says so', () => {
    const { dir, env } = sandbox();
    const r = spawnSync(process.execPath, [BIN, 'serve', '--listen', '0.0.0.0:0'], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no token is configured, so it listens on loopback only');
  });

  it('prints a token secret once, stores only its hash, and serves only requests bearing it', async () => {
    const { dir, env } = sandbox();
    const add = spawnSync(process.execPath, [BIN, 'serve', 'token', 'add', 'laptop'], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
    expect(add.status).toBe(0);
    const secret = add.stdout.trim();
    expect(secret).toMatch(/^gvl_/);
    expect(readFileSync(join(dir, 'cfg', 'gavel', 'serve-tokens.json'), 'utf8')).not.toContain(secret);
    const list = spawnSync(process.execPath, [BIN, 'serve', 'token', 'list'], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
    expect(list.stdout).toBe('laptop\n');

    const { port } = await startServe(env, dir);
    expect((await check(port, 'ls')).status).toBe(401);
    const ok = await check(port, 'ls', { authorization: `Bearer ${secret}` });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { verdict: string }).verdict).toBe('allow');
  });

  it.each([
    ['one process', []],
    ['--workers 2', ['--workers', '2']],
  ])(
    'on SIGTERM (%s) finishes the decisions in flight, loses no audit line, and exits 0',
    async (_, args) => {
      const { dir, env } = sandbox();
      const { child, port, stderr } = await startServe(env, dir, args);
      const processes = args.length > 0 ? 2 : 1;
      while ((stderr().match(/listening on/g) ?? []).length < processes)
        await new Promise((r) => setTimeout(r, 50));
      const commands = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? `ls dir${i}` : 'rm -rf /'));
      const answers = commands.map((c) =>
        check(port, c).then(async (r) => ((await r.json()) as { verdict: string }).verdict),
      );
      const first = await answers[0];
      child.kill('SIGTERM');
      const verdicts = await Promise.allSettled(answers);
      expect(await exited(child)).toBe(0);
      expect(first).toBe('allow');
      const served = verdicts
        .filter((v) => v.status === 'fulfilled')
        .map((v) => (v as PromiseFulfilledResult<string>).value);
      const lines = readFileSync(join(dir, 'logs', 'decisions.ndjson'), 'utf8')
        .trim()
        .split('\n');
      // Every answer a client got has its line, whole; nothing that should be denied was allowed.
      expect(lines.length).toBeGreaterThanOrEqual(served.length);
      const recorded = lines.map((l) => (JSON.parse(l) as { verdict: string }).verdict);
      for (const verdict of ['allow', 'deny'])
        expect(recorded.filter((v) => v === verdict).length).toBeGreaterThanOrEqual(
          served.filter((v) => v === verdict).length,
        );
      verdicts.forEach((v, i) => {
        if (v.status === 'fulfilled' && commands[i] === 'rm -rf /') expect(v.value).toBe('deny');
      });
    },
  );

  it('with --workers 2, both answer on one port into one log of whole lines, and SIGTERM stops them all', async () => {
    const { dir, env } = sandbox();
    const { child, port, stderr } = await startServe(env, dir, ['--workers', '2']);
    while ((stderr().match(/listening on/g) ?? []).length < 2) await new Promise((r) => setTimeout(r, 50));
    const commands = Array.from({ length: 120 }, (_, i) => (i % 3 === 0 ? 'rm -rf /' : `ls dir${i}`));
    const verdicts = await Promise.all(
      commands.map((c) =>
        check(port, c).then(async (r) => ((await r.json()) as { verdict: string }).verdict),
      ),
    );
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    verdicts.forEach((v, i) => {
      expect(v).toBe(commands[i] === 'rm -rf /' ? 'deny' : 'allow');
    });
    const lines = readFileSync(join(dir, 'logs', 'decisions.ndjson'), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(commands.length);
    const recorded = lines.map((l) => (JSON.parse(l) as { verdict: string }).verdict);
    expect(recorded.filter((v) => v === 'deny')).toHaveLength(40);
  });

  it('with --workers 2, /metrics in any worker counts the decisions of all of them', async () => {
    const { dir, env } = sandbox();
    const { child, port, stderr } = await startServe(env, dir, ['--workers', '2']);
    while ((stderr().match(/listening on/g) ?? []).length < 2) await new Promise((r) => setTimeout(r, 50));
    const commands = Array.from({ length: 60 }, (_, i) => (i % 4 === 0 ? 'rm -rf /' : `ls dir${i}`));
    // A fresh connection per request: the primary hands connections to the workers in turn.
    await Promise.all(
      commands.map((c) => check(port, c, { connection: 'close' }).then((r) => r.arrayBuffer())),
    );
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/^gavel_decision_duration_ms_count 60$/m);
      expect(text).toMatch(/^gavel_decisions_total\{verdict="deny",basis="floor"\} 15$/m);
      expect(text).toMatch(/^gavel_workers\{state="running"\} 2$/m);
      expect(text).toMatch(/^gavel_workers\{state="reporting"\} 2$/m);
    }
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    const lines = readFileSync(join(dir, 'logs', 'decisions.ndjson'), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(commands.length);
  });

  it('with --workers 2, kept-alive connections are spread evenly over the workers', async () => {
    if (process.platform !== 'linux') return;
    const { dir, env } = sandbox();
    const { child, port, stderr } = await startServe(env, dir, ['--workers', '2']);
    while ((stderr().match(/listening on/g) ?? []).length < 2) await new Promise((r) => setTimeout(r, 50));
    const pids = [...stderr().matchAll(/worker pid (\d+)/g)].map((m) => Number(m[1]));
    const body = JSON.stringify({ tool: 'shell', input: { command: 'ls' } });
    const request = `POST /v1/check HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
    // 32 connections opened at once, each answered once and kept open.
    const sockets = await Promise.all(
      Array.from(
        { length: 32 },
        () =>
          new Promise<Socket>((resolve, reject) => {
            const s = connect(port, '127.0.0.1', () => s.write(request));
            s.once('data', () => resolve(s));
            s.once('error', reject);
          }),
      ),
    );
    // Each worker holds its handed connections plus the same two of its own (the channel to the primary and
    // its loopback port): equal counts mean an even split.
    const socketsOf = (pid: number) =>
      readdirSync(`/proc/${pid}/fd`).filter((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
        } catch {
          return false;
        }
      }).length;
    const counts = pids.map(socketsOf);
    for (const s of sockets) s.destroy();
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(counts).toHaveLength(2);
    expect(counts[0]).toBe(counts[1]);
    expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBeGreaterThanOrEqual(32);
  });

  it('with --workers 2, a client that sends half a body gets a recorded deny when its time is up', async () => {
    const { dir, env } = sandbox();
    const { child, port, stderr } = await startServe({ ...env, GAVEL_SERVE_TIMEOUT_MS: '300' }, dir, [
      '--workers',
      '2',
    ]);
    while ((stderr().match(/listening on/g) ?? []).length < 2) await new Promise((r) => setTimeout(r, 50));
    const answer = await new Promise<string>((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () =>
        s.write('POST /v1/check HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n{"tool":"sh'),
      );
      let got = '';
      s.on('data', (c: Buffer) => {
        got += c.toString();
      });
      s.on('close', () => resolve(got));
      s.on('error', reject);
    });
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toContain('"verdict":"deny"');
    const lines = readFileSync(join(dir, 'logs', 'decisions.ndjson'), 'utf8')
      .trim()
      .split('\n');
    expect(lines.map((l) => JSON.parse(l) as { basis: string })).toMatchObject([{ basis: 'timeout' }]);
  });

  it('with --workers auto, starts one worker per core (one process on one core); refuses any other word', async () => {
    const { dir, env } = sandbox();
    const cores = Math.min(64, availableParallelism());
    const { child, port, stderr } = await startServe(env, dir, ['--workers', 'auto']);
    while ((stderr().match(/listening on/g) ?? []).length < cores)
      await new Promise((r) => setTimeout(r, 50));
    const res = await check(port, 'rm -rf /');
    expect(((await res.json()) as { verdict: string }).verdict).toBe('deny');
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect((stderr().match(/listening on/g) ?? []).length).toBe(cores);
    if (cores > 1) expect(stderr()).toContain(`${cores} workers stopped`);
    for (const bad of ['many', '0', '1.5', '65']) {
      const r = spawnSync(process.execPath, [BIN, 'serve', '--listen', '127.0.0.1:0', '--workers', bad], {
        cwd: dir,
        env,
        encoding: 'utf8',
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('`--workers` must be `auto` or a whole number from 1 to 64');
    }
  });

  it('answers a policy question on /v1/ask, never an allow for one it cannot read', async () => {
    const { dir, env } = sandbox();
    const { port } = await startServe(env, dir);
    const res = await fetch(`http://127.0.0.1:${port}/v1/ask`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'no-such-kind', facts: {} }),
    });
    expect(res.status).toBe(200);
    const d = (await res.json()) as { verdict: string; disposition: string };
    expect(d.verdict).toBe('escalate');
    const last =
      readFileSync(join(dir, 'logs', 'decisions.ndjson'), 'utf8')
        .trim()
        .split('\n')
        .at(-1) ?? '';
    expect(JSON.parse(last)).toMatchObject({ surface: 'ask', verdict: 'escalate' });
  });

  it('counts /v1/hook decisions in /metrics by verdict and basis, as /v1/check', async () => {
    const { dir, env } = sandbox();
    const { port } = await startServe(env, dir);
    const payload = {
      session_id: 's1',
      transcript_path: join(dir, 'none.jsonl'),
      cwd: dir,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /' },
    };
    const res = await fetch(`http://127.0.0.1:${port}/v1/hook/claude-code`, {
      method: 'POST',
      body: JSON.stringify(payload),
    });
    expect(res.status).toBe(200);
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(text).toMatch(/^gavel_decisions_total\{verdict="deny",basis="floor"\} 1$/m);
    expect(text).toMatch(/^gavel_decision_duration_ms_count 1$/m);
  });

  it('judges /v1/hook calls with the config as it is at each call, kept between calls', async () => {
    const { dir, env } = sandbox();
    const { port } = await startServe(env, dir);
    const hookCall = async (command: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/v1/hook/claude-code`, {
        method: 'POST',
        body: JSON.stringify({
          session_id: 's1',
          cwd: dir,
          hook_event_name: 'PreToolUse',
          tool_name: 'Bash',
          tool_input: { command },
        }),
      });
      const body = (await res.json()) as { hookSpecificOutput?: { permissionDecision?: string } };
      return body.hookSpecificOutput?.permissionDecision;
    };
    expect(await hookCall('ls')).toBe('allow');
    expect(await hookCall('ls')).toBe('allow');
    mkdirSync(join(dir, 'cfg', 'gavel'), { recursive: true });
    writeFileSync(join(dir, 'cfg', 'gavel', 'config.toml'), '[check]\ndeny = ["Bash(ls:*)"]\n');
    // No wait for a watcher: the next call sees the changed file.
    expect(await hookCall('ls')).toBe('deny');
  });

  it('reloads when the user config changes, without a restart', async () => {
    const { dir, env } = sandbox();
    const { port, stderr } = await startServe(env, dir);
    expect((await check(port, 'ls')).status).toBe(200);
    mkdirSync(join(dir, 'cfg', 'gavel'), { recursive: true });
    writeFileSync(join(dir, 'cfg', 'gavel', 'config.toml'), '[check]\ndeny = ["Bash(ls:*)"]\n');
    // Polls until the watcher has reloaded; the test's own timeout bounds it.
    let verdict = 'allow';
    while (verdict === 'allow') {
      verdict = ((await (await check(port, 'ls')).json()) as { verdict: string }).verdict;
      if (verdict === 'allow') await new Promise((r) => setTimeout(r, 100));
    }
    expect(verdict).toBe('deny');
    expect(stderr()).toContain('gavel serve: reloaded');
  }, 30_000);
});
