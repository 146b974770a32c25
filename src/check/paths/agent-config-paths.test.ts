// One list of agent configuration: every example of rules/agent-config-paths.json (what route escalates and the
// judge reviews) is, written by an agent, agent self-modification for action review too (rules/check-paths.json).
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core';
import { analyzeShell } from '../../shell';
import { checkWithTrace } from '../pipeline';
import { policyWith, readRule, request } from '../testdata/fixtures';

const shared = readRule('agent-config-paths.json') as { paths: { glob: string; examples: string[] }[] };
const examples = shared.paths.flatMap((p) => p.examples.map((e) => [p.glob, e] as const));
const deps = { analyzeShell, policy: policyWith(), clock: fixedClock('2026-12-01T00:00:00Z') };

describe('agent configuration is one list for route, judge and action review', () => {
  it('reads the shared list', () => {
    expect(examples.length).toBeGreaterThan(20);
  });

  it.each(examples)('%s: a write of `%s` is agent self-modification', async (_glob, path) => {
    const result = await checkWithTrace(request({ kind: 'write', path }, 'Write'), deps);
    expect(result.decision.verdict).not.toBe('allow');
    expect(result.decision.categories).toContain('agent_self_modification');
  });
});
