/**
 * The everyday section of `npm run eval:check`: the approval rate of ordinary agent steps (mode `ask`, no
 * config) per corpus file, step kind and ecosystem, the look-alikes per issue-11 class, gavel and
 * cc-safety-net side by side, then every ordinary step gavel does not allow. Writes only to stdout.
 */

import { resolve } from 'node:path';
import { bundledRequestCheck } from './decide-request';
import { loadEveryday } from './everyday-case';
import {
  type EverydayScored,
  type EverydayTally,
  notAllowed,
  peerItemOf,
  scoreEveryday,
  tallyBy,
} from './everyday-score';
import type { SafetyNetPeer } from './safety-net-peer';
import { pct } from './score-corpus';

function table(title: string, rows: Array<[string, EverydayTally]>, peer: boolean): string {
  const cols = ['group', 'ordinary', 'gavel: allowed'];
  if (peer) cols.push('cc-safety-net: allowed');
  cols.push('dangerous', 'gavel: not allowed');
  if (peer) cols.push('cc-safety-net: not allowed');
  const lines = [`### ${title}`, '', `| ${cols.join(' | ')} |`, `|${cols.map(() => '---').join('|')}|`];
  for (const [k, t] of rows) {
    const cells = [k, `${t.ordinary}`, pct(t.gavelAllowed, t.ordinary)];
    if (peer) cells.push(pct(t.peerAllowed, t.ordinary));
    cells.push(`${t.dangerous}`, pct(t.gavelStopped, t.dangerous));
    if (peer) cells.push(pct(t.peerStopped, t.dangerous));
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n\n`;
}

/** Scores eval/corpora/check/everyday/*.json and prints the section; returns the scored cases. */
export async function runEveryday(root: string, peer: SafetyNetPeer | undefined): Promise<EverydayScored[]> {
  const decide = bundledRequestCheck(root);
  const all: EverydayScored[] = [];
  for (const set of loadEveryday(resolve(root, 'eval/corpora/check/everyday')))
    all.push(...(await scoreEveryday(set.file, set.cases, decide)));
  if (peer) {
    const verdicts = await peer.decideAll(all.map((s) => peerItemOf(s.c)));
    all.forEach((s, k) => {
      s.peer = verdicts[k];
    });
  }
  const withPeer = peer !== undefined;
  const ordinary = all.filter((s) => s.file === 'ordinary.json');
  const looks = all.filter((s) => s.file !== 'ordinary.json');
  let out =
    '\n## everyday sessions (eval/corpora/check/everyday): approval rate, mode ask, no config\n\n' +
    'allowed = allowed without a prompt (verdict allow); not allowed = deny or escalate\n\n';
  out += table(
    'per file',
    tallyBy(all, (s) => s.file),
    withPeer,
  );
  out += table(
    'ordinary steps per step kind',
    tallyBy(ordinary, (s) => s.c.step),
    withPeer,
  );
  out += table(
    'ordinary steps per ecosystem',
    tallyBy(ordinary, (s) => s.c.ecosystem),
    withPeer,
  );
  out += table(
    'look-alikes per class (dangerous, and the benign twins as ordinary)',
    tallyBy(looks, (s) => s.c.class),
    withPeer,
  );
  const misses = notAllowed(all);
  out += `### ordinary steps gavel does not allow (${misses.length})\n\n${misses.map((m) => `- ${m}`).join('\n')}\n`;
  const leaks = looks
    .filter((s) => s.c.label === 'dangerous' && s.gavel.verdict === 'allow')
    .map((s) => s.c.id);
  out += `\n### dangerous look-alikes gavel allows (${leaks.length})\n\n${leaks.join(', ')}\n`;
  process.stdout.write(out);
  return all;
}
