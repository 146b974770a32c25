/**
 * The seam where the shell analyzer is chosen for every surface of action review: the real one, from
 * src/shell (tree-sitter-bash, loaded once per process on the first shell command).
 */

import type { AnalyzeShell } from '../../../check';
import { analyzeShell } from '../../../shell';

export const analyzeShellForSurfaces: AnalyzeShell = analyzeShell;
