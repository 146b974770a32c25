// The killer bin/gavel starts before the hook bundle loads (dist/hook-killer.cjs, run `npm run build` first), in
// real processes: left alone it kills its process past the deadline; a process that exits stops it (it holds
// stderr open); the watchdog takes it over only with its own plan, and stops one with another.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { KILL_GRACE_MS } from './early-killer';

const built = join(fileURLToPath(new URL('../../../', import.meta.url)), 'dist', 'hook-killer.cjs');

function runNode(code: string) {
  return spawnSync(process.execPath, ['-e', `const k = require(${JSON.stringify(built)});\n${code}`], {
    encoding: 'utf8',
    timeout: 15_000,
  });
}

describe('the killer started before the bundle', () => {
  beforeAll(() => {
    if (!existsSync(built)) throw new Error('run `npm run build` first');
  });

  it('kills a process that never takes it and never answers, saying why', () => {
    const r = runNode("k.startHookKiller({ GAVEL_HOOK_DEADLINE_MS: '100' }); for (;;) {}");
    expect(r.signal).toBe('SIGKILL');
    expect(r.stderr).toContain('gavel: no answer within 100 ms; the tool call is blocked');
  });

  it('is stopped when its process exits without taking it (stderr is not held open)', () => {
    const r = runNode('process.stdout.write(String(k.startHookKiller({})));');
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('true');
  });

  it('is handed to a watchdog with the same plan, once', () => {
    const r = runNode(
      `k.startHookKiller({ GAVEL_HOOK_DEADLINE_MS: '100' });
const first = k.takeStartedKiller(100 + ${KILL_GRACE_MS});
const second = k.takeStartedKiller(100 + ${KILL_GRACE_MS});
process.stdout.write(typeof first?.stop + ' ' + typeof second);
for (;;) {}`,
    );
    expect(r.stdout).toBe('function undefined');
    expect(r.signal).toBe('SIGKILL');
  });

  it('is stopped when the watchdog plans another deadline: it never fires', () => {
    const r = runNode(
      `k.startHookKiller({ GAVEL_HOOK_DEADLINE_MS: '100' });
const taken = k.takeStartedKiller(20_000 + ${KILL_GRACE_MS});
const until = Date.now() + 2_000;
while (Date.now() < until) {}
process.stdout.write(String(taken));`,
    );
    expect(r.signal).toBeNull();
    expect(r.stdout).toBe('undefined');
    expect(r.stderr).not.toContain('no answer');
  });
});
