/**
 * The judge's limits as data: per run, per file, per unit. Seed values; the CLI may only lower them.
 */

export interface JudgeLimits {
  maxUnits: number;
  maxFileBytes: number;
  maxUnitFiles: number;
  maxUnitBytes: number;
  /** Folders deeper than this below the project root are not walked; each one is named in not_reviewed. */
  maxDepth: number;
}

export const DEFAULT_LIMITS: JudgeLimits = {
  maxUnits: 200,
  maxFileBytes: 2 * 1024 * 1024,
  maxUnitFiles: 40,
  maxUnitBytes: 512 * 1024,
  maxDepth: 24,
};
