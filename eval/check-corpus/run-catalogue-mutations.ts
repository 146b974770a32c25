/**
 * `node eval/check-corpus/mutate-catalogue.mjs [--writes]`: every catalogue example mutated toward protected
 * places (catalogue-mutations.ts), each decided as the hook decides a Claude Code Bash call in an example workspace
 * with no files. Prints every allowed mutant, secret targets first, for a person to read: where the word is only a
 * name (`cd .env`, `git switch .env`, `grep -rn .env src`, `tar --exclude=.env`) an allow is right; where the program
 * opens it, it is a hole of a class (the 2026-12-03 scan found interpreters handed a secret, ADR 0101). With
 * `--writes` also the write-only targets (reading a git hook is fine, writing it is not).
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type EntryOptions,
  type Mutant,
  mutantsOf,
  optionMutants,
  SECRET_TARGETS,
  WRITE_TARGETS,
} from './catalogue-mutations';
import { HOME, PROJECT } from './corpus-case';
import { bundledRequestCheck } from './decide-request';

export async function main(root: string, writes: boolean): Promise<number> {
  const file = JSON.parse(readFileSync(join(root, 'rules', 'check-safe.json'), 'utf8')) as {
    entries: EntryOptions[];
  };
  const decide = bundledRequestCheck(root);
  const where = { cwd: PROJECT, home: HOME, workspaceRoots: [PROJECT], tempDirs: ['/tmp'] };
  const allowed = async (mutants: Mutant[]) => {
    const out: Mutant[] = [];
    for (const m of mutants) {
      const v = await decide('Bash', { command: m.command }, where);
      if (v.verdict === 'allow') out.push(m);
    }
    return out;
  };
  const secret = file.entries.flatMap((e) => e.safe.flatMap((x) => mutantsOf(e.id, x, SECRET_TARGETS)));
  const holes = await allowed(secret);
  process.stdout.write(`secret targets: ${secret.length} mutants, ${holes.length} allowed (read each)\n`);
  for (const m of holes) process.stdout.write(`  ${m.entry}: ${m.command}\n`);
  const options = file.entries.flatMap((e) => optionMutants(e, [...SECRET_TARGETS, ...WRITE_TARGETS]));
  const openOptions = await allowed(options);
  process.stdout.write(
    `options taking any value, given a protected place: ${options.length} mutants, ${openOptions.length} allowed (read each)\n`,
  );
  for (const m of openOptions) process.stdout.write(`  ${m.entry}: ${m.command}\n`);
  if (writes) {
    const write = file.entries.flatMap((e) => e.safe.flatMap((x) => mutantsOf(e.id, x, WRITE_TARGETS)));
    const allowedWrites = await allowed(write);
    process.stdout.write(
      `write targets: ${write.length} mutants, ${allowedWrites.length} allowed (read each)\n`,
    );
    for (const m of allowedWrites) process.stdout.write(`  ${m.entry}: ${m.command}\n`);
  }
  return 0;
}
