/**
 * Renders a RouteResult as plain text for a terminal. Pure. Every string in a result is already gavel's
 * own words or sanitized repository text.
 */

import type { RouteResult, Signal } from '../types';

export function renderText(r: RouteResult): string {
  const lines = [
    `outcome: ${r.outcome}`,
    `risk ${r.risk}/100 (${r.riskLevel}), confidence ${r.confidence.toFixed(2)}; range ${r.range.base.slice(0, 12)}..${r.range.head.slice(0, 12)}, ${r.range.files} path(s)`,
    `reason: ${r.decision.reason}`,
  ];
  if (r.flag) lines.push(`notify: ${r.flag.notify.join(', ')}`, `concern: ${r.flag.concern}`);
  if (r.escalation) {
    // The reason already says the rest's why; print only what it does not (the guarded part's why).
    const why = r.escalation.why.filter((w) => !r.decision.reason.includes(w));
    if (why.length > 0) lines.push(`why: ${why.join('; ')}`);
    if (r.escalation.owners.length > 0) lines.push(`owners: ${r.escalation.owners.join(', ')}`);
    if (r.escalation.files.length > 0) lines.push(`files: ${r.escalation.files.join(', ')}`);
  }
  if (r.guarded) {
    lines.push('', `guarded by CODEOWNERS → ${r.guarded.outcome}`);
    for (const f of r.guarded.files) lines.push(`  ${f.path}  ${f.owners.join(' ')}`);
    lines.push(`rest → ${r.rest.outcome}: ${r.rest.why}`);
  }
  lines.push('', 'signals (risk points, confidence taken, floor):');
  for (const s of r.signals) lines.push(...signalLines(s));
  lines.push('', `binary baseline (approve unless a finding is high or worse): ${r.binary.verdict}`);
  return `${lines.join('\n')}\n`;
}

function signalLines(s: Signal): string[] {
  const head = `  ${s.id.padEnd(24)} +${String(s.risk).padStart(3)}  ${s.confidence > 0 ? `-${s.confidence.toFixed(2)}` : ' 0.00'}${s.floor ? `  ≥ ${s.floor}` : ''}`;
  return [head, ...s.evidence.map((e) => `      ${e}`)];
}
