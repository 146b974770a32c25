/**
 * How GitHub Copilot CLI rewrites a path its tools are given before it touches the file: the one place for this harness's
 * path rules, applied to every read, write and edit target by ./tool-inputs.ts. Pure. Today the identity:
 * its file tools open a path as given, a relative one against the working folder.
 */

export function rewritePath(path: string, _cwd: string): string {
  return path;
}
