// A content search that prints lines is judged with the analysis of the same search run as `rg`
// (collect-facts.ts withPrintedSecrets): without that analysis nothing says what it prints, so it is uncertain.
import { describe, expect, it } from 'vitest';
import { policyWith, request } from '../testdata/fixtures';
import { collectFacts } from './collect-facts';
import { scopeTest, shellEnvOf } from './shell-env';

describe('a search printing lines with no analysis of them', () => {
  it('is uncertain, never judged on its scope alone', () => {
    const policy = policyWith();
    const req = request(
      {
        kind: 'read',
        path: '/home/agent/project',
        search: 'contents',
        globs: [],
        lines: { pattern: 'x', ignoreCase: false },
      },
      'Grep',
    );
    const env = shellEnvOf(req, policy);
    const facts = collectFacts(req, undefined, policy, env, scopeTest(policy, env), []);
    expect(facts.uncertain.map((u) => u.code)).toContain('no-analysis');
  });

  it('a names-only search needs none', () => {
    const policy = policyWith();
    const req = request({ kind: 'read', path: '/home/agent/project', search: 'contents', globs: [] }, 'Grep');
    const env = shellEnvOf(req, policy);
    expect(collectFacts(req, undefined, policy, env, scopeTest(policy, env), []).uncertain).toEqual([]);
  });
});
