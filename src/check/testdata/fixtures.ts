/**
 * Test fixtures for action review: the bundled rule files, a policy compiled from them with config overrides,
 * a request builder, and hand-written ShellAnalysis test doubles for tests about the pipeline's order and modes
 * (where a path class or a category matters, tests run the real analyzer from src/shell instead).
 */

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Config, tableSettings } from '../../config';
import type { CategoryHit, HostRef, PathRef, Segment, ShellAnalysis, Uncertainty } from '../../shell';
import { type CompiledPolicy, compilePolicy } from '../policy/compiled-policy';
import { type CheckRequest, emptyContext, type ToolInput } from '../request/request';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const readRule = (name: string): unknown => JSON.parse(readFileSync(`${root}rules/${name}`, 'utf8'));

export function checkConfig(overrides: Partial<Record<keyof Config['check'], unknown>> = {}): Config['check'] {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of tableSettings('check')) out[key] = spec.default;
  return { ...out, ...overrides } as Config['check'];
}

export function policyWith(overrides: Partial<Record<keyof Config['check'], unknown>> = {}): CompiledPolicy {
  const result = compilePolicy({
    policyJson: readRule('check-policy.json'),
    floorJson: readRule('check-floor.json'),
    pathsJson: readRule('check-paths.json'),
    safeJson: readRule('check-safe.json'),
    check: checkConfig(overrides),
  });
  if (!result.ok) throw new Error(result.problem);
  return result.policy;
}

export const WORKSPACE = '/workspace/project';
export const HOME = '/home/dev';

/** A request in an empty workspace: its reader finds no file (with no reader at all, runners' scripts are unknown). */
export function request(input: ToolInput, toolName = 'Bash'): CheckRequest {
  return { toolName, input, cwd: WORKSPACE, workspaceRoots: [WORKSPACE], home: HOME, tempDirs: [], context: emptyContext(), readScript: () => ({ kind: 'missing' }) };
}

/** A segment double: argv plus optional paths and hosts, as the shell analyzer would report them. */
export function seg(argv: string[], extra: { paths?: PathRef[]; hosts?: HostRef[]; wrappers?: string[] } = {}): Segment {
  return { argv, program: (argv[0] ?? '').split('/').pop()?.toLowerCase() ?? '', wrappers: extra.wrappers ?? [], context: 'top', paths: extra.paths ?? [], hosts: extra.hosts ?? [] };
}

/** A ShellAnalysis double. */
export function analysis(segments: Segment[], hits: CategoryHit[] = [], extra: { uncertain?: Uncertainty[]; sensitiveToNetwork?: boolean } = {}): ShellAnalysis {
  return { segments, hits, uncertain: extra.uncertain ?? [], sensitiveToNetwork: extra.sensitiveToNetwork ?? false };
}

/** An analyzer double that answers one fixed analysis whatever the command. */
export const fixed = (a: ShellAnalysis) => async () => a;
