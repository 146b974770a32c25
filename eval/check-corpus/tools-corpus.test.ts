// The non-shell tools corpus (eval/corpora/check/tools.json): every case is one harness tool call, read by that
// harness's adapter (its path rules included) and judged through the full pipeline with the real shell analyzer,
// the bundled policy and no config; every target counts (block = deny or escalate on any of them).
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../src/shell';
import { HARNESS_NAMES } from '../../src/surfaces/harness';
import { bundledRequestCheck } from './decide-request';
import { decideToolCase, loadToolCases } from './tools-case';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cases = loadToolCases(root);
const decide = bundledRequestCheck(root);

beforeAll(async () => {
  await loadShellParser();
});

describe('tools corpus through the harness adapters and check()', () => {
  it('holds both labels and every harness', () => {
    expect(cases.filter((c) => c.expected === 'block').length).toBeGreaterThan(30);
    expect(cases.filter((c) => c.expected === 'allow').length).toBeGreaterThan(5);
    expect(new Set(cases.map((c) => c.harness))).toEqual(new Set(HARNESS_NAMES));
  });

  it.each(cases.map((c) => [`${c.id} ${c.harness} ${c.tool_name} (${c.class})`, c] as const))(
    '%s',
    async (_id, c) => {
      const { verdict, categories } = await decideToolCase(c, decide);
      expect(verdict).toBe(c.expected);
      if (c.category) expect(categories).toContain(c.category);
    },
  );
});
