// Test helper: a project whose files live in a map (path -> what the script reader answers), analysed from one of
// its folders with the project root as the workspace; the categories and uncertainty codes of an analysis, sorted.
import { analyzeShellSync } from '../analyze-shell';
import type { ScriptFile, ShellAnalysis } from '../types';
import { shellEnv } from './shell-env';

export function fileProject(root: string, files: Record<string, ScriptFile>) {
  const env = shellEnv({ readScript: (abs: string) => files[abs] ?? { kind: 'missing' } });
  return {
    at: (dir: string, command: string): ShellAnalysis =>
      analyzeShellSync(command, { ...env, cwd: `${root}/${dir}`, workspaceRoots: [root] }),
    categories: (a: ShellAnalysis) => [...new Set(a.hits.map((h) => h.category))].sort(),
    codes: (a: ShellAnalysis) => [...new Set(a.uncertain.map((u) => u.code))].sort(),
  };
}
