/**
 * Rubric skills: a skill whose body has `## C1 - title` sections is a rubric, every section a checkable
 * criterion. Parses the criteria and turns the reviewer's `criteria_results` into one result per criterion
 * (a criterion nobody reported is `not_evaluated`, never a silent pass). Also the pins of `[judge.skills.pins]`:
 * a rubric whose text matches its pin is configured text (T1); an unpinned rubric, or one whose text no longer
 * matches its pin, is reference data (T2), the mismatch told in a run notice naming the key and the new hash
 * (never the text). Pure.
 */

import { sha256Hex } from '../../core';
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
  /** Its sha256 matched a pin of `[judge.skills.pins]`: configured text (T1), else reference data (T2). */
  pinned?: boolean;
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

/**
 * Checks every rubric against the pins (skill name to a sha256 hex prefix of 8 to 64 digits of its SKILL.md
 * text). A matching pin makes the rubric configured text (T1). A pin that does not match leaves it reference
 * data (T2), as an unpinned one: the run still applies it, and a notice names the key and the new hash.
 * INVARIANT: only a matching pin ever raises a rubric to T1.
 */
export function pinRubrics(
  rubrics: readonly Rubric[],
  pins: Readonly<Record<string, string>>,
): { rubrics: Rubric[]; notices: string[] } {
  const out: Rubric[] = [];
  const notices: string[] = [];
  for (const r of rubrics) {
    const pin = Object.hasOwn(pins, r.name) ? pins[r.name] : undefined;
    const hash = sha256Hex(r.text);
    const matches = pin !== undefined && hash.startsWith(pin.toLowerCase());
    if (pin !== undefined && !matches)
      notices.push(
        `rubric skill \`${r.name}\` does not match its pin \`judge.skills.pins.${r.name}\` (its sha256 is now \`${hash.slice(0, 16)}\`): sent as reference data (T2); pin the changed text to make it configured text again`,
      );
    out.push({ ...r, pinned: matches });
  }
  return { rubrics: out, notices };
}
