import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../shell';
import { checkConfig, readRule } from '../testdata/fixtures';
import { checkExamples, MAX_EXAMPLE_CHARS, MAX_EXAMPLES } from './check-examples';
import { compilePolicy } from './compiled-policy';

const files = () => ({
  policyJson: readRule('check-policy.json'),
  floorJson: readRule('check-floor.json'),
  pathsJson: readRule('check-paths.json'),
  safeJson: readRule('check-safe.json'),
});

describe('compilePolicy', () => {
  it('compiles the bundled files, whose examples all hold', async () => {
    const r = compilePolicy({ ...files(), check: checkConfig() });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect([...r.policy.floor].sort()).toEqual([
      'block_device_write',
      'credential_exfiltration',
      'destructive_root_delete',
      'disable_security_control',
      'history_rewrite_on_shared_ref',
    ]);
    expect(await checkExamples(r.policy, analyzeShell)).toEqual({ ok: true });
  });

  it.each([
    ['a corrupt policy file', { policyJson: { version: 'one' } }, 'rules-invalid', 'rules/check-policy.json'],
    [
      'a floor with an unknown category',
      { floorJson: { version: 1, never_grant: ['nope'], catastrophic: [] } },
      'rules-invalid',
      'unknown category `nope`',
    ],
    ['a path table missing a key', { pathsJson: { version: 1 } }, 'rules-invalid', 'rules/check-paths.json'],
  ])('%s is rules-invalid', (_name, override, basis, problem) => {
    const r = compilePolicy({ ...files(), ...override, check: checkConfig() });
    expect(r).toMatchObject({ ok: false, basis });
    if (!r.ok) expect(r.problem).toContain(problem);
  });

  it.each([
    ['a bad allow rule', { allow: ['WebFetch(example.com)'] }, 'WebFetch'],
    ['an unknown floor category', { floor_extra: ['no_such_thing'] }, '`check.floor_extra`'],
    [
      'a duplicate rule id',
      { rules: [{ id: 'npm-publish', decision: 'deny', program: 'npm' }] },
      'used twice',
    ],
  ])('%s is config-invalid', (_name, overrides, problem) => {
    const r = compilePolicy({ ...files(), check: checkConfig(overrides) });
    expect(r).toMatchObject({ ok: false, basis: 'config-invalid' });
    if (!r.ok) expect(r.problem).toContain(problem);
  });

  it.each([
    ['a match example the rule misses', { match: ['npm install'] }, 'example match[0] is not matched'],
    ['a not_match example the rule matches', { not_match: ['npm ci'] }, 'example not_match[0] is matched'],
  ])('%s makes the config invalid', async (_name, examples, problem) => {
    const rule = { id: 'ci', decision: 'allow', program: 'npm', subcommand: ['ci'], ...examples };
    const r = compilePolicy({ ...files(), check: checkConfig({ rules: [rule] }) });
    if (!r.ok) throw new Error(r.problem);
    const ex = await checkExamples(r.policy, analyzeShell);
    expect(ex).toMatchObject({ ok: false, basis: 'config-invalid' });
    if (!ex.ok) expect(ex.problem).toContain(problem);
  });
});

describe('checkExamples by source', () => {
  it('checks the bundled examples when asked for every source, and skips them for config only', async () => {
    const policyJson = readRule('check-policy.json') as { rules: { id: string; match?: string[] }[] };
    const broken = {
      ...policyJson,
      rules: policyJson.rules.map((r) => (r.id === 'npm-publish' ? { ...r, match: ['npm ci'] } : r)),
    };
    const r = compilePolicy({ ...files(), policyJson: broken, check: checkConfig() });
    if (!r.ok) throw new Error(r.problem);
    expect(await checkExamples(r.policy, analyzeShell)).toMatchObject({ ok: false, basis: 'rules-invalid' });
    expect(await checkExamples(r.policy, analyzeShell, { sources: ['config'] })).toEqual({ ok: true });
  });

  it('still checks the config examples when asked for config only', async () => {
    const rule = { id: 'ci', decision: 'allow', program: 'npm', subcommand: ['ci'], match: ['npm install'] };
    const r = compilePolicy({ ...files(), check: checkConfig({ rules: [rule] }) });
    if (!r.ok) throw new Error(r.problem);
    expect(await checkExamples(r.policy, analyzeShell, { sources: ['config'] })).toMatchObject({
      ok: false,
      basis: 'config-invalid',
    });
  });
});

describe('checkExamples bounds its time', () => {
  const rule = (match: string[]) => ({
    id: 'ci',
    decision: 'review',
    program: 'npm',
    subcommand: ['ci'],
    match,
  });

  it.each([
    [
      'more examples than the bound',
      Array(MAX_EXAMPLES + 1).fill('npm ci'),
      /1001 examples of 6006 characters/,
    ],
    [
      'more example text than the bound',
      [`npm ci ${'x'.repeat(MAX_EXAMPLE_CHARS - 6)}`],
      /1 examples of 50001 characters/,
    ],
  ])('a config with %s is config-invalid, before any is analysed', async (_name, match, problem) => {
    const r = compilePolicy({ ...files(), check: checkConfig({ rules: [rule(match)] }) });
    if (!r.ok) throw new Error(r.problem);
    let analysed = 0;
    const counting: typeof analyzeShell = (command, env) => {
      analysed += 1;
      return analyzeShell(command, env);
    };
    const ex = await checkExamples(r.policy, counting, { sources: ['config'] });
    expect(ex).toMatchObject({ ok: false, basis: 'config-invalid' });
    if (!ex.ok) expect(ex.problem).toMatch(problem);
    expect(analysed).toBe(0);
  });

  it('a config with exactly the bound is checked as usual', async () => {
    const r = compilePolicy({
      ...files(),
      check: checkConfig({ rules: [rule(Array(MAX_EXAMPLES).fill('npm ci'))] }),
    });
    if (!r.ok) throw new Error(r.problem);
    expect(await checkExamples(r.policy, analyzeShell, { sources: ['config'] })).toEqual({ ok: true });
  });
});
