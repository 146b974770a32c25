/**
 * Whether the person agreed to model reviews by the judge when a caller other than them asks for one (the MCP
 * `judge` tool): only `[judge] allow_llm = true` in their own user config counts, never a project file's, and a
 * config that does not validate agrees to nothing.
 */

import { loadConfig } from '../../config';

export function userAllowsJudgeModel(options: {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}): boolean {
  const loaded = loadConfig({ cwd: options.cwd, env: options.env });
  if (!loaded.ok) return false;
  const judge = loaded.config.judge as Readonly<Record<string, unknown>>;
  return judge.allow_llm === true && loaded.sources['judge.allow_llm'] !== 'project';
}
