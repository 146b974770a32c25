/**
 * The process entry of the `gavel` executable: the only place that touches process.* for the CLI.
 * Anything thrown past main() ends with one line, never a stack (GAVEL_DEBUG=1 shows it), and EXIT.internal,
 * or 2 for `gavel hook` (a command chunk that fails to load must block the tool call, not let it through).
 */

import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import pkg from '../../../package.json' with { type: 'json' };
import { EXIT, systemClock } from '../../core';
import { main } from './main';
import { colorAllowed } from './style';

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  try {
    return readFileSync(0, 'utf8');
  } catch {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
}

const HOOK_BLOCK_EXIT = 2;

// Before any WASM (the shell parser) compiles: on Node 20 optimized WASM compilation otherwise holds the
// process 0.6–0.85 s at exit (docs/decisions/0007-shell-parser.md). NODE_OPTIONS refuses this flag.
setFlagsFromString('--liftoff-only');

export async function run(): Promise<void> {
  try {
    const code = await main(process.argv.slice(2), {
      cwd: process.cwd(),
      env: process.env,
      stdout: { write: (t) => void process.stdout.write(t) },
      stderr: { write: (t) => void process.stderr.write(t) },
      readStdin,
      color: colorAllowed(process.stdout.isTTY, process.env),
      clock: systemClock,
      version: pkg.version,
    });
    process.exitCode = code;
  } catch (error) {
    const hook = process.argv[2] === 'hook';
    process.stderr.write(
      hook ? 'gavel: internal error; the tool call is blocked\n' : 'gavel: internal error\n',
    );
    if (process.env.GAVEL_DEBUG === '1' && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    // Claude Code and Codex block on exit 2 only; EXIT.internal (1) would let the call through.
    process.exitCode = hook ? HOOK_BLOCK_EXIT : EXIT.internal;
  }
}

void run();
