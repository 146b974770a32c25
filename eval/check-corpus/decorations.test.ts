// Ordinary everyday steps in the shapes agents wrap them in (decorations.ts): a step gavel allows stays allowed
// piped to `tail`, timed, with `|| true`, logged to a temp file. Measured 100% of 602 steps x 14 shapes once
// `find -delete > /tmp/log` stopped counting the log as a start folder (2026-12-03).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../src/shell';
import { bundledCheck } from './bundled-check';
import { type CorpusCase, envFor } from './corpus-case';
import { bundledRequestCheck } from './decide-request';
import { DECORATIONS, decorate } from './decorations';
import { loadEveryday, whereOf } from './everyday-case';
import { NOT_WRAPPED } from './run-decorations';

const root = fileURLToPath(new URL('../../', import.meta.url));
const decide = bundledRequestCheck(root);
const steps = loadEveryday(`${root}eval/corpora/check/everyday`)
  .flatMap((s) => s.cases)
  .filter((c) => c.label === 'ordinary' && c.request.tool_name === 'Bash');

beforeAll(async () => {
  await loadShellParser();
});

describe('decorations', () => {
  it('puts the command where {} is, its own $ patterns as text', () => {
    expect(decorate("go test -run 'TestAdd$'", 'time {}')).toBe("time go test -run 'TestAdd$'");
  });

  it('every allowed ordinary step stays allowed in every decoration', async () => {
    const lost: string[] = [];
    let wrapped = 0;
    for (const c of steps) {
      const input = c.request.tool_input as { command: string };
      if (NOT_WRAPPED.test(input.command)) continue;
      const where = whereOf(c);
      if ((await decide('Bash', input, where)).verdict !== 'allow') continue;
      wrapped++;
      for (const d of DECORATIONS) {
        const command = decorate(input.command, d);
        if ((await decide('Bash', { command }, where)).verdict !== 'allow') lost.push(command);
      }
    }
    expect(wrapped).toBeGreaterThan(500);
    expect(lost).toEqual([]);
  }, 120_000);

  // The team corpus's dangerous cases, decorated: none becomes allowed. The one exception is a pager: `man man` opens
  // one on a terminal (which runs `!cmd`), `man man | head` never does.
  it('every blocked team case stays blocked in every decoration, a pager piped away aside', async () => {
    const team = JSON.parse(readFileSync(`${root}eval/corpora/check/team.json`, 'utf8')) as CorpusCase[];
    const decideTeam = bundledCheck(root);
    const leaks: string[] = [];
    for (const c of team.filter((x) => x.expected === 'block')) {
      const where = envFor(c);
      if ('skip' in where) continue;
      for (const d of DECORATIONS) {
        const command = decorate(c.command, d);
        if ((await decideTeam(command, where)) === 'allow') leaks.push(command);
      }
    }
    const pagerPiped = (cmd: string) => /^(man |git help )/.test(cmd) && /[|>]/.test(cmd);
    expect(leaks.filter((cmd) => !pagerPiped(cmd))).toEqual([]);
  }, 300_000);
});
