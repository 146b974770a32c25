import { readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recordingClient, replayClient } from '../../src/model';
import type { CorpusUnit } from './corpus';
import { type BenchResult, benchmark, type Labels } from './model-bench';
import { scriptedReviewer } from './scripted-reviewer';
import fixture from './testdata/model-corpus.json' with { type: 'json' };

// The recorded run CI replays: refreshed with RECORD_CASSETTES=1 (after a prompt or request change).
const RECORDED = fileURLToPath(new URL('./testdata/model-recorded', import.meta.url));
const units = fixture.units as CorpusUnit[];
const labels = fixture.labels as unknown as Labels;

const summary = (b: BenchResult) => ({
  flagged: b.flaggedIds,
  static: b.static,
  full: b.full,
  classes: b.classes,
  grounding: b.review.grounding,
  adjudication: b.review.adjudication,
  calls: b.review.provenance.calls,
  unreviewed: b.unreviewedUnits,
});

describe('the model benchmark of the judge', () => {
  it('finds every labelled attack class with the scripted model, through repair and the asymmetric adjudicator', async () => {
    const b = await benchmark(units, labels, (oracle) => scriptedReviewer(oracle));
    expect(b.full.tp).toBe(7);
    expect(b.static.fn).toBeGreaterThan(0);
    expect(b.full.fn).toBe(0);
    expect(b.full.tp).toBeGreaterThanOrEqual(b.static.tp);
    for (const c of b.classes) expect(c.fullFound, c.name).toBe(c.units);
    // Every benign look-alike got a decoy candidate; each was dropped with a verified counter-quote or,
    // where the counter-quote was paraphrased, kept: no decoy disappears without a verified reason.
    const benignWithDecoy = b.review.adjudication.dropped + b.review.adjudication.refused;
    expect(benignWithDecoy).toBeGreaterThan(0);
    expect(b.full.fp).toBe(b.static.fp + b.review.adjudication.refused);
    expect(b.review.grounding.verified).toBeGreaterThan(0);
    expect(b.unreviewedUnits).toBe(0);
  });

  it('replays the recorded run shipped in the repository to the same result', async () => {
    if (process.env.RECORD_CASSETTES === '1') {
      rmSync(RECORDED, { recursive: true, force: true });
      await benchmark(units, labels, (oracle) => recordingClient(scriptedReviewer(oracle), RECORDED));
    }
    expect(readdirSync(RECORDED).length).toBeGreaterThan(0);
    const scripted = await benchmark(units, labels, (oracle) => scriptedReviewer(oracle));
    const replayed = await benchmark(units, labels, () => replayClient(RECORDED));
    expect(summary(replayed)).toEqual(summary(scripted));
  });

  it('fails closed when a recorded reply is missing: the unit is partial, never a pass', async () => {
    const b = await benchmark(units, labels, () => replayClient('/nonexistent-cassettes'));
    expect(b.unreviewedUnits).toBe(units.length);
    expect(b.passedUnits).toBe(0);
    expect(b.full.tp).toBe(b.static.tp);
  });
});
