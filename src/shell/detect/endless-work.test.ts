// Work that never ends: endless loops with no way out, endless producers left in the background.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const env = shellEnv();
const endless = (command: string) =>
  analyzeShellSync(command, env).uncertain.some((u) => u.code === 'endless-work');

beforeAll(async () => {
  await loadShellParser();
});

describe('endless work is unknown', () => {
  it.each<[string, string]>([
    ['while true, folders without end', 'while true; do mkdir -p a && cd a; done'],
    ['while :', 'while :; do echo hi; done'],
    ['until false', 'until false; do date; done'],
    ['for ((;;))', 'for ((;;)); do :; done'],
    ['while [ 1 ]', 'while [ 1 ]; do touch x; done'],
    ['a loop in the background', 'while true; do echo x >> log; done &'],
    ['yes in the background', 'yes > /dev/null &'],
    ['three of them', 'yes > /dev/null & yes > /dev/null & yes > /dev/null &'],
    ['cat of /dev/zero in the background', 'cat /dev/zero > /dev/null &'],
    ['a checksum of /dev/zero in the background', 'sha1sum /dev/zero &'],
    ['dd without a count in the background', 'dd if=/dev/zero of=/dev/null &'],
    ['inside bash -c', "bash -c 'while :; do :; done'"],
  ])('%s: %s', (_name, command) => {
    expect(endless(command)).toBe(true);
  });
});

describe('bounded loops and producers stay ordinary', () => {
  it.each<[string, string]>([
    ['a wait with break and sleep', 'while true; do curl -s localhost:3000 && break; sleep 1; done'],
    ['a poll with sleep', 'while true; do npm test; sleep 5; done'],
    ['a counted loop', 'for ((i=0;i<3;i++)); do echo $i; done'],
    ['a read loop', 'while read -r l; do echo "$l"; done < README.md'],
    ['exit in the body', 'while :; do test -f done && exit 0; done'],
    ['yes into head', 'yes | head -n 3'],
    ['yes answering a prompt', 'yes | npx prisma migrate reset'],
    ['a server in the background', 'npm run dev &'],
    ['dd with a count in the background', 'dd if=/dev/zero of=/tmp/x bs=1M count=1 &'],
    ['a while with a real condition', 'while [ -f lock ]; do sleep 1; done'],
  ])('%s: %s', (_name, command) => {
    expect(endless(command)).toBe(false);
  });
});
