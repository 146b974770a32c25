// The surface's script reader on real files in a temp folder (regular, missing, FIFO, folder, device, large), the
// analysis with it, and the Claude Code hook in process: a script written by an earlier tool call and run now is
// judged by what it does. A FIFO must never hang a review (no writer is ever attached in these tests).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, type ShellEnv } from '../../shell';
import { runClaudeCodeHook } from '../../surfaces/harness/claude-code/claude-code-hook';
import { ccPayload, sandbox } from '../../surfaces/harness/testdata/sandbox';
import { MAX_FOLDER_ENTRIES, MAX_SCRIPT_BYTES, readScriptFile } from './read-script';

let base: string;
let env: ShellEnv;
const SECRET = 'TOKEN-91c2-never-in-a-reason';

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gavel-readscript-')));
  mkdirSync(join(base, 'ws', 'scripts'), { recursive: true });
  writeFileSync(join(base, 'ws', 'scripts', 'wipe.sh'), `#!/bin/sh\n# ${SECRET}\nrm -rf ~\n`);
  writeFileSync(join(base, 'ws', 'scripts', 'test.sh'), '#!/usr/bin/env bash\nset -eu\nnpm test\n');
  // `npm test` with no package.json up the tree is uncertain: the project has one.
  writeFileSync(join(base, 'ws', 'package.json'), '{"scripts":{"test":"vitest run"}}');
  chmodSync(join(base, 'ws', 'scripts', 'wipe.sh'), 0o755);
  writeFileSync(join(base, 'ws', 'big.sh'), `#!/bin/sh\n${'echo hi\n'.repeat(MAX_SCRIPT_BYTES / 8 + 1)}`);
  writeFileSync(join(base, 'ws', 'limit.sh'), `${'#'.repeat(MAX_SCRIPT_BYTES - 1)}\n`);
  execFileSync('mkfifo', [join(base, 'ws', 'pipe')]);
  mkdirSync(join(base, 'ws', 'folder.sh'));
  env = {
    paths: { ...sandboxPaths() },
    cwd: join(base, 'ws'),
    home: join(base, 'home'),
    workspaceRoots: [join(base, 'ws')],
    tempDirs: [],
    readScript: readScriptFile,
  };
});

function sandboxPaths(): ShellEnv['paths'] {
  return {
    sensitive: ['~/.ssh'],
    sensitive_exceptions: [],
    system_roots: ['/etc', '/usr'],
    temp_dirs: [],
    scratch_devices: ['/dev/null'],
    self_modification: [],
    persistence: [],
  };
}

describe('readScriptFile', () => {
  it('reads a regular file', () => {
    expect(readScriptFile(join(base, 'ws', 'scripts', 'test.sh'))).toEqual({
      kind: 'text',
      text: '#!/usr/bin/env bash\nset -eu\nnpm test\n',
    });
  });

  it('reads a file of exactly the limit', () => {
    const r = readScriptFile(join(base, 'ws', 'limit.sh'));
    expect(r.kind).toBe('text');
  });

  it.each<[string, string, unknown]>([
    ['a missing file', 'ws/nothere.sh', { kind: 'missing' }],
    ['a path through a file', 'ws/scripts/test.sh/x', { kind: 'missing' }],
    ['a FIFO (no hang)', 'ws/pipe', { kind: 'unreadable', why: 'not-regular' }],
    [
      'a folder, listed',
      'ws/folder.sh',
      { kind: 'unreadable', why: 'not-regular', entries: [], folders: [], links: [] },
    ],
  ])('%s', (_name, rel, expected) => {
    expect(readScriptFile(join(base, rel))).toEqual(expected);
  });

  it('a folder tells which entries are folders; a symlink to one is not', () => {
    mkdirSync(join(base, 'ws', 'tree', 'sub'), { recursive: true });
    writeFileSync(join(base, 'ws', 'tree', 'a.txt'), 'a');
    symlinkSync(join(base, 'ws', 'tree', 'sub'), join(base, 'ws', 'tree', 'link'));
    expect(readScriptFile(join(base, 'ws', 'tree'))).toEqual({
      kind: 'unreadable',
      why: 'not-regular',
      entries: ['a.txt', 'link', 'sub'],
      folders: ['sub'],
      links: ['link'],
    });
  });

  it('a folder of more entries than it lists says so', () => {
    mkdirSync(join(base, 'ws', 'crowded'));
    for (let k = 0; k <= MAX_FOLDER_ENTRIES; k++) writeFileSync(join(base, 'ws', 'crowded', `f${k}`), '');
    expect(readScriptFile(join(base, 'ws', 'crowded'))).toEqual({
      kind: 'unreadable',
      why: 'not-regular',
      tooMany: true,
    });
  });

  it('a device is not read', () => {
    expect(readScriptFile('/dev/zero')).toEqual({ kind: 'unreadable', why: 'not-regular' });
  });

  it('a file over 256 KiB gives only its first bytes', () => {
    const r = readScriptFile(join(base, 'ws', 'big.sh'));
    expect(r).toMatchObject({ kind: 'unreadable', why: 'too-large' });
    expect(r.kind === 'unreadable' && r.head?.startsWith('#!/bin/sh\n')).toBe(true);
    expect(r.kind === 'unreadable' && (r.head?.length ?? 0) <= 256).toBe(true);
  });

  it('a relative path is not read', () => {
    expect(readScriptFile('ws/scripts/test.sh')).toEqual({ kind: 'unreadable', why: 'error' });
  });
});

describe('shell analysis with the reader', () => {
  it.each<[string, string]>([
    ['bash FILE', 'bash scripts/wipe.sh'],
    ['run by its path', './scripts/wipe.sh'],
    ['source', 'source scripts/wipe.sh'],
    ['on stdin', 'sh < scripts/wipe.sh'],
  ])('a script that deletes home: %s', async (_name, command) => {
    const a = await analyzeShell(command, env);
    expect(a.hits.map((h) => h.category)).toContain('destructive_root_delete');
    expect(JSON.stringify(a)).not.toContain(SECRET);
  });

  it.each<[string, string]>([
    ['a benign script', 'bash scripts/test.sh'],
    ['a shell reading /dev/null', 'sh < /dev/null'],
  ])('%s: no hits', async (_name, command) => {
    const a = await analyzeShell(command, env);
    expect(a.hits).toEqual([]);
    expect(a.uncertain).toEqual([]);
  });

  it.each<[string, string]>([
    ['a FIFO', 'bash pipe'],
    ['a FIFO on stdin', 'sh < pipe'],
    ['a large file', 'bash big.sh'],
    ['a folder', 'source folder.sh'],
  ])('%s is uncertain', async (_name, command) => {
    const a = await analyzeShell(command, env);
    expect(a.uncertain.map((u) => u.code)).toContain('dynamic-script');
  });

  it('a missing file: as without a reader', async () => {
    const { readScript: _, ...without } = env;
    for (const command of ['bash nothere.sh', './nothere.sh', 'source nothere.sh']) {
      expect(await analyzeShell(command, env)).toEqual(await analyzeShell(command, without));
    }
  });
});

describe('gavel hook claude-code (in process): a script written earlier, run now', () => {
  it.each<[string, string, string, 'allow' | 'ask' | 'deny' | 'none']>([
    ['a script that deletes home', 'rm -rf ~\n', 'bash scripts/x.sh', 'deny'],
    ['the same, run by its path', 'rm -rf ~\n', './scripts/x.sh', 'deny'],
    // `bash <script>` of a workspace script gavel read and found known safe is allowed (catalogue `runs_script`).
    ['a benign script', 'echo hello\n', 'bash scripts/x.sh', 'allow'],
    ['a missing script', '', 'bash scripts/none.sh', 'none'],
  ])('%s: %s', async (_name, text, command, decision) => {
    const s = sandbox();
    if (text) s.write('scripts/x.sh', `#!/bin/sh\n${text}`);
    const reply = await runClaudeCodeHook(ccPayload(s, 'Bash', { command }), s.io);
    // No output: nothing knows the request (basis `unlisted`), so Claude Code's own prompt decides.
    const out = reply.stdout ? JSON.parse(reply.stdout).hookSpecificOutput : { permissionDecision: 'none' };
    expect(out.permissionDecision).toBe(decision);
    if (decision === 'deny') expect(out.permissionDecisionReason).toContain('destructive_root_delete');
  });

  it('a FIFO in its place asks and does not hang', async () => {
    const s = sandbox();
    mkdirSync(join(s.project, 'scripts'), { recursive: true });
    execFileSync('mkfifo', [join(s.project, 'scripts', 'x.sh')]);
    const reply = await runClaudeCodeHook(ccPayload(s, 'Bash', { command: 'bash scripts/x.sh' }), s.io);
    expect(JSON.parse(reply.stdout).hookSpecificOutput.permissionDecision).toBe('ask');
  });
});

describe('`[check] script_files` through the hook (in process)', () => {
  const WRAPPER = '#!/bin/sh\nset -e\nexec "$@"\n';
  // `none`: no output, nothing knows the request (basis `unlisted`), Claude Code's own prompt decides.
  const decide = async (s: ReturnType<typeof sandbox>, command: string) => {
    const { stdout } = await runClaudeCodeHook(ccPayload(s, 'Bash', { command }), s.io);
    return stdout ? JSON.parse(stdout).hookSpecificOutput.permissionDecision : 'none';
  };

  it('default `literal`: a script that only computes its command at run time is not asked about (nothing knows it)', async () => {
    const s = sandbox();
    s.write('scripts/run.sh', WRAPPER);
    expect(await decide(s, 'bash scripts/run.sh "$TOOL" test')).toBe('none');
  });

  it('a repository may tighten to `strict`: the same script asks', async () => {
    const s = sandbox();
    s.write('scripts/run.sh', WRAPPER);
    s.write('gavel.toml', '[check]\nscript_files = "strict"\n');
    expect(await decide(s, 'bash scripts/run.sh "$TOOL" test')).toBe('ask');
  });

  it('a repository cannot loosen to `name`: a script that deletes home is still denied', async () => {
    const s = sandbox();
    s.write('scripts/x.sh', '#!/bin/sh\nrm -rf ~\n');
    s.write('gavel.toml', '[check]\nscript_files = "name"\n');
    expect(await decide(s, 'bash scripts/x.sh')).toBe('deny');
  });

  it('the user may choose `name`: scripts are judged by their name only, as before', async () => {
    const s = sandbox();
    s.write('scripts/x.sh', '#!/bin/sh\nrm -rf ~\n');
    s.write(join(s.home, '.config', 'gavel', 'config.toml'), '[check]\nscript_files = "name"\n');
    expect(await decide(s, 'bash scripts/x.sh')).toBe('none');
  });
});

describe('a script file’s words never reach a reason or the audit record', () => {
  it('names the segment by the command-line program that runs the file', async () => {
    const s = sandbox();
    const token = 'TOKEN-5d1e-from-the-file';
    s.write('scripts/x.sh', `#!/bin/sh\n/opt/${token}/bin/rm -rf ~\n`);
    const audited: unknown[] = [];
    const io = {
      ...s.io,
      audit: (d: Parameters<typeof s.io.audit>[0], meta: Parameters<typeof s.io.audit>[1]) => {
        audited.push(d);
        return s.io.audit(d, meta);
      },
    };
    const reply = await runClaudeCodeHook(ccPayload(s, 'Bash', { command: 'bash scripts/x.sh' }), io);
    const out = JSON.parse(reply.stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe('deny');
    expect(out.permissionDecisionReason).toContain('`bash (script file)`');
    expect(out.permissionDecisionReason).not.toContain(token);
    expect(audited).toHaveLength(1);
    expect(JSON.stringify(audited)).not.toContain(token);
  });
});

describe('gavel’s own files, as the hook finds them', () => {
  const root = join(import.meta.dirname, '..', '..', '..');
  const decide = async (tool: string, input: object) => {
    const s = sandbox();
    const reply = await runClaudeCodeHook(ccPayload(s, tool, input), s.io);
    return JSON.parse(reply.stdout).hookSpecificOutput.permissionDecision;
  };

  it('a write to the hook bundle or its rules asks (self-modification); a read does not', async () => {
    expect(await decide('Write', { file_path: join(root, 'dist', 'hook.cjs'), content: 'x' })).toBe('ask');
    expect(await decide('Bash', { command: `echo x > ${join(root, 'rules', 'check-floor.json')}` })).toBe(
      'ask',
    );
    expect(await decide('Bash', { command: `rm -rf ${join(root, 'bin')}` })).not.toBe('allow');
    expect(await decide('Read', { file_path: join(root, 'rules', 'check-floor.json') })).not.toBe('deny');
  });
});
