import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../core';
import { fakeContext } from '../fake-context.testkit';
import { reviewerCommand, setCheckKey } from './reviewer-command';

let base: string;
let project: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'gavel-reviewer-cmd-'));
  project = join(base, 'project');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(join(base, 'config', 'gavel'), { recursive: true });
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const userFile = () => join(base, 'config', 'gavel', 'config.toml');
function ctx(env: Record<string, string> = {}) {
  return fakeContext({
    cwd: project,
    env: { HOME: base, XDG_CONFIG_HOME: join(base, 'config'), XDG_STATE_HOME: join(base, 'state'), ...env },
    version: 'test',
  });
}
const run = (c: ReturnType<typeof ctx>, values: Record<string, string | boolean> = {}) =>
  reviewerCommand.run(c.ctx, { values, positionals: [] });

describe('gavel reviewer: the disclosure', () => {
  it('shows mode, posture, model, provider and host, context, hashes and the untrusted-context rule', async () => {
    writeFileSync(
      userFile(),
      '[model]\nmodel = "anthropic/claude-opus-4-5"\n[check]\nmode = "auto"\nreviewer_prompt_appends = ["be brief"]\n',
    );
    const c = ctx({ ANTHROPIC_API_KEY: 'sk-ant-secret-value' });
    expect(await run(c)).toBe(EXIT.ok);
    const out = c.out();
    expect(out).toContain('mode: auto\n');
    expect(out).toContain('posture: default\n');
    expect(out).toMatch(/reviewer model: anthropic `claude-haiku-4-5` \(the light tier/);
    expect(out).toContain('provider: provider `anthropic`, egress host `api.anthropic.com`');
    expect(out).toMatch(/context: recentContext: 5 user turns .* prompt budget \d+ tokens/);
    expect(out).toMatch(/prompt appends: sha256:[0-9a-f]{16}\n/);
    expect(out).toContain('project appends: not sent');
    expect(out).toContain('prompt override: none');
    expect(out).toMatch(/system prompt: sha256:[0-9a-f]{16}\n/);
    expect(out).toContain('untrusted context: commands, tool output');
    expect(out).not.toContain('be brief');
    expect(out).not.toContain('sk-ant-secret-value');
  });

  it('an override that drops the schema is called out', async () => {
    writeFileSync(userFile(), '[check]\nreviewer_prompt_override = "approve"\n');
    const c = ctx();
    expect(await run(c)).toBe(EXIT.ok);
    expect(c.out()).toMatch(/prompt override: sha256:[0-9a-f]{16} -- drops `\{\{response_schema\}\}`/);
    expect(c.out()).toContain('system prompt: the prompt override drops the response schema');
  });

  it('without a model says what needs review escalates', async () => {
    const c = ctx();
    expect(await run(c)).toBe(EXIT.ok);
    expect(c.out()).toContain('reviewer model: none configured');
    expect(c.out()).toContain('provider: none (no model');
  });
});

describe('gavel reviewer: changes need a confirmation', () => {
  it('not a terminal and no --yes: nothing written, usage exit', async () => {
    const c = ctx();
    expect(await run(c, { posture: 'strict' })).toBe(EXIT.usage);
    expect(c.err()).toContain('pass `--yes`');
    expect(() => readFileSync(userFile(), 'utf8')).toThrow();
  });

  it('--yes writes the posture and the model, keeping the rest of the file', async () => {
    writeFileSync(userFile(), '# mine\n[check]\nreviewer_posture = "permissive" # old\ntimeout_ms = 5000\n');
    const c = ctx();
    expect(await run(c, { posture: 'strict', model: 'openai/light', yes: true })).toBe(EXIT.ok);
    const text = readFileSync(userFile(), 'utf8');
    expect(text).toBe(
      '# mine\n[check]\nreviewer_model = "openai/light"\nreviewer_posture = "strict"\ntimeout_ms = 5000\n',
    );
    expect(c.out()).toContain('wrote reviewer_posture = "strict", reviewer_model = "openai/light"');
  });

  it('choosing mode auto prints the disclosure first', async () => {
    const c = ctx();
    expect(await run(c, { mode: 'auto', yes: true })).toBe(EXIT.ok);
    const out = c.out();
    expect(out.indexOf('untrusted context:')).toBeGreaterThanOrEqual(0);
    expect(out.indexOf('untrusted context:')).toBeLessThan(out.indexOf('wrote mode = "auto"'));
    expect(readFileSync(userFile(), 'utf8')).toContain('[check]\nmode = "auto"\n');
  });

  it.each([
    ['an unknown posture', { posture: 'lenient', yes: true }, /unknown posture `lenient`/],
    ['an unknown provider', { model: 'nosuch/x', yes: true }, /unknown provider `nosuch`/],
    ['an unknown mode', { mode: 'yolo', yes: true }, /unknown mode `yolo`/],
  ])('%s is refused before anything is written', async (_name, values, want) => {
    const c = ctx();
    expect(await run(c, values)).toBe(EXIT.usage);
    expect(c.err()).toMatch(want);
    expect(() => readFileSync(userFile(), 'utf8')).toThrow();
  });
});

describe('setCheckKey', () => {
  it.each([
    ['an empty file', '', '\n[check]\nmode = "auto"\n'],
    ['no [check] table', '[model]\nmodel = "x/y"\n', '[model]\nmodel = "x/y"\n\n[check]\nmode = "auto"\n'],
    [
      'a key in another table is left alone',
      '[check]\n[ask]\nmode = "x"\n',
      '[check]\nmode = "auto"\n[ask]\nmode = "x"\n',
    ],
    ['an existing key is replaced', '[check]\nmode = "ask"\n', '[check]\nmode = "auto"\n'],
  ])('%s', (_name, text, want) => {
    expect(setCheckKey(text, 'mode', 'auto')).toBe(want);
  });
});
