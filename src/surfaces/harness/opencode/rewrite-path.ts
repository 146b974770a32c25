/**
 * How OpenCode rewrites a path its tools are given before it touches the file: the one place for this harness's
 * path rules, applied to every read, write and edit target by ./tool-inputs.ts. Pure. Today the identity:
 * its tools open an absolute `filePath` as given and resolve a relative one against its working folder (`tool/read.ts`), as gavel does.
 */

export function rewritePath(path: string, _cwd: string): string {
  return path;
}
