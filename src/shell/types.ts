/**
 * The contract between shell analysis (src/shell) and its users (action review, the judge): what one shell command
 * is found to do. Types only. Produced by `analyzeShell`; consumed by the floor, the policy and the reviewer.
 */

import type { Category } from './category';

/** Where a path points, after resolving against cwd, `~` and $HOME. */
export type PathClass = 'workspace' | 'temp' | 'home' | 'sensitive' | 'system' | 'outside';

export interface PathRef {
  /** As written in the command. */
  raw: string;
  /** Absolute, normalized; undefined when it depends on dynamic text. */
  resolved?: string;
  class: PathClass;
  role: 'read' | 'write' | 'delete' | 'exec' | 'arg';
}

export interface HostRef {
  host: string;
  /** Loopback and unix sockets are local. */
  local: boolean;
  via: string; // program or construct: curl, ssh, /dev/tcp, ...
}

export interface CategoryHit {
  category: Category;
  /** One sentence a person can act on, written by gavel (never untrusted text). */
  reason: string;
  /** Index of the segment in `segments`. */
  segment: number;
}

export interface Segment {
  /** argv after unwrapping, with literal words decoded; dynamic words shown as `$…`. */
  argv: string[];
  /** Wrappers peeled off, outermost first: sudo, env, timeout, bash -c, ... */
  wrappers: string[];
  /** Nesting: `top`, `subshell`, `substitution`, `process-substitution`, `function`, `interpreter`. */
  context: string;
  paths: PathRef[];
  hosts: HostRef[];
}

export interface Uncertainty {
  /** e.g. `dynamic-command`, `decoded-payload`, `unknown-option`, `parse-error`, `depth-limit`. */
  code: string;
  reason: string;
  segment?: number;
}

export interface ShellAnalysis {
  segments: Segment[];
  hits: CategoryHit[];
  uncertain: Uncertainty[];
  /** True when data from a sensitive source flows into a network sink (pipe or substitution). */
  sensitiveToNetwork: boolean;
}

export interface ShellEnv {
  cwd: string;
  home: string;
  workspaceRoots: readonly string[];
  tempDirs: readonly string[];
}
