/**
 * Where the decision log lives: `<dir>/decisions.ndjson`, with dir the user's `audit.dir`
 * (GAVEL_LOG_DIR) or `<projectRoot>/.gavel/logs`.
 * Pure: takes the config values, reads nothing. A relative `audit.dir` is taken from the project root.
 */

import { isAbsolute, join, resolve } from 'node:path';

export const AUDIT_FILE_NAME = 'decisions.ndjson';
export const DEFAULT_AUDIT_DIR = join('.gavel', 'logs');

export interface LogPathInput {
  /** `audit.dir` from the effective config (user scope only); undefined for the default. */
  dir?: string | undefined;
  projectRoot: string;
}

export function auditLogPath(input: LogPathInput): string {
  const dir = input.dir ?? DEFAULT_AUDIT_DIR;
  return isAbsolute(dir) ? join(dir, AUDIT_FILE_NAME) : resolve(input.projectRoot, dir, AUDIT_FILE_NAME);
}
