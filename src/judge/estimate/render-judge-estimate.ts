/**
 * Prints the judge's estimate as text or JSON. Pure. Lists per unit what would be sent and attached, the calls
 * and the cost (money printed the model layer's one way, `formatUsd`); nothing here is file content. The
 * runner's own estimate (check, explain, ask) is printed by the model layer (`renderEstimate`).
 */

import { formatUsd } from '../../model';
import { attachmentJson } from '../report/render-json';
import type { RunEstimate } from './estimate-run';

const usd = (n: number | null) => (n === null ? 'unknown' : formatUsd(n));

export function renderJudgeEstimateText(e: RunEstimate, caps: { maxCostUsd: number }): string {
  const out: string[] = [];
  out.push(
    `gavel judge --estimate · ${e.units.length} unit(s) · model ${e.model ?? 'none'} · nothing was sent`,
  );
  out.push('');
  for (const u of e.units) {
    const bytes = u.sentFiles.reduce((n, f) => n + f.bytes, 0);
    out.push(`${u.path}${u.withheld ? ' (WITHHELD: holds a credential, nothing sent)' : ''}`);
    out.push(
      `  sends ${u.sentFiles.length} file(s), ${bytes} bytes · calls: security ${u.calls.security}, governance ${u.calls.governance}, quality ${u.calls.quality}, adjudicator ${u.calls.adjudicator} · ~${u.inputTokens} input tokens · expected ${usd(u.expectedCostUsd)}, worst ${usd(u.worstCostUsd)}`,
    );
    for (const a of u.attached)
      out.push(
        `  attaches ${a.path} (${a.reason}${a.via ? ` ${a.via}` : ''}${a.binding ? ', binding' : ''}, ${a.bytes} bytes${a.sentAs === 'index' ? ', as an index' : ''})`,
      );
    for (const n of u.notSent) out.push(`  not sent: ${n.path} (${n.reason})`);
  }
  out.push('');
  out.push(
    `calls: ${e.calls} (fit under the caps: ${e.callsFit}) · ~${e.inputTokens} input tokens · expected ${usd(e.expectedCostUsd)} · worst ${usd(e.worstCostUsd)} · cap ${formatUsd(caps.maxCostUsd)}`,
  );
  for (const n of e.notes) out.push(`note: ${n}`);
  return `${out.join('\n')}\n`;
}

export function renderJudgeEstimateJson(e: RunEstimate): string {
  const doc = {
    estimate: {
      model: e.model,
      calls: e.calls,
      callsFit: e.callsFit,
      inputTokens: e.inputTokens,
      expectedCostUsd: e.expectedCostUsd,
      worstCostUsd: e.worstCostUsd,
      overCap: e.overCap,
      notes: e.notes,
      units: e.units.map((u) => ({
        path: u.path,
        withheld: u.withheld,
        sentFiles: u.sentFiles,
        notSent: u.notSent,
        attached: u.attached.map(attachmentJson),
        calls: u.calls,
        inputTokens: u.inputTokens,
        expectedCostUsd: u.expectedCostUsd,
        worstCostUsd: u.worstCostUsd,
      })),
    },
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
