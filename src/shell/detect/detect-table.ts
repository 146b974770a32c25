/**
 * Applies the program rules of data/program-rules.ts to one invocation. Pure.
 */

import { PROGRAM_RULES, type ProgramRule } from '../data/program-rules';
import { type Invocation, optionText, type Reporter } from '../unwrap/invocation';

/** A dry run changes nothing. */
const DRY_RUN = /(^| )(--dry-run|--dryrun|-n --dry-run|--what-if|plan)( |$)/;

const BY_PROGRAM = new Map<string, ProgramRule[]>();
for (const rule of PROGRAM_RULES) {
  for (const program of rule.programs) BY_PROGRAM.set(program, [...(BY_PROGRAM.get(program) ?? []), rule]);
}

/** Reports every category whose first rule matches; returns true if a secret was read. */
export function detectTable(inv: Invocation, r: Reporter): boolean {
  const rules = BY_PROGRAM.get(inv.program);
  if (!rules) return false;
  const line = inv.args
    .map((w) => optionText(w).toLowerCase())
    .concat(inv.stdin.literal === undefined ? [] : [inv.stdin.literal.toLowerCase()])
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const seen = new Set<string>();
  let secret = false;
  for (const rule of rules) {
    if (seen.has(rule.category)) continue;
    if (!rule.match.test(line) || rule.unless?.test(line)) continue;
    if (rule.category === 'remote_resource_delete' && DRY_RUN.test(line)) continue;
    seen.add(rule.category);
    if (rule.category === 'secret_material_read') secret = true;
    r.hit(rule.category, `\`${inv.program}\` ${rule.what}`, inv.segment);
  }
  return secret;
}
