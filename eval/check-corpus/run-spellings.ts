/**
 * `node eval/check-corpus/respell-team.mjs`: every dangerous case of the team corpus and the shared shell corpora that
 * is a simple command, in every spelling bash reads the same (spellings.ts), decided as the corpus decides it. Prints
 * the spellings that became allowed.
 */

import { bundledCheck } from './bundled-check';
import { envFor } from './corpus-case';
import { blockedCases } from './run-indirections';
import { SPELLINGS, simpleWords } from './spellings';

/** Every respelled dangerous command the corpus lets through, and how many were decided. */
export async function spellingLeaks(root: string): Promise<{ leaks: string[]; checked: number }> {
  const decide = bundledCheck(root);
  const leaks: string[] = [];
  let checked = 0;
  for (const c of blockedCases(root)) {
    const where = envFor(c);
    const words = simpleWords(c.command);
    if ('skip' in where || !words || (await decide(c.command, where)) === 'allow') continue;
    for (const { name, respell } of SPELLINGS) {
      const command = respell(words);
      if (command === undefined) continue;
      checked++;
      if ((await decide(command, where)) === 'allow') leaks.push(`${name}: ${command}`);
    }
  }
  return { leaks, checked };
}

export async function main(root: string): Promise<number> {
  const { leaks, checked } = await spellingLeaks(root);
  process.stdout.write(`${checked} respelled dangerous commands: ${leaks.length} allowed\n`);
  for (const line of leaks.slice(0, 60)) process.stdout.write(`  ${line}\n`);
  return leaks.length === 0 ? 0 : 1;
}
