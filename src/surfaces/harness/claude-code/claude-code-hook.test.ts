import { describe, expect, it } from 'vitest';
import { ccPayload, sandbox } from '../testdata/sandbox';
import { runClaudeCodeHook } from './claude-code-hook';

const out = (stdout: string) => JSON.parse(stdout).hookSpecificOutput;

describe('gavel hook claude-code (in process)', () => {
  it('PreToolUse: an unknown MCP tool -> no decision (basis unlisted: Claude Code asks), still audited', async () => {
    const s = sandbox();
    const reply = await runClaudeCodeHook(ccPayload(s, 'mcp__db__drop_table', { table: 'users' }), s.io);
    expect(reply).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    expect(s.records.map((r) => [r.verdict, r.basis])).toEqual([['escalate', 'unlisted']]);
  });

  it.each([
    ['a workspace read', 'Read', (p: string) => ({ file_path: `${p}/src/a.ts` }), 'allow', 'rule'],
    ['a .env read', 'Read', (p: string) => ({ file_path: `${p}/.env` }), 'ask', 'mode-ask'],
    [
      'a write to .claude/settings.json',
      'Write',
      (p: string) => ({ file_path: `${p}/.claude/settings.json`, content: '{}' }),
      'ask',
      'mode-ask',
    ],
    [
      'an edit of ~/.zshrc',
      'Edit',
      () => ({ file_path: '~/.zshrc', old_string: 'a', new_string: 'b' }),
      'ask',
      'mode-ask',
    ],
    [
      'a fetch of an unstated host',
      'WebFetch',
      () => ({ url: 'https://example.com', prompt: 'x' }),
      'ask',
      'mode-ask',
    ],
    ['a harmless built-in tool', 'TodoWrite', () => ({ todos: [] }), 'allow', 'rule'],
  ])('PreToolUse: %s -> %s', async (_name, tool, input, decision, basis) => {
    const s = sandbox();
    const reply = await runClaudeCodeHook(ccPayload(s, tool, input(s.project)), s.io);
    expect(reply.exitCode).toBe(0);
    expect(out(reply.stdout)).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: decision });
    expect(Object.keys(out(reply.stdout)).sort()).toEqual([
      'hookEventName',
      'permissionDecision',
      'permissionDecisionReason',
    ]);
    expect(s.records).toHaveLength(1);
    expect(s.records[0]).toMatchObject({
      basis,
      meta: { surface: 'check', kind: 'claude-code', sessionId: 's-1' },
    });
  });

  it('names the exact rule to add, and that rule then allows', async () => {
    const s = sandbox();
    const first = out(
      (await runClaudeCodeHook(ccPayload(s, 'Read', { file_path: `${s.project}/.env` }), s.io)).stdout,
    );
    const rule = `Read(/${s.project}/.env)`;
    expect(first.permissionDecisionReason).toContain(JSON.stringify(rule));
    s.write(`${s.home}/.config/gavel/config.toml`, `[check]\nallow = [${JSON.stringify(rule)}]\n`);
    const again = out(
      (await runClaudeCodeHook(ccPayload(s, 'Read', { file_path: `${s.project}/.env` }), s.io)).stdout,
    );
    expect(again.permissionDecision).toBe('allow');
  });

  it('a repository cannot allow what the user did not (its allow rule is dropped)', async () => {
    const s = sandbox();
    s.write('gavel.toml', '[check]\nallow = ["Read(./.env)"]\n');
    const reply = out(
      (await runClaudeCodeHook(ccPayload(s, 'Read', { file_path: `${s.project}/.env` }), s.io)).stdout,
    );
    expect(reply.permissionDecision).toBe('ask');
  });

  it('no user or repository rule, mode or scope allows a floor case', async () => {
    const s = sandbox();
    s.write(
      `${s.home}/.config/gavel/config.toml`,
      '[check]\nmode = "off"\nfloor_extra = ["secret_material_read"]\nallow = ["Read(./.env)", "Read"]\n',
    );
    s.write('gavel.toml', '[check]\nmode = "off"\nallow = ["Read(./.env)"]\nunlisted = "allow"\n');
    const reply = out(
      (await runClaudeCodeHook(ccPayload(s, 'Read', { file_path: `${s.project}/.env` }), s.io)).stdout,
    );
    expect(reply.permissionDecision).toBe('deny');
    expect(reply.permissionDecisionReason).toContain('sealed floor');
    expect(reply.permissionDecisionReason).not.toContain('to allow it');
    expect(s.records[0]).toMatchObject({ verdict: 'deny', basis: 'floor' });
  });

  it('a repository deny rule denies', async () => {
    const s = sandbox();
    s.write('gavel.toml', '[check]\ndeny = ["Read(./secret/**)"]\n');
    const reply = out(
      (await runClaudeCodeHook(ccPayload(s, 'Read', { file_path: `${s.project}/secret/a` }), s.io)).stdout,
    );
    expect(reply).toMatchObject({ permissionDecision: 'deny' });
    expect(reply.permissionDecisionReason).toContain('Read(./secret/**)');
  });

  it.each([
    ['allow', 'Read', { file_path: 'src/a.ts' }, { behavior: 'allow' }],
    ['deny', 'Read', { file_path: 'secret/a' }, { behavior: 'deny' }],
  ])('PermissionRequest: %s', async (_name, tool, input, decision) => {
    const s = sandbox();
    s.write('gavel.toml', '[check]\ndeny = ["Read(./secret/**)"]\n');
    const reply = await runClaudeCodeHook(
      ccPayload(s, tool, input, 'PermissionRequest', { permission_suggestions: [] }),
      s.io,
    );
    expect(out(reply.stdout)).toMatchObject({ hookEventName: 'PermissionRequest', decision });
  });

  it('PermissionRequest: an escalate answers nothing so Claude Code asks the person', async () => {
    const s = sandbox();
    const reply = await runClaudeCodeHook(
      ccPayload(s, 'Read', { file_path: '.env' }, 'PermissionRequest'),
      s.io,
    );
    expect(reply).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    expect(s.records).toHaveLength(1);
  });

  it('an invalid gavel.toml denies with basis config-invalid and the one-line problem', async () => {
    const s = sandbox();
    s.write('gavel.toml', '[check]\nmode = "sometimes"\n');
    const reply = out(
      (await runClaudeCodeHook(ccPayload(s, 'Read', { file_path: 'src/a.ts' }), s.io)).stdout,
    );
    expect(reply.permissionDecision).toBe('deny');
    expect(reply.permissionDecisionReason).toContain('gavel.toml: `check.mode`');
    // Said once: "gavel: cannot judge: ...", never "gavel: gavel cannot judge: ...".
    expect(reply.permissionDecisionReason).toMatch(/^gavel: cannot judge: /);
    expect(s.records[0]).toMatchObject({ verdict: 'deny', basis: 'config-invalid' });
  });

  it('a config argument rule whose example fails denies with config-invalid', async () => {
    const s = sandbox();
    s.write(
      'gavel.toml',
      '[[check.rules]]\nid = "ci"\ndecision = "review"\nprogram = "npm"\nsubcommand = ["ci"]\nmatch = ["npm install"]\n',
    );
    const reply = out(
      (await runClaudeCodeHook(ccPayload(s, 'Read', { file_path: 'src/a.ts' }), s.io)).stdout,
    );
    expect(reply.permissionDecision).toBe('deny');
    expect(reply.permissionDecisionReason).toContain('example match[0] is not matched');
  });

  it.each([
    ['not JSON', 'nope', 'not valid JSON'],
    ['an array', '[]', 'JSON object'],
    ['no tool name', JSON.stringify({ hook_event_name: 'PreToolUse', cwd: '/tmp' }), '`tool_name`'],
    [
      'an unknown event',
      JSON.stringify({ hook_event_name: 'Stop', tool_name: 'Bash', cwd: '/tmp' }),
      'unsupported hook event',
    ],
    [
      'a relative cwd',
      JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', cwd: 'x' }),
      'absolute `cwd`',
    ],
  ])('blocks %s with exit 2', async (_name, stdin, message) => {
    const s = sandbox();
    const reply = await runClaudeCodeHook(stdin, s.io);
    expect(reply.exitCode).toBe(2);
    expect(reply.stderr).toContain(message);
  });

  it('denies a tool input that lacks its field, with basis invalid-input', async () => {
    const s = sandbox();
    const reply = out((await runClaudeCodeHook(ccPayload(s, 'Bash', { description: 'x' }), s.io)).stdout);
    expect(reply.permissionDecision).toBe('deny');
    expect(s.records[0]?.basis).toBe('invalid-input');
  });

  it('blocks with exit 2 when judging crashes (injected)', async () => {
    const s = sandbox();
    s.env.GAVEL_TEST_FAULT = 'crash';
    const reply = await runClaudeCodeHook(ccPayload(s, 'Read', { file_path: 'src/a.ts' }), s.io);
    expect(reply.exitCode).toBe(2);
  });
});
