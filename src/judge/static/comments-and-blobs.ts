/**
 * Two checks on text a reader does not see: instructions inside HTML comments in Markdown (S03), and
 * long encoded blobs that decode to text (S09), with a download-then-run sequence split over lines (S05).
 * Pure.
 */

import type { FindingDraft } from '../findings/make-finding';
import type { FileView } from './file-view';
import { MAX_PATTERN_LINE } from './line-patterns';

const TOOLING =
  /^\s*(markdownlint|prettier|eslint|toc|end ?toc|omit|vale|cspell|spell-?checker|lint|@|#|region|endregion|begin|end|todo|fixme|note)\b/i;
/** Words that order the agent to act: a comment holding them carries instructions (high). */
const INSTRUCTION =
  /\b(ignore|disregard|you (must|should|will|are)|execute|run|curl|wget|upload|exfiltrat|send (the|all|it)|do not (tell|mention|show)|secretly|silently)\b/i;
/** Words that only talk about the agent (an attribution, a note to reviewers): a low lead. */
const ABOUT_AGENT = /\b(assistant|the agent|claude|system prompt|instructions?)\b/i;

export function htmlCommentFindings(view: FileView): FindingDraft[] {
  if (view.type !== 'markdown') return [];
  const out: FindingDraft[] = [];
  // A scan with indexOf, in linear time: a regex `<!--[\s\S]*?-->` rescans to the end from every unclosed
  // `<!--`, and the line number is counted on from the previous comment, never from the start.
  const text = view.text;
  let line = 1;
  let counted = 0;
  for (let open = text.indexOf('<!--'); open >= 0; ) {
    const close = text.indexOf('-->', open + 4);
    // No `-->` after this `<!--`: none after any later one either.
    if (close < 0) break;
    const whole = text.slice(open, close + 3);
    const body = whole.slice(4, -3);
    for (let i = text.indexOf('\n', counted); i >= 0 && i < open; i = text.indexOf('\n', i + 1)) line += 1;
    counted = open;
    const startLine = line;
    open = text.indexOf('<!--', close + 3);
    if (view.fence[startLine - 1] !== undefined) continue;
    if (body.trim().length < 12 || TOOLING.test(body)) continue;
    const orders = INSTRUCTION.test(body);
    if (!orders && !ABOUT_AGENT.test(body)) continue;
    const endLine = startLine + whole.split('\n').length - 1;
    out.push({
      code: 'S03',
      path: view.path,
      startLine,
      endLine,
      quote: whole,
      message: orders
        ? 'an HTML comment, invisible when rendered, carries instructions for the agent'
        : 'an HTML comment, invisible when rendered, talks about the agent',
      rule: 'html-comment',
      ...(orders ? {} : { severity: 'low' as const, confidence: 'low' as const }),
    });
  }
  return out;
}

const B64 = /(?<![A-Za-z0-9+/=,])[A-Za-z0-9+/]{80,}={0,2}(?![A-Za-z0-9+/=])/g;
const HEX_ESC = /(?:\\x[0-9a-fA-F]{2}){8,}/g;
const DANGEROUS =
  /\b(curl|wget|bash|sh -c|exec|eval|import os|system\(|subprocess|powershell|https?:\/\/|\/dev\/tcp)/i;

function printableRatio(text: string): number {
  if (text.length === 0) return 0;
  let ok = 0;
  for (const ch of text) if (/[\x20-\x7e\n\r\t]/.test(ch)) ok += 1;
  return ok / text.length;
}

/** True when `line` holds a run of at least `min` base64 characters: a linear scan, no regex backtracking. */
export function hasLongRun(line: string, min: number): boolean {
  let run = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    const b64 = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47;
    run = b64 ? run + 1 : 0;
    if (run >= min) return true;
  }
  return false;
}

export function encodedBlobFindings(view: FileView): FindingDraft[] {
  const out: FindingDraft[] = [];
  const hex = view.text.includes('\\x');
  if (!hex && !hasLongRun(view.text, 80)) return out;
  view.lines.forEach((line, i) => {
    if (line.length > 20000 || (!hasLongRun(line, 80) && !(hex && line.includes('\\x')))) return;
    const candidates: { decoded: string; kind: string }[] = [];
    for (const m of line.matchAll(B64)) {
      if (/base64,$/.test(line.slice(0, m.index))) continue;
      const token = m[0];
      if (!/[0-9]/.test(token) || !/[a-z]/.test(token) || !/[A-Z]/.test(token)) continue;
      candidates.push({ decoded: Buffer.from(token, 'base64').toString('latin1'), kind: 'base64' });
    }
    for (const m of line.matchAll(HEX_ESC)) {
      candidates.push({
        decoded: m[0].replace(/\\x([0-9a-fA-F]{2})/g, (_, h: string) =>
          String.fromCharCode(Number.parseInt(h, 16)),
        ),
        kind: 'hex',
      });
    }
    for (const c of candidates) {
      if (printableRatio(c.decoded) < 0.9) continue;
      const danger = DANGEROUS.test(c.decoded);
      out.push({
        code: 'S09',
        path: view.path,
        startLine: i + 1,
        quote: line.trim(),
        message: danger
          ? `a ${c.kind} blob decodes to commands or addresses`
          : `a ${c.kind} blob decodes to hidden text`,
        rule: `encoded:${c.kind}`,
        severity: danger ? 'high' : 'medium',
        confidence: danger ? 'high' : 'medium',
      });
      break;
    }
  });
  return out;
}

const DOWNLOAD = /\b(?:curl|wget)\b[^\n]*?\bhttps?:\/\/\S*?\/([\w.-]+?)(?:[?#]\S*)?(?=['"\s]|$)/;

/** A file fetched on one line and run on a later one (`curl -sLO URL` ... `bash NAME`). */
export function downloadThenRunFindings(view: FileView): FindingDraft[] {
  const out: FindingDraft[] = [];
  view.lines.forEach((line, i) => {
    // A longer line is not read (quadratic for DOWNLOAD); run-static names the file as a parser limit.
    if (line.length > MAX_PATTERN_LINE) return;
    const m = DOWNLOAD.exec(line);
    if (!m || !/\s(-[a-zA-Z]*O|-o\s+\S+|--output)|\bwget\b/.test(line)) return;
    const output = /\s-o\s+(\S+)/.exec(line)?.[1] ?? m[1] ?? '';
    if (output === '') return;
    const name =
      output
        .replace(/^['"]|['"]$/g, '')
        .split('/')
        .pop() ?? '';
    const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const run = new RegExp(
      `(\\b(ba|z)?sh|\\bsource|\\bpython3?|\\bnode|\\bchmod\\s+\\+x)\\s+(\\./)?${esc}\\b|(^|[\\s;&])\\./${esc}\\b`,
    );
    for (let j = i; j < Math.min(view.lines.length, i + 8); j++) {
      const later = view.lines[j] ?? '';
      if (later.length > MAX_PATTERN_LINE) continue;
      const rest = j === i ? later.slice(line.indexOf(output) + output.length) : later;
      if (run.test(rest)) {
        out.push({
          code: 'S05',
          path: view.path,
          startLine: i + 1,
          endLine: j + 1,
          quote: view.lines
            .slice(i, j + 1)
            .join('\n')
            .trim(),
          message: 'a file is downloaded and then run',
          rule: 'download-then-run',
          severity: 'critical',
        });
        return;
      }
    }
  });
  return out;
}
