/**
 * How Codex rewrites a path it is given (a file an `apply_patch` names, relative to the turn's working folder)
 * before it touches the file: the one place for this harness's path and patch rules, applied to every read,
 * write and edit target by ./tool-inputs.ts. Pure. Today the identity: paths are judged as the patch names them.
 */

export function rewritePath(path: string, _cwd: string): string {
  return path;
}
