// The ask runtime's own writes (the answers file, the run state) on real files: a regular file is written,
// a FIFO planted in its place (no reader: a blocking open would never return) or a device is refused at once.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendLine, readText, writeJson } from './ask-files';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gavel-ask-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('ask writes only regular files', () => {
  it('appends lines and replaces the state in regular files, creating them', () => {
    const answers = join(dir, 'runs', 'r', 'answers.ndjson');
    appendLine(answers, { a: 1 });
    appendLine(answers, { a: 2 });
    expect(readFileSync(answers, 'utf8')).toBe('{"a":1}\n{"a":2}\n');
    const state = join(dir, 'state.json');
    writeFileSync(state, 'x'.repeat(100));
    writeJson(state, { calls: 1 });
    expect(readFileSync(state, 'utf8')).toBe('{"calls":1}\n');
  });

  it.each([
    ['appendLine', (p: string) => appendLine(p, { a: 1 })],
    ['writeJson', (p: string) => writeJson(p, { a: 1 })],
  ])('%s refuses a FIFO in place of its file with one line, never waiting for a reader', (_n, write) => {
    const fifo = join(dir, 'answers.ndjson');
    execFileSync('mkfifo', [fifo]);
    expect(() => write(fifo)).toThrow(`cannot write \`${fifo}\``);
  });

  it('refuses a character device', () => {
    expect(() => appendLine('/dev/null', { a: 1 })).toThrow('cannot write `/dev/null`');
  });

  it('reads a question file only when regular (a FIFO is refused, not opened)', () => {
    const fifo = join(dir, 'q.json');
    execFileSync('mkfifo', [fifo]);
    expect(() => readText(fifo, 'question file')).toThrow('is a FIFO, not a regular file');
  });
});
