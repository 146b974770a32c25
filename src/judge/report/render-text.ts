/**
 * The text report a person reads: one block per unit (status, scores, findings with code, severity,
 * location, quote and what to do; info facts folded to one line), what was not reviewed and why, what is attached, then the summary,
 * the gate and the notices. Pure. Quotes are cleaned: control and invisible characters are shown as
 * escapes, so a hidden character can be seen and never acts on the terminal.
 */

import type { CodeEntry } from '../rules/load-judge-rules';
import type { Finding, UnitResult, UnitStatus } from '../types';
import type { JudgeReport } from './judge-report';

const STATUS_LABEL: Record<UnitStatus, string> = {
  fail: 'FAIL',
  partial: 'PARTIAL',
  warn: 'WARN',
  pass: 'PASS',
  withheld_secret: 'WITHHELD',
  skipped: 'SKIPPED',
  error: 'ERROR',
};

/** Shows control, format and private-use characters as \u{…}; keeps printable text. */
export function cleanForTerminal(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\p{Co}\u2028\u2029]/gu, (ch) =>
    ch === '\n' ? '\n' : `\\u{${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`,
  );
}

function scoreText(u: UnitResult): string {
  const s = (n: number | null) => (n === null ? '-' : String(n));
  return `security ${s(u.scores.security)} · governance ${s(u.scores.governance)} · quality ${s(u.scores.quality)}`;
}

function findingLines(f: Finding, codes: ReadonlyMap<string, CodeEntry>, suppressed?: string): string[] {
  const loc =
    f.location.startLine === f.location.endLine
      ? `${f.location.startLine}`
      : `${f.location.startLine}-${f.location.endLine}`;
  const title = codes.get(f.code)?.title ?? '';
  const out = [
    `  ${f.severity.padEnd(8)} ${f.code} ${title} — ${f.location.path}:${loc}${suppressed ? ` (suppressed: ${cleanForTerminal(suppressed)})` : ''}`,
  ];
  out.push(`           ${cleanForTerminal(f.message)} [${f.confidence} confidence, ${f.rule}]`);
  if (f.quote !== null) {
    for (const line of cleanForTerminal(f.quote).split('\n').slice(0, 4))
      out.push(`           > ${line.length > 160 ? `${line.slice(0, 157)}...` : line}`);
  }
  if (f.suggestedFix) out.push(`           fix: ${cleanForTerminal(f.suggestedFix)}`);
  out.push(`           id ${f.id}`);
  return out;
}

export function renderText(report: JudgeReport, codes: ReadonlyMap<string, CodeEntry>): string {
  const out: string[] = [];
  const modes: Record<string, string> = {
    static: 'static checks (no model)',
    model: 'static checks and model review',
    estimate: 'estimate',
  };
  const mode = modes[report.run.mode] ?? report.run.mode;
  out.push(
    `gavel judge · ${mode} · ${report.units.length} unit(s) · decision: ${report.summary.decision.toUpperCase()}`,
  );
  out.push('');
  for (const u of report.units) {
    out.push(`${STATUS_LABEL[u.status].padEnd(8)} ${u.path} (${u.kind}) · ${scoreText(u)}`);
    for (const f of u.findings) if (f.severity !== 'info') out.push(...findingLines(f, codes));
    // Info findings are facts (a host named in docs): folded to one line; the JSON and SARIF list each.
    const info = u.findings.filter((f) => f.severity === 'info');
    if (info.length > 0) {
      const byCode = new Map<string, number>();
      for (const f of info) byCode.set(f.code, (byCode.get(f.code) ?? 0) + 1);
      const list = [...byCode]
        .map(([c, n]) => `${c} ${codes.get(c)?.title ?? ''} x${n}`.replace('  ', ' '))
        .join(', ');
      out.push(`  info     ${info.length} fact(s) for the reader: ${list} (--format json lists them)`);
    }
    for (const s of u.suppressed) out.push(...findingLines(s.finding, codes, s.reason));
    for (const gap of u.gaps) out.push(`  not reviewed: ${cleanForTerminal(gap)}`);
    for (const a of u.attached) {
      out.push(
        `  attached: ${a.path} (${a.reason}${a.via ? ` ${a.via}` : ''}${a.binding ? ', binding' : ''}${a.sentAs === 'index' ? ', as an index' : ''})`,
      );
    }
    for (const n of u.notes) out.push(`  note: ${n}`);
    for (const c of u.criteria ?? [])
      out.push(`  criterion ${c.id} (${cleanForTerminal(c.title)}): ${c.result}`);
    out.push('');
  }
  const s = report.summary;
  const counts = (Object.entries(s.units) as [UnitStatus, number][])
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`);
  const sev = Object.entries(s.findings)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`);
  out.push(
    `units: ${counts.join(', ') || 'none'} · findings: ${sev.join(', ') || 'none'}${s.suppressed ? ` · suppressed: ${s.suppressed}` : ''}${s.droppedLowConfidence ? ` · below --min-confidence: ${s.droppedLowConfidence}` : ''}`,
  );
  out.push(`gate (--fail-on): ${report.run.failOn.join(',')}`);
  if (report.run.mode === 'model') {
    const g = s.grounding;
    const p = report.run.provenance;
    out.push(
      `model review: ${report.run.models.join(', ')} -- grounding: ${g.verified} verified, ${g.repaired} repaired, ${g.deleted} deleted${s.adjudication ? ` -- adjudicator: ${s.adjudication.kept} kept, ${s.adjudication.downgraded} downgraded, ${s.adjudication.dropped} dropped, ${s.adjudication.merged} merged, ${s.adjudication.raised} raised, ${s.adjudication.refused} drops refused` : ''} -- ${p.inputTokens + p.outputTokens} tokens, $${p.costUsd.toFixed(4)}, ${p.cacheHits} cache hit(s)`,
    );
  }
  for (const d of s.drops ?? [])
    out.push(
      `dropped (${d.stage}, ${d.reason}): ${d.code} ${d.path}:${d.line}${d.rubricId ? ` ${d.rubricId}` : ''}${d.counterQuote ? ` -- counter-quote: ${cleanForTerminal(d.counterQuote)}` : ''}`,
    );
  if (report.run.shellAnalysis === 'patterns-only')
    out.push('shell snippets: checked by line patterns only (no shell analyzer wired)');
  for (const n of report.run.notices) out.push(`notice: ${cleanForTerminal(n)}`);
  const verdict: Record<string, string> = {
    fail: 'FAIL: at least one unit meets the --fail-on gate.',
    incomplete:
      'INCOMPLETE: some files or units were not reviewed (listed above); a partial review is never a pass.',
    pass: 'PASS: nothing meets the gate.',
  };
  out.push(verdict[s.decision] ?? s.decision);
  return `${out.join('\n')}\n`;
}
