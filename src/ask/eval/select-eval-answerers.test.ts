import { describe, expect, it } from 'vitest';
import { selectEvalAnswerers } from './select-eval-answerers';

describe('selectEvalAnswerers', () => {
  it.each([
    ['everything by default', undefined, 12, 'rules'],
    ['everything for all', 'all', 12, 'rules'],
    ['the rules evaluator', 'rules', 1, 'rules'],
    ['the honest model', 'honest', 1, 'honest'],
    ['every liar and the cases’ own replies', 'liars', 10, 'liar-allow'],
    ['one liar by name', 'liar-forged-rule', 1, 'liar-forged-rule'],
    ['a user script', 'scripted:s.json', 1, 'script'],
    ['the shipped recording', 'recorded', 1, 'replay'],
    ['a recording', 'replay:rec', 1, 'replay'],
  ])('selects %s', (_name, flag, count, first) => {
    const got = selectEvalAnswerers(flag);
    expect(got.ok && [got.answerers.length, got.answerers[0]]).toEqual([count, first]);
  });

  it('keeps the script file name', () => {
    expect(selectEvalAnswerers('scripted:dir/s.json')).toMatchObject({ scriptFile: 'dir/s.json' });
  });

  it('keeps the recording folder', () => {
    expect(selectEvalAnswerers('replay:dir/rec')).toMatchObject({ replayDir: 'dir/rec' });
    expect(selectEvalAnswerers('recorded')).not.toHaveProperty('replayDir');
  });

  it.each([
    ['an unknown name', 'gpt'],
    ['an empty script', 'scripted:'],
    ['an empty recording', 'replay:'],
  ])('refuses %s', (_name, flag) => {
    expect(selectEvalAnswerers(flag).ok).toBe(false);
  });
});
