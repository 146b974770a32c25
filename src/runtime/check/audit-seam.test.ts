// The audit seam with real files: every hook surface and `gavel check` leave exactly one valid line per
// decision, with a hash of the request and never its text; a log that cannot be written turns the answer into
// a deny naming the log. The last cases spawn the built binary (`npm run build` first; `npm test` does).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type AuditRecord, parseAuditLine } from '../../audit';
import { sha256Hex } from '../../core';
import { runClaudeCodeHook } from '../../surfaces/harness/claude-code/claude-code-hook';
import { runCodexHook } from '../../surfaces/harness/codex/codex-hook';
import { runPiHook } from '../../surfaces/harness/pi/pi-hook';
import { ccPayload, type Sandbox, sandbox } from '../../surfaces/harness/testdata/sandbox';
import { fileAuditSink } from './audit-seam';
import type { CallEnv } from './judge-call';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'bin', 'gavel');
const FAKE_KEY = 'AKIAIOSFODNN7EXAMPLE';
const COMMAND = `AWS_ACCESS_KEY_ID=${FAKE_KEY} aws s3 ls s3://private-bucket`;

function realIo(s: Sandbox): CallEnv {
  return { env: s.env, clock: s.io.clock, audit: fileAuditSink(s.io.clock) };
}

function logLines(s: Sandbox, file = join(s.project, '.gavel', 'logs', 'decisions.ndjson')) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  return { text, lines: text.split('\n').filter((l) => l !== '') };
}

function onlyRecord(s: Sandbox): AuditRecord {
  const { lines } = logLines(s);
  expect(lines).toHaveLength(1);
  const record = parseAuditLine(lines[0] ?? '');
  if (!record) throw new Error('the audit line does not parse');
  return record;
}

describe('audit seam (in process, real log file)', () => {
  it.each([
    [
      'claude-code',
      (s: Sandbox) => runClaudeCodeHook(ccPayload(s, 'Bash', { command: COMMAND }), realIo(s)),
      'Bash',
    ],
    ['codex', (s: Sandbox) => runCodexHook(ccPayload(s, 'Bash', { command: COMMAND }), realIo(s)), 'Bash'],
    [
      'pi',
      (s: Sandbox) =>
        runPiHook(
          JSON.stringify({
            toolName: 'bash',
            input: { command: COMMAND },
            cwd: s.project,
            sessionId: 's-1',
          }),
          realIo(s),
        ),
      'bash',
    ],
  ])(
    '%s leaves one valid line with the hashed subject and a redacted preview, never the secret',
    async (kind, run, tool) => {
      const s = sandbox();
      const reply = await run(s);
      expect(reply.exitCode).toBe(0);
      const record = onlyRecord(s);
      expect(record).toMatchObject({ surface: 'check', kind, sessionId: 's-1', runId: null });
      expect(record.subject).toBe(sha256Hex(`${tool}: ${COMMAND}`));
      // ADR 0027: the command is shown, its secret is not.
      expect(record.preview).toBe('AWS_ACCESS_KEY_ID=[redacted:aws-key] aws s3 ls s3://private-bucket');
      const { text } = logLines(s);
      expect(text).not.toContain(FAKE_KEY);
    },
  );

  it.each([
    ['a repository gavel.toml', (s: Sandbox) => s.write('gavel.toml', '[audit]\npreview = "hash-only"\n')],
    ['GAVEL_AUDIT_PREVIEW', (s: Sandbox) => Object.assign(s.env, { GAVEL_AUDIT_PREVIEW: 'hash-only' })],
  ])('hash-only from %s keeps the command out of the line', async (_name, tighten) => {
    const s = sandbox();
    tighten(s);
    const reply = await runClaudeCodeHook(ccPayload(s, 'Bash', { command: COMMAND }), realIo(s));
    expect(reply.exitCode).toBe(0);
    const record = onlyRecord(s);
    expect(record.preview).toBeUndefined();
    expect(record.subject).toBe(sha256Hex(`Bash: ${COMMAND}`));
    const { text } = logLines(s);
    expect(text).not.toContain('aws s3');
    expect(text).not.toContain('private-bucket');
  });

  it.each([
    ['a path', 'Read', { file_path: 'src/a.ts' }, 'src/a.ts'],
    [
      'the host of a fetch, not its query',
      'WebFetch',
      { url: 'https://docs.example.com/p?key=abc', prompt: 'x' },
      'docs.example.com',
    ],
  ])('the preview of %s', async (_name, tool, input, want) => {
    const s = sandbox();
    await runClaudeCodeHook(ccPayload(s, tool, input), realIo(s));
    expect(onlyRecord(s).preview).toBe(want);
  });

  it('records the run id from GAVEL_RUN_ID and a fail-closed decision (invalid gavel.toml)', async () => {
    const s = sandbox();
    s.env.GAVEL_RUN_ID = 'run-42';
    s.write('gavel.toml', '[check]\nmode = "sometimes"\n');
    const reply = await runClaudeCodeHook(ccPayload(s, 'Read', { file_path: 'src/a.ts' }), realIo(s));
    expect(JSON.parse(reply.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(onlyRecord(s)).toMatchObject({ verdict: 'deny', basis: 'config-invalid', runId: 'run-42' });
  });

  it.each([
    [
      'unreadable input',
      'claude-code',
      '{"hook_event_name": "Stop", "tool_name": "AKIAIOSFODNN7EXAMPLE"}',
      {},
      'invalid-input',
    ],
    ['an injected crash', 'claude-code', null, { GAVEL_TEST_FAULT: 'crash' }, 'internal-error'],
    ['unreadable input', 'codex', 'nope AKIAIOSFODNN7EXAMPLE', {}, 'invalid-input'],
    ['unreadable input', 'pi', '{"toolName": "AKIAIOSFODNN7EXAMPLE"}', {}, 'invalid-input'],
    ['an injected crash', 'pi', null, { GAVEL_TEST_FAULT: 'crash' }, 'internal-error'],
  ])('%s (%s) is blocked and recorded as a deny without the input', async (_n, kind, stdin, env, basis) => {
    const s = sandbox();
    Object.assign(s.env, env);
    const io = { ...realIo(s), cwd: s.project };
    const payload =
      stdin ??
      (kind === 'pi'
        ? JSON.stringify({ toolName: 'read', input: { path: 'a' }, cwd: s.project })
        : ccPayload(s, 'Read', { file_path: 'a' }));
    const run = { 'claude-code': runClaudeCodeHook, codex: runCodexHook, pi: runPiHook }[kind];
    const reply = await run?.(payload, io);
    expect(reply?.exitCode).toBe(2);
    expect(onlyRecord(s)).toMatchObject({ kind, verdict: 'deny', basis });
    expect(logLines(s).text).not.toContain(FAKE_KEY);
  });

  it('a lowered hook deadline (GAVEL_HOOK_DEADLINE_MS) is not an unknown variable', async () => {
    const s = sandbox();
    s.env.GAVEL_HOOK_DEADLINE_MS = '5000';
    const reply = await runClaudeCodeHook(
      ccPayload(s, 'Read', { file_path: `${s.project}/src/a.ts` }),
      realIo(s),
    );
    expect(JSON.parse(reply.stdout).hookSpecificOutput.permissionDecision).toBe('allow');
    expect(onlyRecord(s)).toMatchObject({ verdict: 'allow', basis: 'rule' });
  });

  it('writes to the user audit.dir (GAVEL_LOG_DIR) instead of the project', async () => {
    const s = sandbox();
    const dir = join(s.home, 'audit');
    s.env.GAVEL_LOG_DIR = dir;
    await runClaudeCodeHook(ccPayload(s, 'Read', { file_path: `${s.project}/src/a.ts` }), realIo(s));
    expect(logLines(s).lines).toHaveLength(0);
    expect(logLines(s, join(dir, 'decisions.ndjson')).lines).toHaveLength(1);
  });

  it.each([
    ['PreToolUse', 'permissionDecision'],
    ['PermissionRequest', 'decision'],
  ])('%s: an allow whose line cannot be written becomes a deny naming the log', async (event, key) => {
    const s = sandbox();
    // A file where the log folder should be: the append fails (ENOTDIR), even as root.
    s.write('blocked', '');
    s.env.GAVEL_LOG_DIR = join(s.project, 'blocked', 'logs');
    const reply = await runClaudeCodeHook(
      ccPayload(s, 'Read', { file_path: `${s.project}/src/a.ts` }, event),
      realIo(s),
    );
    const out = JSON.parse(reply.stdout).hookSpecificOutput;
    if (key === 'permissionDecision') {
      expect(out.permissionDecision).toBe('deny');
      expect(out.permissionDecisionReason).toContain(join(s.project, 'blocked', 'logs', 'decisions.ndjson'));
      expect(out.permissionDecisionReason.split('\n')).toHaveLength(1);
    } else {
      expect(out.decision.behavior).toBe('deny');
    }
  });

  it.each([
    ['codex', runCodexHook, (s: Sandbox) => ccPayload(s, 'Read', { file_path: `${s.project}/src/a.ts` })],
    [
      'pi',
      runPiHook,
      (s: Sandbox) => JSON.stringify({ toolName: 'read', input: { path: 'src/a.ts' }, cwd: s.project }),
    ],
  ])('%s: an unwritable log denies', async (_name, run, payload) => {
    const s = sandbox();
    s.write('blocked', '');
    s.env.GAVEL_LOG_DIR = join(s.project, 'blocked', 'logs');
    const reply = await run(payload(s), realIo(s));
    expect(reply.stdout).toContain('deny');
    expect(reply.stdout).toContain('audit log');
  });
});

describe('audit seam (built binary)', () => {
  const spawn = (args: string[], stdin: string, env: Record<string, string | undefined>, uid?: number) =>
    spawnSync(process.execPath, [bin, ...args], {
      input: stdin,
      env: env as NodeJS.ProcessEnv,
      encoding: 'utf8',
      timeout: 30_000,
      ...(uid !== undefined ? { uid, gid: uid } : {}),
    });

  it('gavel hook claude-code leaves exactly one valid line, with the redacted command and without the key', () => {
    if (!existsSync(join(root, 'dist', 'gavel.mjs'))) throw new Error('run `npm run build` first');
    const s = sandbox();
    const r = spawn(['hook', 'claude-code'], ccPayload(s, 'Bash', { command: COMMAND }), s.env);
    expect(r.status).toBe(0);
    const record = onlyRecord(s);
    expect(record).toMatchObject({ surface: 'check', kind: 'claude-code', sessionId: 's-1' });
    expect(record.subject).toBe(sha256Hex(`Bash: ${COMMAND}`));
    expect(record.preview).toContain('[redacted:aws-key] aws s3 ls');
    expect(logLines(s).text).not.toContain(FAKE_KEY);
  });

  it('gavel check records kind `cli`', () => {
    const s = sandbox();
    const request = JSON.stringify({ tool: 'read', input: { path: 'src/a.ts' }, session_id: 'cli-1' });
    const r = spawnSync(process.execPath, [bin, 'check'], {
      input: request,
      cwd: s.project,
      env: s.env as NodeJS.ProcessEnv,
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(onlyRecord(s)).toMatchObject({ kind: 'cli', verdict: 'allow', sessionId: 'cli-1' });
  });

  it('a log folder its user may not write: an explicit deny with basis internal-error', () => {
    const s = sandbox();
    const folder = join(s.home, 'read-only');
    mkdirSync(folder, { mode: 0o555 });
    s.env.GAVEL_LOG_DIR = folder;
    // Root writes anywhere: run the hook as an unprivileged user, who can read the sandbox but not the folder.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) for (const d of [join(s.project, '..'), s.project, s.home]) chmodSync(d, 0o755);
    writeFileSync(join(s.project, 'a.ts'), '');
    const r = spawn(
      ['hook', 'claude-code'],
      ccPayload(s, 'Read', { file_path: `${s.project}/a.ts` }),
      s.env,
      asRoot ? 65534 : undefined,
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe('deny');
    expect(out.permissionDecisionReason).toContain(`${join(folder, 'decisions.ndjson')}\` cannot be written`);
    expect(out.permissionDecisionReason).toContain('EACCES');
  });
});
