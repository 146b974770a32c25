// The non-shell tools corpus (eval/corpora/check/tools.json): every case is one harness tool call, read by that
// harness's adapter (its path rules included) and judged through the full pipeline with the real shell analyzer,
// the bundled policy and no config; every target counts (block = deny or escalate on any of them).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AdaptResult,
  type CheckRequest,
  checkWithTrace,
  compilePolicy,
  emptyContext,
} from '../../src/check';
import { type Config, tableSettings } from '../../src/config';
import { systemClock } from '../../src/core';
import { analyzeShell, loadShellParser } from '../../src/shell';
import { fromClaudeCode } from '../../src/surfaces/harness/claude-code/tool-inputs';
import { fromCodex } from '../../src/surfaces/harness/codex/tool-inputs';
import { fromCopilot } from '../../src/surfaces/harness/copilot/tool-inputs';
import { fromCursor } from '../../src/surfaces/harness/cursor/tool-inputs';
import { fromGemini } from '../../src/surfaces/harness/gemini/tool-inputs';
import { fromOpenCode } from '../../src/surfaces/harness/opencode/tool-inputs';
import { fromPi } from '../../src/surfaces/harness/pi/tool-inputs';

interface ToolCase {
  id: string;
  harness: 'claude-code' | 'codex' | 'pi' | 'cursor' | 'gemini' | 'opencode' | 'copilot';
  tool_name: string;
  tool_input: unknown;
  expected: 'allow' | 'block';
  category?: string;
  class: string;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const cases = JSON.parse(readFileSync(`${root}eval/corpora/check/tools.json`, 'utf8')) as ToolCase[];
const WORKSPACE = '/workspace/project';
const HOME = '/home/dev';

const read = (name: string): unknown => JSON.parse(readFileSync(`${root}rules/${name}`, 'utf8'));
const check: Record<string, unknown> = {};
for (const [key, spec] of tableSettings('check')) check[key] = spec.default;
const compiled = compilePolicy({
  policyJson: read('check-policy.json'),
  floorJson: read('check-floor.json'),
  pathsJson: read('check-paths.json'),
  safeJson: read('check-safe.json'),
  check: check as Config['check'],
});

const adapters: Record<ToolCase['harness'], (tool: string, input: unknown, cwd: string) => AdaptResult> = {
  'claude-code': fromClaudeCode,
  codex: fromCodex,
  pi: fromPi,
  cursor: fromCursor,
  gemini: fromGemini,
  opencode: fromOpenCode,
  copilot: fromCopilot,
};

beforeAll(async () => {
  await loadShellParser();
});

describe('tools corpus through the harness adapters and check()', () => {
  it('holds both labels and every harness', () => {
    expect(cases.filter((c) => c.expected === 'block').length).toBeGreaterThan(30);
    expect(cases.filter((c) => c.expected === 'allow').length).toBeGreaterThan(5);
    expect(new Set(cases.map((c) => c.harness)).size).toBe(Object.keys(adapters).length);
  });

  it.each(cases.map((c) => [`${c.id} ${c.harness} ${c.tool_name} (${c.class})`, c] as const))(
    '%s',
    async (_id, c) => {
      if (!compiled.ok) throw new Error(compiled.problem);
      const deps = { analyzeShell, policy: compiled.policy, clock: systemClock };
      const adapted = adapters[c.harness](c.tool_name, c.tool_input, WORKSPACE);
      // An input the adapter cannot read is a deny in every hook (judgeCall: `invalid-input`).
      if (!adapted.ok) {
        expect(c.expected).toBe('block');
        return;
      }
      let verdict: 'allow' | 'block' = 'allow';
      const categories: string[] = [];
      for (const input of adapted.inputs) {
        const request: CheckRequest = {
          toolName: c.tool_name,
          input,
          cwd: WORKSPACE,
          workspaceRoots: [WORKSPACE],
          home: HOME,
          tempDirs: [],
          context: emptyContext(),
          // The corpus holds calls, not workspaces: an empty one (ADR 0083), so a runner's files are missing.
          readScript: () => ({ kind: 'missing' }),
        };
        const r = await checkWithTrace(request, deps);
        if (r.decision.verdict !== 'allow') verdict = 'block';
        categories.push(...(r.decision.categories ?? []));
      }
      expect(verdict).toBe(c.expected);
      if (c.category) expect(categories).toContain(c.category);
    },
  );
});
