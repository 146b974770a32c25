/**
 * `node eval/check-corpus/decorate-everyday.mjs`: every ordinary everyday step gavel allows, in every decoration
 * (decorations.ts), decided as the hook decides it in the step's own workspace. Prints the decorated steps not
 * allowed, by decoration, and the rate: a drop is an ordinary shape gavel no longer recognises once wrapped.
 */

import { resolve } from 'node:path';
import { bundledRequestCheck } from './decide-request';
import { INDIRECTIONS } from './indirections';

const DECORATIONS = INDIRECTIONS.map((i) => i.name);
const decorate = (c: string, d: string) =>
  (INDIRECTIONS.find((i) => i.name === d) as { wrap: (c: string) => string }).wrap(c);

import { loadEveryday, whereOf } from './everyday-case';

export const NOT_WRAPPED = /^\s*(?:[A-Za-z_][A-Za-z0-9_]*=|(?:export|unset|for|while|if|case|function)\b)/;

export async function main(root: string): Promise<number> {
  const decide = bundledRequestCheck(root);
  const cases = loadEveryday(resolve(root, 'eval/corpora/check/everyday'))
    .flatMap((s) => s.cases)
    .filter((c) => c.label === 'ordinary' && c.request.tool_name === 'Bash');
  let base = 0;
  let total = 0;
  let kept = 0;
  const misses = new Map<string, string[]>();
  for (const c of cases) {
    const input = c.request.tool_input as { command?: unknown };
    // A step that sets shell state or opens a compound command is not a program to wrap (`timeout 300 X=1`).
    if (typeof input.command !== 'string' || NOT_WRAPPED.test(input.command)) continue;
    const where = whereOf(c);
    if ((await decide('Bash', input, where)).verdict !== 'allow') continue;
    base++;
    for (const d of DECORATIONS) {
      const command = decorate(input.command, d);
      total++;
      const v = await decide('Bash', { ...input, command }, where);
      if (v.verdict === 'allow') kept++;
      else misses.set(d, [...(misses.get(d) ?? []), `${v.verdict} ${command}`]);
    }
  }
  process.stdout.write(
    `${base} allowed ordinary steps x ${DECORATIONS.length} decorations: ${kept}/${total} allowed (${((100 * kept) / Math.max(total, 1)).toFixed(1)}%)\n`,
  );
  for (const [d, list] of misses) {
    process.stdout.write(`\n${d}: ${list.length} not allowed\n`);
    for (const line of list.slice(0, 40)) process.stdout.write(`  ${line.replaceAll("\n", "\\n")}\n`);
  }
  return 0;
}
