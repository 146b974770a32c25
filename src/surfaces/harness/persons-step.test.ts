// An allow never takes a step the person keeps (review of round 32's session): approving the plan (`ExitPlanMode`),
// answering a question (`AskUserQuestion`), and any change while the harness is in plan mode get no answer, so the
// harness asks as it would without gavel. Read-only tools in plan mode, and every tool in other modes, keep the
// allow; a deny stays a deny. Unit cases, then the built hook (bin/gavel, dist/hook.cjs) with a real payload.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { decide, NO_POLICY, type Verdict } from '../../core';
import { claudeCodeAnswer } from './claude-code/answer';
import { readClaudeShapedCall } from './claude-code/payload';
import { ccPayload, sandbox } from './testdata/sandbox';

const judged = (verdict: Verdict) => ({
  decision: decide({
    verdict,
    basis: verdict === 'allow' ? 'rule' : 'floor',
    reason: 'why',
    policy: NO_POLICY,
  }),
  suggestions: [],
});
const decision = (stdout: string) => (stdout ? JSON.parse(stdout).hookSpecificOutput : undefined);

describe('an allow that would take the person’s own step is no answer', () => {
  it.each<[string, string, string | undefined]>([
    ['the plan approval', 'ExitPlanMode', 'plan'],
    ['the plan approval, any mode given', 'ExitPlanMode', 'default'],
    ['a question to the person', 'AskUserQuestion', 'default'],
    ['a write in plan mode', 'Write', 'plan'],
    ['a shell command in plan mode', 'Bash', 'plan'],
    ['an MCP tool in plan mode', 'mcp__db__query', 'plan'],
  ])('%s (%s, mode %s)', (_n, toolName, permissionMode) => {
    for (const event of ['PreToolUse', 'PermissionRequest'])
      expect(
        claudeCodeAnswer({ event, toolName, ...(permissionMode ? { permissionMode } : {}) }, judged('allow')),
      ).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });

  it.each<[string, string | undefined]>([
    ['Read', 'plan'],
    ['Grep', 'plan'],
    ['WebFetch', 'plan'],
    ['TodoWrite', 'plan'],
    ['Write', 'default'],
    ['Bash', 'acceptEdits'],
    ['Bash', undefined],
  ])('%s in mode %s keeps the allow', (toolName, permissionMode) => {
    const reply = claudeCodeAnswer(
      { event: 'PreToolUse', toolName, ...(permissionMode ? { permissionMode } : {}) },
      judged('allow'),
    );
    expect(decision(reply.stdout).permissionDecision).toBe('allow');
  });

  it('a deny in plan mode stays a deny', () => {
    const reply = claudeCodeAnswer(
      { event: 'PreToolUse', toolName: 'Bash', permissionMode: 'plan' },
      judged('deny'),
    );
    expect(decision(reply.stdout).permissionDecision).toBe('deny');
  });

  it('the payload carries the permission mode, and a non-string one is dropped', () => {
    const base = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: {}, cwd: '/p' };
    expect(readClaudeShapedCall(JSON.stringify({ ...base, permission_mode: 'plan' }), {})).toMatchObject({
      permissionMode: 'plan',
    });
    expect(readClaudeShapedCall(JSON.stringify({ ...base, permission_mode: 3 }), {})).not.toHaveProperty(
      'permissionMode',
    );
  });
});

describe('through the built hook', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  beforeAll(() => {
    if (!existsSync(join(root, 'dist', 'hook.cjs'))) throw new Error('run `npm run build` first');
  });
  const hook = (tool: string, input: unknown, mode: string) => {
    const s = sandbox();
    return spawnSync(process.execPath, [join(root, 'bin', 'gavel'), 'hook', 'claude-code'], {
      input: ccPayload(s, tool, input, 'PreToolUse', { permission_mode: mode }),
      env: s.env as NodeJS.ProcessEnv,
      encoding: 'utf8',
    });
  };

  it('ExitPlanMode gets no answer: the person approves the plan', () => {
    const r = hook('ExitPlanMode', { plan: 'do it' }, 'plan');
    expect([r.status, r.stdout]).toEqual([0, '']);
  });

  it('in plan mode, a known-safe command gets no answer; in default mode it is allowed', () => {
    const plan = hook('Bash', { command: 'git status' }, 'plan');
    expect([plan.status, plan.stdout]).toEqual([0, '']);
    const usual = hook('Bash', { command: 'git status' }, 'default');
    expect(decision(usual.stdout).permissionDecision).toBe('allow');
  });
});
