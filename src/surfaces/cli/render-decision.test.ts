// Golden test of the `gavel explain` trace, on the real shell analyzer. Refresh the golden file with
// UPDATE_GOLDEN=1.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkWithTrace } from '../../check';
import { policyWith, request } from '../../check/testdata/fixtures';
import { fixedClock } from '../../core';
import { analyzeShell } from '../../shell';
import { renderDecision, renderTrace } from './render-decision';

const golden = fileURLToPath(new URL('./testdata/explain-compound.golden.txt', import.meta.url));

describe('renderTrace', () => {
  it('prints segments, wrappers, paths, hosts, categories and the deciding rule (golden)', async () => {
    const command = 'git log --oneline; sudo timeout 5 rm -rf ~/old; curl -s https://example.com';
    const result = await checkWithTrace(request({ kind: 'shell', command }), {
      analyzeShell,
      policy: policyWith(),
      clock: fixedClock('2026-11-29T00:00:00Z'),
    });
    const text = renderTrace(result, 'fast-path').replace(/sha256:[0-9a-f]{12}/, 'sha256:<hash>');
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden, text);
    expect(text).toBe(readFileSync(golden, 'utf8'));
  });

  it('names the parser only when told which one read the command line', async () => {
    const result = await checkWithTrace(request({ kind: 'shell', command: 'echo "$(id)"' }), {
      analyzeShell,
      policy: policyWith(),
      clock: fixedClock('2026-11-29T00:00:00Z'),
    });
    expect(renderTrace(result, 'tree-sitter').split('\n')[0]).toBe('parser: tree-sitter-bash');
    expect(renderTrace(result).split('\n')[0]).toBe('segments: 2');
  });
});

describe('renderDecision', () => {
  it('shows the reviewer judgment and the model use of a model decision', () => {
    const text = renderDecision(
      {
        verdict: 'deny',
        outcome: 'block',
        basis: 'model',
        reason: 'r',
        categories: [],
        risk: 'high',
        authorization: 'low',
        model: {
          provider: 'openai',
          model: 'gpt-4o-mini',
          tokens: { input: 900, output: 30 },
          costUsd: 0.0002,
        },
        ms: 5,
        policy: { version: 1, sha256: '' },
      },
      [],
    );
    expect(text).toContain('reviewer: risk high, authorization low\n');
    expect(text).toContain('model: openai/gpt-4o-mini  900+30 tokens  $0.000200\n');
  });
});
