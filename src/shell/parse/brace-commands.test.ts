// Brace expansion in command position (`{rm,-rf,/}`): the words it makes are read as a second reading, so the
// floor's categories are found; the parse error stays (never an allow), and other brace words read as before.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { shellEnv } from '../testdata/shell-env';
import { braceCommandText } from './brace-commands';
import { loadShellParser } from './load-parser';

const analysis = (command: string) => analyzeShellSync(command, shellEnv());
const categories = (command: string) => analysis(command).hits.map((h) => h.category);

beforeAll(async () => {
  await loadShellParser();
});

describe('braceCommandText writes a command word as the words it makes', () => {
  it.each<[string, string, string]>([
    ['a plain group', '{rm,-rf,/}', 'rm -rf /'],
    ['a variable kept as written', '{rm,-rf,$HOME}', 'rm -rf $HOME'],
    ['a quoted part, its comma not a separator', '{echo,"a,b"}', 'echo "a,b"'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
    ['a parameter expansion inside', '{rm,-rf,${HOME}}', 'rm -rf ${HOME}'],
    ['text after the group joins every part', '{r,x}m', 'rm xm'],
    ['an empty alternative', '{,rm} -rf /', ' rm -rf /'],
    ['after an operator', 'echo hi && {rm,-rf,~}', 'echo hi && rm -rf ~'],
    ['inside a command substitution', 'x=$({cat,/etc/shadow})', 'x=$(cat /etc/shadow)'],
    ['after a keyword', 'if true; then {rm,-rf,/}; fi', 'if true; then rm -rf /; fi'],
  ])('%s', (_n, text, expected) => {
    expect(braceCommandText(text)).toBe(expected);
  });

  it.each<[string, string]>([
    ['a brace group', '{ echo hi; }'],
    ['a brace word as an argument', 'echo {a,b}'],
    ['a range, not alternatives', '{1..3}'],
    ['a group with no comma', '{rm}'],
    ['an unclosed quote', '{rm,"-rf}'],
    ['a here-document', 'cat <<E\n{rm,-rf,/}\nE'],
    ['backticks', '`{rm,-rf,/}`'],
  ])('declines %s', (_n, text) => {
    expect(braceCommandText(text)).toBeUndefined();
  });

  it('bounds the alternatives a group may hold', () => {
    expect(braceCommandText(`{${Array.from({ length: 100 }, () => 'x').join(',')}}`)).toBeUndefined();
  });
});

describe('the command a brace word makes is judged', () => {
  it.each<[string, string, string]>([
    ['home delete', '{rm,-rf,$HOME}', 'destructive_root_delete'],
    ['root delete', '{rm,-rf,/}', 'destructive_root_delete'],
    ['home delete, quoted variable', '{rm,-rf,"$HOME"}', 'destructive_root_delete'],
    ['root delete after another command', 'cd /tmp; {rm,-rf,/}', 'destructive_root_delete'],
    ['nested groups', '{{rm,},-rf,/}', 'destructive_root_delete'],
    ['block device write', '{dd,if=/dev/zero,of=/dev/sda}', 'block_device_write'],
  ])('%s', (_n, command, category) => {
    expect(categories(command)).toContain(category);
    expect(analysis(command).uncertain.map((u) => u.code)).toContain('parse-error');
  });

  it('an ordinary brace command word stays uncertain (the parse error is kept, never an allow)', () => {
    const a = analysis('{ls,-la}');
    expect(a.hits).toEqual([]);
    expect(a.uncertain.map((u) => u.code)).toContain('parse-error');
  });

  it('brace words as arguments read as before', () => {
    expect(analysis('echo {a,b}').uncertain).toEqual([]);
    expect(analysis('{ echo hi; }').uncertain).toEqual([]);
  });
});
