/**
 * Text renderings of a decision and of a whole check trace, for `gavel check` and `gavel explain`. Pure.
 * Sorted and stable: the same result always prints the same.
 */

import { type CheckResult, describeDecider } from '../../check';
import type { Decision } from '../../core';

export function renderDecision(d: Decision, suggestions: readonly string[]): string {
  const lines = [
    `${d.verdict} (${d.outcome})  basis ${d.basis}${d.ruleId ? `  rule ${d.ruleId}` : ''}`,
    `reason: ${d.reason}`,
  ];
  if (d.categories.length > 0) lines.push(`categories: ${d.categories.join(', ')}`);
  if (d.risk || d.authorization)
    lines.push(`reviewer: risk ${d.risk ?? '-'}, authorization ${d.authorization ?? '-'}`);
  if (d.model)
    lines.push(
      `model: ${d.model.provider}/${d.model.model}  ${d.model.tokens.input}+${d.model.tokens.output} tokens  $${d.model.costUsd.toFixed(6)}`,
    );
  for (const s of [...new Set(suggestions)])
    lines.push(`to allow it: add ${JSON.stringify(s)} to \`allow\` under [check] in your user config`);
  lines.push(`policy: v${d.policy.version} sha256:${d.policy.sha256.slice(0, 12) || '-'}  ${d.ms} ms`);
  return `${lines.join('\n')}\n`;
}

/** A word as a shell would need it typed: plain when it is plain, else single-quoted. */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./~-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Which parser read the command line: the pure-JS fast path or tree-sitter-bash (ADR 0019). */
export type ParsedBy = 'fast-path' | 'tree-sitter';

const PARSERS: Record<ParsedBy, string> = {
  'fast-path': 'fast path (pure JS; the tree tree-sitter-bash builds)',
  'tree-sitter': 'tree-sitter-bash',
};

export function renderTrace(result: CheckResult, parsedBy?: ParsedBy): string {
  const lines: string[] = [];
  const a = result.analysis;
  if (a) {
    if (parsedBy) lines.push(`parser: ${PARSERS[parsedBy]}`);
    lines.push(`segments: ${a.segments.length}`);
    a.segments.forEach((s, i) => {
      lines.push(`  [${i + 1}] ${s.argv.map(shellWord).join(' ')}`);
      lines.push(
        `      context ${s.context}${s.wrappers.length ? `; unwrapped ${s.wrappers.join(' > ')}` : ''}`,
      );
      const facts = result.facts?.targets[i];
      for (const p of facts?.segment?.paths ?? s.paths)
        lines.push(`      path ${p.role} ${p.raw} -> ${p.resolved ?? '(dynamic)'} [${p.class}]`);
      for (const h of s.hosts) lines.push(`      host ${h.host} via ${h.via}${h.local ? ' (local)' : ''}`);
    });
    for (const u of a.uncertain)
      lines.push(
        `uncertain: ${u.code}: ${u.reason}${u.segment !== undefined ? ` (segment ${u.segment + 1})` : ''}`,
      );
    if (a.sensitiveToNetwork) lines.push('flow: data from a sensitive path reaches the network');
  }
  for (const t of result.facts?.targets ?? []) {
    for (const c of t.categories)
      lines.push(`category: ${c.category} at ${t.label} (target ${t.index + 1}): ${c.reason}`);
    for (const o of t.outOfScope) lines.push(`scope: ${o} at ${t.label} (target ${t.index + 1})`);
  }
  if (result.floor) lines.push(`floor: ${result.floor.category} decides (sealed)`);
  for (const v of result.evaluation?.targets ?? [])
    lines.push(`target ${v.target + 1} ${v.label}: ${v.bucket} by ${describeDecider(v.decider)}`);
  if (result.evaluation)
    lines.push(
      `policy bucket: ${result.evaluation.bucket}${result.evaluation.deciding >= 0 ? ` (target ${result.evaluation.deciding + 1} decides)` : ''}`,
    );
  lines.push('decision:');
  lines.push(
    ...renderDecision(result.decision, result.suggestions)
      .trimEnd()
      .split('\n')
      .map((l) => `  ${l}`),
  );
  return `${lines.join('\n')}\n`;
}
