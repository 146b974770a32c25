// Test helper: options for runJudge() with every check on, the bundled data and a fixed clock; `over`
// sets what a test cares about (the file system and root at least).
import { fixedClock } from '../../core';
import { DEFAULT_LIMITS } from '../discover/limits';
import { bundledJudgeData } from '../rules/bundled-rules';
import type { JudgeOptions } from '../run-judge';
import { defaultGate } from '../score/fail-on';

export function judgeOptions(over: Partial<JudgeOptions> & Pick<JudgeOptions, 'fs' | 'root'>): JudgeOptions {
  return {
    cwd: over.root,
    home: '/home/u',
    paths: [],
    limits: DEFAULT_LIMITS,
    gate: defaultGate(),
    minConfidence: 'low',
    categories: ['security', 'governance', 'quality'],
    attachRules: true,
    attachInstructions: true,
    suppressions: [],
    data: bundledJudgeData(),
    clock: fixedClock('2026-11-29T12:00:00Z'),
    notices: [],
    version: 't',
    estimate: false,
    ...over,
  };
}
