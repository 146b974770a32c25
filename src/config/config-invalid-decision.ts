/**
 * The decision every surface returns when the config it needed did not validate: fail closed, with the
 * one-line problem as the reason so the person knows which file and key to fix. Pure.
 */

import { type Decision, decide, NO_POLICY } from '../core';
import { type ConfigProblem, formatProblem } from './problem';

/** `deny` where the caller runs unattended and cannot ask anyone; `escalate` otherwise. */
export function configInvalidDecision(
  problem: ConfigProblem,
  verdict: 'deny' | 'escalate' = 'escalate',
): Decision {
  return decide({
    verdict,
    basis: 'config-invalid',
    reason: `config is invalid, nothing was allowed: ${formatProblem(problem)}`,
    policy: NO_POLICY,
  });
}
