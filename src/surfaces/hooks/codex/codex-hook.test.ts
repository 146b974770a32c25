import { describe, expect, it } from 'vitest';
import { ccPayload, sandbox } from '../testdata/sandbox';
import { runCodexHook } from './codex-hook';

const codexPayload = (s: ReturnType<typeof sandbox>, tool: string, input: unknown, event = 'PreToolUse') =>
  JSON.stringify({ ...JSON.parse(ccPayload(s, tool, input, event)), turn_id: 'turn-1', model: 'gpt-5' });

// Codex rejects unknown fields in hook output: these are the only ones it accepts.
const PRE_FIELDS = new Set([
  'hookEventName',
  'permissionDecision',
  'permissionDecisionReason',
  'additionalContext',
  'updatedInput',
]);

describe('gavel hook codex', () => {
  it('prints nothing for an allow (Codex goes on with its own flow)', async () => {
    const s = sandbox();
    expect(
      await runCodexHook(
        codexPayload(s, 'apply_patch', {
          command: '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch',
        }),
        s.io,
      ),
    ).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });

  it.each([
    [
      'a patch touching .codex/',
      {
        command:
          '*** Begin Patch\n*** Update File: src/a.ts\n*** Add File: .codex/config.toml\n+x\n*** End Patch',
      },
    ],
    ['a patch naming no file', { command: 'garbage' }],
  ])('denies %s in PreToolUse, with only known fields', async (_name, input) => {
    const s = sandbox();
    const reply = await runCodexHook(codexPayload(s, 'apply_patch', input), s.io);
    const o = JSON.parse(reply.stdout);
    expect(Object.keys(o)).toEqual(['hookSpecificOutput']);
    expect(o.hookSpecificOutput.permissionDecision).toBe('deny');
    for (const k of Object.keys(o.hookSpecificOutput)) expect(PRE_FIELDS.has(k)).toBe(true);
  });

  it('PermissionRequest: escalate answers nothing, deny answers behavior deny', async () => {
    const s = sandbox();
    expect(
      (
        await runCodexHook(
          codexPayload(s, 'apply_patch', { command: '*** Update File: .env' }, 'PermissionRequest'),
          s.io,
        )
      ).stdout,
    ).toBe('');
    s.write('gavel.toml', '[check]\ndeny = ["Edit(./locked/**)"]\n');
    const o = JSON.parse(
      (
        await runCodexHook(
          codexPayload(s, 'apply_patch', { command: '*** Update File: locked/a' }, 'PermissionRequest'),
          s.io,
        )
      ).stdout,
    );
    expect(o.hookSpecificOutput.decision).toMatchObject({ behavior: 'deny' });
    expect(Object.keys(o.hookSpecificOutput.decision).sort()).toEqual(['behavior', 'message']);
  });

  it('blocks unreadable input with exit 2', async () => {
    expect((await runCodexHook('{', sandbox().io)).exitCode).toBe(2);
  });
});
