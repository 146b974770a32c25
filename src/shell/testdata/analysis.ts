// Test helper: an analyser over a table of script files (a reader that never touches disk), and the categories
// and uncertainty codes an analysis found, each once and sorted.
import { analyzeShellSync } from '../analyze-shell';
import type { ScriptFile, ShellAnalysis } from '../types';
import { shellEnv } from './shell-env';

export function analyzerOver(files: Record<string, ScriptFile>): (command: string) => ShellAnalysis {
  const env = shellEnv({ readScript: (abs) => files[abs] ?? { kind: 'missing' } });
  return (command) => analyzeShellSync(command, env);
}

export const categoriesOf = (a: ShellAnalysis) => [...new Set(a.hits.map((h) => h.category))].sort();
export const codesOf = (a: ShellAnalysis) => [...new Set(a.uncertain.map((u) => u.code))].sort();
