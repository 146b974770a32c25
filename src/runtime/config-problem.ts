/**
 * For a surface that must refuse to start on a config that does not validate (`gavel mcp`): the config's
 * problem where `cwd` is, in one line, or undefined when it validates. Config is validated whole or not used.
 */

import { formatProblem, loadConfig } from '../config';

export function configProblem(options: {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}): string | undefined {
  const loaded = loadConfig({ cwd: options.cwd, env: options.env });
  return loaded.ok ? undefined : formatProblem(loaded.problem);
}
