// Test helper: questions as a caller sends them (the wire shape `readQuestion` parses), for tests that
// build one: a floor that raises nothing, and a budget question around it.

/** A question's `floor` with nothing raised. */
export const CLEAR_FLOOR = {
  irreversible: false,
  namedAction: null,
  outsideContent: false,
  operatorRefused: false,
  approval: [] as string[],
};

/** A budget question at `percent` used with three options, the first recommended; `extra` adds or replaces fields. */
export function budgetQuestion(percent: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'budget',
    facts: { budgetUsedPercent: percent, raisesBudget: false },
    options: 3,
    recommended: 0,
    floor: CLEAR_FLOOR,
    ...extra,
  };
}
