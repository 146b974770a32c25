/**
 * Gemini CLI's tools to normalized tool inputs: run_shell_command (run in `dir_path` when given), read_file,
 * read_many_files (every `include` glob is read below the working folder), write_file and replace (with their
 * change: `content`; `old_string`/`new_string`, every occurrence with `allow_multiple`), web_fetch (the
 * URLs written in its `prompt`: it fetches those), glob, grep_search, list_directory, mcp__* (./payload.ts
 * names MCP calls so), others. Pure but for ./rewrite-path.ts; a missing field is a problem, never a guess.
 */

import type { AdaptResult, ToolInput } from '../../../check';
import { isRecord } from '../../../core';
import { shellInFolder } from '../shell-in-folder';
import {
  field,
  mcpOrOther,
  one,
  optionalPath,
  rewriteTargets,
  searchLines,
  withChange,
  withLines,
} from '../tool-fields';
import { rewritePath } from './rewrite-path';

export function fromGemini(toolName: string, input: unknown, cwd: string): AdaptResult {
  return rewriteTargets(read(toolName, input, cwd), (path) => rewritePath(path, cwd));
}

/** The URLs written in a web_fetch prompt (Gemini fetches the http(s) URLs it finds there). */
export function promptUrls(prompt: string): string[] {
  return [...prompt.matchAll(/https?:\/\/[^\s<>"'`]+/gi)].map((m) => m[0].replace(/[.,;:!?)\]}]+$/, ''));
}

const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string')
      : [];

function searchIn(input: unknown, cwd: string, mode: 'names' | 'contents', globField?: string): AdaptResult {
  const path = optionalPath(input, cwd, 'dir_path', 'path');
  const globs = globField && isRecord(input) ? strings(input[globField]) : [];
  return {
    ok: true,
    inputs: [
      withLines(
        { kind: 'read', path, search: mode, globs },
        mode === 'contents' ? searchLines(input) : undefined,
      ),
    ],
  };
}

function read(toolName: string, input: unknown, cwd: string): AdaptResult {
  switch (toolName) {
    case 'run_shell_command': {
      const command = field(input, toolName, 'command');
      if (!command.ok) return command;
      const folder = isRecord(input) ? input.dir_path : undefined;
      return { ok: true, inputs: [{ kind: 'shell', command: shellInFolder(command.value, folder, cwd) }] };
    }
    case 'read_file':
      return one(field(input, toolName, 'file_path', 'absolute_path'), (path) => ({ kind: 'read', path }));
    case 'read_many_files': {
      const include = isRecord(input) ? strings(input.include ?? input.paths) : [];
      if (include.length === 0)
        return { ok: false, problem: 'tool `read_many_files`: `include` names no file' };
      return { ok: true, inputs: [{ kind: 'read', path: cwd, search: 'contents', globs: include }] };
    }
    case 'write_file':
      return one(field(input, toolName, 'file_path'), (path) => withChange({ kind: 'write', path }, input));
    case 'replace':
      return one(field(input, toolName, 'file_path'), (path) => withChange({ kind: 'edit', path }, input));
    case 'web_fetch': {
      const prompt = field(input, toolName, 'prompt');
      if (!prompt.ok) return prompt;
      const urls = promptUrls(prompt.value);
      if (urls.length === 0) return mcpOrOther(toolName, input);
      return { ok: true, inputs: urls.map((url): ToolInput => ({ kind: 'web_fetch', url })) };
    }
    case 'glob':
      return searchIn(input, cwd, 'names', 'pattern');
    case 'grep_search':
      return searchIn(input, cwd, 'contents', 'include_pattern');
    case 'list_directory':
      return searchIn(input, cwd, 'names');
    default:
      return mcpOrOther(toolName, input);
  }
}
