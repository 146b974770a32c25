// The build as an installed package would hold it (bin/, dist/, rules/, package.json copied to a temporary
// folder; node_modules only where a test links it), spawned for real: bin/gavel answers a hook from dist/hook.cjs alone, the split
// dist/gavel.mjs serves the other commands, and a hook bundle or command chunk that fails to load blocks a
// hook call with exit 2 instead of the 1 that Claude Code and Codex would let through.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');

function install(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-split-'));
  for (const part of ['bin', 'dist', 'rules', 'package.json'])
    cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  mkdirSync(join(dir, 'project', '.git'), { recursive: true });
  mkdirSync(join(dir, 'home'));
  return dir;
}

function hook(dir: string, tool: string, input: Record<string, string>, script = join(dir, 'bin', 'gavel')) {
  const payload = JSON.stringify({
    hook_event_name: 'PreToolUse',
    session_id: 's',
    tool_name: tool,
    tool_input: input,
    cwd: join(dir, 'project'),
  });
  return spawnSync(process.execPath, [script, 'hook', 'claude-code'], {
    input: payload,
    env: { PATH: process.env.PATH ?? '', HOME: join(dir, 'home') },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

/** The one chunk file of a command, e.g. `hook-command-AB12CD34.mjs`. */
function commandChunk(dir: string, command: string): string {
  const found = readdirSync(join(dir, 'dist')).filter(
    (f) => f.startsWith(`${command}-command-`) && f.endsWith('.mjs'),
  );
  if (found.length !== 1) throw new Error(`expected one ${command} chunk, found ${found.length}`);
  return join(dir, 'dist', found[0] as string);
}

describe('split build, installed without node_modules', () => {
  let dir = '';
  beforeAll(() => {
    if (!existsSync(join(ROOT, 'dist', 'gavel.mjs'))) {
      const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, encoding: 'utf8' });
      if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
    }
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // web-tree-sitter is required from node_modules (a runtime dependency) only when a command needs it
  // (docs/decisions/0019-shell-fast-path.md): dist/hook.cjs does not carry it.
  it('a command the fast path cannot parse loads tree-sitter from the package node_modules', () => {
    expect(readFileSync(join(ROOT, 'dist', 'hook.cjs'), 'latin1')).not.toContain('_ts_parser_new_wasm');
    dir = install();
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    const r = hook(dir, 'Bash', { command: 'echo "$(rm -rf ~)"' });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe('deny');
    expect(out.permissionDecisionReason).toContain('destructive_root_delete');
  });

  it('without node_modules such a command fails closed, and a plain one is still answered', () => {
    dir = install();
    const r = hook(dir, 'Bash', { command: 'echo "$(whoami)"' });
    expect([0, 2]).toContain(r.status);
    if (r.status === 0) expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).not.toBe('allow');
    const plain = hook(dir, 'Bash', { command: 'rm -rf ~' });
    expect(plain.status, plain.stderr).toBe(0);
    expect(JSON.parse(plain.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('an answer that cannot be written (the harness closed its end) blocks the call with exit 2', async () => {
    dir = install();
    const payload = JSON.stringify({
      hook_event_name: 'PreToolUse',
      session_id: 's',
      tool_name: 'Read',
      tool_input: { file_path: 'README.md' },
      cwd: join(dir, 'project'),
    });
    const child = spawn(process.execPath, [join(dir, 'bin', 'gavel'), 'hook', 'claude-code'], {
      env: { PATH: process.env.PATH ?? '', HOME: join(dir, 'home') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Closed before Node has even started in the child: its first write to stdout fails with EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.stdin.end(payload);
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(code).toBe(2);
    expect(stderr).toContain('the tool call is blocked');
  });

  it.each([
    ['a Bash request (the fast path: no parser needed)', 'Bash', { command: 'git status && ls -la' }],
    ['a Read request', 'Read', { file_path: 'README.md' }],
  ])('%s is answered with exit 0', (_name, tool, input) => {
    dir = install();
    const r = hook(dir, tool, input);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('allow');
  });

  it('bin/gavel answers a hook from dist/hook.cjs alone: every file of the split build removed', () => {
    dir = install();
    for (const f of readdirSync(join(dir, 'dist'))) if (f.endsWith('.mjs')) rmSync(join(dir, 'dist', f));
    const r = hook(dir, 'Bash', { command: 'rm -rf /' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  // What keeps a hook call cheap (docs/decisions/0018-hook-bundle.md): bin/gavel is CommonJS, the built-ins
  // the bundle imports load on first use, stdin and stdout are used through their descriptors, the clock
  // does not touch the `performance` global, and V8's flag is set only before a shell analysis. A Read
  // request needs none of these modules (`stream` it does load: node:crypto needs it for the subject hash).
  // node:module (the ES module loader's files, source maps): bin/gavel takes createRequire from the loader itself,
  // and Node's built-in module names are read only by the code that needs them (ADR 0094).
  it('a Read request on pipes loads no ES module translator, node:module, net, node:v8, os or perf_hooks', () => {
    dir = install();
    const list = join(dir, 'modules.json');
    const probe = join(dir, 'probe.cjs');
    writeFileSync(
      probe,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(process.moduleLoadList)));\n`,
    );
    const r = spawnSync(process.execPath, ['-r', probe, join(dir, 'bin', 'gavel'), 'hook', 'claude-code'], {
      input: JSON.stringify({
        hook_event_name: 'PreToolUse',
        session_id: 's',
        tool_name: 'Read',
        tool_input: { file_path: 'README.md' },
        cwd: join(dir, 'project'),
      }),
      env: { PATH: process.env.PATH ?? '', HOME: join(dir, 'home') },
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('allow');
    const loaded = JSON.parse(readFileSync(list, 'utf8')) as string[];
    const unwanted = [
      'NativeModule internal/modules/esm/translators',
      'NativeModule module',
      'NativeModule internal/modules/esm/loader',
      'NativeModule v8',
      'NativeModule net',
      'NativeModule perf_hooks',
      'NativeModule os',
    ];
    expect(loaded.filter((m) => unwanted.includes(m))).toEqual([]);
  });

  it.each([
    ['throws as it loads', "throw new Error('broken');\n"],
    ['is not JavaScript', '{{{\n'],
    // The build writes the module's function out (ADR 0094); a file whose value is anything else is no bundle.
    ['is a script with no module function for its value', "'use strict';\n42;\n"],
  ])('a dist/hook.cjs that %s blocks the call with exit 2', (_name, text) => {
    dir = install();
    writeFileSync(join(dir, 'dist', 'hook.cjs'), text);
    const r = hook(dir, 'Read', { file_path: 'README.md' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('gavel: the bundle failed to load: run `npm run build` again\n');
  });

  it('bin/gavel read as an ES module (bin/package.json lost, the package says `module`) blocks a hook with exit 2', () => {
    dir = install();
    rmSync(join(dir, 'bin', 'package.json'));
    const r = hook(dir, 'Read', { file_path: 'README.md' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('gavel: the bundle failed to load: run `npm run build` again\n');
  });

  // dist/hook.cjs's cache, and dist/hook-shell.cjs's (the shell analysis, loaded on the first shell command).
  const cacheOf = (d: string) =>
    readdirSync(join(d, 'dist')).filter((f) => /^hook-[0-9a-f]{16}\.v8cache$/.test(f));
  const chunkCacheOf = (d: string) =>
    readdirSync(join(d, 'dist')).filter((f) => /^hook-shell-[0-9a-f]{16}\.v8cache$/.test(f));

  it('each file bin/gavel compiles is also a CommonJS module require() runs (no bin/gavel around it)', () => {
    const chunk = spawnSync(
      process.execPath,
      [
        '-e',
        `process.stdout.write(typeof require(${JSON.stringify(join(ROOT, 'dist', 'hook-shell.cjs'))}).analyzeShell)`,
      ],
      { encoding: 'utf8' },
    );
    expect(chunk.stdout).toBe('function');
    // Its text is the function bin/gavel runs: a script whose value is a function, with no `module` around it.
    const text = readFileSync(join(ROOT, 'dist', 'hook-shell.cjs'), 'latin1');
    expect(text.startsWith('(function (f) {')).toBe(true);
  });

  it('the build leaves a code cache for hook.cjs and one for hook-shell.cjs, which the installed copy uses unchanged', () => {
    dir = install();
    expect(cacheOf(dir)).toHaveLength(1);
    expect(chunkCacheOf(dir)).toHaveLength(1);
    const files = [...cacheOf(dir), ...chunkCacheOf(dir)].map((f) => join(dir, 'dist', f));
    const before = files.map((f) => readFileSync(f));
    const r = hook(dir, 'Bash', { command: 'git status' });
    expect(r.status, r.stderr).toBe(0);
    expect(files.map((f, k) => readFileSync(f).equals(before[k] as Buffer))).toEqual([true, true]);
  });

  it.each([
    ['missing', (file: string) => rmSync(file)],
    ['corrupt (V8 rejects it)', (file: string) => writeFileSync(file, 'not a code cache')],
  ])('a code cache that is %s: the call is answered and a good cache is written', (_name, spoil) => {
    dir = install();
    const file = join(dir, 'dist', cacheOf(dir)[0] as string);
    spoil(file);
    const r = hook(dir, 'Bash', { command: 'rm -rf /' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(statSync(file).size).toBeGreaterThan(10_000);
    expect(readdirSync(join(dir, 'dist')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  // A shell command sets V8's --liftoff-only after bin/gavel compiled without it; the cache it writes must
  // still carry a fresh process's flags, or every later call would reject it and write it again.
  it('a cache written by a call that parsed a shell command is taken as it is by the next call', () => {
    dir = install();
    const file = join(dir, 'dist', cacheOf(dir)[0] as string);
    const chunk = join(dir, 'dist', chunkCacheOf(dir)[0] as string);
    rmSync(file);
    rmSync(chunk);
    // Beyond the fast path: the WASM parser loads and --liftoff-only is set.
    const parsed = { command: 'git log -1 "$(git rev-parse --abbrev-ref HEAD)"' };
    expect(hook(dir, 'Bash', parsed).status).toBe(0);
    const written = readFileSync(file);
    const writtenChunk = readFileSync(chunk);
    const r = hook(dir, 'Read', { file_path: 'README.md' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('allow');
    expect(hook(dir, 'Bash', parsed).status).toBe(0);
    expect(readFileSync(file).equals(written)).toBe(true);
    expect(readFileSync(chunk).equals(writtenChunk)).toBe(true);
  });

  it('a code cache that cannot be written (its path is a folder): the call is still answered', () => {
    dir = install();
    const file = join(dir, 'dist', cacheOf(dir)[0] as string);
    rmSync(file);
    mkdirSync(join(file, 'x'), { recursive: true });
    const r = hook(dir, 'Read', { file_path: 'README.md' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('allow');
  });

  it('without dist/hook.cjs a hook call falls back to dist/gavel.mjs and is answered', () => {
    dir = install();
    rmSync(join(dir, 'dist', 'hook.cjs'));
    const r = hook(dir, 'Bash', { command: 'git status' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('allow');
  });

  it('dist/gavel.mjs run as a hook without its hook chunk blocks the call with exit 2; --version still works', () => {
    dir = install();
    rmSync(commandChunk(dir, 'hook'));
    const r = hook(dir, 'Read', { file_path: 'README.md' }, join(dir, 'dist', 'gavel.mjs'));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('gavel: internal error; the tool call is blocked\n');
    const v = spawnSync(process.execPath, [join(dir, 'bin', 'gavel'), '--version'], { encoding: 'utf8' });
    expect(v.status).toBe(0);
  });

  it('a missing chunk of another command is exit 1 (internal) outside hooks', () => {
    dir = install();
    rmSync(commandChunk(dir, 'log'));
    const r = spawnSync(process.execPath, [join(dir, 'bin', 'gavel'), 'log'], {
      env: { PATH: process.env.PATH ?? '', HOME: join(dir, 'home') },
      cwd: join(dir, 'project'),
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('gavel: internal error\n');
  });
});
