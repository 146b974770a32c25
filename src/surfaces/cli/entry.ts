/**
 * The process entry of the `gavel` executable: the only place that touches process.* for the CLI.
 * Anything thrown past main() ends with one line, never a stack (GAVEL_DEBUG=1 shows it), and EXIT.internal,
 * or 2 for `gavel hook` (a command chunk that fails to load must block the tool call, not let it through).
 */

import { fstatSync, writeSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import pkg from '../../../package.json' with { type: 'json' };
import { EXIT, systemClock, UsageError } from '../../core';
import { type BoundedRead, readBoundedFd, readBoundedStream } from '../../reader';
import { main } from './main';
import { colorAllowed } from './style';

/**
 * Whether fd 0 or 1 is a terminal, without building process.stdin / process.stdout when it cannot be one: for a
 * pipe that getter constructs a net.Socket, loading `net` and `stream` (~3 ms of a hook call). Only a
 * character device can be a terminal; for one, the stream's own answer is taken.
 */
function isTerminal(fd: 0 | 1): boolean {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    // a closed descriptor: let the stream decide, as before
  }
  return (fd === 0 ? process.stdin : process.stdout).isTTY === true;
}

const HOOK_BLOCK_EXIT = 2;

/** Set when a hook's answer could not be written: the call must then be blocked (exit 2), not left to chance. */
let answerLost = false;

/**
 * For `gavel hook`: writes with writeSync, so a hook never builds process.stdout or process.stderr (see
 * isTerminal). A descriptor that would block (EAGAIN) hands the rest of this write and every later one to the
 * stream, which behaves as before; any other failure on stdout (closed, broken pipe) loses the answer, and the
 * hook then exits 2 so that the harness blocks the call.
 */
function directWriter(fd: 1 | 2): (text: string) => void {
  let useStream = false;
  return (text) => {
    let rest = text;
    if (!useStream) {
      const bytes = Buffer.from(text, 'utf8');
      let written = 0;
      try {
        while (written < bytes.length) written += writeSync(fd, bytes, written);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
          if (fd === 1) answerLost = true;
          return;
        }
        useStream = true;
        rest = bytes.subarray(written).toString('utf8');
      }
    }
    const stream = fd === 1 ? process.stdout : process.stderr;
    if (fd === 1)
      stream.once('error', () => {
        answerLost = true;
        process.exitCode = HOOK_BLOCK_EXIT;
      });
    stream.write(rest);
  };
}

/**
 * For every command but `gavel hook`: writes through the stream, and a reader that went away (`gavel log |
 * head -1`: EPIPE) ends the output quietly -- later writes are dropped, the command finishes and exits with
 * its own code. Any other write error on the stream is one line on stderr and exit 1, never a stack.
 */
function streamWriter(stream: NodeJS.WriteStream): (text: string) => void {
  let gone = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    // After the first error the stream is destroyed: what follows (ERR_STREAM_DESTROYED) is its echo.
    if (gone) return;
    gone = true;
    if (error.code === 'EPIPE') return;
    if (stream !== process.stderr)
      process.stderr.write(
        `gavel: cannot write to ${stream === process.stdout ? 'stdout' : 'a stream'} (${error.code ?? 'error'})\n`,
      );
    process.exitCode = EXIT.internal;
  });
  return (text) => {
    if (!gone) stream.write(text);
  };
}

/** The width help and tables wrap to: the terminal's, else COLUMNS, else 80. */
function terminalColumns(): number {
  if (isTerminal(1) && process.stdout.columns > 0) return process.stdout.columns;
  const fromEnv = Number(process.env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 80;
}

/** The most `gavel` reads from stdin when the command names no tighter bound. */
const MAX_STDIN_BYTES = 64 * 1024 * 1024;

/** Standard input read to a bound (src/reader): an endless input is cut, and then refused. */
async function readStdin(maxBytes = MAX_STDIN_BYTES): Promise<string> {
  if (isTerminal(0)) return '';
  let read: BoundedRead;
  try {
    const first = readBoundedFd(0, maxBytes);
    read = first.more ? await readBoundedStream(process.stdin, maxBytes, first.head) : first;
  } catch {
    read = await readBoundedStream(process.stdin, maxBytes);
  }
  if (read.cut) throw new UsageError(`stdin holds more than ${maxBytes} bytes`);
  return read.text;
}

// Before any WASM (the shell parser) compiles: on Node 20 optimized WASM compilation otherwise holds the
// process 0.6-0.85 s at exit (docs/decisions/0015-shell-parser.md). NODE_OPTIONS refuses this flag. In a hook
// call the analyzer sets it just before it loads the WASM parser, which plain commands never need (ADR 0019),
// so most calls never load node:v8, and the code cache bin/gavel compiles with matches V8's flags (ADR 0018).
if (process.argv[2] !== 'hook') setFlagsFromString('--liftoff-only');

export async function run(): Promise<void> {
  const hookCall = process.argv[2] === 'hook';
  try {
    const code = await main(process.argv.slice(2), {
      cwd: process.cwd(),
      env: process.env,
      stdout: { write: hookCall ? directWriter(1) : streamWriter(process.stdout) },
      stderr: { write: hookCall ? directWriter(2) : streamWriter(process.stderr) },
      readStdin,
      color: hookCall ? false : colorAllowed(isTerminal(1), process.env),
      ...(hookCall ? {} : { columns: terminalColumns() }),
      clock: systemClock,
      version: pkg.version,
    });
    if (process.exitCode === undefined || process.exitCode === 0) process.exitCode = code;
    if (hookCall && answerLost) {
      // The harness did not get the answer; exit 2 is the one code Claude Code and Codex block on.
      directWriter(2)('gavel: the answer could not be written to stdout; the tool call is blocked\n');
      process.exitCode = HOOK_BLOCK_EXIT;
    }
  } catch (error) {
    process.stderr.write(
      hookCall ? 'gavel: internal error; the tool call is blocked\n' : 'gavel: internal error\n',
    );
    if (process.env.GAVEL_DEBUG === '1' && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    // Claude Code and Codex block on exit 2 only; EXIT.internal (1) would let the call through.
    process.exitCode = hookCall ? HOOK_BLOCK_EXIT : EXIT.internal;
  }
}

void run();
