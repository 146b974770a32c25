/**
 * Scores a `decide(command, where)` function (the full pipeline, bundled-check.ts) and the peer on labelled
 * shell cases, per source file and per category: share of block cases not allowed, share of allow cases
 * allowed. Pure apart from the injected decision and the peer.
 */

import type { Decide } from './bundled-check';
import { type CorpusCase, envFor } from './corpus-case';
import type { PeerVerdict } from './safety-net-peer';

export interface Tally {
  block: number;
  blockCaught: number;
  allow: number;
  allowPassed: number;
  peerBlockCaught: number;
  peerAllowPassed: number;
}

export interface Scored {
  c: CorpusCase;
  file: string;
  gavel: 'allow' | 'block';
  peer?: PeerVerdict;
}

export function emptyTally(): Tally {
  return { block: 0, blockCaught: 0, allow: 0, allowPassed: 0, peerBlockCaught: 0, peerAllowPassed: 0 };
}

export function add(t: Tally, s: Scored): void {
  if (s.c.expected === 'block') {
    t.block++;
    if (s.gavel === 'block') t.blockCaught++;
    if (s.peer === 'block') t.peerBlockCaught++;
  } else {
    t.allow++;
    if (s.gavel === 'allow') t.allowPassed++;
    if (s.peer === 'allow') t.peerAllowPassed++;
  }
}

export function pct(n: number, d: number): string {
  return d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`;
}

export async function scoreCases(
  file: string,
  cases: readonly CorpusCase[],
  decide: Decide,
): Promise<{ scored: Scored[]; skipped: Array<{ c: CorpusCase; why: string }> }> {
  const scored: Scored[] = [];
  const skipped: Array<{ c: CorpusCase; why: string }> = [];
  for (const c of cases) {
    const env = envFor(c);
    if ('skip' in env) skipped.push({ c, why: env.skip });
    else scored.push({ c, file, gavel: await decide(c.command, env) });
  }
  return { scored, skipped };
}
