/**
 * The seam where the shell analyzer is chosen for every surface of action review.
 * LEAD: replace `standInAnalyzeShell` with `analyzeShell` from src/shell/index.ts once merged. Until then every
 * shell command is uncertain and escalates (fail closed); file, web and MCP requests are fully judged.
 */

import { type AnalyzeShell, standInAnalyzeShell } from '../../../check';

export const analyzeShellForSurfaces: AnalyzeShell = standInAnalyzeShell;
