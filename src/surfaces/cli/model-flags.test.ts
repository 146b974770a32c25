// The model flags as values: reading argv into settings, precedence over the config, the cache mode the
// runner gets, and the estimate's rendering and exit code. End to end runs through main() are in model-flags-cli.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { EXIT, fixedClock, UsageError } from '../../core';
import type { EstimateReport } from '../../model';
import { estimateExit, estimateJson, renderEstimate } from '../../model';
import { chooseRunModel, type ModelOptions, runSettingsFor } from '../../runtime';
import { parseCommandArgs } from './main';
import { modelFlagOptions, modelFlagsUnused, readModelFlags } from './model-flags';
import { reviewEstimate } from './review-runtime';

const spec = {
  name: 't',
  summary: 's',
  usage: 'u',
  options: { ...modelFlagOptions },
  exits: [],
  run: async () => 0,
};
const read = (argv: string[], checkSpec = true) =>
  readModelFlags(parseCommandArgs(spec, argv), '/workspace/here', { checkSpec });

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

function configFrom(env: Record<string, string>, userToml?: string) {
  const base = mkdtempSync(join(tmpdir(), 'gavel-flags-'));
  made.push(base);
  mkdirSync(join(base, 'project', '.git'), { recursive: true });
  mkdirSync(join(base, 'xdg', 'gavel'), { recursive: true });
  if (userToml) writeFileSync(join(base, 'xdg', 'gavel', 'config.toml'), userToml);
  const loaded = loadConfig({
    cwd: join(base, 'project'),
    env: { HOME: base, XDG_CONFIG_HOME: join(base, 'xdg'), ...env },
  });
  if (!loaded.ok) throw new Error('config');
  return { base, config: loaded.config, source: loaded.sources['model.model'] };
}

describe('readModelFlags', () => {
  it.each<[string, string[], ModelOptions]>([
    ['nothing given', [], { estimate: false }],
    ['--no-cache', ['--no-cache'], { estimate: false, cacheMode: 'off' }],
    ['--cache-readonly', ['--cache-readonly'], { estimate: false, cacheMode: 'read-only' }],
    ['--estimate', ['--estimate'], { estimate: true }],
    ['a provider model', ['--model', 'anthropic/light'], { estimate: false, model: 'anthropic/light' }],
    [
      'a relative script, made absolute',
      ['--model', 'scripted:s.json'],
      { estimate: false, model: 'scripted:/workspace/here/s.json' },
    ],
    [
      'an absolute cassette folder',
      ['--model', 'replay:/tapes'],
      { estimate: false, model: 'replay:/tapes' },
    ],
  ])('%s', (_name, argv, want) => {
    expect(read(argv)).toEqual(want);
  });

  it.each([
    ['both cache flags', ['--no-cache', '--cache-readonly'], 'exclude each other'],
    ['an empty model', ['--model', ' '], 'needs a value'],
    ['a model without provider', ['--model', 'gpt-4o'], 'expected `provider/model`'],
    ['an unknown provider', ['--model', 'acme/x'], 'unknown provider `acme`'],
    ['a script without file', ['--model', 'scripted:'], 'needs a file'],
  ])('refuses %s as a usage error', (_name, argv, message) => {
    expect(() => read(argv)).toThrow(UsageError);
    expect(() => read(argv)).toThrow(message);
  });

  it('leaves a command vocabulary alone when told to (ask: rules, tier)', () => {
    expect(read(['--model', 'rules'], false)).toEqual({ estimate: false, model: 'rules' });
    expect(() => read(['--model', 'rules'])).toThrow(UsageError);
  });
});

describe('chooseRunModel: a flag beats GAVEL_MODEL beats the user file', () => {
  it.each([
    ['the flag over the variable', { GAVEL_MODEL: 'ollama/a' }, 'anthropic/light', 'anthropic/light', 'flag'],
    ['the variable over the file', { GAVEL_MODEL: 'ollama/a' }, undefined, 'ollama/a', 'environment'],
    ['the file alone', {}, undefined, 'ollama/from-file', 'config'],
  ] as const)('%s', (_name, env, flag, spec, source) => {
    const { config, source: from } = configFrom({ ...env }, '[model]\nmodel = "ollama/from-file"\n');
    const flags: ModelOptions = { estimate: false, ...(flag ? { model: flag } : {}) };
    expect(chooseRunModel(flags, config, from)).toEqual({ spec, source });
  });

  it('no model anywhere: undefined, chosen by default', () => {
    const { config, source } = configFrom({});
    expect(chooseRunModel({ estimate: false }, config, source)).toEqual({
      spec: undefined,
      source: 'default',
    });
  });
});

describe('runSettingsFor', () => {
  const clock = fixedClock('2026-11-29T00:00:00Z');
  it.each([
    ['no flag: the variable', {}, { GAVEL_MODEL_CACHE: 'off' }, false, 'off'],
    ['--no-cache over the file', { cacheMode: 'off' as const }, {}, true, 'off'],
    ['--cache-readonly with a secret', { cacheMode: 'read-only' as const }, {}, true, 'read-only'],
    [
      '--cache-readonly without a secret: nothing to read, nothing made',
      { cacheMode: 'read-only' as const },
      {},
      false,
      'off',
    ],
    ['no flag: the default', {}, {}, false, 'read-write'],
  ])('%s', (_name, over, env, secret, want) => {
    const { base, config } = configFrom(env);
    const cache = join(base, 'cache');
    if (secret) {
      mkdirSync(join(cache, 'gavel'), { recursive: true });
      writeFileSync(join(cache, 'gavel', 'secret.key'), 'ab'.repeat(32), { mode: 0o600 });
    }
    const settings = runSettingsFor({
      flags: { estimate: true, ...over },
      config,
      env: { XDG_CACHE_HOME: cache },
      home: base,
      clock,
    });
    expect(settings).toMatchObject({ cacheMode: want, estimate: true, cacheDir: join(cache, 'gavel') });
    expect(settings.caps).toEqual({
      maxCalls: 200,
      maxTokens: 2_000_000,
      maxCostUsd: 5,
      maxCallTokens: 32_000,
    });
  });
});

describe('modelFlagsUnused', () => {
  it.each([
    ['mode auto', { estimate: false, model: 'ollama/x' }, 'auto', undefined],
    ['mode ask, no flag', { estimate: true }, 'ask', undefined],
    [
      'mode ask with --model and --no-cache',
      { estimate: false, model: 'ollama/x', cacheMode: 'off' as const },
      'ask',
      '`--model`, `--no-cache` not used: mode is `ask`',
    ],
  ])('%s', (_name, flags, mode, want) => {
    const got = modelFlagsUnused(flags, mode);
    if (want === undefined) expect(got).toBeUndefined();
    else expect(got).toContain(want);
  });
});

describe('the estimate', () => {
  const caps = { maxCalls: 200, maxTokens: 2_000_000, maxCostUsd: 5, maxCallTokens: 32_000 };
  const plan = (over: Partial<EstimateReport>): EstimateReport => ({
    calls: 2,
    callsFit: 2,
    inputTokens: 1200,
    worstOutputTokens: 2048,
    worstCostUsd: 0.0114,
    expectedCostUsd: 0.0038,
    overCap: false,
    unpricedModels: [],
    ...over,
  });
  const egress = {
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
    host: 'api.anthropic.com',
    source: 'flag' as const,
  };

  it('within the caps: the model, calls, tokens and both costs, exit 0', () => {
    const view = { plan: plan({}), egress, caps };
    const text = renderEstimate(view);
    expect(text).toContain('estimate: nothing was sent');
    expect(text).toContain('`anthropic/claude-haiku-4-5` would send to `api.anthropic.com` (chosen by flag)');
    expect(text).toContain('2 built, 2 within the caps (max 200 a run)');
    expect(text).toContain('1200 input (estimated) + 2048 output at most = 3248');
    expect(text).toContain('worst case $0.0114, expected $0.003800 (max $5.0000 a run)');
    expect(estimateExit(view)).toBe(EXIT.ok);
    expect(estimateJson(view)).toMatchObject({
      sent: 0,
      calls: 2,
      model: 'anthropic/claude-haiku-4-5',
      caps,
    });
  });

  it('over a cap: says how many fit, names unpriced models, exit 1', () => {
    const view = { plan: plan({ callsFit: 1, overCap: true, unpricedModels: ['openai/x'] }), egress, caps };
    expect(renderEstimate(view)).toContain('over a cap: 1 of 2 calls fit');
    expect(renderEstimate(view)).toContain('openai/x');
    expect(estimateExit(view)).toBe(1);
  });

  it.each([
    ['mode ask', undefined, 'ask', 'mode is `ask`'],
    ['mode auto, no model', undefined, 'auto', 'no model configured'],
    [
      'a model that cannot be opened',
      { egress: undefined, report: () => undefined },
      'auto',
      'cannot be opened',
    ],
  ])('nothing to price (%s): zero calls, exit 0', (_name, review, mode, why) => {
    const view = reviewEstimate({ review, mode, caps });
    expect(renderEstimate(view)).toContain(why);
    expect(renderEstimate(view)).toContain('0 built');
    expect(estimateExit(view)).toBe(EXIT.ok);
  });
});
