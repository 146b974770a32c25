/**
 * Claude Code's tools to normalized tool inputs: Bash, Read, Write, Edit, MultiEdit, NotebookEdit, WebFetch,
 * Grep, Glob, LS, mcp__*, others. Pure; a missing field is a problem, never a guess.
 */

import type { AdaptResult } from '../../../check';
import { isRecord } from '../../../core';
import { field, mcpOrOther, one, rewriteTargets, search, searchLines, withChange } from '../tool-fields';
import { rewritePath } from './rewrite-path';

export function fromClaudeCode(toolName: string, input: unknown, cwd: string): AdaptResult {
  return rewriteTargets(read(toolName, input, cwd), (path) => rewritePath(path, cwd));
}

function read(toolName: string, input: unknown, cwd: string): AdaptResult {
  switch (toolName) {
    case 'Bash':
      return one(field(input, toolName, 'command'), (command) =>
        isRecord(input) && input.dangerouslyDisableSandbox === true
          ? { kind: 'shell', command, leavesSandbox: true }
          : { kind: 'shell', command },
      );
    case 'Read':
      return one(field(input, toolName, 'file_path'), (path) => ({ kind: 'read', path }));
    case 'Write':
      return one(field(input, toolName, 'file_path'), (path) => withChange({ kind: 'write', path }, input));
    case 'Edit':
    case 'MultiEdit':
      return one(field(input, toolName, 'file_path'), (path) => withChange({ kind: 'edit', path }, input));
    case 'NotebookEdit':
      return one(field(input, toolName, 'notebook_path'), (path) => {
        const source = (input as { new_source?: unknown }).new_source;
        // A deleted cell runs nothing from then on: an empty cell. A cell of no readable source is uncertain.
        const text = (input as { edit_mode?: unknown }).edit_mode === 'delete' ? '' : source;
        return typeof text === 'string'
          ? { kind: 'edit', path, change: { kind: 'cell', text } }
          : { kind: 'edit', path };
      });
    case 'WebFetch':
      return one(field(input, toolName, 'url'), (url) => ({ kind: 'web_fetch', url }));
    case 'Grep':
      return search(input, cwd, 'contents', 'glob', searchLines(input, true));
    case 'Glob':
      return search(input, cwd, 'names', 'pattern');
    case 'LS':
      return search(input, cwd, 'names');
    default:
      return mcpOrOther(toolName, input);
  }
}
