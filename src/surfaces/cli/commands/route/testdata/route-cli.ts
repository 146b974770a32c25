/**
 * Test helpers of `gavel route`: runs the real command through main() with a fixed clock and captured
 * output, and builds a small real git repository with a `feature` branch checked out.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeLines, Repo } from '../../../../../../eval/corpora/route';
import { type CliRun, runMain } from '../../../fake-context.testkit';

export type { CliRun };

/** Runs `gavel <argv>` in `cwd`, with HOME and XDG_CONFIG_HOME inside `root` (plus `env`). */
export function runCli(
  argv: string[],
  cwd: string,
  root: string,
  env: Record<string, string> = {},
): Promise<CliRun> {
  return runMain(argv, {
    cwd,
    env: { HOME: root, XDG_CONFIG_HOME: join(root, 'xdg'), ...env },
    clock: '2026-01-01T00:00:00Z',
    version: 'test',
  });
}

export const NOTIFY_TOML = '[route]\nnotify = ["@acme/reviewers"]\n';

/** A project on `main` (README, 20 lines of code, gavel.toml), then `feature` checked out. */
export function routeRepo(root: string, toml = NOTIFY_TOML, name = 'p'): Repo {
  const r = Repo.create(root, name);
  r.write({ 'README.md': '# p\n', 'src/app.ts': codeLines(20), 'gavel.toml': toml });
  r.commit('init');
  r.branch('feature');
  return r;
}

/** Writes `value` (JSON unless a string) to `<root>/<name>` and returns the path. */
export function putFile(root: string, name: string, value: unknown): string {
  const path = join(root, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}
