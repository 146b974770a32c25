import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASES } from './basis';

describe('docs/vocabulary.md', () => {
  it.each(BASES.map((b) => [b]))('documents the basis `%s`', (basis) => {
    const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'vocabulary.md'), 'utf8');
    expect(doc).toContain(`| \`${basis}\` |`);
  });
});
