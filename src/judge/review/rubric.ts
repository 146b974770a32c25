/**
 * Rubric skills: a skill whose body has `## C1 - title` sections is a rubric, every section a checkable
 * criterion. Parses the criteria and turns the reviewer's `criteria_results` into one result per criterion
 * (a criterion nobody reported is `not_evaluated`, never a silent pass). Pure.
 */

import type { JudgeCategory } from '../types';

export interface Criterion {
  /** `C1` */
  id: string;
  title: string;
}

export interface Rubric {
  name: string;
  category: JudgeCategory;
  text: string;
  criteria: Criterion[];
}

const CRITERION = /^##\s+(C\d{1,3})\s+-\s+(.+?)\s*$/;

export function parseCriteria(text: string): Criterion[] {
  const out: Criterion[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const m = CRITERION.exec(line);
    if (!m?.[1] || !m[2] || seen.has(m[1])) continue;
    seen.add(m[1]);
    out.push({ id: m[1], title: m[2] });
  }
  return out;
}

/** A rubric from a skill's text; undefined when it has no criterion. */
export function rubricOf(name: string, category: JudgeCategory, text: string): Rubric | undefined {
  const criteria = parseCriteria(text);
  return criteria.length === 0 ? undefined : { name, category, text, criteria };
}

/** `rubric:<name>/<Cn>`, the id a G06 finding carries. */
export function criterionRef(rubric: string, id: string): string {
  return `rubric:${rubric}/${id}`;
}

/** Accepts `name/C1`, `rubric:name/C1` or `C1` (when one rubric is applied) for criterion `id` of `rubric`. */
export function sameCriterion(reported: string, rubric: Rubric, id: string, only: boolean): boolean {
  const r = reported.trim().replace(/^rubric:/, '');
  return r === `${rubric.name}/${id}` || (only && r === id);
}
