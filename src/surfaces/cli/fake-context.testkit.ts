/**
 * The CLI's test kit: a `CommandContext` whose stdout and stderr are captured, a runner of `main()`
 * through it, and a sandbox (a project with `.git` beside a home folder) to run it in. Test support only:
 * nothing outside tests and eval imports this file, and it is never bundled.
 */

import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Clock, fixedClock } from '../../core';
import type { CommandContext } from './command';
import { main } from './main';

export interface FakeContextOptions {
  /** Default `/nowhere`. */
  cwd?: string;
  /** The whole environment the command sees; default empty. */
  env?: Readonly<Record<string, string | undefined>>;
  /** What `readStdin()` answers; default empty. */
  stdin?: string;
  /** Default false. */
  color?: boolean;
  /** A clock, or an instant for a fixed clock; default fixed at 2026-11-29T00:00:00Z. */
  clock?: Clock | string;
  /** Default `0.0.0-test`. */
  version?: string;
  /** The terminal width; default none (80). */
  columns?: number;
}

export interface FakeContext {
  ctx: CommandContext;
  /** All written to stdout so far. */
  out(): string;
  /** All written to stderr so far. */
  err(): string;
}

export function fakeContext(options: FakeContextOptions = {}): FakeContext {
  let out = '';
  let err = '';
  const clock = options.clock ?? '2026-11-29T00:00:00Z';
  const ctx: CommandContext = {
    cwd: options.cwd ?? '/nowhere',
    env: options.env ?? {},
    stdout: {
      write: (t) => {
        out += t;
      },
    },
    stderr: {
      write: (t) => {
        err += t;
      },
    },
    readStdin: async () => options.stdin ?? '',
    color: options.color ?? false,
    clock: typeof clock === 'string' ? fixedClock(clock) : clock,
    version: options.version ?? '0.0.0-test',
    ...(options.columns !== undefined ? { columns: options.columns } : {}),
  };
  return { ctx, out: () => out, err: () => err };
}

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `gavel <argv>` in process through the real registry, with a fake context built from `options`. */
export async function runMain(argv: readonly string[], options: FakeContextOptions = {}): Promise<CliRun> {
  const fake = fakeContext(options);
  const code = await main([...argv], fake.ctx);
  return { code, out: fake.out(), err: fake.err() };
}

export interface ProjectSandbox {
  /** The temp folder holding both (real path, symlinks resolved). */
  base: string;
  /** `<base>/project`, with an empty `.git` folder so it counts as a repository root. */
  project: string;
  /** `<base>/home`, empty. */
  home: string;
}

/** A fresh temp folder with a project and a home beside it; the caller removes `base` when done. */
export function projectSandbox(prefix: string): ProjectSandbox {
  const base = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const project = join(base, 'project');
  const home = join(base, 'home');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true });
  return { base, project, home };
}
