/**
 * The seam where the shell analyzer is chosen for every surface of action review: the real one, from
 * src/shell (tree-sitter-bash, loaded once per process on the first shell command). What it is given comes
 * from the compiled policy (load-runtime reads rules/check-paths.json with the other rule files): check()
 * builds one ShellEnv per request with the path table, `[check] sensitive`, stated hosts and package sources.
 * When a command needs the WASM parser (the pure-JS fast path takes plain commands), the analyzer sets V8's
 * `--liftoff-only` before loading it (on Node 20 optimized WASM compilation otherwise holds the process
 * 0.6–0.85 s at exit: docs/decisions/0015-shell-parser.md); a call the fast path settles never loads node:v8
 * (docs/decisions/0018-hook-bundle.md, 0019-shell-fast-path.md).
 */

import type { AnalyzeShell } from '../../check';

export const analyzeShellForSurfaces: AnalyzeShell = async (command, env) =>
  (await import('../../shell')).analyzeShell(command, env, { liftoffOnly: true });
