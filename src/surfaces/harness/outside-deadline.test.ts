// When the hook trusts its parent to keep the deadline: only a `timeout -s KILL <seconds>` that is really its
// parent and fires no later than the hook's own killer. The real process tree is exercised in watchdog.test.ts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  OUTSIDE_DEADLINE_S,
  outsideDeadlineProgram,
  outsideKillCovers,
  outsideKillMs,
  type ParentProbe,
} from './outside-deadline';

const parent =
  (exe: string, argv: string[], ppid = 4242): (() => ParentProbe) =>
  () => ({ ppid, exe: () => exe, cmdline: () => `${argv.join('\0')}\0` });

const linux = process.platform === 'linux';

describe('the deadline a parent `timeout` keeps', () => {
  it.runIf(linux)('is read from `timeout -s KILL <seconds>`', () => {
    const probe = parent('/usr/bin/timeout', ['/usr/bin/timeout', '-s', 'KILL', '21', '/x/bin/gavel']);
    expect(outsideKillMs(probe)).toBe(21_000);
  });

  it.each([
    ['another program', '/usr/bin/nice', ['/usr/bin/nice', '-s', 'KILL', '21', 'gavel']],
    ['a program that only calls itself timeout', '/tmp/evil', ['timeout', '-s', 'KILL', '21', 'gavel']],
    [
      'the default signal (TERM, which a busy hook may outlive as a block nobody sees)',
      '/usr/bin/timeout',
      ['timeout', '21', 'gavel'],
    ],
    ['another signal', '/usr/bin/timeout', ['timeout', '-s', 'TERM', '21', 'gavel']],
    ['a fraction of a second', '/usr/bin/timeout', ['timeout', '-s', 'KILL', '1.5', 'gavel']],
    ['a duration with a unit', '/usr/bin/timeout', ['timeout', '-s', 'KILL', '1m', 'gavel']],
    ['zero (no timeout at all)', '/usr/bin/timeout', ['timeout', '-s', 'KILL', '0', 'gavel']],
  ])('is none for %s', (_name, exe, argv) => {
    expect(outsideKillMs(parent(exe, argv))).toBeUndefined();
  });

  it('is none when the parent is init (the hook was orphaned) or cannot be read', () => {
    expect(outsideKillMs(parent('/usr/bin/timeout', ['timeout', '-s', 'KILL', '21'], 1))).toBeUndefined();
    expect(
      outsideKillMs(() => ({
        ppid: 4242,
        exe: () => {
          throw new Error('EACCES');
        },
        cmdline: () => '',
      })),
    ).toBeUndefined();
  });

  it.runIf(linux)('is none for this test process, whose parent is no timeout', () => {
    expect(outsideKillMs()).toBeUndefined();
  });

  it('stands in for the killer only when it fires within a second of it and below the harness timeout', () => {
    const killAfter = 20_500;
    expect(outsideKillCovers(OUTSIDE_DEADLINE_S * 1000, killAfter)).toBe(true);
    expect(outsideKillCovers(undefined, killAfter)).toBe(false);
    // GAVEL_HOOK_DEADLINE_MS lowered to 300: the installed 21 s is far too late, the hook starts its killer.
    expect(outsideKillCovers(21_000, 800)).toBe(false);
    expect(outsideKillCovers(1_000, 800)).toBe(true);
    expect(outsideKillCovers(29_000, 29_000)).toBe(false);
  });

  it('is installed only on Linux, from a system folder', () => {
    expect(outsideDeadlineProgram('darwin', () => true)).toBeUndefined();
    expect(outsideDeadlineProgram('linux', (f) => f === '/bin/timeout')).toBe('/bin/timeout');
    expect(outsideDeadlineProgram('linux', () => false)).toBeUndefined();
  });

  it.runIf(linux && existsSync('/usr/bin/timeout'))(
    'matches the argument list coreutils timeout really shows in /proc',
    () => {
      // A child under `timeout -s KILL 21` reads its own parent through /proc, as the hook does.
      const r = spawnSync(
        '/usr/bin/timeout',
        [
          '-s',
          'KILL',
          String(OUTSIDE_DEADLINE_S),
          process.execPath,
          '-e',
          `const fs = require('node:fs'); process.stdout.write(JSON.stringify({ exe: fs.readlinkSync('/proc/' + process.ppid + '/exe'), argv: fs.readFileSync('/proc/' + process.ppid + '/cmdline', 'latin1').split('\\0') }))`,
        ],
        { encoding: 'utf8' },
      );
      expect(r.status).toBe(0);
      const seen = JSON.parse(r.stdout) as { exe: string; argv: string[] };
      expect(
        outsideKillMs(() => ({ ppid: 4242, exe: () => seen.exe, cmdline: () => seen.argv.join('\0') })),
      ).toBe(OUTSIDE_DEADLINE_S * 1000);
    },
  );
});
