/**
 * OpenCode's tools to normalized tool inputs: bash (run in `workdir` when given), read, write, edit, multiedit
 * (each with its change: `content`; `oldString`/`newString`/`replaceAll`; `edits`), apply_patch (every file its
 * `patchText` names, with its section), glob, grep, list, webfetch; anything else (task, todo, skill,
 * an MCP tool named `<server>_<tool>`, which cannot be split) is a tool gavel has no shape for. OpenCode opens a
 * relative `filePath` against its working folder, as gavel resolves it. Pure; a missing field is a problem,
 * never a guess.
 */

import type { AdaptResult } from '../../../check';
import { isRecord } from '../../../core';
import { patchEdits } from '../codex/tool-inputs';
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

function searchIn(input: unknown, cwd: string, mode: 'names' | 'contents', globField?: string): AdaptResult {
  const path = optionalPath(input, cwd, 'path');
  const glob = globField && isRecord(input) ? input[globField] : undefined;
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

export function fromOpenCode(toolName: string, input: unknown, cwd: string): AdaptResult {
  return rewriteTargets(read(toolName, input, cwd), (path) => rewritePath(path, cwd));
}

function read(toolName: string, input: unknown, cwd: string): AdaptResult {
  switch (toolName) {
    case 'bash': {
      const command = field(input, toolName, 'command');
      if (!command.ok) return command;
      const folder = isRecord(input) ? input.workdir : undefined;
      return { ok: true, inputs: [{ kind: 'shell', command: shellInFolder(command.value, folder, cwd) }] };
    }
    case 'read':
      return one(field(input, toolName, 'filePath'), (path) => ({ kind: 'read', path }));
    case 'write':
      return one(field(input, toolName, 'filePath', 'path'), (path) =>
        withChange({ kind: 'write', path }, input),
      );
    case 'edit':
    case 'multiedit':
      return one(field(input, toolName, 'filePath', 'path'), (path) =>
        withChange({ kind: 'edit', path }, input),
      );
    case 'apply_patch': {
      const body = field(input, toolName, 'patchText', 'patch', 'input');
      if (!body.ok) return body;
      const inputs = patchEdits(body.value);
      if (inputs.length === 0) return { ok: false, problem: 'tool `apply_patch`: the patch names no file' };
      return { ok: true, inputs };
    }
    case 'glob':
      return searchIn(input, cwd, 'names', 'pattern');
    case 'grep':
      return searchIn(input, cwd, 'contents', 'include');
    case 'list':
      return searchIn(input, cwd, 'names');
    case 'webfetch':
      return one(field(input, toolName, 'url'), (url) => ({ kind: 'web_fetch', url }));
    default:
      return mcpOrOther(toolName, input);
  }
}
