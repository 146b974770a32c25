// The stamp of verified digests (./verified-hash.ts) on real files in temp folders, and the built hook with a
// stamp beside it (run `npm run build` first): a file changed after it was stamped is hashed again, so a rule
// file edited into an invalid one still fails closed and an edited bundle never runs an older code cache.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openStamps, SETTLED_MS } from './verified-hash';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const temp = (): string => mkdtempSync(join(tmpdir(), 'gavel-verified-'));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A hash function that counts its calls. */
function counting() {
  const calls: string[] = [];
  const hash = (b: Buffer): string => {
    calls.push(b.toString('latin1'));
    return sha(b);
  };
  return { calls, hash };
}

/** A clock far enough ahead that every file here counts as settled. */
const later = () => Date.now() + 10 * SETTLED_MS;

describe('openStamps', () => {
  it('hashes a settled file once, then takes its digest from the stamp', () => {
    const dir = temp();
    const file = join(dir, 'rules.json');
    const stamp = join(dir, 'rules.verified');
    writeFileSync(file, '{"a":1}');
    const first = counting();
    const s1 = openStamps(stamp, first.hash, later);
    expect(s1.read(file).sha256).toBe(sha(Buffer.from('{"a":1}')));
    s1.save();
    expect(existsSync(stamp)).toBe(true);
    const second = counting();
    const r = openStamps(stamp, second.hash, later).read(file);
    expect(second.calls).toEqual([]);
    expect(r.bytes.toString()).toBe('{"a":1}');
    expect(r.sha256).toBe(sha(Buffer.from('{"a":1}')));
  });

  it('hashes again a file changed after it was stamped, same size or not', () => {
    const dir = temp();
    const file = join(dir, 'rules.json');
    const stamp = join(dir, 'rules.verified');
    writeFileSync(file, '{"a":1}');
    const s = openStamps(stamp, sha, later);
    s.read(file);
    s.save();
    for (const text of ['{"a":2}', '{"a":1,"b":2}']) {
      // Until the wall clock has moved on, a rewrite could share the first write's ctime on a coarse clock.
      const written = Date.now();
      while (Date.now() < written + 20);
      writeFileSync(file, text);
      const again = counting();
      expect(openStamps(stamp, again.hash, later).read(file).sha256).toBe(sha(Buffer.from(text)));
      expect(again.calls).toEqual([text]);
    }
  });

  it('does not stamp a file changed within the settling time', () => {
    const dir = temp();
    const file = join(dir, 'rules.json');
    const stamp = join(dir, 'rules.verified');
    writeFileSync(file, 'x');
    const s = openStamps(stamp, sha, () => Date.now());
    s.read(file);
    s.save();
    expect(existsSync(stamp)).toBe(false);
  });

  it('hashes when the stamp is malformed, names another signature, or holds no digest', () => {
    const dir = temp();
    const file = join(dir, 'rules.json');
    writeFileSync(file, 'x');
    for (const text of [
      'not json',
      '{"v":2,"files":{}}',
      JSON.stringify({ v: 1, files: { [file]: `1:2:3:4:5 ${'0'.repeat(64)}` } }),
      JSON.stringify({ v: 1, files: { [file]: 'no digest' } }),
    ]) {
      const stamp = join(dir, 'rules.verified');
      writeFileSync(stamp, text);
      const c = counting();
      expect(openStamps(stamp, c.hash, later).read(file).sha256).toBe(sha(Buffer.from('x')));
      expect(c.calls).toEqual(['x']);
    }
  });

  it('without a stamp file hashes every read and writes nothing', () => {
    const dir = temp();
    const file = join(dir, 'rules.json');
    writeFileSync(file, 'x');
    const c = counting();
    const s = openStamps(undefined, c.hash, later);
    s.read(file);
    s.read(file);
    s.save();
    expect(c.calls).toEqual(['x', 'x']);
    expect(readdirSync(dir)).toEqual(['rules.json']);
  });

  it('goes on hashing in a folder it cannot write, leaving nothing behind', () => {
    if (process.getuid?.() === 0) return; // root writes anywhere
    const dir = temp();
    const file = join(dir, 'rules.json');
    writeFileSync(file, 'x');
    chmodSync(dir, 0o555);
    const s = openStamps(join(dir, 'rules.verified'), sha, later);
    expect(s.read(file).sha256).toBe(sha(Buffer.from('x')));
    expect(() => s.save()).not.toThrow();
    expect(readdirSync(dir)).toEqual(['rules.json']);
  });

  it('throws as readFileSync does for a missing file', () => {
    const dir = temp();
    expect(() => openStamps(join(dir, 's'), sha, later).read(join(dir, 'missing'))).toThrow(/ENOENT/);
  });
});

describe('the built hook with stamps beside it', () => {
  function installed() {
    if (!existsSync(join(root, 'dist', 'hook.cjs'))) throw new Error('run `npm run build` first');
    const base = temp();
    const pkg = join(base, 'gavel');
    for (const part of ['bin', 'dist', 'rules', 'package.json'])
      cpSync(join(root, part), join(pkg, part), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(pkg, 'node_modules'));
    for (const f of readdirSync(join(pkg, 'dist')))
      if (f.endsWith('.verified')) writeFileSync(join(pkg, 'dist', f), '');
    const project = join(base, 'project');
    mkdirSync(join(project, '.git'), { recursive: true });
    mkdirSync(join(base, 'home'));
    const call = (tool: string, input: Record<string, string>, preload: string[] = []) =>
      spawnSync(process.execPath, [...preload, join(pkg, 'bin', 'gavel'), 'hook', 'claude-code'], {
        cwd: project,
        env: { PATH: process.env.PATH ?? '', HOME: join(base, 'home') },
        input: JSON.stringify({
          hook_event_name: 'PreToolUse',
          session_id: 's',
          tool_name: tool,
          tool_input: input,
          cwd: project,
        }),
        encoding: 'utf8',
      });
    const hook = (command: string) => call('Bash', { command });
    /** Stamps `files` as a call made once they had settled would (a clock ahead stands in for the wait). */
    const stamp = (stampName: string, files: string[]) => {
      const s = openStamps(join(pkg, 'dist', stampName), sha, later);
      for (const f of files) s.read(f);
      s.save();
    };
    return { base, pkg, call, hook, stamp };
  }

  it('fails closed on a catalogue edited after its digest was stamped', () => {
    const h = installed();
    const rules = ['check-policy.json', 'check-floor.json', 'check-paths.json', 'check-safe.json'];
    h.stamp(
      'rules.verified',
      rules.map((n) => join(h.pkg, 'rules', n)),
    );
    const good = h.hook('git status');
    expect(good.stdout).toContain('"permissionDecision":"allow"');
    const file = join(h.pkg, 'rules', 'check-safe.json');
    const j = JSON.parse(readFileSync(file, 'utf8'));
    (j.entries.find((e: { id: string }) => e.id === 'git-read') as { breaking: string[] }).breaking.push(
      '--git-dir',
    );
    writeFileSync(file, JSON.stringify(j, null, 2));
    const bad = h.hook('git status');
    expect(bad.stdout).toContain('"permissionDecision":"deny"');
    expect(bad.stdout).toContain('rules/check-safe.json: entry `git-read`');
  });

  it('runs an edited bundle, not the code cache of the bytes it stamped', () => {
    const h = installed();
    const bundle = join(h.pkg, 'dist', 'hook.cjs');
    h.stamp('hook.verified', [bundle]);
    expect(h.hook('git status').stdout).toContain('gavel: allowed');
    // The same length, so V8 alone would take the old cache: only the digest tells them apart.
    const text = readFileSync(bundle, 'latin1');
    expect(text).toContain('allowed: ');
    writeFileSync(bundle, text.replaceAll('allowed: ', 'ALLOWED: '), 'latin1');
    const edited = h.hook('git status');
    expect(edited.stdout).toContain('gavel: ALLOWED');
  });

  it('answers a Read request without loading node:crypto or node:stream once both stamps are written', () => {
    const h = installed();
    const rules = ['check-policy.json', 'check-floor.json', 'check-paths.json', 'check-safe.json'];
    h.stamp('hook.verified', [join(h.pkg, 'dist', 'hook.cjs')]);
    h.stamp(
      'rules.verified',
      rules.map((n) => join(h.pkg, 'rules', n)),
    );
    const list = join(h.base, 'modules.json');
    const probe = join(h.base, 'probe.cjs');
    writeFileSync(
      probe,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(process.moduleLoadList)));\n`,
    );
    // The first call of a HOME hashes the whole policy once (remembered in the user's state folder).
    h.call('Read', { file_path: 'README.md' });
    const r = h.call('Read', { file_path: 'README.md' }, ['-r', probe]);
    expect(r.stdout).toContain('"permissionDecision":"allow"');
    const loaded = JSON.parse(readFileSync(list, 'utf8')) as string[];
    expect(loaded.filter((m) => /^NativeModule (crypto|stream)$/.test(m))).toEqual([]);
  });
});
