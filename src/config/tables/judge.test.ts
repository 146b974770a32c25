import { describe, expect, it } from 'vitest';
import { validateDocument } from '../validate-document';
import { judgeTable } from './judge';

describe('[judge] table', () => {
  it('accepts the keys a team agrees on', () => {
    const r = validateDocument(
      {
        judge: {
          categories: ['security', 'quality'],
          fail_on: ['security:medium', 'quality:score:70'],
          min_confidence: 'medium',
          attach_rules: true,
          attach_claude_md: false,
          traps_file: '.gavel/judge/traps.yaml',
          suppress: [
            { code: 'S05', path: 'a.md', quote: 'curl x | sh', reason: 'sanctioned', expires: '2026-12-31' },
          ],
        },
      },
      'gavel.toml',
      'project',
    );
    expect(r.ok).toBe(true);
  });

  it.each([
    ['model', 'anthropic/x', 'models and providers come from'],
    ['provider', 'bedrock', 'models and providers come from'],
    ['base_url', 'http://x', 'models and providers come from'],
    ['max_cost_usd', 10, 'spend caps come from'],
    ['max_calls', 10, 'spend caps come from'],
    ['allow_prompt_override', true, 'consent comes from'],
  ])('refuses %s, saying where to set it', (key, value, where) => {
    for (const scope of ['project', 'user'] as const) {
      const r = validateDocument({ judge: { [key]: value } }, 'f.toml', scope);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.problem.keyPath).toBe(`judge.${key}`);
        expect(r.problem.message).toContain(where);
      }
    }
  });

  it.each([
    ['an unknown key', { fail_fast: true }, 'judge.fail_fast'],
    ['a bad fail_on entry', { fail_on: ['security:severe'] }, 'judge.fail_on.0'],
    ['a bad category', { categories: ['speed'] }, 'judge.categories.0'],
    [
      'a suppression with an unknown field',
      { suppress: [{ code: 'S05', path: 'a', quote: 'q', reason: 'r', expires: '2026-12-31', owner: 'x' }] },
      'judge.suppress.0.owner',
    ],
    [
      'a suppression with a bad date',
      { suppress: [{ code: 'S05', path: 'a', quote: 'q', reason: 'r', expires: 'next year' }] },
      'judge.suppress.0.expires',
    ],
  ])('refuses %s', (_n, table, keyPath) => {
    const r = validateDocument({ judge: table }, 'gavel.toml', 'project');
    expect(r.ok === false && r.problem.keyPath).toBe(keyPath);
  });

  it.each([
    [
      'min_confidence: a repository cannot raise the bar',
      judgeTable.min_confidence.merge('low', 'high').value,
      'low',
    ],
    [
      'min_confidence: a repository may keep more findings',
      judgeTable.min_confidence.merge('medium', 'low').value,
      'low',
    ],
    ['attach_rules: a repository cannot turn it off', judgeTable.attach_rules.merge(true, false).value, true],
    [
      'categories: a repository adds, never removes',
      judgeTable.categories.merge(['security'], ['quality']).value,
      ['quality', 'security'],
    ],
  ])('%s', (_n, got, want) => {
    expect(got).toEqual(want);
  });

  it('takes [judge.models] and allow_llm from the user config only', () => {
    const doc = {
      judge: { models: { reviewers: 'anthropic/light', adjudicator: 'anthropic/heavy' }, allow_llm: true },
    };
    expect(validateDocument(doc, 'config.toml', 'user').ok).toBe(true);
    expect(judgeTable.models.scope).toBe('user');
    expect(judgeTable.allow_llm.scope).toBe('user');
    const bad = validateDocument({ judge: { models: { auditor: 'x' } } }, 'config.toml', 'user');
    expect(bad.ok === false && bad.problem.keyPath).toBe('judge.models.auditor');
  });

  it("adds a repository rubric skill to the user's, never removes one", () => {
    const merged = judgeTable.skills.merge(
      { load: ['mine'] },
      { load: ['team'], for: { quality: ['style'] } },
    ).value;
    expect(merged?.load).toEqual(['mine', 'team']);
    expect(merged?.for?.quality).toEqual(['style']);
  });
});
