/**
 * The judge the installed pi extension uses: runs `gavel hook pi` as a child process with the call on stdin.
 * Any failure (spawn error, non-zero exit, timeout, unreadable answer) is a block.
 */

import { spawn } from 'node:child_process';
import type { Judge } from './gavel-extension';
import type { PiAnswer } from './pi-hook';

export function spawnJudge(gavelBin: string, timeoutMs = 20_000): Judge {
  return (request) =>
    new Promise<PiAnswer>((resolve) => {
      const fail = (why: string): void =>
        resolve({ verdict: 'deny', reason: `gavel: ${why}; the call is blocked` });
      const child = spawn(process.execPath, [gavelBin, 'hook', 'pi'], {
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
