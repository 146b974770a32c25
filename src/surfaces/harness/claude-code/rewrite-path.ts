/**
 * How Claude Code rewrites a path its tools are given before it touches the file: the one place for that
 * harness's path rules, applied to every read, write and edit target by ./tool-inputs.ts. Pure. Claude
 * Code's file tools take absolute paths as given, so today this is the identity.
 */

export function rewritePath(path: string, _cwd: string): string {
  return path;
}
