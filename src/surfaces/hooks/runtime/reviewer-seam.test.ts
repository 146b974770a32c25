// The reviewer seam: which reviewer mode `auto` gets from user scope, and the whole path to a real HTTP model
// server on loopback speaking OpenAI's chat-completions wire format (answering, or never answering).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compilePolicy } from '../../../check';
import { loadConfig } from '../../../config';
import { fixedClock, systemClock } from '../../../core';
import { chatReply, type FakeServer, startFakeServer } from '../../../model/providers/fake-servers.testkit';
import { projectSandbox, runMain } from '../../cli/fake-context.testkit';
import { findRulesDir } from './load-runtime';
import { reviewerForSurfaces, reviewerPolicyFor, userStateDir } from './reviewer-seam';

const clock = fixedClock('2026-11-29T00:00:00Z');

function home(env: Record<string, string> = {}) {
  const { base, project, home: h } = projectSandbox('gavel-seam-');
  mkdirSync(join(h, '.config', 'gavel'), { recursive: true });
  return {
    base,
    project,
    home: h,
    env: {
      HOME: h,
      XDG_CONFIG_HOME: join(h, '.config'),
      XDG_STATE_HOME: join(h, '.state'),
      ...env,
    } as Record<string, string>,
    userConfig: (text: string) => writeFileSync(join(h, '.config', 'gavel', 'config.toml'), text),
  };
}

function setupFor(t: ReturnType<typeof home>) {
  const loaded = loadConfig({ cwd: t.project, env: t.env });
  if (!loaded.ok) throw new Error('config');
  const rules = findRulesDir() ?? '';
  const read = (n: string) => JSON.parse(readFileSync(join(rules, n), 'utf8'));
  const compiled = compilePolicy({
    policyJson: read('check-policy.json'),
    floorJson: read('check-floor.json'),
    pathsJson: read('check-paths.json'),
    check: loaded.config.check,
  });
  if (!compiled.ok) throw new Error('policy');
  return {
    config: loaded.config,
    modelSource: loaded.sources['model.model'],
    policy: compiled.policy,
    env: t.env,
    home: t.home,
    clock,
  };
}

async function check(t: ReturnType<typeof home>, request: object) {
  const { code, out, err } = await runMain(['check', '--json'], {
    cwd: t.project,
    env: t.env,
    stdin: JSON.stringify(request),
    clock: systemClock,
  });
  return { code, decision: JSON.parse(out), stderr: err };
}

const mcpCall = { tool: 'mcp', input: { server: 'github', tool: 'create_issue', arguments: {} } };

describe('reviewerForSurfaces', () => {
  it.each([
    ['mode ask, even with a model', { GAVEL_CHECK_MODE: 'ask', GAVEL_MODEL: 'scripted:/x.json' }],
    ['mode auto without a model', { GAVEL_CHECK_MODE: 'auto' }],
  ])('%s: no reviewer', (_name, env) => {
    expect(reviewerForSurfaces(setupFor(home(env)))).toBeUndefined();
  });

  it('a model that cannot be opened: review escalates with config-invalid, naming the problem', async () => {
    const t = home({ GAVEL_CHECK_MODE: 'auto', GAVEL_MODEL: 'scripted:/nonexistent/s.json' });
    const { decision } = await check(t, mcpCall);
    expect(decision).toMatchObject({ verdict: 'escalate', basis: 'config-invalid' });
    expect(decision.reason).toContain('/nonexistent/s.json');
  });

  it.each([
    ['the config timeout less 500 ms', undefined, 30_000 - 500],
    ['a hook deadline bound', 300, 300],
  ])('the review timeout is %s', (_name, bound, want) => {
    const setup = setupFor(home({ GAVEL_CHECK_MODE: 'auto' }));
    const policy = reviewerPolicyFor({ ...setup, ...(bound ? { maxTimeoutMs: bound } : {}) });
    expect(policy.timeoutMs).toBe(want);
    expect(policy.presumptionOfDenial).toContain('agent_self_modification');
  });

  it('keeps the breaker in the user state folder, created on the first review', async () => {
    const t = home({ GAVEL_CHECK_MODE: 'auto' });
    const script = join(t.base, 's.json');
    writeFileSync(
      script,
      JSON.stringify([
        JSON.stringify({ risk: 'critical', authorization: 'high', rationale: 'r', goal_quote: null }),
      ]),
    );
    t.env.GAVEL_MODEL = `scripted:${script}`;
    const { decision } = await check(t, mcpCall);
    expect(decision).toMatchObject({ verdict: 'deny', basis: 'model' });
    expect(existsSync(join(userStateDir(t.env, t.home), 'reviewer-breaker.sqlite'))).toBe(true);
  });

  it('a state folder that cannot be made: escalate with internal-error, never allow', async () => {
    const t = home({ GAVEL_CHECK_MODE: 'auto' });
    writeFileSync(join(t.base, 'plain'), '');
    t.env.XDG_STATE_HOME = join(t.base, 'plain');
    const script = join(t.base, 's.json');
    writeFileSync(
      script,
      JSON.stringify([
        JSON.stringify({ risk: 'low', authorization: 'unknown', rationale: 'r', goal_quote: null }),
      ]),
    );
    t.env.GAVEL_MODEL = `scripted:${script}`;
    const { decision } = await check(t, mcpCall);
    expect(decision).toMatchObject({ verdict: 'escalate', basis: 'internal-error' });
  });
});

describe('a real model server on loopback (OpenAI wire format)', () => {
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A chat-completions server that answers a low risk with 900/30 tokens, or never answers. */
  async function serve(answer: boolean): Promise<string> {
    const content = JSON.stringify({
      risk: 'low',
      authorization: 'unknown',
      rationale: 'an issue is harmless',
      goal_quote: null,
    });
    const usage = { prompt_tokens: 900, completion_tokens: 30, total_tokens: 930 };
    server = await startFakeServer([answer ? { body: { ...chatReply(content), usage } } : { hang: true }]);
    return `${server.url}/v1`;
  }

  it('a model chosen in the user config answers: allow with the real token counts, egress on stderr', async () => {
    const url = await serve(true);
    const t = home({ GAVEL_CHECK_MODE: 'auto' });
    t.userConfig(`[model]\nmodel = "openai/gpt-4o-mini"\nbase_url = "${url}"\ncache = "off"\n`);
    const { decision, stderr } = await check(t, mcpCall);
    expect(decision).toMatchObject({
      verdict: 'allow',
      basis: 'model',
      model: { provider: 'openai', model: 'gpt-4o-mini', tokens: { input: 900, output: 30 } },
    });
    expect(stderr).toContain('sends to `127.0.0.1');
    expect(stderr).toContain('(chosen by config)');
  });

  it('a model that never answers: deny with basis timeout within check.timeout_ms', async () => {
    const url = await serve(false);
    const t = home({ GAVEL_CHECK_MODE: 'auto' });
    t.userConfig(
      `[model]\nmodel = "openai/gpt-4o-mini"\nbase_url = "${url}"\n\n[check]\ntimeout_ms = 1000\n`,
    );
    const { decision } = await check(t, mcpCall);
    expect(decision.verdict).not.toBe('allow');
    expect(decision.basis).toBe('timeout');
  });
});
