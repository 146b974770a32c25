/**
 * Splits a unit's readable files into the chunks one reviewer call carries: whole files packed together up to
 * the per-call budget (24,000 input tokens of file text), a file too big for one call cut into windows of lines
 * that overlap by 40, at most eight chunks per category; what is left over is named, never silently dropped.
 * Also which files the quality codes judge (instruction text and configuration): a chunk of scripts alone
 * gives the quality reviewer nothing to judge.
 * Also the deterministic digest of the lines of the other chunks that touch the network, a shell, credentials
 * or the agent's instructions, so a source and a sink in different chunks stay visible together. Pure.
 */

import { tokensOfBytes } from '../../model';
import type { Unit } from '../types';

export const CALL_BUDGET_TOKENS = 24_000;
export const WINDOW_OVERLAP_LINES = 40;
export const MAX_CHUNKS_PER_CATEGORY = 8;
/** Digest lines one chunk carries at most, each clipped. */
export const MAX_DIGEST_LINES = 80;
const MAX_DIGEST_LINE_CHARS = 200;

/** Lines `startLine..endLine` (1-based, inclusive) of one file. */
export interface Span {
  path: string;
  startLine: number;
  endLine: number;
}

export interface UnitChunks {
  chunks: Span[][];
  /** Spans beyond the chunk limit: not reviewed. */
  left: Span[];
}

export function linesOf(text: string): string[] {
  return text.split(/\r?\n/);
}

function spanTokens(lines: readonly string[], from: number, to: number): number {
  let bytes = 0;
  // Each line is sent with its number and a bar in front: `123| `.
  for (let i = from; i <= to; i++) bytes += Buffer.byteLength(lines[i - 1] ?? '', 'utf8') + 8;
  return tokensOfBytes(bytes);
}

/** Windows of a file too big for one call: each fits the budget, each overlaps the one before by 40 lines. */
function windowsOf(path: string, lines: readonly string[], budget: number): Span[] {
  const out: Span[] = [];
  let start = 1;
  while (start <= lines.length) {
    let end = start;
    while (end < lines.length && spanTokens(lines, start, end + 1) <= budget) end++;
    out.push({ path, startLine: start, endLine: end });
    if (end >= lines.length) break;
    start = Math.max(start + 1, end + 1 - WINDOW_OVERLAP_LINES);
  }
  return out;
}

/** Instruction text and configuration: what the quality codes (front matter, Markdown, JSON, references) judge. */
const QUALITY_TEXT = /(\.(md|mdc|markdown|txt|json|jsonc|toml|ya?ml)|(^|\/)\.cursorrules)$/i;

/** Whether the quality reviewer has something to judge in `path` of `unit`: its primary file, or text or config. */
export function qualityJudges(unit: Unit, path: string): boolean {
  return path === unit.primary || QUALITY_TEXT.test(path);
}

export function chunkUnit(unit: Unit, budget = CALL_BUDGET_TOKENS): UnitChunks {
  const all: Span[][] = [];
  let current: Span[] = [];
  let used = 0;
  for (const file of unit.files) {
    if (file.text === undefined) continue;
    const lines = linesOf(file.text);
    const tokens = spanTokens(lines, 1, lines.length);
    if (tokens > budget) {
      if (current.length > 0) all.push(current);
      current = [];
      used = 0;
      for (const w of windowsOf(file.path, lines, budget)) all.push([w]);
      continue;
    }
    if (used + tokens > budget && current.length > 0) {
      all.push(current);
      current = [];
      used = 0;
    }
    current.push({ path: file.path, startLine: 1, endLine: lines.length });
    used += tokens;
  }
  if (current.length > 0) all.push(current);
  return { chunks: all.slice(0, MAX_CHUNKS_PER_CATEGORY), left: all.slice(MAX_CHUNKS_PER_CATEGORY).flat() };
}

/** Lines that touch the network, a shell, credentials or the agent's instructions. */
const DIGEST_LINE =
  /https?:\/\/|\b(curl|wget|nc|ncat|netcat|ssh|scp|rsync|dig|nslookup|socket|fetch|requests|urllib|http|dns|bash|sh|zsh|eval|exec|subprocess|system|popen|spawn|token|secret|password|passwd|credential|api[_-]?key|aws|gcloud|keychain|base64|chmod|sudo|crontab|ignore|instruction|CLAUDE\.md|AGENTS\.md)\b|\.ssh|\.env\b|\/etc\//i;

/** The digest for `chunk`: matching lines of every other chunk, in file and line order, deduplicated. */
export function chunkDigest(
  unit: Unit,
  chunks: readonly Span[][],
  index: number,
): { path: string; line: number; text: string }[] {
  if (chunks.length < 2) return [];
  const inChunk = (path: string, line: number) =>
    (chunks[index] ?? []).some((s) => s.path === path && line >= s.startLine && line <= s.endLine);
  const seen = new Set<string>();
  const out: { path: string; line: number; text: string }[] = [];
  chunks.forEach((spans, k) => {
    if (k === index) return;
    for (const span of spans) {
      const file = unit.files.find((f) => f.path === span.path);
      if (file?.text === undefined) continue;
      const lines = linesOf(file.text);
      for (let n = span.startLine; n <= span.endLine; n++) {
        const text = lines[n - 1] ?? '';
        const key = `${span.path}:${n}`;
        if (seen.has(key) || inChunk(span.path, n) || !DIGEST_LINE.test(text)) continue;
        seen.add(key);
        out.push({ path: span.path, line: n, text: text.slice(0, MAX_DIGEST_LINE_CHARS) });
      }
    }
  });
  out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
  return out.slice(0, MAX_DIGEST_LINES);
}
