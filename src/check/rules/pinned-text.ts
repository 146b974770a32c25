/**
 * The text a shell target is named by when a rule must name it exactly: the wrapped command with every path
 * word replaced by the absolute path it resolved to, and every other file it touches (a redirect target, a
 * path the analysis found outside the words) appended as `> /abs` (written or deleted) or `< /abs` (read).
 * So `echo x >> ~/.gavel/log` is named `echo x > /home/u/.gavel/log`, and neither `echo x >> ~/.ssh/x` nor
 * `cat .env` in another folder is named by the same text. Pure.
 */

import type { PathRef } from '../../shell';

export interface PinnedText {
  /** Wrappers and argv, path words resolved, other files appended. */
  pinned: string;
  /** Whether the segment touches a file that is not one of its words (a redirect target). */
  redirected: boolean;
}

function opOf(role: PathRef['role']): string {
  return role === 'read' ? '<' : role === 'write' || role === 'delete' ? '>' : '@';
}

export function pinnedText(
  wrappers: readonly string[],
  argv: readonly string[],
  paths: readonly PathRef[],
): PinnedText {
  const words = [...argv];
  const replaced = new Set<number>();
  const extra: string[] = [];
  for (const p of paths) {
    const to = p.resolved ?? p.raw;
    const at = words.findIndex((w, k) => !replaced.has(k) && w === p.raw);
    if (at >= 0) {
      words[at] = to;
      replaced.add(at);
    } else {
      const item = `${opOf(p.role)} ${to}`;
      if (!extra.includes(item)) extra.push(item);
    }
  }
  const pinned = [...wrappers, ...words, ...extra].join(' ');
  return { pinned, redirected: extra.length > 0 };
}
