// Interpreter specs by program name: answered once per name and remembered (ADR 0074); a remembered answer, and
// one asked again after the memory was emptied, must be the answer the name gives when first asked.
import { describe, expect, it } from 'vitest';
import { interpreterFamily, readInterpreter } from './interpreters';

describe('interpreterFamily', () => {
  const named: [string, string | undefined][] = [
    ['python3', 'python'],
    ['python3.12', 'python'],
    ['pypy3', 'python'],
    ['node', 'node'],
    ['pwsh-preview', interpreterFamily('pwsh')],
    ['lua5.4', interpreterFamily('lua')],
    ['tclsh8.6', interpreterFamily('tclsh')],
    ['ls', undefined],
    ['python3x', undefined],
  ];

  it.each(named)('%s is the same family on every call', (program, family) => {
    expect(interpreterFamily(program)).toBe(family);
    expect(interpreterFamily(program)).toBe(family);
  });

  it('a name inherited from Object.prototype is no interpreter, asked once or many times', () => {
    for (let i = 0; i < 3; i++) {
      expect(interpreterFamily('constructor')).toBeUndefined();
      expect(interpreterFamily('__proto__')).toBeUndefined();
    }
  });

  it('answers the same after more distinct names than it remembers', () => {
    const before = named.map(([p]) => interpreterFamily(p));
    for (let i = 0; i < 5000; i++) expect(interpreterFamily(`tool-${i}`)).toBeUndefined();
    expect(named.map(([p]) => interpreterFamily(p))).toEqual(before);
    expect(readInterpreter('python3', ['-c', 'print(1)'])?.family).toBe('python');
  });
});
