import { describe, expect, it } from 'vitest';
import { readJsonObject } from './read-json-object';

describe('readJsonObject', () => {
  it.each([
    ['not JSON', '{"tool_name": ', 'hook input is not valid JSON'],
    ['empty input', '', 'hook input is not valid JSON'],
    ['an array', '[1]', 'hook input must be a JSON object'],
    ['null', 'null', 'hook input must be a JSON object'],
    ['a string', '"x"', 'hook input must be a JSON object'],
  ])('%s is a problem that names no input text', (_name, stdin, want) => {
    expect(readJsonObject(stdin)).toBe(want);
  });

  it('an object comes back as it was', () => {
    expect(readJsonObject('{"a":1,"b":{"c":[2]}}')).toEqual({ a: 1, b: { c: [2] } });
  });
});
