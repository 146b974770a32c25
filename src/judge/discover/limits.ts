/**
 * The judge's limits as data: per run, per file, per unit, and the depth of the folder walk. The CLI may
 * only lower them. The static checks read a unit up to 1,000 files and 16 MiB (a real skill with its
 * references fits); what a model review sends stays within the seed's 40 files and 512 KiB per unit.
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
  maxUnitFiles: 1000,
  maxUnitBytes: 16 * 1024 * 1024,
  maxDepth: 24,
};
