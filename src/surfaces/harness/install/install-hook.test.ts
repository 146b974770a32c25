import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeCodeHarness } from '../claude-code/claude-code-hook';
import { codexHarness } from '../codex/codex-hook';
import { piHarness } from '../pi/pi-hook';
import { sandbox } from '../testdata/sandbox';
import { installJsonHooks, installPiExtension } from './install-hook';

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
    const first = installJsonHooks(file, cmd);
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
    expect(installJsonHooks(file, cmd)).toEqual({ ok: true, file, changed: false });
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('creates the file when there is none', () => {
    const s = sandbox();
    const file = codexHarness.install.file(s.home);
    expect(installJsonHooks(file, 'g hook codex')).toMatchObject({ ok: true, changed: true });
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
    expect(installJsonHooks(file, 'g')).toMatchObject({ ok: false });
    expect(readFileSync(file, 'utf8')).toBe(text);
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
