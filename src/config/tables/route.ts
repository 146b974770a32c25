/**
 * The `[route]` table: graduated approval of a change. See docs/route.md.
 * Weights and thresholds are data: their shipped defaults live in rules/route-defaults.json.
 * INVARIANT: a repository only tightens — lower thresholds to approve or escalate, higher confidence
 * requirements, higher weights and penalties, more people to notify, more paths treated as sensitive.
 */

import * as z from 'zod/mini';
import defaults from '../../../rules/route-defaults.json' with { type: 'json' };
import { eachHigherWinsOver, higherWins, lowerWins, setting, unionOf } from '../setting';

const WEIGHT_KEYS = Object.keys(defaults.weights) as [string, ...string[]];
const PENALTY_KEYS = WEIGHT_KEYS.concat(Object.keys(defaults.confidence_penalties)) as [string, ...string[]];

const score = () => z.int().check(z.minimum(0), z.maximum(100));
const fraction = () => z.number().check(z.minimum(0), z.maximum(1));

export const routeTable = {
  approve_below: setting<number>({
    schema: () => score(),
    default: defaults.thresholds.approve_below,
    scope: 'both',
    merge: lowerWins,
    description: 'a change whose risk is below this (and whose confidence is high enough) is approved',
  }),
  escalate_at: setting<number>({
    schema: () => score(),
    default: defaults.thresholds.escalate_at,
    scope: 'both',
    merge: lowerWins,
    description:
      'risk at or above this escalates to a person; between `approve_below` and it, approve with a flag',
  }),
  block_at: setting<number>({
    schema: () => score(),
    default: defaults.thresholds.block_at,
    scope: 'both',
    merge: lowerWins,
    description: 'risk at or above this blocks the change',
  }),
  min_confidence: setting<number>({
    schema: () => fraction(),
    default: defaults.thresholds.min_confidence,
    scope: 'both',
    merge: higherWins,
    description: 'below this confidence a change is never plainly approved (at least approve with a flag)',
  }),
  escalate_confidence: setting<number>({
    schema: () => fraction(),
    default: defaults.thresholds.escalate_confidence,
    scope: 'both',
    merge: higherWins,
    description: 'below this confidence a change escalates to a person',
  }),
  weights: setting<Readonly<Record<string, number>>>({
    schema: () =>
      z.partialRecord(z.enum(WEIGHT_KEYS), score()) as unknown as z.ZodMiniType<
        Readonly<Record<string, number>>
      >,
    default: defaults.weights,
    scope: 'both',
    merge: eachHigherWinsOver(defaults.weights),
    description:
      'risk points each signal adds (a table: signal id = points); a repository may only raise them',
  }),
  confidence_penalties: setting<Readonly<Record<string, number>>>({
    schema: () =>
      z.partialRecord(z.enum(PENALTY_KEYS), fraction()) as unknown as z.ZodMiniType<
        Readonly<Record<string, number>>
      >,
    default: defaults.confidence_penalties,
    scope: 'both',
    merge: eachHigherWinsOver(defaults.confidence_penalties),
    description: 'confidence each signal takes away (signal id = 0..1); a repository may only raise them',
  }),
  notify: setting<readonly string[]>({
    schema: () => z.array(z.string().check(z.regex(/^@?[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$/))),
    default: [],
    scope: 'both',
    merge: unionOf,
    description: 'people or teams told about an `approve_with_flag` change (e.g. `@org/reviewers`)',
  }),
  sensitive_paths: setting<readonly string[]>({
    schema: () => z.array(z.string().check(z.minLength(1), z.maxLength(200))),
    default: [],
    scope: 'both',
    merge: unionOf,
    description: 'extra glob patterns treated as security-sensitive (added to the shipped classes)',
  }),
};
