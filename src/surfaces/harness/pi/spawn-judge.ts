/**
 * The judge the installed pi extension uses: runs `gavel hook pi` as a child process with the call on stdin.
 * Any failure (spawn error, non-zero exit, timeout, unreadable answer) is a block. On Linux it runs under
 * coreutils `timeout -s KILL 21` when there is one, as the installed commands of the other harnesses do, so the
 * hook keeps its deadline without forking a killer of its own (../outside-deadline.ts, ADR 0069).
 */

import { spawn } from 'node:child_process';
import { OUTSIDE_DEADLINE_S, outsideDeadlineProgram } from '../outside-deadline';
import type { Judge } from './gavel-extension';
import type { PiAnswer } from './pi-hook';

export function spawnJudge(gavelBin: string, timeoutMs = 20_000): Judge {
  return (request) =>
    new Promise<PiAnswer>((resolve) => {
      const fail = (why: string): void =>
        resolve({ verdict: 'deny', reason: `gavel: ${why}; the call is blocked` });
      const hook = [process.execPath, gavelBin, 'hook', 'pi'];
      const under = outsideDeadlineProgram();
      const [command, ...args] = under ? [under, '-s', 'KILL', String(OUTSIDE_DEADLINE_S), ...hook] : hook;
      const child = spawn(command as string, args, {
        stdio: ['pipe', 'pipe', 'pipe'],
        timeout: timeoutMs,
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (c) => {
        out += String(c);
      });
      child.stderr.on('data', (c) => {
        err += String(c);
      });
      child.on('error', () => fail('could not start the check'));
      child.on('close', (code) => {
        if (code !== 0) return fail(err.trim().replace(/^gavel: /, '') || `the check exited with ${code}`);
        try {
          const a = JSON.parse(out) as PiAnswer;
          if (a.verdict === 'allow' || a.verdict === 'deny' || a.verdict === 'escalate')
            return resolve({ verdict: a.verdict, reason: String(a.reason) });
        } catch {
          // fall through
        }
        fail('the check answered something unreadable');
      });
      child.stdin.end(JSON.stringify(request));
    });
}
