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
  /** The word held an unquoted glob (`*`, `?`, `[`): `resolved` is the folder it expands in. */
  glob?: boolean;
  /** A workspace path inside a build output or cache folder (`dist`, `node_modules`, `target`, …). */
  generated?: boolean;
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

export type SegmentContext =
  | 'top'
  | 'subshell'
  | 'substitution'
  | 'process-substitution'
  | 'function'
  | 'shell-string'
  | 'stdin-script';

export interface Segment {
  /** The program after unwrapping, lower-cased basename (`git`, `rm`); `$…` when dynamic. */
  program: string;
  /** argv after unwrapping, with literal words decoded; dynamic words shown as `$…`. */
  argv: string[];
  /** Wrappers peeled off, outermost first: sudo, env, timeout, bash -c, ... */
  wrappers: string[];
  /** Nesting: `top`, `subshell`, `substitution`, `process-substitution`, `function`, `shell-string`, `stdin-script`. */
  context: SegmentContext;
  paths: PathRef[];
  hosts: HostRef[];
}

export const UNCERTAINTY_CODES = [
  'parse-error',
  'depth-limit',
  'dynamic-command',
  'dynamic-script',
  'decoded-payload',
  'unknown-option',
  'interpreter-effect',
  'dynamic-path',
  'too-large',
  'analysis-error',
  // raised by action review around the analysis, not by the analyzer itself
  'no-analysis', // no analyzer ran (the stand-in, or it failed to load)
  'empty', // an empty command
  'invalid-url', // a web fetch whose URL cannot be parsed
] as const;
export type UncertaintyCode = (typeof UNCERTAINTY_CODES)[number];

export interface Uncertainty {
  code: UncertaintyCode;
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

/** Treat as immutable: analyses cache derived data per ShellEnv object. */
export interface ShellEnv {
  readonly cwd: string;
  readonly home: string;
  /** Roots of the project(s) the agent works in. A root equal to home or `/` never counts as workspace. */
  readonly workspaceRoots: readonly string[];
  /** Writable scratch roots; `/tmp` and `/var/tmp` are added when missing. */
  readonly tempDirs: readonly string[];
  /** Hosts the user stated (task, policy). `example.com` also covers `api.example.com`. Loopback is always local. */
  readonly statedHosts?: readonly string[];
  /** Package sources stated: registry hosts and git hosts. Undefined: the public default registries only. */
  readonly packageSources?: readonly string[];
  /** Extra sensitive path patterns from policy, added to the built-in list (`~/`, `/` or a bare name glob). */
  readonly sensitivePaths?: readonly string[];
}
