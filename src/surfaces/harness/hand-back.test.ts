import { describe, expect, it } from 'vitest';
import { type Basis, decide, NO_POLICY, type Verdict } from '../../core';
import { claudeCodeAnswer } from './claude-code/answer';
import { codexAnswer } from './codex/answer';
import { piAnswer } from './pi/pi-hook';

const judged = (verdict: Verdict, basis: Basis) => ({
  decision: decide({ verdict, basis, reason: 'why', policy: NO_POLICY }),
  suggestions: [],
});
const out = (stdout: string) => (stdout ? JSON.parse(stdout).hookSpecificOutput : undefined);

describe('an escalate that nothing knows (basis unlisted) is handed back to the harness', () => {
  it('Claude Code PreToolUse: no decision at all (exit 0, no output), so its own rules and prompt apply', () => {
    expect(claudeCodeAnswer('PreToolUse', judged('escalate', 'unlisted'))).toEqual({
      stdout: '',
      stderr: '',
      exitCode: 0,
    });
  });

  it('Claude Code PreToolUse: an escalate gavel can explain (a category, mode ask) is an explicit ask', () => {
    const reply = claudeCodeAnswer('PreToolUse', judged('escalate', 'mode-ask'));
    expect(out(reply.stdout)).toMatchObject({
      permissionDecision: 'ask',
      permissionDecisionReason: 'gavel: why',
    });
  });

  it.each([['claude-code'], ['codex']])('%s PermissionRequest: no answer, its own dialog', (harness) => {
    const answer = harness === 'codex' ? codexAnswer : claudeCodeAnswer;
    expect(answer('PermissionRequest', judged('escalate', 'unlisted')).stdout).toBe('');
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
    expect(out(claudeCodeAnswer('PreToolUse', judged(verdict, basis)).stdout).permissionDecision).toBe(
      'deny',
    );
    expect(out(codexAnswer('PreToolUse', judged(verdict, basis)).stdout).permissionDecision).toBe('deny');
  });
});
