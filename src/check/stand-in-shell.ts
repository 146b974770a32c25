/**
 * A stand-in for src/shell's `analyzeShell`, used until the real analyzer is wired in and by tests that need
 * argv for rule examples. It is not a shell parser: it splits a command with no shell syntax at all on spaces
 * into one segment, and marks every command uncertain (`no-analyzer`), so nothing it sees is ever allowed
 * without review. Anything with quoting, expansion, redirection or control operators gets no segment at all.
 */

import type { ShellAnalysis } from '../shell/types';

const SHELL_SYNTAX = /[\s\S]*[`$|&;<>()'"\\*?[\]{}~#!\n]/;

export async function standInAnalyzeShell(command: string): Promise<ShellAnalysis> {
  const uncertain = [
    { code: 'no-analyzer', reason: 'the shell analyzer is not wired in; the command was not parsed' },
  ];
  if (SHELL_SYNTAX.test(command)) return { segments: [], hits: [], uncertain, sensitiveToNetwork: false };
  const argv = command.trim().split(/\s+/).filter(Boolean);
  if (argv.length === 0) return { segments: [], hits: [], uncertain, sensitiveToNetwork: false };
  return {
    segments: [{ argv, wrappers: [], context: 'top', paths: [], hosts: [] }],
    hits: [],
    uncertain,
    sensitiveToNetwork: false,
  };
}
