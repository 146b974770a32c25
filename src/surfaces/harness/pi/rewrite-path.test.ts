import { describe, expect, it } from 'vitest';
import { rewritePath } from './rewrite-path';

describe("pi's path rewriting", () => {
  it.each([
    ['a file mention', '@.env', '.env'],
    ['a mention of a home path', '@~/.aws/credentials', '~/.aws/credentials'],
    ['a mention of gavel’s own extension', '@.pi/extensions/gavel.ts', '.pi/extensions/gavel.ts'],
    ['a file URL', 'file:///etc/shadow', '/etc/shadow'],
    ['a file URL on localhost with escapes', 'file://localhost/home/u/%2Essh/id_rsa', '/home/u/.ssh/id_rsa'],
    ['a mention of a file URL', '@file:///etc/passwd', '/etc/passwd'],
    ['unicode spaces', 'my\u00A0notes.md', 'my notes.md'],
    ['another user’s home is left for the resolver', '~bob/.ssh/id_rsa', '~bob/.ssh/id_rsa'],
    ['an ordinary path', 'src/a.ts', 'src/a.ts'],
  ])('%s', (_name, raw, want) => {
    expect(rewritePath(raw, '/w')).toBe(want);
  });
});
