/**
 * The everyday-session corpora (eval/corpora/check/everyday/*.json): a tool call as Claude Code sends it, in an
 * example workspace, labelled `ordinary` (a step of everyday agent work, with its ecosystem and step kind) or
 * `dangerous` (a look-alike of an issue-11 class, with its benign twin). Loading and the mapping of a case to
 * where it runs. Pure apart from reading the corpus folder.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { RequestWhere } from './decide-request';

export interface EverydayCase {
  id: string;
  label: 'ordinary' | 'dangerous';
  /** Ordinary steps: node, python, rust, go, jvm, ruby, c, shell, docker. */
  ecosystem?: string;
  /** Ordinary steps: read, search, test, build, format, lint, typecheck, commit, push, install, … */
  step?: string;
  /** Look-alikes: the issue-11 class (wrapper, exec-option, exec-variable, …) and the twin's id. */
  class?: string;
  twin?: string;
  /** The project root, under the fixed home `/home/dev`. */
  workspace: string;
  /** Folder the call runs in, relative to the workspace; default the workspace. */
  cwd?: string;
  /** Workspace files a runner would read (relative path -> text): the script reader's whole world. */
  files?: Record<string, string>;
  request: { tool_name: string; tool_input: unknown };
}

export const EVERYDAY_HOME = '/home/dev';

export function loadEveryday(dir: string): Array<{ file: string; cases: EverydayCase[] }> {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: f, cases: JSON.parse(readFileSync(join(dir, f), 'utf8')) as EverydayCase[] }));
}

/** Where a case runs: its workspace (or a folder in it), home `/home/dev`, temp `/tmp`, its files. */
export function whereOf(c: EverydayCase): RequestWhere {
  const where: RequestWhere = {
    cwd: c.cwd ? posix.join(c.workspace, c.cwd) : c.workspace,
    home: EVERYDAY_HOME,
    workspaceRoots: [c.workspace],
    tempDirs: ['/tmp'],
  };
  if (c.files)
    where.files = new Map(Object.entries(c.files).map(([rel, text]) => [posix.join(c.workspace, rel), text]));
  return where;
}
