/**
 * Extracts the shell commands a unit would run, with their lines: shell code fences, inline code that
 * starts with a command, shell script lines, hook commands and MCP server commands; and Python and
 * JavaScript fences, handed to the interpreter as a here-document so the shell analysis reads them with
 * the same interpreter-code reading action review uses (a one-line reading: whole script files would
 * pair any URL with any environment read; the line patterns rate them). Pure. The commands go
 * to the injected shell analyzer (src/shell); this file parses no shell itself.
 */

import type { FileView } from './file-view';

export interface ShellSnippet {
  path: string;
  startLine: number;
  endLine: number;
  command: string;
  /** Where it came from: decides the code a danger is reported under. */
  source: 'fence' | 'inline' | 'script' | 'hook' | 'mcp';
  /** Interpreter code (Python, JavaScript) wrapped as a here-document: findings point at a line inside. */
  code?: boolean;
}

/** Fence languages and file names of interpreter code, and the interpreter that reads them. */
const PYTHON_LANGS = new Set(['python', 'py', 'python3', 'py3']);
const JS_LANGS = new Set(['javascript', 'js', 'node', 'mjs', 'cjs', 'typescript', 'ts', 'jsx', 'tsx']);

/** Longest interpreter code handed to the analyzer (its own limit is 100,000 characters a command). */
const MAX_CODE_CHARS = 90_000;

/** `code` as a here-document fed to `interpreter`, with a delimiter the code does not hold. */
export function asHereDoc(interpreter: 'python3' | 'node', code: string): string | undefined {
  if (code.length > MAX_CODE_CHARS) return undefined;
  let tag = 'GAVEL_CODE';
  for (let i = 0; code.includes(tag); i++) tag = `GAVEL_CODE_${i}`;
  return `${interpreter} - <<'${tag}'\n${code}\n${tag}`;
}

function interpreterOf(lang: string | undefined): 'python3' | 'node' | undefined {
  if (lang === undefined) return undefined;
  if (PYTHON_LANGS.has(lang)) return 'python3';
  if (JS_LANGS.has(lang)) return 'node';
  return undefined;
}

const SHELL_LANGS = new Set([
  'bash',
  'sh',
  'shell',
  'zsh',
  'console',
  'terminal',
  'shell-session',
  'shellsession',
]);
const COMMAND_START =
  /^(sudo\s+)?(curl|wget|bash|sh|zsh|rm|chmod|chown|python3?|node|npx|uvx|pip3?|npm|git|ssh|scp|nc|eval|base64|dd|mkfs|crontab|find|xargs|cat|tar|source)\b/;

function joinContinuations(
  lines: { n: number; text: string }[],
): { start: number; end: number; text: string }[] {
  const out: { start: number; end: number; text: string }[] = [];
  let cur: { start: number; end: number; text: string } | undefined;
  for (const { n, text } of lines) {
    if (cur) {
      cur.text += ` ${text.trim()}`;
      cur.end = n;
    } else cur = { start: n, end: n, text: text.trim() };
    if (cur.text.endsWith('\\')) {
      cur.text = cur.text.slice(0, -1);
      continue;
    }
    out.push(cur);
    cur = undefined;
  }
  if (cur) out.push(cur);
  return out;
}

export function snippetsFromView(view: FileView): ShellSnippet[] {
  const out: ShellSnippet[] = [];
  const push = (start: number, end: number, command: string, source: ShellSnippet['source']) => {
    const cmd = command.trim();
    if (cmd !== '' && !cmd.startsWith('#'))
      out.push({ path: view.path, startLine: start, endLine: end, command: cmd, source });
  };
  const pushCode = (
    start: number,
    end: number,
    interpreter: 'python3' | 'node',
    code: string,
    source: ShellSnippet['source'],
  ) => {
    const command = code.trim() === '' ? undefined : asHereDoc(interpreter, code);
    if (command) out.push({ path: view.path, startLine: start, endLine: end, command, source, code: true });
  };
  if (view.type === 'markdown') {
    let block: { n: number; text: string }[] = [];
    let codeBlock: { start: number; interpreter: 'python3' | 'node'; lines: string[] } | undefined;
    const flush = () => {
      for (const l of joinContinuations(block)) push(l.start, l.end, l.text.replace(/^\$\s+/, ''), 'fence');
      block = [];
    };
    const flushCode = () => {
      if (codeBlock)
        pushCode(
          codeBlock.start,
          codeBlock.start + codeBlock.lines.length - 1,
          codeBlock.interpreter,
          codeBlock.lines.join('\n'),
          'fence',
        );
      codeBlock = undefined;
    };
    view.lines.forEach((text, i) => {
      const lang = view.fence[i];
      const interpreter = interpreterOf(lang);
      if (interpreter && codeBlock?.interpreter === interpreter) codeBlock.lines.push(text);
      else {
        flushCode();
        if (interpreter) codeBlock = { start: i + 1, interpreter, lines: [text] };
      }
      if (lang !== undefined && SHELL_LANGS.has(lang)) block.push({ n: i + 1, text });
      else if (block.length > 0) flush();
      if (lang === undefined) {
        for (const m of text.matchAll(/`([^`\n]{4,400})`/g)) {
          const code = (m[1] ?? '').trim();
          if (COMMAND_START.test(code)) push(i + 1, i + 1, code, 'inline');
        }
      }
    });
    flush();
    flushCode();
    return out;
  }
  if (view.type === 'script' && /\.(sh|bash|zsh)$|^[^.]+$/.test(view.path.split('/').pop() ?? '')) {
    const first = view.lines[0] ?? '';
    const isShell = /\.(sh|bash|zsh)$/.test(view.path) || /^#!.*\b(ba|z|da)?sh\b/.test(first);
    if (!isShell) return out;
    const lines = view.lines.map((text, i) => ({ n: i + 1, text })).filter((l) => !/^\s*(#|$)/.test(l.text));
    for (const l of joinContinuations(lines)) push(l.start, l.end, l.text, 'script');
  }
  return out;
}

/** The 1-based line of the first line of `lines` that contains `needle`, else 1. */
export function lineOf(lines: readonly string[], needle: string): number {
  const i = lines.findIndex((l) => l.includes(needle));
  return i < 0 ? 1 : i + 1;
}
