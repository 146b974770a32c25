// Writes that never end fill the disk (issue 11, resource exhaustion): an endless source copied into a file with
// no bound. Real parser.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const categories = (command: string) => analyzeShellSync(command, shellEnv()).hits.map((h) => h.category);

beforeAll(async () => {
  await loadShellParser();
});

describe('an endless source copied into a file is system_shutdown', () => {
  it.each([
    ['dd without a count', 'dd if=/dev/zero of=big.bin'],
    ['dd of 500 GiB', 'dd if=/dev/zero of=big.bin bs=1G count=500'],
    ['dd of random data to standard output in a file', 'dd if=/dev/urandom bs=1M > fill.bin'],
    ['cat of urandom', 'cat /dev/urandom > fill.bin'],
    ['cat of zero appended', 'cat /dev/zero >> log.txt'],
    ['yes into a file', 'yes > out.txt'],
  ])('%s: `%s`', (_name, command) => {
    expect(categories(command)).toContain('system_shutdown');
  });

  it.each([
    ['dd of one mebibyte', 'dd if=/dev/zero of=test.img bs=1M count=1'],
    ['a bounded read through head', 'cat /dev/urandom | head -c 32 > key.bin'],
    ['yes piped to a prompt', 'yes | npx create-app x'],
    ['output thrown away', 'cat /dev/zero > /dev/null'],
    ['a file copy', 'dd if=disk.img of=copy.img bs=4M'],
  ])('%s: `%s` is not', (_name, command) => {
    expect(categories(command)).not.toContain('system_shutdown');
  });
});
