/**
 * Renders a RouteResult as a ready pull-request comment (GitHub-flavoured Markdown). Pure.
 * Paths and phrases are already sanitized (no backticks, no angle brackets); they are still set in code
 * spans so nothing in them renders as a link, a mention or HTML.
 */

import type { Outcome } from '../../core';
import type { RouteResult, Signal } from '../types';

const TITLE: Record<Outcome, string> = {
  approve: '✅ approve',
  approve_with_flag: '🚩 approve with a flag',
  escalate: '🧑‍⚖️ escalate: a person must review',
  block: '⛔ block',
};

/** Lets the GitHub Actions step find and update its own earlier comment. */
export const MARKER = '<!-- gavel-route -->';

const code = (s: string) => `\`${s}\``;
/** Evidence may hold sanitized paths and short quoted phrases; keep Markdown from reading them. */
const plain = (s: string) => s.replace(/[*_[\]#\\]/g, (c) => `\\${c}`).replace(/@/g, '@\u200b');

export function renderMarkdown(r: RouteResult): string {
  const out = [
    MARKER,
    `### gavel route: ${TITLE[r.outcome]}`,
    '',
    `**Risk** ${r.risk}/100 (${r.riskLevel}) · **confidence** ${r.confidence.toFixed(2)} · range ${code(r.range.base.slice(0, 12))}..${code(r.range.head.slice(0, 12))} · ${r.range.files} path(s)`,
    '',
  ];
  if (r.flag) {
    out.push(`**Notify** ${r.flag.notify.join(', ')}: ${plain(r.flag.concern)}`, '');
  }
  if (r.escalation) {
    for (const w of r.escalation.why) out.push(`- ${plain(w)}`);
    if (r.escalation.owners.length > 0) out.push(`- owners: ${r.escalation.owners.join(', ')}`);
    if (r.escalation.files.length > 0) out.push(`- files: ${r.escalation.files.map(code).join(', ')}`);
    out.push('');
  }
  if (r.guarded) {
    out.push('| part | outcome | paths |', '|---|---|---|');
    out.push(
      `| guarded by CODEOWNERS (${r.guarded.owners.join(', ')}) | ${r.guarded.outcome} | ${r.guarded.files.map((f) => code(f.path)).join(', ')} |`,
    );
    out.push(
      `| the rest, routed by score (risk ${r.rest.risk}, confidence ${r.rest.confidence.toFixed(2)}) | ${r.rest.outcome} | ${r.rest.files.length} path(s) |`,
      '',
    );
  }
  out.push(
    '<details><summary>Signals</summary>',
    '',
    '| signal | risk | confidence | floor | evidence |',
    '|---|---:|---:|---|---|',
  );
  for (const s of r.signals) out.push(row(s));
  out.push('', '</details>', '');
  out.push(
    `<sub>Deterministic routing from observable signals; nothing written in the PR can lower its risk. Binary baseline: ${r.binary.verdict}. Policy ${r.decision.policy.sha256.slice(0, 12)}.</sub>`,
    '',
  );
  return out.join('\n');
}

function row(s: Signal): string {
  const evidence = s.evidence.map((e) => plain(e).replace(/\|/g, '\\|')).join('<br>');
  return `| ${code(s.id)} | +${s.risk} | ${s.confidence > 0 ? `−${s.confidence.toFixed(2)}` : ''} | ${s.floor ?? ''} | ${evidence} |`;
}
