import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ccPayload, sandbox } from '../testdata/sandbox';
import { runClaudeCodeHook } from './claude-code-hook';

/** What each tool call touches, judged end to end through the Claude Code hook (default config, mode ask). */
const decisionOf = async (tool: string, input: (project: string, home: string) => unknown, env = {}) => {
  const s = sandbox();
  Object.assign(s.env, env);
  const reply = await runClaudeCodeHook(ccPayload(s, tool, input(s.project, s.home)), s.io);
  expect(reply.exitCode === 0 || reply.exitCode === 2).toBe(true);
  if (reply.exitCode === 2) return 'deny';
  return JSON.parse(reply.stdout).hookSpecificOutput.permissionDecision as string;
};

describe('the user config is gavel config wherever XDG_CONFIG_HOME puts it', () => {
  it('a write to gavel config under a temp XDG_CONFIG_HOME is not allowed', async () => {
    const s = sandbox();
    const xdg = join(s.home, '..', 'xdg');
    s.env.XDG_CONFIG_HOME = xdg;
    const payload = ccPayload(s, 'Write', { file_path: join(xdg, 'gavel', 'config.toml'), content: 'x' });
    const reply = await runClaudeCodeHook(payload, s.io);
    expect(JSON.parse(reply.stdout).hookSpecificOutput.permissionDecision).not.toBe('allow');
  });

  it.each([
    ['under XDG_STATE_HOME', (home: string) => join(home, '..', 'state'), (d: string) => join(d, 'gavel')],
    ['under ~/.local/state', undefined, (_d: string, home: string) => join(home, '.local', 'state', 'gavel')],
  ])(
    "a write to gavel's state (breaker, caches, user log) %s is not allowed",
    async (_name, xdgOf, dirOf) => {
      const s = sandbox();
      const xdg = xdgOf?.(s.home);
      if (xdg) s.env.XDG_STATE_HOME = xdg;
      const file = join(dirOf(xdg ?? '', s.home), 'policy-cache', 'forged.json');
      const reply = await runClaudeCodeHook(ccPayload(s, 'Write', { file_path: file, content: '{}' }), s.io);
      expect(JSON.parse(reply.stdout).hookSpecificOutput.permissionDecision).not.toBe('allow');
    },
  );

  it('an ordinary temp write stays allowed', async () => {
    expect(
      await decisionOf('Write', (_p, home) => ({ file_path: join(home, '..', 'scratch.txt'), content: 'x' })),
    ).toBe('allow');
  });
});
