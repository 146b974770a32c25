import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isLoopback, parseListen } from './listen-address';
import { addToken, readTokens, removeToken, tokenNamed, tokensInForce } from './token-store';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'gavel-tokens-'));
  dirs.push(d);
  return join(d, 'cfg', 'serve-tokens.json');
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('token store', () => {
  it('stores the hash of a new secret, never the secret, in a private file', () => {
    const file = tmp();
    const added = addToken(file, 'ci-runner');
    if (!added.ok) throw new Error(added.problem);
    expect(readFileSync(file, 'utf8')).not.toContain(added.secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const read = readTokens(file);
    expect(read.ok && tokenNamed(read.tokens, added.secret)).toBe('ci-runner');
    expect(read.ok && tokenNamed(read.tokens, `${added.secret}x`)).toBeUndefined();
  });

  it('replaces a token of the same name, so the old secret stops working', () => {
    const file = tmp();
    const first = addToken(file, 'a');
    const second = addToken(file, 'a');
    if (!first.ok || !second.ok) throw new Error('add failed');
    const read = readTokens(file);
    expect(read.ok && read.tokens.length).toBe(1);
    expect(read.ok && tokenNamed(read.tokens, first.secret)).toBeUndefined();
  });

  it('removes a token', () => {
    const file = tmp();
    const added = addToken(file, 'gone');
    if (!added.ok) throw new Error(added.problem);
    expect(removeToken(file, 'gone')).toEqual({ ok: true, removed: true });
    expect(removeToken(file, 'gone')).toEqual({ ok: true, removed: false });
  });

  it.each([
    ['a name with a space', 'two words'],
    ['an empty name', ''],
    ['a name over 32', 'x'.repeat(33)],
  ])('refuses %s', (_name, name) => {
    expect(addToken(tmp(), name).ok).toBe(false);
  });

  it.each([
    ['not JSON', 'nope'],
    ['no list', '{"tokens":1}'],
    ['a hash that is not sha256', '{"tokens":[{"name":"a","sha256":"abc"}]}'],
  ])('refuses a file that is %s, whole', (_name, text) => {
    const file = tmp();
    addToken(file, 'seed');
    writeFileSync(file, text);
    expect(readTokens(file).ok).toBe(false);
  });

  it('names the GAVEL_SERVE_TOKEN secret `env`', () => {
    expect(tokenNamed(tokensInForce([], 'gvl_one'), 'gvl_one')).toBe('env');
    expect(tokensInForce([], '  ')).toEqual([]);
  });
});

describe('listen address', () => {
  it.each([
    ['127.0.0.1:8787', '127.0.0.1', 8787, true],
    ['[::1]:9', '::1', 9, true],
    ['localhost:1', 'localhost', 1, true],
    ['0.0.0.0:8787', '0.0.0.0', 8787, false],
    ['10.0.0.5:80', '10.0.0.5', 80, false],
    ['127.evil.example:80', '127.evil.example', 80, false],
  ])('reads %s', (text, host, port, loopback) => {
    const r = parseListen(text);
    expect(r).toEqual({ ok: true, host, port });
    expect(isLoopback(host)).toBe(loopback);
  });

  it.each([['8787'], ['host:'], ['host:99999'], ['a b:1']])('refuses %s', (text) => {
    expect(parseListen(text).ok).toBe(false);
  });
});
