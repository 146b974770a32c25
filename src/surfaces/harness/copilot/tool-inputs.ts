/**
 * GitHub Copilot CLI's tools to normalized tool inputs, by their runtime names: bash, view, create, edit and
 * str_replace_editor (each with its change: `file_text`; `old_str`/`new_str`; an `insert` carries none),
 * apply_patch (every file its patch names, with its section), grep and rg, glob, web_fetch; and by the names
 * Claude Code gives them in a `PreToolUse` payload (Bash, Read, Write, Edit, Grep, Glob, WebFetch), whose
 * arguments stay Copilot's. powershell is judged as a tool gavel has no shape for (its commands are not POSIX
 * shell), MCP tools (`<server>-<tool>`, which cannot be split) likewise. Paths are opened as given, relative ones
 * against the working folder. Pure; a missing field is a problem, never a guess.
 */

import type { AdaptResult } from '../../../check';
import { isRecord } from '../../../core';
import { patchEdits } from '../codex/tool-inputs';
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

/** A `PreToolUse` payload's Claude Code name, back to Copilot's runtime name. */
const RUNTIME_NAME: Record<string, string> = {
  Bash: 'bash',
  Read: 'view',
  Write: 'create',
  Edit: 'edit',
  Grep: 'grep',
  Glob: 'glob',
  WebFetch: 'web_fetch',
};

function searchIn(input: unknown, cwd: string, mode: 'names' | 'contents', globField: string): AdaptResult {
  const path = optionalPath(input, cwd, 'path');
  const glob = isRecord(input) ? input[globField] : undefined;
  return {
    ok: true,
    inputs: [
      withLines(
        { kind: 'read', path, search: mode, globs: typeof glob === 'string' ? [glob] : [] },
        mode === 'contents' ? searchLines(input) : undefined,
      ),
    ],
  };
}

export function fromCopilot(toolName: string, input: unknown, cwd: string): AdaptResult {
  return rewriteTargets(read(toolName, input, cwd), (path) => rewritePath(path, cwd));
}

function read(toolName: string, input: unknown, cwd: string): AdaptResult {
  const name = Object.hasOwn(RUNTIME_NAME, toolName) ? (RUNTIME_NAME[toolName] as string) : toolName;
  switch (name) {
    case 'bash':
      return one(field(input, name, 'command'), (command) => ({ kind: 'shell', command }));
    case 'view':
      return one(field(input, name, 'path', 'file_path'), (path) => ({ kind: 'read', path }));
    case 'create':
      return one(field(input, name, 'path', 'file_path'), (path) =>
        withChange({ kind: 'write', path }, input),
      );
    case 'edit':
    case 'str_replace_editor':
      return one(field(input, name, 'path', 'file_path'), (path) =>
        withChange({ kind: 'edit', path }, input),
      );
    case 'apply_patch': {
      const body =
        typeof input === 'string'
          ? { ok: true as const, value: input }
          : field(input, name, 'input', 'patch', 'command');
      if (!body.ok) return body;
      const inputs = patchEdits(body.value);
      if (inputs.length === 0) return { ok: false, problem: 'tool `apply_patch`: the patch names no file' };
      return { ok: true, inputs };
    }
    case 'grep':
    case 'rg':
      return searchIn(input, cwd, 'contents', 'glob');
    case 'glob':
      return searchIn(input, cwd, 'names', 'pattern');
    case 'web_fetch':
      return one(field(input, name, 'url'), (url) => ({ kind: 'web_fetch', url }));
    default:
      return mcpOrOther(toolName, input);
  }
}
