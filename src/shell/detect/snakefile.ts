/**
 * A Snakefile (`Snakefile`, `*.smk`) read as snakemake reads it: Python with rules. A rule's `shell:` text and a
 * `shell("…")` call are the shell commands snakemake runs (`{output}`-style placeholders stay as written); the
 * declarations of what a rule takes and makes are data; `include:` names another Snakefile; `script:`, `notebook:`,
 * `wrapper:`, `cwl:`, `module` and `use rule` run code or another workflow gavel does not read; every other line is
 * Python the workflow runs (at load, while it builds the job graph, in a `run:` block or a handler) and counts as
 * code unless it reads as inert (inert-python.ts). A shell text gavel cannot read as literal strings (an f-string, a
 * name, a triple-quoted block) counts as code. Pure.
 */

import { inertPython } from './inert-python';

export type SnakeEntry =
  | { kind: 'shell'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'include'; text: string }
  /** A directive that runs a file, a notebook, a downloaded wrapper or another workflow when the job runs. */
  | { kind: 'runs'; text: string };

/** Directives that declare what a rule takes and makes, or how it is scheduled: data, not code run. */
const SNAKE_DATA =
  /^(?:rule|checkpoint)\s+\w+\s*:$|^(?:input|output|params|log|threads|resources|benchmark|message|wildcard_constraints|localrules|ruleorder|priority|group|shadow|retries|default_target|handover|cache|envmodules|conda|container|singularity|name|configfile|pepfile|pepschema|workdir|report)\s*:/;
/** Blocks of Python snakemake runs: a rule's `run:`, and the workflow's `onstart:`/`onsuccess:`/`onerror:` handlers. */
const SNAKE_PYTHON = /^(?:run|onstart|onsuccess|onerror)\s*:\s*$/;
/** Directives that run a file, a notebook, a wrapper or another workflow. */
const SNAKE_RUNS =
  /^(?:script|notebook|wrapper|cwl|template_engine)\s*:|^module\s+\w+\s*:|^use\s+rule\b|^subworkflow\b/;
/** A Python string literal alone (no f-string, no concatenation with a name): the text of a shell command. */
const SNAKE_LITERAL = /^[rR]?(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*,?$/;

const indentOf = (line: string) => line.length - line.trimStart().length;
const unslash = (s: string) => s.replace(/\\(.)/g, '$1');

export function readSnakefile(text: string): SnakeEntry[] {
  const out: SnakeEntry[] = [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k] as string;
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const directive = /^shell\s*:\s*(.*)$/.exec(t);
    if (directive) {
      // The literal strings of the directive: on its line and on the lines indented below it.
      const parts = directive[1] ? [directive[1]] : [];
      while (
        k + 1 < lines.length &&
        (lines[k + 1]?.trim() === '' || indentOf(lines[k + 1] as string) > indentOf(line))
      )
        parts.push((lines[++k] as string).trim());
      const words = parts.filter((p) => p !== '' && !p.startsWith('#')).map((p) => SNAKE_LITERAL.exec(p));
      if (words.length === 0 || words.some((m) => m === null)) out.push({ kind: 'code', text: t });
      else out.push({ kind: 'shell', text: unslash(words.map((m) => m?.[1] ?? m?.[2] ?? '').join('')) });
      continue;
    }
    const include = /^include\s*:\s*(.*)$/.exec(t);
    if (include) {
      const literal = SNAKE_LITERAL.exec(include[1] ?? '');
      out.push(
        literal
          ? { kind: 'include', text: unslash(literal[1] ?? literal[2] ?? '') }
          : { kind: 'code', text: t },
      );
      continue;
    }
    if (SNAKE_RUNS.test(t)) {
      out.push({ kind: 'runs', text: t });
      continue;
    }
    if (SNAKE_DATA.test(t) || SNAKE_PYTHON.test(t)) continue;
    // `shell("…")` in Python: the literal it runs; anything else computed.
    const call = /^shell\(\s*([rR]?(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'))\s*\)$/.exec(t);
    const literal = call ? SNAKE_LITERAL.exec(call[1] as string) : null;
    if (literal) out.push({ kind: 'shell', text: unslash(literal[1] ?? literal[2] ?? '') });
    else if (/\bshell\b/.test(t) || !inertPython(t)) out.push({ kind: 'code', text: t });
  }
  return out;
}
