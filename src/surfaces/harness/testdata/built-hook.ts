/**
 * Test kit for end-to-end hook tests: runs the built `bin/gavel` (run `npm run build` first; `npm test` does)
 * as a real process, runs `gavel init <harness>` into a temporary HOME, runs the command a harness's installed
 * hook file names through `sh -c` as the harness would, and reads a reply the way each harness's own code
 * reads it (from the sources cited in docs/hooks.md), so a test asserts what the harness would do with it.
 */

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const GAVEL = join(ROOT, 'bin', 'gavel');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function requireBuild(): void {
  if (!existsSync(join(ROOT, 'dist', 'hook.cjs'))) throw new Error('run `npm run build` first');
}

const env = (e: Record<string, string | undefined>) => e as NodeJS.ProcessEnv;

/** `bin/gavel <args>` with `stdin`. */
export function gavel(args: string[], stdin: string, e: Record<string, string | undefined>, cwd?: string): Run {
  const r = spawnSync(process.execPath, [GAVEL, ...args], {
    input: stdin,
    env: env(e),
    encoding: 'utf8',
    timeout: 30_000,
    ...(cwd ? { cwd } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** An installed hook command, run as the harnesses run it: `sh -c <command>` with the payload on stdin. */
export function shell(command: string, stdin: string, e: Record<string, string | undefined>, cwd?: string): Run {
  const r = spawnSync('sh', ['-c', command], {
    input: stdin,
    env: env(e),
    encoding: 'utf8',
    timeout: 30_000,
    ...(cwd ? { cwd } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export type Outcome = 'allow' | 'deny' | 'ask' | 'proceed';

const parse = (text: string): Record<string, unknown> | undefined => {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Gemini CLI (hookRunner.ts, hook-utils.ts): stdout, else stderr, parsed as JSON whatever the exit code; plain
 * text is an allow on exit 0 or 1 and a deny on any other; no output at all proceeds.
 */
export function geminiReads(r: Run): Outcome {
  const text = r.stdout.trim() || r.stderr.trim();
  if (!text) return 'proceed';
  const o = parse(text);
  if (!o) return r.code === 0 || r.code === 1 || r.code === null ? 'allow' : 'deny';
  if (o.decision === 'deny' || o.decision === 'block') return 'deny';
  if (o.decision === 'ask') return 'ask';
  return 'proceed';
}

/** Copilot CLI (hooks reference): any non-zero exit of a command preToolUse hook denies; else its JSON decides. */
export function copilotReads(r: Run): Outcome {
  if (r.code !== 0) return 'deny';
  const o = parse(r.stdout.trim());
  const d = o?.permissionDecision;
  return d === 'allow' || d === 'deny' || d === 'ask' ? d : 'proceed';
}

/** Cursor (hooks docs) with `failClosed: true`: exit 2 and any other failure deny; exit 0 reads `permission`. */
export function cursorReads(r: Run): Outcome {
  if (r.code !== 0) return 'deny';
  const o = parse(r.stdout.trim());
  const p = o?.permission;
  return p === 'allow' || p === 'deny' || p === 'ask' ? p : 'proceed';
}
