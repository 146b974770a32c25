/**
 * A recording of a labelled run (an eval: one label a case): the replay cassettes (`<dir>/<sha256>.json`, see
 * replay-client.ts) and `<dir>/index.json`, which names the request digests each label made. Replaying it, a
 * label's request must be one the label recorded: a request that differs (the prompt, the case or the model
 * options changed since recording) or a label never recorded is a miss, answered as an `error` and listed, so an
 * eval can fail on it by name instead of scoring the fail-closed answer as if the model had given it.
 * The index holds labels and digests, never a request's text.
 */

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replayKey } from '../cache/cache-key';
import { failed, type ModelClient, type ModelRequest, type ModelResult } from '../client';
import { recordingClient, replayClient } from './replay-client';

export const RECORDING_INDEX = 'index.json';

export interface RecordingIndex {
  v: 1;
  /** What answered when the recording was made (`scripted honest`), for people reading it. */
  madeWith: string;
  /** Label -> the digests of the requests it made, in order. */
  labels: Record<string, string[]>;
}

export interface ReplayMiss {
  label: string;
  promptId: string;
  /** `changed`: the label was recorded with another request; `unrecorded`: the label is not in the recording. */
  reason: 'changed' | 'unrecorded';
}

export interface LabelledRecorder {
  wrap(client: ModelClient, label: string): ModelClient;
  /** Writes the index; call once the run is over. */
  finish(): void;
}

export function labelledRecorder(dir: string, madeWith: string): LabelledRecorder {
  const labels: Record<string, string[]> = {};
  return {
    wrap(client, label) {
      const recording = recordingClient(client, dir);
      return {
        provider: client.provider,
        model: client.model,
        complete(request, signal) {
          const keys = labels[label] ?? [];
          const key = replayKey(request);
          if (!keys.includes(key)) keys.push(key);
          labels[label] = keys;
          return recording.complete(request, signal);
        },
      };
    },
    finish() {
      mkdirSync(dir, { recursive: true });
      const sorted = Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1)));
      const index: RecordingIndex = { v: 1, madeWith, labels: sorted };
      const path = join(dir, RECORDING_INDEX);
      writeFileSync(`${path}.tmp`, `${JSON.stringify(index, null, 2)}\n`);
      renameSync(`${path}.tmp`, path);
    },
  };
}

export type LabelledReplay =
  | {
      ok: true;
      madeWith: string;
      clientFor(label: string): ModelClient;
      /** Every request that did not match the recording, in call order. */
      misses: ReplayMiss[];
    }
  | { ok: false; problem: string };

export function labelledReplay(dir: string): LabelledReplay {
  let index: RecordingIndex;
  try {
    index = JSON.parse(readFileSync(join(dir, RECORDING_INDEX), 'utf8')) as RecordingIndex;
  } catch {
    return { ok: false, problem: `recording \`${dir}\` has no readable \`${RECORDING_INDEX}\`` };
  }
  const valid =
    index?.v === 1 &&
    typeof index.madeWith === 'string' &&
    typeof index.labels === 'object' &&
    index.labels !== null &&
    Object.values(index.labels).every(
      (keys) => Array.isArray(keys) && keys.every((k) => typeof k === 'string'),
    );
  if (!valid) return { ok: false, problem: `recording \`${dir}\`: \`${RECORDING_INDEX}\` is malformed` };
  const replay = replayClient(dir);
  const misses: ReplayMiss[] = [];
  return {
    ok: true,
    madeWith: index.madeWith,
    misses,
    clientFor(label) {
      const self = { provider: 'replay', model: 'replay' };
      return {
        ...self,
        async complete(request: ModelRequest, signal?: AbortSignal): Promise<ModelResult> {
          const keys = index.labels[label];
          const reason =
            keys === undefined ? 'unrecorded' : keys.includes(replayKey(request)) ? undefined : 'changed';
          if (reason) {
            misses.push({ label, promptId: request.promptId, reason });
            return failed(
              self,
              'error',
              reason === 'changed'
                ? `the recording of \`${label}\` was made for another request`
                : `\`${label}\` is not in the recording`,
            );
          }
          return replay.complete(request, signal);
        },
      };
    },
  };
}

/** One line naming the misses: how many, the first few labels, and what to do. */
export function formatReplayMisses(dir: string, misses: readonly ReplayMiss[]): string {
  const changed = misses.filter((m) => m.reason === 'changed').length;
  const first = [...new Set(misses.map((m) => m.label))].slice(0, 3).map((l) => `\`${l}\``);
  return `recording \`${dir}\` does not match ${misses.length} request(s) (${changed} changed since recording, ${misses.length - changed} unrecorded; first ${first.join(', ')}): the prompt, a case or the model options changed; nothing was scored from them; record again`;
}
