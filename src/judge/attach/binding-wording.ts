/**
 * Binding versus guidance wording in a convention: MUST, NEVER, ALWAYS, "required" and "forbidden" bind;
 * SHOULD, "prefer" and "recommended" guide, and a deviation from guidance is at most low. Pure.
 */

const BINDING = /\b(MUST|NEVER|ALWAYS)\b|\b(required|forbidden)\b/;
const GUIDANCE = /\b(SHOULD|should|prefer|recommended)\b/;

export type Wording = 'binding' | 'guidance' | 'none';

export function wordingOf(line: string): Wording {
  if (BINDING.test(line)) return 'binding';
  if (GUIDANCE.test(line)) return 'guidance';
  return 'none';
}

/** True when any line of the text binds. */
export function hasBinding(text: string): boolean {
  return text.split('\n').some((l) => wordingOf(l) === 'binding');
}
