/**
 * The scripted model of the judge's model benchmark: a `ModelClient` that answers the judge's reviewer,
 * repair and adjudicator requests from the labels, never from judgement. It reads only what the request
 * carries (the unit path, the numbered file lines inside the fences, the candidates and their windows), so
 * it exercises the real request building, masking, fencing, grounding, repair, adjudication and caps.
 * Deterministic faults, chosen by a hash of the unit and line, make each mechanism do work:
 * - a hostile span of a malicious unit is reported at its line; every fourth is cited one line off (the
 *   repair round must ground it) and every seventh unit also gets an invented quote (S14) that it cannot
 *   ground and leaves out on repair (the verifier deletes it);
 * - a benign or unlabelled unit gets one decoy: a security candidate on its first risky-looking line, the
 *   kind of false alarm a model raises. The adjudicator drops decoys with a counter-quote from the window;
 *   every fifth counter-quote is paraphrased, so code refuses the drop and the decoy stays a false positive.
 * What it measures is the pipeline around a model, never a model's skill. Eval only.
 */

import { createHash } from 'node:crypto';
import type { ModelClient, ModelRequest, ModelResult } from '../../src/model';

/** A hostile span as the labels give it: a file of the unit and either a line range or a verbatim fragment. */
export interface LabelSpan {
  file: string;
  lines?: [number, number];
  quote?: string;
}

export interface Oracle {
  /** For a unit path of the materialized tree: `hostile` with spans and a code, or `benign`. */
  lookup(unitPath: string): { kind: 'hostile'; code: string; spans: LabelSpan[] } | { kind: 'benign' };
}

const RISKY =
  /\b(curl|wget|rm -rf|token|password|secret|\.ssh|eval|exec|base64|sudo|chmod|upload|POST|api[_-]?key)\b/i;

const hash = (s: string) => createHash('sha256').update(s).digest().readUInt32BE(0);

interface SentLine {
  path: string;
  line: number;
  text: string;
}

/** The numbered lines of every FILE fence in a request (or EXACT TEXT / WINDOW fences: `kind`). */
function fencedLines(user: string, kind: 'FILE' | 'WINDOW'): SentLine[] {
  const out: SentLine[] = [];
  let path: string | undefined;
  const open =
    kind === 'FILE' ? /^<<<BEGIN UNTRUSTED FILE (\S+) lines / : /^<<<BEGIN UNTRUSTED WINDOW \S+ (\S+) lines /;
  for (const l of user.split('\n')) {
    const m = open.exec(l);
    if (m) {
      path = m[1];
      continue;
    }
    if (l.startsWith('<<<END UNTRUSTED ')) {
      path = undefined;
      continue;
    }
    if (path === undefined) continue;
    const n = /^(\d+)\| (.*)$/.exec(l);
    if (n?.[1] !== undefined) out.push({ path, line: Number(n[1]), text: n[2] ?? '' });
  }
  return out;
}

const unitOf = (user: string) => /^path: (.+)$/m.exec(user)?.[1] ?? '';

function finding(code: string, at: SentLine, quote: string, line = at.line) {
  return {
    code,
    path: at.path,
    start_line: line,
    end_line: line,
    quote,
    threat: 'the line tells the agent to act against the user',
    context: 'none',
    benign_reading: 'an ordinary step of the skill',
    why_not_benign: 'the step does what the description does not say',
    severity: 'high',
    confidence: 'high',
    lead: null,
    convention_path: null,
    convention_quote: null,
    rubric_id: null,
  };
}

const clip = (s: string) => s.trim().slice(0, 300).trim();

/** The labelled hostile lines present in this request, without faults. */
function hits(oracle: Oracle, user: string): { code: string; at: SentLine }[] {
  const unit = unitOf(user);
  const label = oracle.lookup(unit);
  if (label.kind !== 'hostile') return [];
  const lines = fencedLines(user, 'FILE');
  const out: { code: string; at: SentLine }[] = [];
  for (const s of label.spans) {
    const file = `${unit}/${s.file}`;
    const at = lines.find(
      (l) =>
        l.path === file &&
        l.text.trim() !== '' &&
        (s.lines ? l.line >= s.lines[0] && l.line <= s.lines[1] : l.text.includes(s.quote ?? '\u0000')),
    );
    if (at) out.push({ code: label.code, at });
  }
  return out;
}

function review(oracle: Oracle, user: string): unknown[] {
  const unit = unitOf(user);
  const label = oracle.lookup(unit);
  const lines = fencedLines(user, 'FILE');
  if (label.kind === 'benign') {
    const risky = lines.find((l) => RISKY.test(l.text) && clip(l.text) !== '');
    return risky ? [finding('S05', risky, clip(risky.text))] : [];
  }
  const out: unknown[] = [];
  for (const h of hits(oracle, user)) {
    const k = hash(`${unit}:${h.at.path}:${h.at.line}`);
    const next = lines.find((l) => l.path === h.at.path && l.line === h.at.line + 1);
    const off = k % 4 === 0 && next !== undefined && !next.text.includes(clip(h.at.text));
    out.push(finding(h.code, h.at, clip(h.at.text), off ? h.at.line + 1 : h.at.line));
  }
  const first = lines[0];
  if (out.length > 0 && first && hash(unit) % 7 === 0)
    out.push(finding('S14', first, 'then delete the logs so the user never sees the upload'));
  return out;
}

/** The repair round: ground again what it can (its labelled lines), leave its invention out. */
function repair(oracle: Oracle, user: string): unknown[] {
  const original = user.split('\n## GAVEL: REPAIR')[0] ?? '';
  const asked = [...user.matchAll(/^R\d+ (S\d\d) (\S+):\d+-\d+/gm)].map((m) => `${m[1]} ${m[2]}`);
  return hits(oracle, original)
    .filter((h) => asked.includes(`${h.code} ${h.at.path}`))
    .map((h) => finding(h.code, h.at, clip(h.at.text)));
}

function adjudicate(oracle: Oracle, user: string): unknown {
  const unit = unitOf(user);
  const benign = oracle.lookup(unit).kind === 'benign';
  const windows = fencedLines(user, 'WINDOW');
  const decisions: unknown[] = [];
  const blocks = [
    ...user.matchAll(/<<<BEGIN UNTRUSTED CANDIDATE (C\d+) \S+>>>\n([\s\S]*?)\n<<<END UNTRUSTED/g),
  ];
  for (const b of blocks) {
    const key = b[1] ?? '';
    let at = '';
    try {
      at = (JSON.parse(b[2] ?? '{}') as { at?: string }).at ?? '';
    } catch {
      at = '';
    }
    const m = /^(.*):(\d+)-\d+$/.exec(at);
    const line = windows.find((w) => w.path === m?.[1] && w.line === Number(m?.[2]));
    const drop = benign && line !== undefined;
    const paraphrase = hash(`${unit}:${at}`) % 5 === 0;
    decisions.push({
      candidate: key,
      action: drop ? 'drop' : 'keep',
      severity: 'high',
      merge_into: null,
      reason_code: drop ? 'documented-example' : 'none',
      counter_quote: drop
        ? paraphrase
          ? 'the documentation shows this as an example'
          : clip(line.text)
        : null,
      trap_id: null,
      chain_with: [],
    });
  }
  return { decisions, own_findings: [] };
}

export function scriptedReviewer(oracle: Oracle): ModelClient {
  const self = { provider: 'scripted', model: 'label-oracle' };
  return {
    ...self,
    async complete(request: ModelRequest): Promise<ModelResult> {
      let value: unknown;
      if (request.schemaName === 'record_adjudication') value = adjudicate(oracle, request.user);
      else if (request.promptId.endsWith('/repair'))
        value = { findings: repair(oracle, request.user), criteria_results: [] };
      else value = { findings: review(oracle, request.user), criteria_results: [] };
      const text = JSON.stringify(value);
      const inputTokens = Math.ceil(
        (Buffer.byteLength(request.system) + Buffer.byteLength(request.user)) / 3,
      );
      const usage = { inputTokens, outputTokens: Math.ceil(text.length / 3), costUsd: 0 };
      return { ok: true, text, stop: 'end', usage, ...self, ms: 0, cached: false };
    },
  };
}
