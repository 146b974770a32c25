import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../core';
import { chatReply, type FakeServer, startFakeServer } from '../../../model/providers/fake-servers.testkit';
import { fakeContext } from '../fake-context.testkit';
import { modelCommand } from './model-command';

let home: string;
let server: FakeServer | undefined;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gavel-model-cmd-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(home, { recursive: true, force: true });
});

function ctx(env: Record<string, string>) {
  return fakeContext({
    cwd: home,
    env: { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache'), ...env },
    version: 'test',
  });
}

function userConfig(text: string): void {
  mkdirSync(join(home, 'config', 'gavel'), { recursive: true });
  writeFileSync(join(home, 'config', 'gavel', 'config.toml'), text);
}

describe('gavel model', () => {
  it('says no model is configured, and exits 0', async () => {
    const c = ctx({});
    expect(await modelCommand.run(c.ctx, { values: {}, positionals: [] })).toBe(EXIT.ok);
    expect(c.out()).toContain('no model configured');
    expect(c.out()).toContain('reviewer model: none configured');
  });

  it('shows the reviewer model: the light tier of the provider, with its effort', async () => {
    const c = ctx({ GAVEL_MODEL: 'anthropic/claude-opus-4-5', ANTHROPIC_API_KEY: 'sk-ant-test' });
    expect(await modelCommand.run(c.ctx, { values: {}, positionals: [] })).toBe(EXIT.ok);
    expect(c.out()).toMatch(
      /reviewer model: anthropic `claude-haiku-4-5` \(the light tier .*\); effort low: sent as thinking disabled/,
    );
  });

  it('exits 2 on --probe with no model configured (was 0: nothing probed read as a pass)', async () => {
    const c = ctx({});
    expect(await modelCommand.run(c.ctx, { values: { probe: true }, positionals: [] })).toBe(EXIT.usage);
    expect(c.err()).toBe('gavel model: `--probe` needs a model (`--model`, GAVEL_MODEL or [model] model)\n');
  });

  it('prints the egress line from the user config and probes the endpoint', async () => {
    server = await startFakeServer([{ body: chatReply('{"ok":true}') }]);
    userConfig(`[model]\nmodel = "ollama/qwen2.5:7b"\nbase_url = "${server.url}/v1"\n`);
    const c = ctx({});
    expect(await modelCommand.run(c.ctx, { values: { probe: true }, positionals: [] })).toBe(EXIT.ok);
    expect(c.out()).toContain(
      `model \`ollama/qwen2.5:7b\` sends to \`${new URL(server.url).host}\` (chosen by config)`,
    );
    expect(c.out()).toMatch(/probe: valid answer in \d+ ms, 1000 input \+ 200 output tokens/);
    expect(server.received).toHaveLength(1);
  });

  it('reports a failed probe with exit 1', async () => {
    server = await startFakeServer([{ body: chatReply('not json at all') }]);
    userConfig(`[model]\nmodel = "ollama/qwen2.5:7b"\nbase_url = "${server.url}/v1"\n`);
    const c = ctx({});
    expect(await modelCommand.run(c.ctx, { values: { probe: true }, positionals: [] })).toBe(EXIT.internal);
    expect(c.err()).toContain('probe failed: invalid-output');
  });

  it.each([
    ['an unknown provider in GAVEL_MODEL', { GAVEL_MODEL: 'acme/x' }, /unknown provider `acme`/],
    ['a missing key', { GAVEL_MODEL: 'anthropic/light' }, /needs a key in `ANTHROPIC_API_KEY`/],
  ])('exits 3 on %s', async (_name, env, message) => {
    const c = ctx(env);
    expect(await modelCommand.run(c.ctx, { values: {}, positionals: [] })).toBe(EXIT.configInvalid);
    expect(c.err()).toMatch(message);
  });

  it('the flag wins over the environment', async () => {
    const c = ctx({ GAVEL_MODEL: 'acme/x' });
    const script = join(home, 's.json');
    writeFileSync(script, '[]');
    expect(await modelCommand.run(c.ctx, { values: { model: `scripted:${script}` }, positionals: [] })).toBe(
      EXIT.ok,
    );
    expect(c.out()).toContain('sends nothing over the network (chosen by flag)');
  });
});
