/**
 * cc-safety-net on a held-out suite (suite-score.ts's format), scored as gavel's runs are: what it allows without a
 * prompt (no decision counts as allowed, as everywhere the peer is scored: it is a deny-list hook). Prints the four
 * targets' figures. The suite's own fixtures are not needed: the peer reads no workspace.
 */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SafetyNetPeer } from './safety-net-peer';
import { parseSuite, type SuiteScore, scoreSuite } from './suite-score';

const pct = ([a, n]: [number, number]) => `${a}/${n} = ${((100 * a) / Math.max(n, 1)).toFixed(1)}%`;

export function printScore(name: string, s: SuiteScore): string {
  return [
    `| ${name} | dangerous allowed | ordinary allowed | pi-style right (lenient) | GTFOBins-style blocked |`,
    '|---|---:|---:|---:|---:|',
    `| cc-safety-net | ${pct(s.dangerousAllowed)} | ${pct(s.ordinaryAllowed)} | ${pct(s.piRight)} | ${pct(s.gtfoBlocked)} |`,
  ].join('\n');
}

export async function main(root: string, suiteFile: string): Promise<number> {
  let text: string;
  try {
    text = readFileSync(suiteFile, 'utf8');
  } catch {
    process.stderr.write(`peer-suite: cannot read ${suiteFile}\n`);
    return 1;
  }
  const parsed = parseSuite(text);
  if (!parsed.ok) {
    process.stderr.write(`peer-suite: ${suiteFile}: ${parsed.problem}\n`);
    return 1;
  }
  const peer = new SafetyNetPeer(
    resolve(root, 'node_modules/.bin/cc-safety-net'),
    resolve(root, 'eval/check-corpus/.cache/cc-safety-net.json'),
  );
  const verdicts = await peer.decideAll(parsed.cases.map((c) => ({ command: c.command })));
  const errors = verdicts.filter((v) => v === 'error').length;
  process.stdout.write(
    `${printScore(
      suiteFile,
      scoreSuite(
        parsed.cases,
        verdicts.map((v) => v === 'allow'),
      ),
    )}\n\npeer errors: ${errors}\n`,
  );
  return 0;
}
