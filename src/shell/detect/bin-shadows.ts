/**
 * Package runners put the project's `node_modules/.bin` folders first on PATH before a script runs (`npm run`,
 * `pnpm run`, `yarn run`, husky 9.1's hooks): a file there named like a system tool runs instead of the tool the
 * script names. After a script's commands are analysed, each one named like such a tool (`git`, `sh`, `curl`; data/shadowable-tools.ts) is
 * looked for in those folders; one found makes the run uncertain (what runs is a workspace file nobody read).
 * Pure apart from the injected reader and reporting.
 */

import { SHADOWABLE } from '../data/shadowable-tools';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { readBudgeted } from './disk-scripts';
import { inFolder } from './project-file';

/**
 * Reports when a command among the segments from index `from` on names a system tool that a file in one of the
 * `folders`' `node_modules/.bin` replaces.
 */
export function binShadows(from: number, folders: readonly string[], inv: Invocation, r: Reporter): void {
  const names = new Set(
    r.segments
      .slice(from)
      .map((s) => s.program)
      .filter((p) => SHADOWABLE.has(p)),
  );
  for (const name of names)
    for (const dir of folders) {
      const bin = readBudgeted(inFolder(dir, `node_modules/.bin/${name}`), inv, r);
      if (bin && bin.kind !== 'missing') {
        r.uncertain(
          'dynamic-command',
          `\`${inv.program}\` runs a script whose \`${name}\` a file in node_modules/.bin replaces`,
          inv.segment,
          'kept',
        );
        return;
      }
    }
}
