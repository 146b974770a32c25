/**
 * `/metrics` over every worker of `gavel serve --workers N` (node:cluster): the worker asked forwards the
 * question to the primary, which asks every live worker for its snapshot (metrics.ts), waits for them (at most
 * GATHER_MS), and hands the parts back; the asked worker renders their sum. A worker that died is still counted
 * as of its last snapshot the primary saw (what it counted after that is lost; a restarted worker starts at 0).
 * Carries counters only, never request text; a message that is not one of these is ignored. Decides nothing.
 */

import cluster, { type Worker } from 'node:cluster';
import { type MetricsSnapshot, readSnapshot, renderSnapshot, sumSnapshots } from './metrics';

/** How long the primary waits for the workers' snapshots; the answer then sums those that came. */
export const GATHER_MS = 2_000;

type Ask = { gavel: 'metrics-ask'; id: number };
type Collect = { gavel: 'metrics-collect'; round: number };
type Part = { gavel: 'metrics-part'; round: number; snapshot: MetricsSnapshot };
type Parts = { gavel: 'metrics-parts'; id: number; parts: unknown[]; retired: unknown[]; running: number };

const isMessage = (m: unknown, kind: string): boolean =>
  typeof m === 'object' && m !== null && (m as { gavel?: unknown }).gavel === kind;

/**
 * In the primary: answers the workers' `metrics-ask` messages. `live` lists the workers running now. Returns
 * what stops it.
 */
export function relayWorkerMetrics(live: () => Iterable<Worker>): () => void {
  const last = new Map<number, MetricsSnapshot>();
  const retired: MetricsSnapshot[] = [];
  const rounds = new Map<
    number,
    { asker: Worker; id: number; parts: Map<number, MetricsSnapshot>; want: number; timer: NodeJS.Timeout }
  >();
  let next = 0;
  const finish = (round: number) => {
    const r = rounds.get(round);
    if (!r) return;
    rounds.delete(round);
    clearTimeout(r.timer);
    const answer: Parts = {
      gavel: 'metrics-parts',
      id: r.id,
      parts: [...r.parts.values()],
      retired,
      running: r.want,
    };
    if (r.asker.isConnected()) r.asker.send(answer);
  };
  const onMessage = (worker: Worker, message: unknown) => {
    if (isMessage(message, 'metrics-ask')) {
      const id = (message as Ask).id;
      if (!Number.isSafeInteger(id)) return;
      const round = next++;
      const workers = [...live()].filter((w) => w.isConnected());
      rounds.set(round, {
        asker: worker,
        id,
        parts: new Map(),
        want: workers.length,
        timer: setTimeout(() => finish(round), GATHER_MS),
      });
      const collect: Collect = { gavel: 'metrics-collect', round };
      for (const w of workers) w.send(collect);
      return;
    }
    if (isMessage(message, 'metrics-part')) {
      const part = message as Part;
      const r = rounds.get(part.round);
      const snapshot = readSnapshot(part.snapshot);
      if (!snapshot) return;
      last.set(worker.id, snapshot);
      if (!r) return;
      r.parts.set(worker.id, snapshot);
      if (r.parts.size >= r.want) finish(part.round);
    }
  };
  const onExit = (worker: Worker) => {
    const kept = last.get(worker.id);
    last.delete(worker.id);
    // Its counters stay in the sum; its gauges went with it.
    if (kept) retired.push({ ...kept, inFlight: 0, stalePolicy: false });
  };
  cluster.on('message', onMessage);
  cluster.on('exit', onExit);
  return () => {
    cluster.off('message', onMessage);
    cluster.off('exit', onExit);
    for (const round of [...rounds.keys()]) finish(round);
  };
}

/**
 * In a worker: answers the primary's collection with `own()`, and returns what renders `/metrics` as the sum
 * over every worker (with `gavel_workers` saying how many ran and how many counted), or undefined when the
 * primary did not answer within twice GATHER_MS.
 */
export function workerMetrics(own: () => MetricsSnapshot): () => Promise<string | undefined> {
  const waiting = new Map<number, (text: string | undefined) => void>();
  let next = 0;
  process.on('message', (message: unknown) => {
    if (isMessage(message, 'metrics-collect')) {
      const part: Part = { gavel: 'metrics-part', round: (message as Collect).round, snapshot: own() };
      process.send?.(part);
      return;
    }
    if (isMessage(message, 'metrics-parts')) {
      const answer = message as Parts;
      const done = waiting.get(answer.id);
      if (!done) return;
      waiting.delete(answer.id);
      const read = (list: unknown) =>
        (Array.isArray(list) ? list : []).map(readSnapshot).filter((p) => p !== undefined);
      const live = read(answer.parts);
      const running = Number.isSafeInteger(answer.running) ? answer.running : 0;
      done(
        renderSnapshot(sumSnapshots([...live, ...read(answer.retired)]), { running, reporting: live.length }),
      );
    }
  });
  return () =>
    new Promise((resolve) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(undefined);
      }, 2 * GATHER_MS);
      waiting.set(id, (text) => {
        clearTimeout(timer);
        resolve(text);
      });
      const ask: Ask = { gavel: 'metrics-ask', id };
      process.send?.(ask);
    });
}
