/**
 * `node eval/check-corpus/runner-hosted-team.mjs`: every dangerous case of the team corpus and the shared shell corpora,
 * written into each runner's file (script-hosts.ts) and run by that runner (`npm test`, `make`, `just`, ...), decided
 * as the hook decides it in that workspace, against the same command typed directly there. Under the default
 * `script_files = "literal"` a script's categories count and what it computes at run time does not: a command with a
 * category must stay not allowed through every host. Under `strict`, a command not allowed directly must stay not
 * allowed. Prints what broke either, by host.
 */

import { posix } from 'node:path';
import type { CorpusCase } from './corpus-case';
import { envFor } from './corpus-case';
import { bundledRequestCheck, type DecideRequest, type RequestWhere } from './decide-request';
import { blockedCases } from './run-indirections';
import { HOST_WORKSPACE, SCRIPT_HOSTS, type ScriptHost } from './script-hosts';

/** Where a host's call runs: its workspace, home and temp as the everyday corpus has them, its files. */
export function hostWhere(files: Record<string, string>): RequestWhere {
  return {
    cwd: HOST_WORKSPACE,
    home: '/home/dev',
    workspaceRoots: [HOST_WORKSPACE],
    tempDirs: ['/tmp'],
    files: new Map(Object.entries(files).map(([rel, text]) => [posix.join(HOST_WORKSPACE, rel), text])),
  };
}

/** A host that let a command through that it should not have, and the command. */
export interface Leak {
  host: string;
  mode: 'literal' | 'strict';
  command: string;
}

/** Every leak of `cases` through `hosts`, under both `script_files` settings. */
export async function scriptHostLeaks(
  root: string,
  cases: readonly CorpusCase[],
  hosts: readonly ScriptHost[] = SCRIPT_HOSTS,
): Promise<{ leaks: Leak[]; checked: number }> {
  const modes: ['literal' | 'strict', DecideRequest][] = [
    ['literal', bundledRequestCheck(root)],
    ['strict', bundledRequestCheck(root, { script_files: 'strict' })],
  ];
  const leaks: Leak[] = [];
  let checked = 0;
  for (const c of cases) {
    if ('skip' in envFor(c)) continue;
    for (const [mode, decide] of modes) {
      // The same command typed in the same workspace, which holds no file of its own.
      const direct = await decide('Bash', { command: c.command }, hostWhere({}));
      if (direct.verdict === 'allow' || (mode === 'literal' && direct.categories.length === 0)) continue;
      for (const host of hosts) {
        checked++;
        const v = await decide('Bash', { command: host.command }, hostWhere(host.files(c.command)));
        if (v.verdict === 'allow') leaks.push({ host: host.name, mode, command: c.command });
      }
    }
  }
  return { leaks, checked };
}

export async function main(root: string): Promise<number> {
  const { leaks, checked } = await scriptHostLeaks(root, blockedCases(root));
  process.stdout.write(
    `${checked} dangerous commands run through ${SCRIPT_HOSTS.length} hosts: ${leaks.length} allowed\n`,
  );
  const by = new Map<string, string[]>();
  for (const l of leaks)
    by.set(`${l.host} (${l.mode})`, [...(by.get(`${l.host} (${l.mode})`) ?? []), l.command]);
  for (const [name, list] of by) {
    process.stdout.write(`\n${name}: ${list.length} allowed\n`);
    for (const line of list.slice(0, 25)) process.stdout.write(`  ${line.replaceAll('\n', '\\n')}\n`);
  }
  return leaks.length === 0 ? 0 : 1;
}
