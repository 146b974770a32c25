/**
 * Codex's tools to normalized tool inputs: Bash (shell, unified exec; a `command` argument vector is the shell
 * command running the same words), apply_patch (its patch in `command`:
 * every file it names is a target), mcp__*, others. Pure; a missing field is a problem, never a guess.
 */

import { isAbsolute, resolve } from 'node:path';
import type { AdaptResult, FileChange, ToolInput } from '../../../check';
import { isRecord } from '../../../core';
import { shellInFolder } from '../shell-in-folder';
import { field, mcpOrOther, rewriteTargets } from '../tool-fields';
import { rewritePath } from './rewrite-path';

/**
 * File paths named by a Codex `apply_patch` body (`*** Add File:`, `*** Update File:`, `*** Delete File:`,
 * `*** Move to:`), read as leniently as Codex's own parser: a header may be indented or carry trailing blanks,
 * lines may end in `\r`, and a path may hold any character but a newline (U+2028 too).
 */
export function patchPaths(patch: string): string[] {
  const paths: string[] = [];
  for (const line of patch.split('\n')) {
    const m = /^\*\*\* ?(?:Add File|Update File|Delete File|Move to):[ \t]*([^\n]+)$/.exec(line.trim());
    const path = m?.[1]?.replace(/[ \t\r]+$/, '');
    if (path) paths.push(path);
  }
  return paths;
}

/**
 * Each added or updated file's section of a Codex patch (its lines up to the next `*** ` header), by path as
 * the header names it: what the patch puts into that file, for reading the commands it adds to a runner's file. A
 * file two sections name has none.
 */
export function patchSections(patch: string): Map<string, FileChange> {
  const out = new Map<string, FileChange>();
  const repeated = new Set<string>();
  let current: { lines: string[]; add: boolean } | undefined;
  for (const raw of patch.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const m = /^\*\*\* ?(Add File|Update File|Delete File|Move to|End Patch|Begin Patch)\b:?[ \t]*(.*)$/.exec(
      line.trim(),
    );
    if (m) {
      // `*** Move to:` follows its `*** Update File:` header; the hunks after it are still that file's.
      if (m[1] === 'Move to') continue;
      current = undefined;
      const path = m[2]?.replace(/[ \t\r]+$/, '');
      if ((m[1] === 'Add File' || m[1] === 'Update File') && path) {
        if (out.has(path)) repeated.add(path);
        current = { lines: [], add: m[1] === 'Add File' };
        out.set(path, { kind: 'patch', ...current });
      }
      continue;
    }
    current?.lines.push(line);
  }
  // A file named by two sections: what it ends as is not one section's change (none is given; uncertain).
  for (const path of repeated) out.delete(path);
  return out;
}

/**
 * Every file a patch names as an edit target, each with its section of the patch as its change (the one
 * normalised file change of every harness whose tool takes this patch format: Codex, OpenCode, Copilot).
 */
export function patchEdits(patch: string, at: (path: string) => string = (p) => p): ToolInput[] {
  const sections = patchSections(patch);
  return patchPaths(patch).map((path): ToolInput => {
    const change = sections.get(path);
    return change ? { kind: 'edit', path: at(path), change } : { kind: 'edit', path: at(path) };
  });
}

/** A shell command that runs `apply_patch` on a patch it carries (a here-document, an argument): Codex applies it. */
function shellPatch(command: string, at: (path: string) => string): ToolInput[] {
  if (!/\bapply_patch\b|\bapplypatch\b/.test(command) || !command.includes('*** Begin Patch')) return [];
  return patchEdits(command, at);
}

export function fromCodex(toolName: string, input: unknown, cwd = ''): AdaptResult {
  return rewriteTargets(read(toolName, input, cwd), (path) => rewritePath(path, cwd));
}

/**
 * The shell tool's `command` given as an argument vector (`["bash", "-lc", "cargo test"]`), which Codex runs
 * without a shell: the one shell command that runs the same words, each quoted unless it is plain.
 */
export function argvCommand(input: unknown): string | undefined {
  const argv = isRecord(input) ? input.command : undefined;
  if (!Array.isArray(argv) || argv.length === 0) return undefined;
  if (!argv.every((a): a is string => typeof a === 'string')) return undefined;
  return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`)).join(' ');
}

function read(toolName: string, input: unknown, cwd: string): AdaptResult {
  switch (toolName) {
    case 'Bash':
    case 'shell':
    case 'exec_command':
    case 'local_shell': {
      const argv = argvCommand(input);
      const command =
        argv === undefined ? field(input, toolName, 'command', 'cmd') : { ok: true as const, value: argv };
      if (!command.ok) return command;
      // The exec tools run in `workdir` when given: judged as `cd '<workdir>' && <command>`.
      const folder = isRecord(input) ? input.workdir : undefined;
      const inFolder = shellInFolder(command.value, folder, cwd);
      const base =
        typeof folder === 'string' && folder !== '' && cwd !== '' ? resolve(cwd, folder) : undefined;
      // `apply_patch <<'EOF'` through the shell tool: the shell command and every file the patch names.
      const edits = shellPatch(command.value, (path) =>
        base && !isAbsolute(path) ? resolve(base, path) : path,
      );
      // Asked to run outside Codex's sandbox (`sandbox_permissions` other than the default, or the older
      // `with_escalated_permissions`): Codex's own approval decides, never gavel's allow.
      const escalated =
        isRecord(input) &&
        ((typeof input.sandbox_permissions === 'string' && input.sandbox_permissions !== 'use_default') ||
          input.with_escalated_permissions === true);
      const shell: ToolInput = escalated
        ? { kind: 'shell', command: inFolder, leavesSandbox: true }
        : { kind: 'shell', command: inFolder };
      return { ok: true, inputs: [shell, ...edits] };
    }
    case 'apply_patch': {
      const body = field(input, toolName, 'command', 'patch', 'input');
      if (!body.ok) return body;
      const inputs = patchEdits(body.value);
      if (inputs.length === 0) return { ok: false, problem: 'tool `apply_patch`: the patch names no file' };
      return { ok: true, inputs };
    }
    default:
      return mcpOrOther(toolName, input);
  }
}
