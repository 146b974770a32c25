import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { claudeCodeHarness } from '../claude-code/claude-code-hook';
import { codexHarness } from '../codex/codex-hook';
import { piHarness } from '../pi/pi-hook';
import { ccPayload, sandbox } from '../testdata/sandbox';
import { hookCommandLine, installJsonHooks, installPiExtension, isGavelHook } from './install-hook';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

describe('installJsonHooks', () => {
  it('merges into existing settings without losing a key or a hook, backs up, and is idempotent', () => {
    const s = sandbox();
    const file = claudeCodeHarness.install.file(s.home);
    const before = {
      model: 'opus',
      permissions: { allow: ['Bash(npm test:*)'], deny: ['Read(./.env)'] },
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'other-guard' }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'notify' }] }],
      },
      env: { FOO: '1' },
    };
    s.write(file, JSON.stringify(before));
    const cmd = '/opt/gavel/bin/gavel hook claude-code';
    const first = installJsonHooks(file, cmd, 'claude-code');
    expect(first).toMatchObject({ ok: true, changed: true, backup: `${file}.gavel-backup` });
    expect(JSON.parse(readFileSync(`${file}.gavel-backup`, 'utf8'))).toEqual(before);
    const after = JSON.parse(readFileSync(file, 'utf8'));
    expect(after.model).toBe('opus');
    expect(after.permissions).toEqual(before.permissions);
    expect(after.env).toEqual(before.env);
    expect(after.hooks.Stop).toEqual(before.hooks.Stop);
    expect(after.hooks.PreToolUse).toHaveLength(2);
    expect(after.hooks.PreToolUse[0]).toEqual(before.hooks.PreToolUse[0]);
    expect(after.hooks.PreToolUse[1]).toEqual({
      matcher: '*',
      hooks: [{ type: 'command', command: cmd, timeout: 30 }],
    });
    expect(after.hooks.PermissionRequest).toHaveLength(1);
    const text = readFileSync(file, 'utf8');
    expect(installJsonHooks(file, cmd, 'claude-code')).toEqual({ ok: true, file, changed: false });
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('creates the file when there is none', () => {
    const s = sandbox();
    const file = codexHarness.install.file(s.home);
    expect(installJsonHooks(file, 'g hook codex', 'codex')).toMatchObject({ ok: true, changed: true });
    expect(existsSync(`${file}.gavel-backup`)).toBe(false);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).hooks).sort()).toEqual([
      'PermissionRequest',
      'PreToolUse',
    ]);
  });

  it.each([
    ['not JSON', '{ "hooks": '],
    ['hooks not an object', '{ "hooks": [] }'],
  ])('leaves a file that is %s untouched', (_name, text) => {
    const s = sandbox();
    const file = s.write(join(s.home, '.claude', 'settings.json'), text);
    expect(installJsonHooks(file, 'g', 'claude-code')).toMatchObject({ ok: false, malformed: true });
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it.each([
    ['a bad key on line 3', '{\n  "model": "opus",\n  hooks: {}\n}\n', 'line 3, column 3'],
    ['a trailing comma', '{"a": 1,}', 'line 1, column 9'],
    ['a file cut short', '{ "hooks": ', 'line 1, column 12'],
  ])('names where the JSON breaks: %s', (_name, text, place) => {
    const s = sandbox();
    const file = s.write(join(s.home, '.claude', 'settings.json'), text);
    const got = installJsonHooks(file, 'g', 'claude-code');
    expect(got).toMatchObject({ ok: false, problem: `is not valid JSON (${place}); left untouched` });
  });
});

describe('installPiExtension', () => {
  it('writes a one-line re-export, idempotently, backing up a different file', () => {
    const s = sandbox();
    const file = piHarness.install.file(s.home);
    expect(installPiExtension(file, '/opt/gavel/src/surfaces/harness/pi/index.ts')).toMatchObject({
      ok: true,
      changed: true,
    });
    expect(readFileSync(file, 'utf8')).toContain(
      'export { default } from "/opt/gavel/src/surfaces/harness/pi/index.ts"',
    );
    expect(installPiExtension(file, '/opt/gavel/src/surfaces/harness/pi/index.ts')).toMatchObject({
      changed: false,
    });
    writeFileSync(file, '// mine\n');
    expect(installPiExtension(file, '/x/index.ts')).toMatchObject({
      changed: true,
      backup: `${file}.gavel-backup`,
    });
  });
});

describe('the hook command gavel init writes', () => {
  it.each([
    ['a plain path', '/opt/gavel', "'/opt/gavel/bin/gavel' hook codex || exit 2"],
    ['a path with a space', '/opt/my tools/gavel', "'/opt/my tools/gavel/bin/gavel' hook codex || exit 2"],
    ['a path with a quote', "/opt/it's/gavel", "'/opt/it'\\''s/gavel/bin/gavel' hook codex || exit 2"],
    ['a project file (nothing of this machine)', undefined, 'gavel hook codex || exit 2'],
  ])('quotes %s', (_name, root, want) => {
    expect(hookCommandLine('codex', root, {})).toBe(want);
  });

  it('runs a user installation under `timeout -s KILL 21` where the machine has one, a project file never', () => {
    expect(hookCommandLine('codex', '/opt/gavel', { timeout: '/usr/bin/timeout' })).toBe(
      "'/usr/bin/timeout' -s KILL 21 '/opt/gavel/bin/gavel' hook codex || exit 2",
    );
    expect(hookCommandLine('codex', undefined, { timeout: '/usr/bin/timeout' })).toBe(
      'gavel hook codex || exit 2',
    );
    expect(
      isGavelHook(hookCommandLine('codex', '/opt/gavel', { timeout: '/usr/bin/timeout' }), 'codex'),
    ).toBe(true);
  });

  it.each([
    ["'/a b/bin/gavel' hook claude-code || exit 2", true],
    ["'/usr/bin/timeout' -s KILL 21 '/a b/bin/gavel' hook claude-code || exit 2", true],
    ['/opt/gavel/bin/gavel hook claude-code', true],
    ['gavel hook claude-code || exit 2', true],
    ['/opt/gavel/bin/gavel hook codex', false],
    ['other-guard hook claude-code', false],
    ['notify', false],
  ])('knows %j as gavel hook: %s', (command, want) => {
    expect(isGavelHook(command, 'claude-code')).toBe(want);
  });

  function hookRuns(command: string, env: Record<string, string | undefined>, stdin: string) {
    return spawnSync('sh', ['-c', command], {
      input: stdin,
      env: env as NodeJS.ProcessEnv,
      encoding: 'utf8',
    });
  }

  it('runs from an installation whose path holds a space (was exit 126, which lets the call through)', () => {
    const s = sandbox();
    const spaced = join(s.home, 'my tools');
    mkdirSync(spaced);
    symlinkSync(root, join(spaced, 'gavel'));
    const file = claudeCodeHarness.install.file(s.home);
    claudeCodeHarness.install.write(file, join(spaced, 'gavel'), 'user');
    const command = JSON.parse(readFileSync(file, 'utf8')).hooks.PreToolUse[0].hooks[0].command;
    const r = hookRuns(command, s.env, ccPayload(s, 'Read', { file_path: `${s.project}/a.ts` }));
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('allow');
  });

  it('blocks (exit 2) when the gavel it names cannot run', () => {
    const s = sandbox();
    const file = claudeCodeHarness.install.file(s.home);
    claudeCodeHarness.install.write(file, join(s.home, 'moved away'), 'user');
    const command = JSON.parse(readFileSync(file, 'utf8')).hooks.PreToolUse[0].hooks[0].command;
    expect(hookRuns(command, s.env, ccPayload(s, 'Read', { file_path: 'a' })).status).toBe(2);
  });

  it('writes no path of this machine into a project file', () => {
    const s = sandbox();
    const file = claudeCodeHarness.install.file(s.home, s.project);
    claudeCodeHarness.install.write(file, '/opt/gavel', 'project');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('/opt/gavel');
    expect(text).not.toContain(s.home);
    expect(JSON.parse(text).hooks.PreToolUse[0].hooks[0].command).toBe('gavel hook claude-code || exit 2');
  });
});

describe('installing again', () => {
  it('replaces the hook of a gavel installed elsewhere, keeping the other hooks', () => {
    const s = sandbox();
    const file = s.write(
      join(s.home, '.claude', 'settings.json'),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: '*', hooks: [{ type: 'command', command: '/old/gavel/bin/gavel hook claude-code' }] },
            { matcher: 'Bash', hooks: [{ type: 'command', command: 'other-guard' }] },
          ],
        },
      }),
    );
    claudeCodeHarness.install.write(file, '/new/gavel', 'user');
    const pre = JSON.parse(readFileSync(file, 'utf8')).hooks.PreToolUse;
    expect(pre.map((g: { hooks: { command: string }[] }) => g.hooks[0]?.command)).toEqual([
      'other-guard',
      hookCommandLine('claude-code', '/new/gavel'),
    ]);
    expect(claudeCodeHarness.install.write(file, '/new/gavel', 'user')).toMatchObject({ changed: false });
  });

  it('makes the backup once and never overwrites it', () => {
    const s = sandbox();
    const file = s.write(join(s.home, '.claude', 'settings.json'), '{"model":"opus"}');
    claudeCodeHarness.install.write(file, '/a/gavel', 'user');
    claudeCodeHarness.install.write(file, '/b/gavel', 'user');
    expect(readFileSync(`${file}.gavel-backup`, 'utf8')).toBe('{"model":"opus"}');
  });

  it('refuses a PreToolUse that is an object instead of replacing it', () => {
    const s = sandbox();
    const text = '{"hooks":{"PreToolUse":{"matcher":"*"}}}';
    const file = s.write(join(s.home, '.claude', 'settings.json'), text);
    expect(claudeCodeHarness.install.write(file, '/a/gavel', 'user')).toMatchObject({
      ok: false,
      problem: '`hooks.PreToolUse` is not a list; left untouched',
    });
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it.each([[''], ['\n  \n']])('reads an empty settings file %j as {}', (text) => {
    const s = sandbox();
    const file = s.write(join(s.home, '.claude', 'settings.json'), text);
    expect(claudeCodeHarness.install.write(file, '/a/gavel', 'user')).toMatchObject({
      ok: true,
      changed: true,
    });
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).hooks)).toEqual([
      'PreToolUse',
      'PermissionRequest',
    ]);
  });
});
