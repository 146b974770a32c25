import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderConfigKeys } from './render-keys';
import { TABLE_NAMES, tableSettings } from './spec';

const DOC = join(__dirname, '..', '..', 'docs', 'config.md');
const START =
  '<!-- keys:start (generated from src/config/tables; refresh with UPDATE_GOLDEN=1 npx vitest run src/config) -->';
const END = '<!-- keys:end -->';

describe('docs/config.md', () => {
  it('lists every key exactly as the spec defines it', () => {
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, 'docs/config.md lacks the keys:start marker').toBeGreaterThanOrEqual(0);
    const want = `${START}\n${renderConfigKeys()}${END}`;
    const have = doc.slice(start, end + END.length);
    if (process.env.UPDATE_GOLDEN === '1' && have !== want) {
      writeFileSync(DOC, doc.slice(0, start) + want + doc.slice(end + END.length));
      return;
    }
    expect(have).toBe(want);
  });

  it('renders one row per setting', () => {
    const rows = renderConfigKeys().trim().split('\n').slice(2);
    const count = TABLE_NAMES.reduce((n, t) => n + tableSettings(t).length, 0);
    expect(rows).toHaveLength(count);
  });
});
