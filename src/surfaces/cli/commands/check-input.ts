/**
 * What `gavel check` reads, said to a person: the request's fields for `--help`, the message for a terminal
 * with nothing piped, and a hint when a problem names an input field the request spelt the way a harness
 * does (`file_path` for `path`). Pure; never quotes a value of the request, only its key names.
 */

import { isRecord } from '../../../core';

/** The input fields of each tool kind, for the help text. */
export const INPUT_FIELDS = [
  'Input fields by tool:',
  '  shell      {"command": "ls -la"}',
  '  read       {"path": "src/app.ts"}',
  '  write      {"path": "out.txt"}',
  '  edit       {"path": "src/app.ts"}',
  '  web_fetch  {"url": "https://example.com"}',
  '  mcp        {"server": "github", "tool": "create_issue", "arguments": {...}}',
  '  other      {"arguments": {...}}',
  'A harness payload (`tool_name`, `tool_input`, as Claude Code sends it) is read as that harness would.',
  "In gavel's own shape a path is `path`: `file_path`, `filePath` and `file` are harness spellings.",
].join('\n');

export const NOTHING_PIPED =
  'no request on stdin: pipe one JSON tool call, e.g. `echo \'{"tool":"shell","input":{"command":"ls"}}\' | gavel check`, or pass `--file FILE`';

/** gavel's field for each spelling harnesses use. */
const SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  path: ['file_path', 'filePath', 'file', 'filename', 'notebook_path'],
  command: ['cmd', 'script'],
  url: ['uri', 'href'],
};

/** ` (the request has \`file_path\`: gavel's own shape calls it \`path\`)` when that explains `problem`. */
export function spellingHint(request: unknown, problem: string): string {
  const input = isRecord(request) && isRecord(request.input) ? request.input : undefined;
  if (!input) return '';
  for (const [field, spellings] of Object.entries(SPELLINGS)) {
    if (!problem.includes(`\`input.${field}\``)) continue;
    const found = spellings.find((s) => s in input);
    if (found) return ` (the request has \`input.${found}\`: gavel's own shape calls it \`input.${field}\`)`;
  }
  return '';
}
