/**
 * How Gemini CLI rewrites a path its file tools are given before it opens the file (its defensive tool-path
 * resolver): NUL characters are dropped, and a path that opens with `@` (a file mention the model copied) loses
 * the `@` and any slashes after it, unless the literal path, or its first `@segment`, exists under the working
 * folder. The result is resolved against the working folder as Gemini does (so `@/etc/passwd` names
 * `<cwd>/etc/passwd`). `~` is left for gavel's resolver, which expands it: Gemini does not, so the path gavel
 * judges is the stricter one. Reads only whether files exist.
 */

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export function rewritePath(path: string, cwd: string): string {
  const clean = path.replaceAll('\0', '');
  if (!clean.startsWith('@') || clean.length < 2 || existsSync(resolve(cwd, clean))) return clean;
  const stripped = clean.slice(1).replace(/^[\\/]+/, '');
  if (stripped.length === 0) return clean;
  if (clean.startsWith('@/') || clean.startsWith('@\\')) return resolve(cwd, stripped);
  const first = stripped.split(/[\\/]/)[0];
  if (first && existsSync(resolve(cwd, `@${first}`))) return clean;
  return resolve(cwd, stripped);
}
