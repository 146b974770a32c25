/**
 * What the caller does with the arbiter's verdict, by mode: take the recommended option, ask a
 * person, notify a person (review-auto), refuse (autonomous, with a line for the run's answers file),
 * or keep its own old behaviour (untagged questions, arbiter turned off).
 * Pure. The notice and the answers line carry gavel's words and validated values only.
 */

import type { Basis, Verdict } from '../../core';
import type { Kind, Mode } from '../question/kinds';

export const DISPOSITIONS = [
  'take-recommended',
  'ask-person',
  'notify-person',
  'refuse',
  'caller-default',
] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

/** The basis written to the answers file: a floor refusal is recorded as `refused-floor`. */
export type AnswersBasis = Exclude<Basis, 'floor'> | 'refused-floor';

export interface AnswersLine {
  time: string;
  runId: string;
  surface: 'ask';
  kind: Kind | null;
  verdict: Verdict;
  basis: AnswersBasis;
  ruleId?: string;
}

export interface DisposeInput {
  mode: Mode;
  verdict: Verdict;
  basis: Basis;
  kind: Kind | null;
  ruleId?: string;
  time: string;
  runId: string;
}

export interface Disposed {
  disposition: Disposition;
  notice?: string;
  answersLine?: AnswersLine;
}

export function dispose(input: DisposeInput): Disposed {
  const { mode, verdict, basis } = input;
  if (mode === 'ask') return { disposition: 'ask-person' };
  if (basis === 'untagged' || basis === 'mode-off') return { disposition: 'caller-default' };
  if (verdict === 'allow') return { disposition: 'take-recommended' };
  const what = `${input.kind ?? 'unknown'} question`;
  const rule = input.ruleId ? `, rule ${input.ruleId}` : '';
  switch (mode) {
    case 'review-auto': {
      const did = verdict === 'deny' ? 'denied' : 'escalated';
      return {
        disposition: 'notify-person',
        notice: `gavel ask: the arbiter ${did} the recommended option of this ${what} (basis ${basis}${rule}); a person has to decide`,
      };
    }
    case 'autonomous': {
      const line: AnswersLine = {
        time: input.time,
        runId: input.runId,
        surface: 'ask',
        kind: input.kind,
        verdict,
        basis: basis === 'floor' ? 'refused-floor' : basis,
      };
      if (input.ruleId !== undefined) line.ruleId = input.ruleId;
      return { disposition: 'refuse', answersLine: line };
    }
    default: {
      const never: never = mode;
      throw new Error(`unreachable: mode \`${String(never)}\``);
    }
  }
}
