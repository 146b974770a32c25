/**
 * The seam where the shell analyzer is chosen for every surface of action review: the real one, from
 * src/shell (tree-sitter-bash, loaded once per process on the first shell command). What it is given comes
 * from the compiled policy (load-runtime reads rules/check-paths.json with the other rule files): check()
 * builds one ShellEnv per request with the path table, `[check] sensitive`, stated hosts and package sources.
 * Before the first analysis it sets V8's `--liftoff-only`, which the WASM parser needs (on Node 20 optimized
 * WASM compilation otherwise holds the process 0.6–0.85 s at exit: docs/decisions/0007-shell-parser.md). A
 * hook sets it here rather than at start-up so a call with no shell command never loads node:v8
 * (docs/decisions/0018-hook-bundle.md); the CLI entry has set it already for every other command.
 */

import { setFlagsFromString } from 'node:v8';
import type { AnalyzeShell } from '../../../check';
import { analyzeShell } from '../../../shell';

let liftoffOnly = false;

export const analyzeShellForSurfaces: AnalyzeShell = (command, env) => {
  if (!liftoffOnly) {
    setFlagsFromString('--liftoff-only');
    liftoffOnly = true;
  }
  return analyzeShell(command, env);
};
