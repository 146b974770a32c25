import { describe, expect, it } from 'vitest';
import { mergeConfig } from '../merge-config';
import { validateDocument } from '../validate-document';

const layer = (doc: unknown, scope: 'user' | 'project') => {
  const file = scope === 'user' ? 'config.toml' : 'gavel.toml';
  const r = validateDocument(doc, file, scope);
  if (!r.ok) throw new Error(r.problem.keyPath);
  return { values: r.values, file };
};

describe('[audit] preview (ADR 0027)', () => {
  it('is `redacted` by default', () => {
    expect(mergeConfig(undefined, undefined, undefined).config.audit.preview).toBe('redacted');
  });

  it('a repository may tighten it to `hash-only`', () => {
    const { config, notices } = mergeConfig(
      undefined,
      undefined,
      layer({ audit: { preview: 'hash-only' } }, 'project'),
    );
    expect(config.audit.preview).toBe('hash-only');
    expect(notices).toEqual([]);
  });

  it('a repository cannot loosen a user `hash-only` back to `redacted`', () => {
    const { config, notices } = mergeConfig(
      layer({ audit: { preview: 'hash-only' } }, 'user'),
      undefined,
      layer({ audit: { preview: 'redacted' } }, 'project'),
    );
    expect(config.audit.preview).toBe('hash-only');
    expect(notices.map((n) => n.keyPath)).toContain('audit.preview');
  });

  it('refuses a value that is neither', () => {
    const r = validateDocument({ audit: { preview: 'full' } }, 'config.toml', 'user');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.keyPath).toBe('audit.preview');
  });
});
