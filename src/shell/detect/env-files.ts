/**
 * Files of `NAME=value` lines a wrapper hands the program as environment (`dotenv -e .env.test -- cmd`,
 * `op run --env-file=F -- cmd`): each name is a variable given to the program, as a `NAME=… cmd` prefix is. A name
 * that changes what a program loads or runs (`NODE_OPTIONS`, `LD_PRELOAD`) is a `dynamic-command` uncertainty; the
 * catalogue knows the segment only when every name is inert. The values are never kept (they are often secrets).
 * A file that cannot be read, or one written earlier on the line with content not shown, is uncertain; without a
 * reader (`ShellEnv.readScript`) the command is judged by its words. Pure apart from the injected reader and reporting.
 */

import { isUnder } from '../../core';
import { isLoaderVariable } from '../data/loader-variables';
import type { Invocation, Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { resolveArg, touchPath } from './path-effects';
import { projectFile } from './project-file';

/** `NAME=value`, `export NAME=value`, `NAME: value` (dotenv reads all three); names may hold `.` and `-`. */
const LINE = /^\s*(?:export\s+)?([\w.-]+)(?:\s*=|:\s)/gmu;
/** A value taken from elsewhere at run time: another variable (`${GITHUB_TOKEN}`, expanded by dotenv) or a secret
 * reference `op run` resolves (`op://vault/item/field`). */
const FETCHED_VALUE = /^\s*(?:export\s+)?[\w.-]+(?:\s*=|:\s)[^\n]*(?:\$|op:\/\/)/mu;

/** The names an env file sets, as a dotenv reader takes them (a quoted multi-line value may add more: never fewer). */
export function envFileNames(text: string): string[] {
  return [...new Set([...text.matchAll(LINE)].map((m) => m[1] as string))];
}

/**
 * Reads the env files `files` of the wrapper that runs `inv` and returns the variable names they give it (each
 * value shown as computed at run time); reports what cannot be known and each name that changes the program run.
 */
export function envFileVariables(files: readonly Word[], inv: Invocation, r: Reporter): string[] {
  const names: string[] = [];
  for (const word of files) {
    const path = resolveArg(word, inv, r).resolved;
    // A file outside the workspace (`-e ~/.aws/credentials`) is a read of that path, judged by its class; the
    // project's own `.env` handed to the program it configures is not the agent reading it.
    if (path === undefined || !r.scope.workspaceRoots.some((w) => isUnder(path, w)))
      touchPath(word, 'read', inv, r);
    const file = path === undefined ? ({ kind: 'unknown' } as const) : projectFile(path, inv, r);
    // Not there, or no reader (a pure analysis judges the command by its words, as `npm test` by its name).
    if (file.kind === 'missing' || file.kind === 'unread') continue;
    if (file.kind !== 'text') {
      r.uncertain(
        'dynamic-command',
        `\`${inv.program}\` is given the variables of a file gavel did not read`,
        inv.segment,
      );
      continue;
    }
    names.push(...envFileNames(file.text));
    // `PORT=${GITHUB_TOKEN}`: an inert name may carry a secret the wrapper fills in.
    if (FETCHED_VALUE.test(file.text))
      r.uncertain(
        'dynamic-command',
        `\`${inv.program}\` is given a variable whose value is filled in at run time (another variable or a secret reference)`,
        inv.segment,
      );
  }
  for (const name of new Set(names))
    if (isLoaderVariable(name))
      r.uncertain(
        'dynamic-command',
        `\`${name.slice(0, 40)}\` changes what the program loads or runs`,
        inv.segment,
      );
  return [...new Set(names)];
}
