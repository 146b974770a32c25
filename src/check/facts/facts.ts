/**
 * What action review knows about one request before any rule is applied: one target per shell segment (or one
 * for a file, web or MCP call), each with its categories and the scopes it leaves, plus what could not be
 * modelled. Types only; built by `collectFacts`.
 */

import type { Segment, Uncertainty } from '../../shell';
import type { RuleTarget } from '../rules/permission-rule';

export interface CategoryFact {
  category: string;
  /** Written by gavel, never untrusted text. */
  reason: string;
}

export interface TargetFacts {
  index: number;
  /** Short, safe label for reasons: the program or tool, never arguments. */
  label: string;
  target: RuleTarget;
  /** Shell only: the segment, its paths re-classed by the policy's path table. */
  segment?: Segment;
  categories: CategoryFact[];
  /** Why the target leaves the scopes the policy grants (`write outside the workspace (system)`). */
  outOfScope: string[];
  /** A command read from a file's text (what a write adds to a runner's file): words no rule the harness matches names. */
  fromText?: true;
}

export interface Facts {
  targets: TargetFacts[];
  uncertain: Uncertainty[];
  /** Shell only: every variable the command assigns, declares, exports or unsets (names only). */
  variables?: string[];
  /** The values given to `variables` (`[name, value]`), for variables known inert by value. */
  variableValues?: [string, string][];
  /** Those of `variables` only assigned as the shell's own, never exported (ShellAnalysis `unexported`). */
  unexported?: string[];
  /** Those of `variables` only ever prefixes of builtins that start no program (ShellAnalysis `builtinScoped`). */
  builtinScoped?: string[];
  /**
   * Nothing knows what the call runs (a skill or command whose definition gavel does not find), or the call asks to
   * leave the harness's sandbox: never allowed by a rule or the catalogue; handed back as unknown (`unlisted`), as
   * an unknown program is, so the harness's own permissions decide.
   */
  unknown?: true;
}
