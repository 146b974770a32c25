/**
 * Cursor's tools to normalized tool inputs: Shell, Read, Write, Edit and StrReplace (each with its change when it
 * carries one whole: `contents`/`content`; `old_string`/`new_string`; an edit sketch carries none), Delete (judged as a
 * delete of all the path names), Grep, Glob, LS; `MCP:<tool>` and anything else is a tool gavel has no shape for (an
 * MCP tool's server is not named). Path fields are read under every name Cursor's tools use (`file_path`,
 * `path`, `target_file`); relative paths are opened against the working folder. Pure; a missing field is a
 * problem, never a guess.
 */

import type { AdaptResult } from '../../../check';
import { isRecord } from '../../../core';
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

const PATH_FIELDS = ['file_path', 'path', 'target_file', 'filePath'] as const;

function searchIn(
  input: unknown,
  cwd: string,
  mode: 'names' | 'contents',
  globFields: string[],
): AdaptResult {
  const path = optionalPath(input, cwd, 'path', 'target_directory', 'directory');
  const globs = globFields.flatMap((f) => {
    const v = isRecord(input) ? input[f] : undefined;
    return typeof v === 'string' ? [v] : [];
  });
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

export function fromCursor(toolName: string, input: unknown, cwd: string): AdaptResult {
  return rewriteTargets(read(toolName, input, cwd), (path) => rewritePath(path, cwd));
}

function read(toolName: string, input: unknown, cwd: string): AdaptResult {
  switch (toolName) {
    case 'Shell':
      return one(field(input, toolName, 'command'), (command) => ({ kind: 'shell', command }));
    case 'Read':
      return one(field(input, toolName, ...PATH_FIELDS), (path) => ({ kind: 'read', path }));
    case 'Write':
      return one(field(input, toolName, ...PATH_FIELDS), (path) =>
        withChange({ kind: 'write', path }, input),
      );
    case 'Edit':
    case 'StrReplace':
      return one(field(input, toolName, ...PATH_FIELDS), (path) => withChange({ kind: 'edit', path }, input));
    case 'Delete': {
      // A delete of all the path names (home, `/` or a system root is the floor's, as `rm -rf` of it is), and
      // a change of that file as an edit is (a hook, gavel's own config): the stricter reading decides.
      const path = field(input, toolName, ...PATH_FIELDS);
      if (!path.ok) return path;
      return {
        ok: true,
        inputs: [
          { kind: 'write', path: path.value, delete: true },
          { kind: 'edit', path: path.value, change: { kind: 'whole', text: '' } },
        ],
      };
    }
    case 'Grep':
      return searchIn(input, cwd, 'contents', ['glob', 'include']);
    case 'Glob':
      return searchIn(input, cwd, 'names', ['glob_pattern', 'pattern']);
    case 'LS':
      return searchIn(input, cwd, 'names', []);
    default:
      return mcpOrOther(toolName, input);
  }
}
