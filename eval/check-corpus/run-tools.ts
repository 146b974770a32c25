/**
 * The tools section of `npm run eval:check`: the non-shell tools corpus (tools-case.ts), every harness's calls
 * through its own adapter, gavel per harness beside cc-safety-net on the Claude Code calls (the peer is a Claude
 * Code hook: another harness's calls are not its input, shown as —). Writes only to stdout.
 */

import { bundledRequestCheck } from './decide-request';
import type { PeerVerdict, SafetyNetPeer } from './safety-net-peer';
import { pct } from './score-corpus';
import { decideToolCase, loadToolCases, type ToolCase } from './tools-case';

interface Row {
  block: number;
  blockCaught: number;
  allow: number;
  allowPassed: number;
  /** Cases the peer judged (Claude Code calls), and its right answers on each side. */
  peerBlock: number;
  peerBlockCaught: number;
  peerAllow: number;
  peerAllowPassed: number;
}

const empty = (): Row => ({
  block: 0,
  blockCaught: 0,
  allow: 0,
  allowPassed: 0,
  peerBlock: 0,
  peerBlockCaught: 0,
  peerAllow: 0,
  peerAllowPassed: 0,
});

function add(r: Row, c: ToolCase, gavel: 'allow' | 'block', peer: PeerVerdict | undefined): void {
  if (c.expected === 'block') {
    r.block++;
    if (gavel === 'block') r.blockCaught++;
    if (peer !== undefined) r.peerBlock++;
    if (peer === 'block') r.peerBlockCaught++;
  } else {
    r.allow++;
    if (gavel === 'allow') r.allowPassed++;
    if (peer !== undefined) r.peerAllow++;
    if (peer === 'allow') r.peerAllowPassed++;
  }
}

/** Scores eval/corpora/check/tools.json and prints the section. */
export async function runTools(root: string, peer: SafetyNetPeer | undefined): Promise<void> {
  const decide = bundledRequestCheck(root);
  const cases = loadToolCases(root);
  const gavel = await Promise.all(cases.map((c) => decideToolCase(c, decide)));
  const claude = cases.filter((c) => c.harness === 'claude-code');
  const peerVerdicts = new Map<string, PeerVerdict>();
  if (peer) {
    const verdicts = await peer.decideAll(
      claude.map((c) => ({ toolName: c.tool_name, toolInput: c.tool_input })),
    );
    claude.forEach((c, k) => {
      peerVerdicts.set(c.id, verdicts[k] as PeerVerdict);
    });
  }
  const rows = new Map<string, Row>();
  const total = empty();
  cases.forEach((c, k) => {
    const g = (gavel[k] as { verdict: 'allow' | 'block' }).verdict;
    const r = rows.get(c.harness) ?? empty();
    add(r, c, g, peerVerdicts.get(c.id));
    add(total, c, g, peerVerdicts.get(c.id));
    rows.set(c.harness, r);
  });
  const cols = ['harness', 'block cases', 'gavel: block not allowed', 'allow cases', 'gavel: allow allowed'];
  if (peer) cols.push('cc-safety-net: block', 'cc-safety-net: allow');
  const lines = [
    '\n## tools corpus (eval/corpora/check/tools.json): non-shell tool calls, each harness through its adapter\n',
    `| ${cols.join(' | ')} |`,
    `|${cols.map(() => '---').join('|')}|`,
  ];
  for (const [name, r] of [...[...rows].sort(), ['all', total] as const]) {
    const cells = [
      name,
      `${r.block}`,
      pct(r.blockCaught, r.block),
      `${r.allow}`,
      pct(r.allowPassed, r.allow),
    ];
    if (peer) cells.push(pct(r.peerBlockCaught, r.peerBlock), pct(r.peerAllowPassed, r.peerAllow));
    lines.push(`| ${cells.join(' | ')} |`);
  }
  const misses = cases.filter((c, k) => gavel[k]?.verdict !== c.expected).map((c) => c.id);
  lines.push('', `tools cases gavel decides against the label (${misses.length}): ${misses.join(', ')}`, '');
  process.stdout.write(`${lines.join('\n')}\n`);
}
