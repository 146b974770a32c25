/**
 * Config problems and notices as values: each names the file (or variable), the key path and what is wrong.
 * A problem means the file is not used at all; a notice means a value was ignored and why.
 */

export interface ConfigProblem {
  /** The file path, or `environment` for a GAVEL_* variable. */
  file: string;
  /** Dotted key path (`check.mode`), or the variable name. Empty for the file as a whole. */
  keyPath: string;
  message: string;
}

export type ConfigNotice = ConfigProblem;

/** One line for a person: `gavel.toml: check.mode: invalid option ...`. */
export function formatProblem(problem: ConfigProblem): string {
  const key = problem.keyPath ? `\`${problem.keyPath}\`: ` : '';
  return `${problem.file}: ${key}${problem.message}`;
}
