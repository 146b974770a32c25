/**
 * Tests only: one request through the whole pipeline (the real shell analyzer, the bundled policy, mode `ask`)
 * with the script reader a test gives it: a temp folder standing for the workspace (workspace-reader.ts) or a
 * reader that cannot read.
 */
import { fixedClock } from '../../core';
import { analyzeShell } from '../../shell';
import { type CheckResult, checkWithTrace } from '../pipeline';
import type { CheckRequest, ToolInput } from '../request/request';
import { policyWith, request } from './fixtures';

export function judgeWithReader(
  input: ToolInput,
  toolName: string,
  readScript: NonNullable<CheckRequest['readScript']>,
): Promise<CheckResult> {
  const r = request(input, toolName);
  r.readScript = readScript;
  return checkWithTrace(r, { analyzeShell, policy: policyWith(), clock: fixedClock('2026-12-04T00:00:00Z') });
}
