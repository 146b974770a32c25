// Symlink escapes end to end through the built `bin/gavel hook claude-code` (run `npm run build` first; `npm test`
// does): real links in a temp sandbox (a project and a fake home under the temp folder) to the fake home and to
// `/`, then writes, edits, reads and shell redirects through them. Each escape ends ask or deny; workspace files
// and links that stay in the workspace stay allowed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ccPayload, type Sandbox, sandbox } from '../../surfaces/harness/testdata/sandbox';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'bin', 'gavel');

let s: Sandbox;

function hook(tool: string, input: Record<string, unknown>): { decision: string; reason: string } {
  const r = spawnSync(process.execPath, [bin, 'hook', 'claude-code'], {
    input: ccPayload(s, tool, input),
    env: s.env as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(r.status).toBe(0);
  const out = JSON.parse(r.stdout).hookSpecificOutput;
  return { decision: out.permissionDecision, reason: out.permissionDecisionReason ?? '' };
}

/** Kept as written: `join` would fold a `..` away before gavel sees it. */
const at = (rel: string) => `${s.project}/${rel}`;

beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'gavel.mjs'))) throw new Error('run `npm run build` first');
  s = sandbox();
  mkdirSync(join(s.home, '.aws'), { recursive: true });
  writeFileSync(join(s.home, '.aws', 'credentials'), '[default]\n');
  writeFileSync(join(s.home, '.bashrc'), '# rc\n');
  s.write('src/a.ts', 'export {};\n');
  symlinkSync(s.home, at('homelink'));
  symlinkSync('/', at('rootlink'));
  symlinkSync('src', at('srclink'));
});

describe('links out of the workspace (shell)', () => {
  it.each<[string, string, string]>([
    ['a symbolic link to home', 'ln -s ~ homelink2', 'to home space'],
    ['a symbolic link to the root', 'ln -s / rootlink2', 'to system space'],
    ['-sf to /etc', 'ln -sf /etc etclink', 'to system space'],
    ['a hard link to a start-up file', 'ln ~/.bashrc rc', 'to home space'],
    ['mkfifo at gavel.toml', 'mkfifo gavel.toml', 'agent_self_modification'],
    ['mknod at gavel.toml', 'mknod gavel.toml p', 'agent_self_modification'],
  ])('%s is not allowed: %s', (_name, command, reason) => {
    const r = hook('Bash', { command });
    expect(['ask', 'deny']).toContain(r.decision);
    expect(r.reason).toContain(reason);
  });
});

describe('paths through an existing link', () => {
  it.each<[string, string, Record<string, unknown>, string]>([
    ['Write a start-up file', 'Write', { file_path: 'homelink/.bashrc', content: 'x' }, 'persistence'],
    ['Write a cron file', 'Write', { file_path: 'rootlink/etc/cron.d/x', content: 'x' }, 'persistence'],
    [
      'Edit passwd',
      'Edit',
      { file_path: 'rootlink/etc/passwd', old_string: 'a', new_string: 'b' },
      'persistence',
    ],
    ['Read credentials', 'Read', { file_path: 'homelink/.aws/credentials' }, 'secret_material_read'],
    [
      'Write by a climb out of a link',
      'Write',
      { file_path: 'homelink/../home/.bashrc', content: 'x' },
      'persistence',
    ],
    ['append to a start-up file', 'Bash', { command: 'echo x >> homelink/.bashrc' }, 'persistence'],
    [
      'read credentials in the shell',
      'Bash',
      { command: 'cat homelink/.aws/credentials' },
      'secret_material_read',
    ],
    ['delete home through a glob', 'Bash', { command: 'rm -rf homelink/*' }, 'destructive_root_delete'],
  ])('%s ends ask or deny', (_name, tool, input, reason) => {
    const abs = typeof input.file_path === 'string' ? { ...input, file_path: at(input.file_path) } : input;
    const r = hook(tool, abs);
    expect(['ask', 'deny']).toContain(r.decision);
    expect(r.reason).toContain(reason);
  });

  it.each<[string, string, Record<string, unknown>]>([
    ['Write a workspace file', 'Write', { file_path: 'src/b.ts', content: 'x' }],
    ['Write through an in-workspace link', 'Write', { file_path: 'srclink/c.ts', content: 'x' }],
    ['Read through an in-workspace link', 'Read', { file_path: 'srclink/a.ts' }],
    ['Edit a workspace file', 'Edit', { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' }],
    ['link inside the workspace', 'Bash', { command: 'ln -s src/a.ts alias.ts' }],
    ['read through an in-workspace link', 'Bash', { command: 'cat srclink/a.ts' }],
  ])('%s stays allowed', (_name, tool, input) => {
    const abs = typeof input.file_path === 'string' ? { ...input, file_path: at(input.file_path) } : input;
    expect(hook(tool, abs).decision).toBe('allow');
  });
});
