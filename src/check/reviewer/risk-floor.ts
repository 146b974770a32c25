/**
 * The risk floor of a review, set by code from rules/check-risk-floors.json: the least risk each open category
 * (and each situation the code detects, such as a workspace file sent to an unstated host) carries. The model may
 * raise risk above the floor, never lower it: the derivation uses the higher of the two. The file is parsed on
 * first use (a hook call with no review never parses it) and rejected whole when it does not validate: a floor
 * under its category, a risk off the scale, a category unknown or missing.
 * Pure apart from that one parse of bundled data; decides nothing itself.
 */

import * as z from 'zod/mini';
import shipped from '../../../rules/check-risk-floors.json';
import {
  CATEGORIES,
  type Category,
  NEVER_GRANT,
  PRESUMPTION_OF_DENIAL,
  RISKS,
  type Risk,
  riskRank,
} from '../../core';
import type { ShellAnalysis } from '../../shell';

export const SITUATIONS = ['uploads-workspace-file'] as const;
export type Situation = (typeof SITUATIONS)[number];

export interface RiskFloors {
  version: number;
  categories: Readonly<Partial<Record<Category, Risk>>>;
  situations: readonly { id: Situation; category: Category; risk: Risk; why: string }[];
}

export type FloorsResult = { ok: true; floors: RiskFloors } | { ok: false; problem: string };

function floorsSchema() {
  return z.strictObject({
    version: z.int().check(z.minimum(1)),
    note: z.optional(z.string()),
    categories: z.record(z.enum(CATEGORIES), z.enum(RISKS)),
    situations: z.array(
      z.strictObject({
        id: z.enum(SITUATIONS),
        category: z.enum(CATEGORIES),
        risk: z.enum(RISKS),
        why: z.string().check(z.minLength(1)),
      }),
    ),
  });
}

/** Validates a floors file: its shape, then monotonicity (a situation never under its category). */
export function parseRiskFloors(data: unknown): FloorsResult {
  const parsed = z.safeParse(floorsSchema(), data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      problem: `\`${issue?.path.map(String).join('.') ?? ''}\`: ${issue?.message ?? 'invalid'}`,
    };
  }
  const floors = parsed.data as RiskFloors;
  for (const c of [...NEVER_GRANT, ...PRESUMPTION_OF_DENIAL])
    if (!floors.categories[c]) return { ok: false, problem: `category \`${c}\` has no floor` };
  for (const c of NEVER_GRANT)
    if (floors.categories[c] !== 'critical')
      return { ok: false, problem: `never-grant category \`${c}\` must have floor \`critical\`` };
  for (const s of floors.situations) {
    const base = floors.categories[s.category] ?? 'low';
    if (riskRank(s.risk) < riskRank(base))
      return {
        ok: false,
        problem: `situation \`${s.id}\` has floor \`${s.risk}\`, under its category's \`${base}\``,
      };
  }
  return { ok: true, floors };
}

let bundled: RiskFloors | undefined;

/** The shipped floors; throws only if the shipped file is broken (a bug, caught by its test). */
export function bundledRiskFloors(): RiskFloors {
  if (bundled) return bundled;
  const result = parseRiskFloors(shipped);
  if (!result.ok) throw new Error(`shipped rules/check-risk-floors.json is invalid: ${result.problem}`);
  bundled = result.floors;
  return bundled;
}

export interface Floor {
  risk: Risk;
  /** Why, written by gavel: the category or situation that sets it. */
  why: string;
}

/** The highest floor over the open categories and the situations the analysis shows; undefined when none. */
export function riskFloor(
  floors: RiskFloors,
  categories: readonly Category[],
  shell: ShellAnalysis | undefined,
): Floor | undefined {
  let top: Floor | undefined;
  const raise = (risk: Risk, why: string) => {
    if (!top || riskRank(risk) > riskRank(top.risk)) top = { risk, why };
  };
  for (const c of [...categories].sort()) {
    const risk = floors.categories[c];
    if (risk) raise(risk, `category \`${c}\``);
  }
  for (const s of floors.situations)
    if (categories.includes(s.category) && situationHolds(s.id, s.category, shell)) raise(s.risk, s.why);
  return top;
}

function situationHolds(id: Situation, category: Category, shell: ShellAnalysis | undefined): boolean {
  switch (id) {
    case 'uploads-workspace-file':
      // A segment the category hits that reaches a non-local host and reads a workspace file.
      return (shell?.hits ?? []).some((hit) => {
        if (hit.category !== category) return false;
        const segment = shell?.segments[hit.segment];
        if (!segment) return false;
        return (
          segment.hosts.some((h) => !h.local) &&
          segment.paths.some((p) => p.role === 'read' && p.class === 'workspace' && !p.raw.includes('://'))
        );
      });
    default: {
      const never: never = id;
      return never;
    }
  }
}
