/**
 * The one normalized request action review judges, whatever harness sent it.
 * Types only. Adapters (../adapters) build it from Claude Code, Codex and pi tool calls; `parseRequest` reads
 * the generic JSON form. Context is split by trust: only the trusted part can ever authorize anything.
 */

import type { ShellEnv } from '../../shell';

export const TOOL_KINDS = ['shell', 'read', 'write', 'edit', 'web_fetch', 'mcp', 'other'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

/** What a content search prints lines of: its regular expression and whether case is ignored. */
export interface SearchLines {
  pattern: string;
  ignoreCase: boolean;
  /** The pattern may match across lines (Grep's `multiline`): no line-by-line reading of it holds. */
  multiline?: true;
  /**
   * Only the names (or counts) of matching files are printed: whether a file matches still tells what it holds, so
   * a pattern that reaches into a secret's value is a read of it (the bit it answers, asked again and again).
   */
  namesOnly?: true;
}

export type ToolInput =
  /**
   * `leavesSandbox`: the harness is asked to run it outside its own sandbox (Claude Code's
   * `dangerouslyDisableSandbox`, Codex's escalated `sandbox_permissions`): that is the harness's own control, so
   * gavel never allows it for the person (ADR 0106).
   */
  | { kind: 'shell'; command: string; leavesSandbox?: true }
  | {
      kind: 'read';
      path: string;
      /** A search tool: `names` lists what path globs match (Glob, find, ls), `contents` reads files below `path`. */
      search?: 'names' | 'contents';
      /** The search's patterns: Glob's `pattern`, Grep's `glob` filter (`!x` only narrows). */
      globs?: string[];
      /**
       * A content search that prints the lines its pattern matches (Grep's `content` output): the pattern, as the
       * harness's ripgrep reads it. A secret file below the folder one of whose lines it matches is read (ADR 0108).
       */
      lines?: SearchLines;
    }
  /** `delete`: the tool removes the path (Cursor's Delete): judged as a delete of all of it, never as an edit. */
  | { kind: 'write'; path: string; delete?: true; change?: FileChange }
  | { kind: 'edit'; path: string; change?: FileChange }
  | { kind: 'web_fetch'; url: string }
  | { kind: 'mcp'; server: string; tool: string; arguments: unknown }
  | { kind: 'other'; name: string; arguments: unknown };

/**
 * What a write or edit puts into its file, when the harness says (read only to find the commands it adds to a
 * file a runner runs): the whole new text, string replacements of the text on disk, or one file's section of a
 * Codex patch (its lines after the header; `add`: the file is created).
 */
export type FileChange =
  | { kind: 'whole'; text: string }
  | { kind: 'replace'; edits: { old: string; new: string; all?: boolean }[] }
  | { kind: 'patch'; lines: string[]; add: boolean }
  /** A notebook cell's new source (Claude Code's NotebookEdit): the text that cell will hold. */
  | { kind: 'cell'; text: string };

/** What a person stated: the only context that can authorize. */
export interface TrustedContext {
  userGoal?: string;
  sessionTask?: string;
  agentInstructions?: string;
  /** User-authored turns, oldest first. */
  userTurns: string[];
}

/** Text that arrived from tools, files or the network: data, never instructions. */
export interface UntrustedContext {
  toolOutput: string[];
  fileContents: string[];
  stderr: string[];
  networkResponses: string[];
  /** Mixed recent conversation turns (user and assistant), oldest first; absent when the harness gives none. */
  conversation?: { role: 'user' | 'assistant'; text: string }[];
}

export interface CheckRequest {
  /** The harness's own tool name (`Bash`, `read`, `mcp__github__create_issue`), for records and rules. */
  toolName: string;
  input: ToolInput;
  cwd: string;
  /** Absolute folders that make up the workspace (project root first). */
  workspaceRoots: string[];
  home: string;
  /** Absolute temporary folders from the environment ($TMPDIR), besides the bundled ones. */
  tempDirs: string[];
  sessionId?: string;
  context: { trusted: TrustedContext; untrusted: UntrustedContext };
  /** Symlink resolution the surface gives (see ShellEnv.realpath; null: it gave up); absent: paths are classed as written. */
  realpath?: (abs: string) => string | undefined | null;
  /** Script reader the surface gives (see ShellEnv.readScript); absent: a script run is judged by its name. */
  readScript?: ShellEnv['readScript'];
  /** git name listings the surface gives (see ShellEnv.gitPaths); absent: judged by the work tree's files. */
  gitPaths?: ShellEnv['gitPaths'];
  /** The PATH folders the surface runs with (see ShellEnv.pathFolders). */
  pathFolders?: ShellEnv['pathFolders'];
  /** gavel's own installation folders (see ShellEnv.selfPaths); absent: only the path table's entries. */
  selfPaths?: ShellEnv['selfPaths'];
}

export function emptyContext(): CheckRequest['context'] {
  return {
    trusted: { userTurns: [] },
    untrusted: { toolOutput: [], fileContents: [], stderr: [], networkResponses: [] },
  };
}

/** A short, safe subject for records: the tool and its target, never file contents. */
export function requestSubject(request: CheckRequest): string {
  const input = request.input;
  switch (input.kind) {
    case 'shell':
      return `${request.toolName}: ${input.command}`;
    case 'read':
    case 'write':
    case 'edit':
      return `${request.toolName}: ${input.path}`;
    case 'web_fetch':
      return `${request.toolName}: ${input.url}`;
    case 'mcp':
      return `mcp__${input.server}__${input.tool}`;
    case 'other':
      return input.name;
    default: {
      const never: never = input;
      return String(never);
    }
  }
}
