/**
 * The closed vocabulary of a policy question: its kinds, the typed facts each kind carries, the
 * modes a caller runs in, and the approval classes of the floor.
 * Data only. A fact's bounds are where a value stops being a count a review could have made; a value
 * outside them is `invalid-facts`, never clamped.
 */

export const KINDS = [
  'scope',
  'budget',
  'option_choice',
  'partial_coverage',
  'smaller_slice',
  'slice_order',
] as const;
export type Kind = (typeof KINDS)[number];

export function isKind(value: unknown): value is Kind {
  return typeof value === 'string' && (KINDS as readonly string[]).includes(value);
}

export type FactSpec = { type: 'boolean' } | { type: 'number'; integer: boolean; min: number; max: number };

const count = (max: number): FactSpec => ({ type: 'number', integer: true, min: 0, max });
const percent = (max: number): FactSpec => ({ type: 'number', integer: false, min: 0, max });
const flag: FactSpec = { type: 'boolean' };

/** The facts each kind carries, all required, nothing else allowed. */
export const FACTS_BY_KIND: Readonly<Record<Kind, Readonly<Record<string, FactSpec>>>> = {
  scope: { filesInScope: count(1_000_000), widensScope: flag, outsideRepository: flag },
  // A run can overspend, so a used budget may pass 100 percent; ten times over is not a count.
  budget: { budgetUsedPercent: percent(1_000), raisesBudget: flag },
  option_choice: { changesFiles: flag, reversible: flag },
  partial_coverage: { coveragePercent: percent(100), blockersOpen: count(100_000) },
  smaller_slice: { retryCount: count(1_000), sliceCount: count(100_000) },
  slice_order: { blockersFirst: flag, sliceCount: count(100_000) },
};

/** Every fact name of any kind, with its spec (a fact keeps one type across kinds). */
export function factSpec(fact: string): FactSpec | undefined {
  for (const kind of KINDS) {
    const spec = Object.hasOwn(FACTS_BY_KIND[kind], fact) ? FACTS_BY_KIND[kind][fact] : undefined;
    if (spec) return spec;
  }
  return undefined;
}

export type FactValue = number | boolean;
export type Facts = Readonly<Record<string, FactValue>>;

export const MODES = ['ask', 'review-auto', 'autonomous'] as const;
export type Mode = (typeof MODES)[number];

export function isMode(value: unknown): value is Mode {
  return typeof value === 'string' && (MODES as readonly string[]).includes(value);
}

export const APPROVALS = [
  'destructive',
  'credentials',
  'publishing',
  'hook',
  'always-ask',
  'untrusted-origin',
] as const;
export type Approval = (typeof APPROVALS)[number];

/** Most options a menu may offer; more is not a menu a review raised. */
export const MAX_OPTIONS = 100;
