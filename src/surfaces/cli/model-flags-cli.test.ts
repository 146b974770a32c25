// The model flags end to end through main(): `gavel check`, `gavel explain` and `gavel ask` against a real
// HTTP server on loopback speaking OpenAI's chat-completions protocol, with the user's real cache folder.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { budgetQuestion } from '../../ask/testdata/question-kit';
import { EXIT } from '../../core';
import { chatReply, type FakeServer, startFakeServer } from '../../model/providers/fake-servers.testkit';
import { runMain } from './fake-context.testkit';

const review = (risk: string) =>
  chatReply(JSON.stringify({ risk, authorization: 'unknown', rationale: 'an issue', goal_quote: null }));
const mcp = (tool: string) =>
  JSON.stringify({ tool: 'mcp', input: { server: 'github', tool, arguments: {} } });
const question = JSON.stringify(budgetQuestion(50));

let server: FakeServer | undefined;
const made: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A project, a home with user config, cache and state folders, and a fake server named in the user config. */
async function sandbox(replies: unknown[], env: Record<string, string> = {}) {
  server = await startFakeServer(replies.map((body) => ({ body })));
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'gavel-mflags-')));
  made.push(base);
  const project = join(base, 'project');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(join(base, 'config', 'gavel'), { recursive: true });
  writeFileSync(join(base, 'config', 'gavel', 'config.toml'), `[model]\nbase_url = "${server.url}/v1"\n`);
  const fake = server;
  return {
    base,
    project,
    cache: join(base, 'cache', 'gavel'),
    sent: () => fake.received.length,
    env: {
      HOME: join(base, 'home'),
      XDG_CONFIG_HOME: join(base, 'config'),
      XDG_CACHE_HOME: join(base, 'cache'),
      XDG_STATE_HOME: join(base, 'state'),
      GAVEL_CHECK_MODE: 'auto',
      ...env,
    } as Record<string, string>,
  };
}
type Sandbox = Awaited<ReturnType<typeof sandbox>>;

async function gavel(t: Sandbox, argv: string[], stdin = '') {
  const run = await runMain(argv, { cwd: t.project, env: t.env, stdin, clock: '2026-11-29T12:00:00Z' });
  return { ...run, json: () => JSON.parse(run.out) };
}

/** Every file under a folder with its bytes and mtime: equal snapshots mean nothing was written. */
function snapshot(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    const s = statSync(path);
    files[name] = s.isFile() ? `${s.mtimeMs}:${readFileSync(path, 'utf8')}` : 'dir';
  }
  return files;
}

const auditLog = (t: Sandbox) => join(t.project, '.gavel', 'logs', 'decisions.ndjson');
const GPT = 'openai/gpt-4o-mini';

describe('--model', () => {
  it('beats GAVEL_MODEL: the flag model is asked, and the egress line says so before the call', async () => {
    const t = await sandbox([review('low')]);
    const script = join(t.base, 'deny.json');
    writeFileSync(
      script,
      JSON.stringify([
        JSON.stringify({ risk: 'critical', authorization: 'high', rationale: 'r', goal_quote: null }),
      ]),
    );
    t.env.GAVEL_MODEL = `scripted:${script}`;
    const got = await gavel(t, ['check', '--json', '--model', GPT], mcp('create_issue'));
    expect([got.code, got.json().verdict, got.json().basis]).toEqual([EXIT.ok, 'allow', 'model']);
    expect(t.sent()).toBe(1);
    expect(server?.received[0]?.json).toMatchObject({ model: 'gpt-4o-mini' });
    expect(got.err).toContain(
      `model \`${GPT}\` sends to \`${new URL(server?.url ?? '').host}\` (chosen by flag)`,
    );
    expect(readFileSync(auditLog(t), 'utf8')).toContain('"modelSource":"flag"');
  });

  it.each([
    ['both cache flags', ['--no-cache', '--cache-readonly'], 'exclude each other'],
    ['a malformed model', ['--model', 'acme/x'], 'unknown provider `acme`'],
    ['a model that cannot be opened', ['--model', 'anthropic/light'], 'needs a key in `ANTHROPIC_API_KEY`'],
  ])('check exits 2 on %s, sending nothing', async (_name, flags, message) => {
    const t = await sandbox([review('low')]);
    const got = await gavel(t, ['check', ...flags], mcp('create_issue'));
    expect([got.code, t.sent()]).toEqual([EXIT.usage, 0]);
    expect(got.err).toContain(message);
  });

  it('says when it cannot matter: mode ask never asks a model', async () => {
    const t = await sandbox([review('low')], { GAVEL_CHECK_MODE: 'ask' });
    const got = await gavel(t, ['check', '--model', GPT], mcp('create_issue'));
    expect([got.code, t.sent()]).toEqual([EXIT.escalate, 0]);
    expect(got.err).toContain('`--model` not used: mode is `ask`');
  });
});

describe('--no-cache', () => {
  it('check: neither writes the reply cache nor reads it', async () => {
    const t = await sandbox([review('low'), review('low'), review('low'), review('low')]);
    for (const _ of [1, 2]) await gavel(t, ['check', '--model', GPT, '--no-cache'], mcp('create_issue'));
    expect([t.sent(), existsSync(join(t.cache, 'replies'))]).toEqual([2, false]);
    const stored = await gavel(t, ['check', '--json', '--model', GPT], mcp('create_issue'));
    const cached = await gavel(t, ['check', '--json', '--model', GPT], mcp('create_issue'));
    expect([stored.json().basis, cached.json().basis, t.sent()]).toEqual(['model', 'cache', 3]);
    const fresh = await gavel(t, ['check', '--json', '--model', GPT, '--no-cache'], mcp('create_issue'));
    expect([fresh.json().basis, t.sent()]).toEqual(['model', 4]);
  });

  it('ask: a second identical question reaches the server', async () => {
    const answer = chatReply(JSON.stringify({ ruleId: 'R-20', verdict: 'allow', option: 0 }));
    const t = await sandbox([answer, answer, answer]);
    const ask = (extra: string[]) => gavel(t, ['ask', '--json', '--model', GPT, ...extra], question);
    await ask([]);
    expect([(await ask([])).code, t.sent()]).toEqual([EXIT.ok, 1]);
    expect([(await ask(['--no-cache'])).json().basis, t.sent()]).toEqual(['model', 2]);
  });
});

describe('--cache-readonly', () => {
  it('serves hits and leaves the cache folder exactly as it was', async () => {
    const t = await sandbox([review('low'), review('low'), review('low')]);
    await gavel(t, ['check', '--model', GPT, '--cache-readonly'], mcp('create_issue'));
    expect([t.sent(), existsSync(t.cache)]).toEqual([1, false]);
    await gavel(t, ['check', '--model', GPT], mcp('create_issue'));
    const before = snapshot(t.cache);
    expect(Object.keys(before).some((f) => f.endsWith('.json'))).toBe(true);
    const hit = await gavel(t, ['check', '--json', '--model', GPT, '--cache-readonly'], mcp('create_issue'));
    const miss = await gavel(t, ['check', '--json', '--model', GPT, '--cache-readonly'], mcp('list_issues'));
    expect([hit.json().basis, miss.json().basis, t.sent()]).toEqual(['cache', 'model', 3]);
    expect(snapshot(t.cache)).toEqual(before);
  });
});

describe('--estimate', () => {
  it('check: sends nothing, records nothing, prints the price, escalates with no-model, exit 0', async () => {
    const t = await sandbox([review('low')]);
    const got = await gavel(t, ['check', '--json', '--model', GPT, '--estimate'], mcp('create_issue'));
    expect([got.code, t.sent(), existsSync(auditLog(t))]).toEqual([EXIT.ok, 0, false]);
    expect([existsSync(t.cache), existsSync(join(t.base, 'state'))]).toEqual([false, false]);
    expect(got.json()).toMatchObject({
      verdict: 'escalate',
      basis: 'no-model',
      estimate: { sent: 0, calls: 1, callsFit: 1, overCap: false, model: GPT, modelSource: 'flag' },
    });
    expect(got.json().estimate.worstCostUsd).toBeGreaterThan(0);
    const text = await gavel(t, ['check', '--model', GPT, '--estimate'], mcp('create_issue'));
    expect(text.out).toMatch(
      /estimate: nothing was sent[\s\S]*1 built[\s\S]*worst case \$0\.\d+, expected \$/,
    );
    expect(t.sent()).toBe(0);
  });

  it('check: over the cost cap, exit 1', async () => {
    const t = await sandbox([], { GAVEL_MAX_COST_USD: '0.000001' });
    const got = await gavel(t, ['check', '--json', '--model', GPT, '--estimate'], mcp('create_issue'));
    expect([got.code, got.json().estimate.overCap, got.json().verdict, t.sent()]).toEqual([
      1,
      true,
      'escalate',
      0,
    ]);
  });

  it('explain: the review is priced, not sent', async () => {
    const t = await sandbox([review('low')]);
    const got = await gavel(t, ['explain', '--json', '--model', GPT, '--estimate', 'npm publish']);
    expect([got.code, t.sent()]).toEqual([EXIT.ok, 0]);
    expect(got.json()).toMatchObject({
      decision: { verdict: 'escalate', basis: 'no-model' },
      estimate: { calls: 1, model: GPT },
    });
  });

  it('ask: priced, not sent, nothing written; a subcommand refuses it', async () => {
    const t = await sandbox([]);
    const got = await gavel(t, ['ask', '--json', '--model', GPT, '--estimate', '--run-id', 'r1'], question);
    expect([got.code, t.sent(), existsSync(join(t.project, '.gavel'))]).toEqual([EXIT.ok, 0, false]);
    expect(got.json()).toMatchObject({ verdict: 'escalate', basis: 'no-model', estimate: { calls: 1 } });
    const sub = await gavel(t, ['ask', 'log', '--estimate']);
    expect([sub.code, sub.err]).toEqual([EXIT.usage, expect.stringContaining('applies to a question')]);
  });
});
