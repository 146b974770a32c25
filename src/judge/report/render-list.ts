/**
 * `gavel judge --list`: what discovery found and why, one unit a line, then what it could not review and
 * why. Pure; paths are cleaned for the terminal. Decides nothing.
 */

import type { NotReviewed, Unit } from '../types';
import { cleanForTerminal } from './render-text';

export function renderList(
  units: readonly Unit[],
  why: ReadonlyMap<string, string>,
  notReviewed: readonly NotReviewed[],
  links: readonly { path: string; target: string }[] = [],
): string {
  const out: string[] = [];
  const width = Math.max(0, ...units.map((u) => u.kind.length));
  for (const u of units)
    out.push(
      `${u.kind.padEnd(width)}  ${cleanForTerminal(u.path)}  (${cleanForTerminal(why.get(u.path) ?? 'named')})`,
    );
  for (const l of links)
    out.push(
      `link  ${cleanForTerminal(l.path)} -> ${cleanForTerminal(l.target)}  (reviewed under the target's name)`,
    );
  for (const n of notReviewed) out.push(`not reviewed: ${cleanForTerminal(n.path)} (${n.reason})`);
  const counts = new Map<string, number>();
  for (const u of units) counts.set(u.kind, (counts.get(u.kind) ?? 0) + 1);
  const summary = [...counts].map(([k, n]) => `${n} ${k}`).join(', ');
  out.push(units.length === 0 ? 'no unit found' : `${units.length} unit(s): ${summary}`);
  return `${out.join('\n')}\n`;
}
