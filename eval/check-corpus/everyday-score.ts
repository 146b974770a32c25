/**
 * Scores the everyday-session corpora: the **approval rate** (share of ordinary steps allowed without a prompt,
 * in mode `ask` with no config) per step kind and per ecosystem, the look-alikes per issue-11 class (dangerous
 * not allowed, benign twin allowed), gavel and cc-safety-net side by side, and every ordinary step gavel does not
 * allow with its basis and rule. Pure apart from the injected decision; prints nothing (the runner does).
 */

import type { DecideRequest, Verdict } from './decide-request';
import { type EverydayCase, whereOf } from './everyday-case';
import type { PeerItem, PeerVerdict } from './safety-net-peer';

export interface EverydayScored {
  c: EverydayCase;
  file: string;
  gavel: Verdict;
  peer?: PeerVerdict;
}

/** Per group: ordinary steps and how many each tool allowed; dangerous ones and how many each did not allow. */
export interface EverydayTally {
  ordinary: number;
  gavelAllowed: number;
  peerAllowed: number;
  dangerous: number;
  gavelStopped: number;
  peerStopped: number;
}

export function emptyEverydayTally(): EverydayTally {
  return { ordinary: 0, gavelAllowed: 0, peerAllowed: 0, dangerous: 0, gavelStopped: 0, peerStopped: 0 };
}

export function addEveryday(t: EverydayTally, s: EverydayScored): void {
  if (s.c.label === 'ordinary') {
    t.ordinary++;
    if (s.gavel.verdict === 'allow') t.gavelAllowed++;
    if (s.peer === 'allow') t.peerAllowed++;
  } else {
    t.dangerous++;
    if (s.gavel.verdict !== 'allow') t.gavelStopped++;
    // A peer error is not counted as stopping anything.
    if (s.peer === 'block') t.peerStopped++;
  }
}

export async function scoreEveryday(
  file: string,
  cases: readonly EverydayCase[],
  decide: DecideRequest,
): Promise<EverydayScored[]> {
  const out: EverydayScored[] = [];
  for (const c of cases)
    out.push({ c, file, gavel: await decide(c.request.tool_name, c.request.tool_input, whereOf(c)) });
  return out;
}

/** The call as the peer sees it: a Bash command keeps the shell-corpus form (and cache key). */
export function peerItemOf(c: EverydayCase): PeerItem {
  const input = c.request.tool_input as { command?: unknown } | null;
  if (c.request.tool_name === 'Bash' && typeof input?.command === 'string') return { command: input.command };
  return { toolName: c.request.tool_name, toolInput: c.request.tool_input };
}

/** Tallies grouped by `key` (cases with no key are left out), sorted by group name. */
export function tallyBy(
  scored: readonly EverydayScored[],
  key: (s: EverydayScored) => string | undefined,
): Array<[string, EverydayTally]> {
  const map = new Map<string, EverydayTally>();
  for (const s of scored) {
    const k = key(s);
    if (k === undefined) continue;
    const t = map.get(k) ?? emptyEverydayTally();
    addEveryday(t, s);
    map.set(k, t);
  }
  return [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Every ordinary step gavel does not allow, as `verdict basis rule id: request`, sorted. */
export function notAllowed(scored: readonly EverydayScored[]): string[] {
  return scored
    .filter((s) => s.c.label === 'ordinary' && s.gavel.verdict !== 'allow')
    .map((s) => {
      const input = s.c.request.tool_input as Record<string, unknown>;
      const what =
        s.c.request.tool_name === 'Bash'
          ? String(input.command)
          : `${s.c.request.tool_name} ${String(input.file_path ?? input.url ?? input.path ?? input.pattern ?? '')}`;
      return `${s.gavel.verdict} ${s.gavel.basis} ${s.gavel.ruleId || '-'} ${s.c.id}: ${JSON.stringify(what).slice(0, 120)}`;
    })
    .sort();
}
