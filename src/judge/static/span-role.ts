/**
 * The role of every span the static checks look at, and what a role does to a finding. A span is one of:
 * - instruction: text the harness hands the agent as what to do (the prose of SKILL.md, an agent, a
 *   command, CLAUDE.md; a shell or code block there, which the agent is meant to run);
 * - example: a fenced block of a reference document, or a block in an instruction file written in a
 *   language that only shows content (Markdown, text, output, diff, a Dockerfile);
 * - reference: a heading, a table row, a block quote, a phrase in quotation marks, a sentence that
 *   describes what another actor does or a list of terms (prose-shape.ts), or a reference document (any
 *   Markdown file of a unit other than its primary file) in code spans;
 * - code: a script or a config that runs (shell, Python, JavaScript, hook and MCP commands);
 * - data: text a program holds or matches (a YARA rule, a text or CSV file beside a skill; a phrase or
 *   a sentence in a string of a script, which it compares or prints, never says to the agent). Config a script reads (YAML, JSON, TOML) is code.
 * Text that only describes an attack (reference, example, data) is documentation: a lead for the
 * reviewers, at most `low` on its own. An instruction that tells the agent to do something dangerous, or
 * code that does it, keeps its severity. Pure.
 */

import type { FindingDraft } from '../findings/make-finding';
import type { Unit } from '../types';
import type { FileView } from './file-view';
import { describesAct, proseString, termList } from './prose-shape';

export type SpanRole = 'instruction' | 'example' | 'reference' | 'code' | 'data';

/** Fence languages that show content rather than commands to run. */
const SHOWN_LANGS = new Set([
  'markdown',
  'md',
  'text',
  'txt',
  'plain',
  'plaintext',
  'output',
  'log',
  'diff',
  'dockerfile',
  'docker',
  'yara',
  'csv',
]);

/** Codes whose text is aimed at the agent in natural language: in code or data they are strings, not orders. */
const PROSE_CODES = new Set(['S03', 'S04', 'S14']);

/** Config a skill's code reads (YAML, JSON, TOML, .env, INI): it decides what runs, so it counts as code. */
const CONFIG_FILE = /\.(ya?ml|json|toml|ini|cfg|conf|env)$|(^|\/)\.env[^/]*$/i;

export function fileRole(unit: Unit, view: FileView): SpanRole {
  if (view.path === unit.primary) return view.type === 'markdown' ? 'instruction' : 'code';
  if (view.type === 'markdown') return 'reference';
  if (view.type === 'script' || CONFIG_FILE.test(view.path)) return 'code';
  return 'data';
}

/**
 * Is the text from `col` on inside a quoted phrase ("...", "...") or, when `codeToo`, a code span (`...`)? A
 * quoted value given to a key (`hint="..."`, `"retry_hint": "..."`) is a payload the agent is handed, not a
 * quotation: it does not count.
 */
function quotedAt(line: string, col: number, codeToo: boolean): boolean {
  let open = -1;
  let inCurly = false;
  let inCode = false;
  for (let i = 0; i < col && i < line.length; i++) {
    const c = line[i];
    if (c === '`') inCode = !inCode;
    else if (!inCode && c === '"') open = open < 0 ? i : -1;
    else if (!inCode && c === '\u201c') inCurly = true;
    else if (!inCode && c === '\u201d') inCurly = false;
  }
  const assigned = open >= 0 && /[=:]\s*$/.test(line.slice(0, open));
  return (open >= 0 && !assigned) || inCurly || (codeToo && inCode);
}

/** Inside a regular-expression literal of a script (`r"(?i)..."`, `re.compile("...")`, `/.../i`): what it matches. */
function inRegexLiteral(line: string, col: number): boolean {
  const before = line.slice(0, col);
  return /\br["'][^"']*$|\b(re\.(compile|search|match|findall|sub)|new RegExp)\(\s*r?["'][^"']*$/.test(
    before,
  );
}

/** The role of line `n` (1-based) of `view`, at column `col` when a check knows where its match starts. */
export function spanRole(view: FileView, role: SpanRole, n: number, col?: number): SpanRole {
  if (
    role === 'code' &&
    col !== undefined &&
    (inRegexLiteral(view.lines[n - 1] ?? '', col) || proseString(view.lines[n - 1] ?? '', col))
  )
    return 'data';
  if (view.type !== 'markdown' || n <= view.frontMatterEnd) return role;
  const line = view.lines[n - 1] ?? '';
  const lang = view.fence[n - 1];
  if (lang !== undefined) {
    if (role === 'reference') return 'example';
    return SHOWN_LANGS.has(lang) ? 'example' : role;
  }
  if (/^\s{0,3}#{1,6}\s/.test(line) || /^\s*\|/.test(line) || /^\s{0,3}>/.test(line)) return 'reference';
  if (col !== undefined && quotedAt(line, col, role === 'reference')) return 'reference';
  // A sentence about what another actor does, or a list of terms, documents a behaviour (prose-shape.ts).
  if (role === 'instruction' && col !== undefined && (describesAct(line, col) || termList(line, col)))
    return 'reference';
  return role;
}

/** Rules a role may lower: line patterns, text checks and shell analysis of written commands. */
function lowerable(d: FindingDraft): boolean {
  return (
    d.rule.startsWith('pattern:') ||
    d.rule.startsWith('shell:') ||
    d.rule === 'download-then-run' ||
    d.rule === 'html-comment' ||
    d.rule === 'hidden:zero-width' ||
    d.rule.startsWith('encoded:')
  );
}

/** A container build file: what it runs, runs inside the image being built, not on this machine. */
const CONTAINER_BUILD = /(^|\/)(Dockerfile|Containerfile)[^/]*$|\.dockerfile$/i;

/** Lowers a finding whose span only documents (example, reference, data) to a low lead. */
export function applyRole(d: FindingDraft, role: SpanRole): void {
  if (!lowerable(d)) return;
  if (
    role === 'code' &&
    CONTAINER_BUILD.test(d.path) &&
    (d.severity === 'high' || d.severity === 'critical')
  ) {
    d.severity = 'medium';
    d.message = `${d.message} (in a container build: it runs inside the image, not on this machine)`;
    return;
  }
  const documents =
    role === 'example' ||
    role === 'reference' ||
    role === 'data' ||
    (role === 'code' && PROSE_CODES.has(d.code));
  if (!documents) return;
  if (d.severity === 'info' || d.severity === 'low') return;
  d.severity = 'low';
  d.confidence = 'low';
  d.message = `${d.message} (in ${role === 'code' ? 'data' : role === 'example' ? 'an example' : role === 'data' ? 'data' : 'documentation'}: a lead for the reviewers, not an instruction)`;
}
