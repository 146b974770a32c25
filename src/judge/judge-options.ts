/**
 * Everything one judge run is handed: the file system view, the project, the selection, the gate, the
 * data, the clock and the optional shell analyzer and review stage. Types only.
 */

import type { Clock } from '../core';
import type { JudgeFs } from './discover/judge-fs';
import type { JudgeLimits } from './discover/limits';
import type { ReviewStage } from './review-stage';
import type { JudgeData } from './rules/bundled-rules';
import type { Gate } from './score/fail-on';
import type { AnalyzeShell } from './static/risky-shell';
import type { Suppression } from './suppress/suppressions';
import type { Confidence, JudgeCategory } from './types';

export interface JudgeOptions {
  fs: JudgeFs;
  root: string;
  cwd: string;
  home: string;
  paths: readonly string[];
  /** Project-relative files changed since the base (committed, staged, unstaged, untracked). */
  changed?: { base: string; files: ReadonlySet<string>; impact: boolean };
  limits: JudgeLimits;
  gate: Gate;
  minConfidence: Confidence;
  categories: readonly JudgeCategory[];
  attachRules: boolean;
  attachInstructions: boolean;
  suppressions: readonly Suppression[];
  data: JudgeData;
  analyzer?: AnalyzeShell;
  clock: Clock;
  /** Notices gathered before the run (ignored repository keys, ...). */
  notices: readonly string[];
  version: string;
  /** Units above the run limit are refused unless this is an estimate. */
  estimate: boolean;
  /** The model review was asked for (--allow-llm). */
  modelRequested?: boolean;
  /** The model half; without it a requested review leaves every unit partial (no-model). */
  review?: ReviewStage;
  /** `--explain-drops`: list every dropped candidate in the summary. */
  explainDrops?: boolean;
}
