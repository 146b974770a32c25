// End-to-end, issue 15's "gavel init <harness> then a dangerous request through the installed command is denied"
// for the three harnesses whose own test files do not already do it (OpenCode, Gemini CLI, Copilot CLI and
// Cursor do, in their folders): `bin/gavel init` into a temporary HOME, then what the harness runs. Claude Code
// and Codex run the installed command through `sh -c` with their PreToolUse payload; pi loads the installed
// extension file and calls its `tool_call` handler (pi itself needs Node 22 and cannot run here: the loader below
// does what pi's extension runner does, as in pi/gavel-extension.test.ts). Each is read as its harness reads it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { gavel, requireBuild, shell } from './testdata/built-hook';
import { ccPayload, type Sandbox, sandbox } from './testdata/sandbox';

/** Claude Code and Codex read a PreToolUse answer alike: exit 2, or a JSON `permissionDecision`. */
function preToolUseReads(r: { code: number | null; stdout: string }): string {
  if (r.code === 2) return 'deny';
  if (r.code !== 0) return 'error (the call goes on)';
  if (r.stdout.trim() === '') return 'no decision';
  const o = JSON.parse(r.stdout) as { hookSpecificOutput?: { permissionDecision?: string } };
  return o.hookSpecificOutput?.permissionDecision ?? 'no decision';
}

const settingsOf: Record<string, (s: Sandbox) => string> = {
  'claude-code': (s) => join(s.home, '.claude', 'settings.json'),
  codex: (s) => join(s.home, '.codex', 'hooks.json'),
};

function installedCommand(file: string): string {
  const hooks = JSON.parse(readFileSync(file, 'utf8')).hooks.PreToolUse as { hooks: { command: string }[] }[];
  const command = hooks.flatMap((h) => h.hooks.map((x) => x.command)).find((c) => c.includes(' hook '));
  if (command === undefined) throw new Error(`no gavel hook in ${file}`);
  return command;
}

describe('gavel init, then a dangerous request through what was installed', () => {
  beforeAll(requireBuild);

  it.each(['claude-code', 'codex'])('%s: `rm -rf ~` is denied, `ls` is not', (harness) => {
    const s = sandbox();
    expect(gavel(['init', harness], '', s.env, s.project).code).toBe(0);
    const command = installedCommand(settingsOf[harness]?.(s) ?? '');
    const payload = (c: string) => ccPayload(s, 'Bash', { command: c });
    expect(preToolUseReads(shell(command, payload('rm -rf ~'), s.env, s.project))).toBe('deny');
    expect(preToolUseReads(shell(command, payload('ls'), s.env, s.project))).not.toBe('deny');
  });

  it('pi: the installed extension blocks `rm -rf ~` and lets `ls` run', async () => {
    const s = sandbox();
    expect(gavel(['init', 'pi'], '', s.env, s.project).code).toBe(0);
    const file = join(s.home, '.pi', 'agent', 'extensions', 'gavel.ts');
    const factory = (await import(pathToFileURL(file).href)).default as (pi: {
      on: (event: string, handler: (e: unknown, ctx: unknown) => Promise<unknown>) => void;
    }) => void;
    const handlers: ((e: unknown, ctx: unknown) => Promise<unknown>)[] = [];
    factory({ on: (event, handler) => (event === 'tool_call' ? handlers.push(handler) : undefined) });
    expect(handlers).toHaveLength(1);
    const ctx = {
      cwd: s.project,
      hasUI: false,
      ui: { confirm: async () => false },
      sessionManager: { getEntries: () => [], getSessionFile: () => join(s.home, 'session.jsonl') },
    };
    const saved = { ...process.env };
    Object.assign(process.env, s.env);
    try {
      const call = (command: string) =>
        handlers[0]?.({ toolName: 'bash', toolCallId: 'c1', input: { command } }, ctx) as Promise<
          { block?: boolean } | undefined
        >;
      expect((await call('rm -rf ~'))?.block).toBe(true);
      expect((await call('ls'))?.block).toBeUndefined();
    } finally {
      for (const key of Object.keys(s.env)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});
