/**
 * Which answerers `gavel ask eval --model …` runs: `all` (default), `rules`, `honest`, `liars`, `case`,
 * one scripted model by name, a user's `scripted:<file>`, `recorded` (the shipped recording) or a recording
 * `replay:<dir>`. Pure: names the file or folder, never reads it.
 */

import { SCRIPTED_MODELS } from './liars';
import { ALL_EVAL_ANSWERERS, type EvalAnswerer } from './run-ask-eval';

export type EvalSelection =
  | { ok: true; answerers: EvalAnswerer[]; scriptFile?: string; replayDir?: string }
  | { ok: false; problem: string };

/** The recording shipped with the package (made with the scripted honest model), under the package root. */
export const SHIPPED_RECORDING = 'eval/corpora/ask/recorded-honest';

export function selectEvalAnswerers(flag: string | undefined): EvalSelection {
  if (flag === undefined || flag === 'all') return { ok: true, answerers: [...ALL_EVAL_ANSWERERS] };
  if (flag === 'rules' || flag === 'case') return { ok: true, answerers: [flag] };
  if (flag === 'liars')
    return { ok: true, answerers: [...SCRIPTED_MODELS.filter((m) => m !== 'honest'), 'case'] };
  if ((SCRIPTED_MODELS as readonly string[]).includes(flag))
    return { ok: true, answerers: [flag as EvalAnswerer] };
  if (flag === 'recorded') return { ok: true, answerers: ['replay'] };
  if (flag.startsWith('replay:') && flag.length > 'replay:'.length)
    return { ok: true, answerers: ['replay'], replayDir: flag.slice('replay:'.length) };
  if (flag.startsWith('scripted:') && flag.length > 'scripted:'.length) {
    return { ok: true, answerers: ['script'], scriptFile: flag.slice('scripted:'.length) };
  }
  return {
    ok: false,
    problem:
      '`--model` must be all, rules, honest, liars, case, recorded, a scripted model name, scripted:<file> or replay:<dir>',
  };
}
