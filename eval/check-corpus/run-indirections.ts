/**
 * `node eval/check-corpus/indirect-team.mjs`: every dangerous case of the team corpus (and of the shared shell
 * corpora, when present) run through every indirection (indirections.ts) and decided as the corpus decides it. Prints
 * what became allowed, by indirection: each is a way of running a command that gavel reads as safer than the command.
 */

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bundledCheck } from './bundled-check';
import { type CorpusCase, envFor } from './corpus-case';
import { INDIRECTIONS, pagerCaptured } from './indirections';

/** The dangerous cases of the team corpus and of the shared shell corpora found beside the checkout. */
export function blockedCases(root: string): CorpusCase[] {
  const files = [
    resolve(root, 'eval/corpora/check/team.json'),
    resolve(root, '../shared/corpora/shell/dcg.json'),
    resolve(root, '../shared/corpora/shell/safety-net.json'),
  ].filter((f) => existsSync(f));
  return files.flatMap((f) =>
    (JSON.parse(readFileSync(f, 'utf8')) as CorpusCase[]).filter((c) => c.expected === 'block'),
  );
}

export async function main(root: string): Promise<number> {
  const decide = bundledCheck(root);
  const leaks = new Map<string, string[]>();
  let total = 0;
  let cases = 0;
  for (const c of blockedCases(root)) {
    const where = envFor(c);
    if ('skip' in where) continue;
    // A case the corpus itself lets through (a deliberate difference) has nothing to keep.
    if ((await decide(c.command, where)) === 'allow') continue;
    cases++;
    for (const indirection of INDIRECTIONS) {
      const { name, wrap } = indirection;
      if (pagerCaptured(c.command, indirection)) continue;
      total++;
      const command = wrap(c.command);
      if ((await decide(command, where)) === 'allow') leaks.set(name, [...(leaks.get(name) ?? []), command]);
    }
  }
  const leaked = [...leaks.values()].reduce((n, l) => n + l.length, 0);
  process.stdout.write(
    `${cases} blocked cases x ${INDIRECTIONS.length} indirections: ${leaked}/${total} allowed\n`,
  );
  for (const [name, list] of leaks) {
    process.stdout.write(`\n${name}: ${list.length} allowed\n`);
    for (const line of list.slice(0, 15)) process.stdout.write(`  ${line.replaceAll('\n', '\\n')}\n`);
  }
  return leaked === 0 ? 0 : 1;
}
