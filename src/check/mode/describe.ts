/**
 * One-sentence fragments that say which rule or category decided, for Decision.reason.
 * Pure. Built from gavel's own words, program names and rule ids only: never arguments, paths or untrusted text,
 * so a reason is safe in an audit line.
 */

import type { Decider, Evaluation } from '../policy/evaluate-policy';

export function where(evaluation: Evaluation): string {
  const t = evaluation.targets.find((v) => v.target === evaluation.deciding);
  if (!t) return '';
  return evaluation.targets.length > 1
    ? `segment ${t.target + 1} of ${evaluation.targets.length} (${t.label})`
    : t.label;
}

export function describeDecider(decider: Decider): string {
  switch (decider.kind) {
    case 'rule':
      return `rule \`${decider.id}\` (${decider.source === 'bundled' ? 'bundled policy' : 'config'})${decider.reason ? `: ${decider.reason}` : ''}`;
    case 'category':
      return `category \`${decider.category}\`${decider.presumed ? ' (presumed denied)' : ''}: ${decider.reason}`;
    case 'scope':
      return `scope: ${decider.detail}`;
    case 'unlisted':
      return 'nothing knows it safe: not in the safe catalogue, no rule (`check.unlisted`)';
    case 'safe':
      return `known safe (catalogue entry \`${decider.entry}\`)`;
    case 'in-scope':
      return 'inside the scopes the policy grants';
    case 'no-rule':
      return 'no rule allows this tool';
    case 'uncertain':
      return `uncertain (\`${decider.code}\`): ${decider.reason}`;
    default: {
      const never: never = decider;
      return never;
    }
  }
}

/**
 * The rule id a Decision records: the rule text, `category:<name>`, `scope:…`, `unlisted`, `safe:<entry>`,
 * `uncertain:<code>`.
 */
export function deciderId(decider: Decider): string {
  switch (decider.kind) {
    case 'rule':
      return decider.id;
    case 'category':
      return `category:${decider.category}`;
    case 'scope':
      return 'scope';
    case 'unlisted':
      return 'unlisted';
    case 'safe':
      return `safe:${decider.entry}`;
    case 'in-scope':
      return 'in-scope';
    case 'no-rule':
      return 'no-rule';
    case 'uncertain':
      return `uncertain:${decider.code}`;
    default: {
      const never: never = decider;
      return never;
    }
  }
}
