/**
 * The arbiter's floor: what it is never asked. Runs before rules, config or any model.
 * Pure. Sealed: no rules file, config key or mode loosens it; a tripped floor is escalate (a person
 * decides), or deny in an autonomous run, where nobody is there and the step is refused.
 */

import type { Mode } from '../question/kinds';
import type { FloorFlags } from '../question/parse-question';

/** Why the floor holds a question, in gavel's words. */
export const FLOOR_CAUSES = [
  'irreversible',
  'named-action',
  'outside-content',
  'operator-refused',
  'approval-destructive',
  'approval-credentials',
  'approval-publishing',
  'approval-hook',
  'approval-always-ask',
  'approval-untrusted-origin',
] as const;
export type FloorCause = (typeof FLOOR_CAUSES)[number];

export type FloorOutcome =
  | { held: false }
  | { held: true; verdict: 'deny' | 'escalate'; causes: FloorCause[]; reason: string };

const WORDS: Record<FloorCause, string> = {
  irreversible: 'it is irreversible',
  'named-action': 'it is tied to a named action such as a release or a merge',
  'outside-content': 'it was shaped by content from outside the run',
  'operator-refused': 'the operator already refused it',
  'approval-destructive': 'it needs approval as destructive',
  'approval-credentials': 'it touches credentials',
  'approval-publishing': 'it publishes',
  'approval-hook': 'it asks a hook',
  'approval-always-ask': 'it is always-ask',
  'approval-untrusted-origin': 'it comes from an untrusted origin',
};

export function checkFloor(floor: FloorFlags | undefined, mode: Mode): FloorOutcome {
  if (floor === undefined) return { held: false };
  const causes: FloorCause[] = [];
  if (floor.irreversible) causes.push('irreversible');
  if (floor.namedAction) causes.push('named-action');
  if (floor.outsideContent) causes.push('outside-content');
  if (floor.operatorRefused) causes.push('operator-refused');
  for (const a of floor.approval) causes.push(`approval-${a}`);
  if (causes.length === 0) return { held: false };
  // INVARIANT: the floor never allows; autonomous runs refuse, every other mode sends it to a person.
  const verdict = mode === 'autonomous' ? 'deny' : 'escalate';
  const reason = `the arbiter is never asked this: ${causes.map((c) => WORDS[c]).join('; ')}`;
  return { held: true, verdict, causes, reason };
}
