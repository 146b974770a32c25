import { describe, expect, it } from 'vitest';
import { GavelError, IoError, UsageError } from './errors';

describe('error classes', () => {
  it.each([
    ['UsageError', new UsageError('unknown flag `--x`'), 'usage'],
    ['IoError', new IoError('io', 'cannot read `a.toml`'), 'io'],
    ['GavelError', new GavelError('custom', 'message'), 'custom'],
  ])('%s carries its name and code and is a GavelError', (name, error, code) => {
    expect(error).toBeInstanceOf(GavelError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
  });

  it('keeps the cause', () => {
    const cause = new Error('ENOENT');
    expect(new UsageError('cannot read stdin', { cause }).cause).toBe(cause);
    expect(new IoError('io', 'cannot write the log', { cause }).cause).toBe(cause);
  });

  it('a UsageError is not an IoError', () => {
    expect(new UsageError('x')).not.toBeInstanceOf(IoError);
  });
});
