import { describe, expect, it } from 'vitest';
import defaults from '../../../rules/route-defaults.json' with { type: 'json' };
import { mergeConfig } from '../merge-config';
import { validateDocument } from '../validate-document';

const project = (doc: unknown) => {
  const r = validateDocument(doc, 'gavel.toml', 'project');
  if (!r.ok) throw new Error(r.problem.keyPath);
  return { values: r.values, file: 'gavel.toml' };
};

describe('[route] table', () => {
  it('ships the defaults of rules/route-defaults.json', () => {
    const { config } = mergeConfig(undefined, undefined, undefined);
    expect(config.route.approve_below).toBe(defaults.thresholds.approve_below);
    expect(config.route.weights).toEqual(defaults.weights);
    expect(config.route.notify).toEqual([]);
  });

  it.each([
    ['a lower approve threshold', { approve_below: 10 }, 'approve_below', 10],
    ['a higher min_confidence', { min_confidence: 0.9 }, 'min_confidence', 0.9],
    ['more people to notify', { notify: ['@acme/sec'] }, 'notify', ['@acme/sec']],
  ])('lets a repository tighten: %s', (_n, route, key, want) => {
    const { config, notices } = mergeConfig(undefined, undefined, project({ route }));
    expect((config.route as Record<string, unknown>)[key]).toEqual(want);
    expect(notices).toEqual([]);
  });

  it.each([
    ['a higher approve threshold', { approve_below: 60 }, 'route.approve_below'],
    ['a lower block threshold is fine, a higher one is not', { block_at: 99 }, 'route.block_at'],
    ['a lower weight', { weights: { 'security-sensitive': 1 } }, 'route.weights'],
    [
      'a lower confidence penalty',
      { confidence_penalties: { 'reviewer-disagreement': 0 } },
      'route.confidence_penalties',
    ],
  ])('refuses a repository loosening: %s', (_n, route, key) => {
    const { config, notices } = mergeConfig(undefined, undefined, project({ route }));
    expect(notices.map((n) => n.keyPath)).toContain(key);
    expect(config.route).toEqual(mergeConfig(undefined, undefined, undefined).config.route);
  });

  it('raises one weight and keeps every other default', () => {
    const { config } = mergeConfig(
      undefined,
      undefined,
      project({ route: { weights: { 'change-code': 25 } } }),
    );
    expect(config.route.weights).toEqual({ ...defaults.weights, 'change-code': 25 });
  });

  it('keeps a default a user left out when a repository sets a lower value for it', () => {
    const user = { values: { route: { weights: { 'diff-size': 30 } } }, file: 'config.toml' };
    const { config, notices } = mergeConfig(
      user,
      undefined,
      project({ route: { weights: { 'security-sensitive': 1 } } }),
    );
    expect(config.route.weights['security-sensitive']).toBe(defaults.weights['security-sensitive']);
    expect(notices.map((n) => n.keyPath)).toContain('route.weights');
  });

  it.each([
    ['an unknown weight key', { weights: { 'made-up': 1 } }],
    ['a weight above 100', { weights: { 'change-code': 101 } }],
    ['a confidence above 1', { min_confidence: 2 }],
    ['a notify entry that is not a handle', { notify: ['rm -rf /'] }],
  ])('rejects %s', (_n, route) => {
    expect(validateDocument({ route }, 'gavel.toml', 'project').ok).toBe(false);
  });
});
