/**
 * The seam where the shell analyzer is chosen for every surface of action review: the real one, from
 * src/shell (tree-sitter-bash, loaded once per process on the first shell command). What it is given comes
 * from the compiled policy (load-runtime reads rules/check-paths.json with the other rule files): check()
 * builds one ShellEnv per request with the path table, `[check] sensitive`, stated hosts and package sources.
 */

import type { AnalyzeShell } from '../../../check';
import { analyzeShell } from '../../../shell';

export const analyzeShellForSurfaces: AnalyzeShell = analyzeShell;
