// The bundled guard settings (rules/check-guards.json): every entry's examples hold, and a malformed file is refused
// whole with the field named.
import { describe, expect, it } from 'vitest';
import guardsJson from '../../../rules/check-guards.json' with { type: 'json' };
import { compileGuardSettings, guardSettings, loweredSettings } from './guard-settings';

const entries = compileGuardSettings(guardsJson);

describe('every bundled entry keeps its examples', () => {
  it.each(entries.map((e) => [e.setting.id, e] as const))('%s', (id, e) => {
    for (const x of e.weakens)
      expect(
        loweredSettings(x.path, x.before, x.after).map((s) => s.id),
        `${id}: ${x.path}`,
      ).toContain(id);
    for (const x of e.keeps)
      expect(
        loweredSettings(x.path, x.before, x.after).map((s) => s.id),
        `${id}: ${x.path}`,
      ).not.toContain(id);
  });
});

describe('what a change does to a setting', () => {
  it('the same setting moved within a change weakens nothing', () => {
    const before = 'config.force_ssl = true\nconfig.log_level = :info\n';
    const after = 'config.log_level = :info\nconfig.force_ssl = true\n';
    expect(loweredSettings('config/environments/production.rb', before, after)).toEqual([]);
  });
  it('a file outside an entry`s files is not read by it', () => {
    expect(loweredSettings('docs/security.md', 'force_ssl = true', 'force_ssl = false')).toEqual([]);
  });
  it('the bundled entries compile once', () => {
    expect(guardSettings()).toBe(guardSettings());
  });
});

describe('a malformed data file is refused with the field named', () => {
  const good = {
    id: 'x',
    reason: 'r',
    files: '\\.rb$',
    expose: ['a'],
    examples: {
      weakens: [{ path: 'a.rb', before: '', after: 'a' }],
      keeps: [{ path: 'a.rb', before: '', after: '' }],
    },
  };
  it.each([
    ['a wrong version', { version: 2, guards: [] }, 'version'],
    ['guards not a list', { version: 1, guards: {} }, 'guards'],
    ['an unknown key', { version: 1, guards: [{ ...good, extra: 1 }] }, 'guards[0].extra'],
    ['a bad pattern', { version: 1, guards: [{ ...good, expose: ['('] }] }, 'guards[0].expose[0]'],
    ['no pattern', { version: 1, guards: [{ ...good, expose: [] }] }, 'guards[0]'],
    ['a repeated id', { version: 1, guards: [good, good] }, 'guards[1].id'],
    ['no examples', { version: 1, guards: [{ ...good, examples: {} }] }, 'guards[0].examples.weakens'],
    [
      'ignore_case not a boolean',
      { version: 1, guards: [{ ...good, ignore_case: 'yes' }] },
      'guards[0].ignore_case',
    ],
  ])('%s', (_name, json, field) => {
    expect(() => compileGuardSettings(json)).toThrow(`rules/check-guards.json: ${field}:`);
  });
  it('a well-formed file compiles', () => {
    expect(compileGuardSettings({ version: 1, guards: [good] }).map((e) => e.setting.id)).toEqual(['x']);
  });
});
