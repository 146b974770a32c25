import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Basis, decide, NO_POLICY, type Verdict } from '../../core';
import { claudeCodeAnswer } from './claude-code/answer';
import { codexAnswer } from './codex/answer';
import { piAnswer } from './pi/pi-hook';
import { ccPayload, sandbox } from './testdata/sandbox';

const judged = (verdict: Verdict, basis: Basis) => ({
  decision: decide({ verdict, basis, reason: 'why', policy: NO_POLICY }),
  suggestions: [],
});
const out = (stdout: string) => (stdout ? JSON.parse(stdout).hookSpecificOutput : undefined);

describe('an escalate that nothing knows (basis unlisted) is handed back to the harness', () => {
  it('Claude Code PreToolUse: no decision at all (exit 0, no output), so its own rules and prompt apply', () => {
    expect(
      claudeCodeAnswer({ event: 'PreToolUse', toolName: 'Bash' }, judged('escalate', 'unlisted')),
    ).toEqual({
      stdout: '',
      stderr: '',
      exitCode: 0,
    });
  });

  it('Claude Code PreToolUse: an escalate gavel can explain (a category, mode ask) is an explicit ask', () => {
    const reply = claudeCodeAnswer({ event: 'PreToolUse', toolName: 'Bash' }, judged('escalate', 'mode-ask'));
    expect(out(reply.stdout)).toMatchObject({
      permissionDecision: 'ask',
      permissionDecisionReason: 'gavel: why',
    });
  });

  it.each([['claude-code'], ['codex']])('%s PermissionRequest: no answer, its own dialog', (harness) => {
    const reply =
      harness === 'codex'
        ? codexAnswer('PermissionRequest', judged('escalate', 'unlisted'))
        : claudeCodeAnswer({ event: 'PermissionRequest', toolName: 'Bash' }, judged('escalate', 'unlisted'));
    expect(reply.stdout).toBe('');
  });

  it('Codex PreToolUse: no output, as for an allow, so its own approval policy decides', () => {
    expect(codexAnswer('PreToolUse', judged('escalate', 'unlisted'))).toEqual({
      stdout: '',
      stderr: '',
      exitCode: 0,
    });
  });

  it('Codex PreToolUse: an escalate gavel can explain stays a deny that says a person must approve', () => {
    const reply = codexAnswer('PreToolUse', judged('escalate', 'mode-ask'));
    expect(out(reply.stdout)).toMatchObject({ permissionDecision: 'deny' });
    expect(out(reply.stdout).permissionDecisionReason).toContain('A person must approve it first.');
  });

  it('pi (no permission system of its own, so no answer would be an allow): still an escalate', () => {
    expect(JSON.parse(piAnswer(judged('escalate', 'unlisted')).stdout)).toMatchObject({
      verdict: 'escalate',
    });
  });

  it.each([
    ['deny', 'unlisted'],
    ['deny', 'floor'],
  ] as const)('a %s (basis %s) is never handed back', (verdict, basis) => {
    expect(
      out(claudeCodeAnswer({ event: 'PreToolUse', toolName: 'Bash' }, judged(verdict, basis)).stdout)
        .permissionDecision,
    ).toBe('deny');
    expect(out(codexAnswer('PreToolUse', judged(verdict, basis)).stdout).permissionDecision).toBe('deny');
  });
});

describe('through the built hook (bin/gavel, dist/hook.cjs), mode ask', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  beforeAll(() => {
    if (!existsSync(join(root, 'dist', 'hook.cjs'))) throw new Error('run `npm run build` first');
  });
  const hook = (harness: string, command: string) => {
    const s = sandbox();
    const r = spawnSync(process.execPath, [join(root, 'bin', 'gavel'), 'hook', harness], {
      input: ccPayload(s, 'Bash', { command }, 'PreToolUse', harness === 'codex' ? { turn_id: 't' } : {}),
      env: s.env as NodeJS.ProcessEnv,
      encoding: 'utf8',
    });
    const log = join(s.project, '.gavel', 'logs', 'decisions.ndjson');
    const lines = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
    return { ...r, audit: lines.map((l) => JSON.parse(l) as { verdict: string; basis: string }) };
  };

  it.each([['claude-code'], ['codex']])(
    '%s: a program nothing knows gets no decision, and is still audited',
    (harness) => {
      const r = hook(harness, 'frobnicate --all');
      expect(r.status).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.audit.map((a) => [a.verdict, a.basis])).toEqual([['escalate', 'unlisted']]);
    },
  );

  it('claude-code: a request gavel can explain (a bundled rule) is an explicit ask', () => {
    const r = hook('claude-code', 'npm publish');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('ask');
  });
});
