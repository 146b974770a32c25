/**
 * Test worker for append-record.test.ts: one child process that appends `count` records to one log.
 * Bundled by the test with esbuild, so it runs the real appendRecord in a real, separate process.
 * argv: <file> <proc> <count> <goFile>. Prints `ready`, waits for goFile to exist, then writes as
 * fast as it can so that every worker writes at the same time.
 */

import { existsSync } from 'node:fs';
import { decide, sha256Hex } from '../../core';
import { appendRecord, buildAuditRecord } from '../index';

const [file, procText, countText, goFile] = process.argv.slice(2);
if (!file || !procText || !countText || !goFile) throw new Error('usage: append-worker <file> <proc> <count> <goFile>');
const proc = Number(procText);
const count = Number(countText);
const policy = { version: 1, sha256: sha256Hex('policy') };
const sleeper = new Int32Array(new SharedArrayBuffer(4));

process.stdout.write('ready\n');
while (!existsSync(goFile)) Atomics.wait(sleeper, 0, 0, 1);

for (let seq = 0; seq < count; seq++) {
  // A long reason makes each line several hundred bytes, so a torn or interleaved write would show.
  const reason = `writer ${proc} line ${seq} ${'padding '.repeat(30)}`;
  const decision = decide({ verdict: 'allow', basis: 'rule', reason, ruleId: `R-${proc}`, policy });
  const record = buildAuditRecord(decision, { surface: 'check', kind: 'shell', detail: { proc, seq } }, new Date());
  appendRecord(file, record);
}
