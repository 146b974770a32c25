/**
 * pi's tools to normalized tool inputs: bash, read, write, edit, grep, find, ls; anything else is a custom
 * tool. Pure; a missing field is a problem, never a guess.
 */

import type { AdaptResult } from '../../../check';
import { field, mcpOrOther, one, rewriteTargets, search, searchLines, withChange } from '../tool-fields';
import { rewritePath } from './rewrite-path';

export function fromPi(toolName: string, input: unknown, cwd: string): AdaptResult {
  return rewriteTargets(read(toolName, input, cwd), (path) => rewritePath(path, cwd));
}

function read(toolName: string, input: unknown, cwd: string): AdaptResult {
  switch (toolName) {
    case 'bash':
      return one(field(input, toolName, 'command'), (command) => ({ kind: 'shell', command }));
    case 'read':
      return one(field(input, toolName, 'path', 'file_path'), (path) => ({ kind: 'read', path }));
    case 'write':
      return one(field(input, toolName, 'path', 'file_path'), (path) =>
        withChange({ kind: 'write', path }, input),
      );
    case 'edit':
      return one(field(input, toolName, 'path', 'file_path'), (path) =>
        withChange({ kind: 'edit', path }, input),
      );
    case 'grep':
      return search(input, cwd, 'contents', 'glob', searchLines(input));
    case 'find':
      return search(input, cwd, 'names', 'pattern');
    case 'ls':
      return search(input, cwd, 'names');
    default:
      return mcpOrOther(toolName, input);
  }
}
