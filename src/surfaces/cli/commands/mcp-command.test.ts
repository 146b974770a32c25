import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const BIN = join(ROOT, 'bin', 'gavel');

let dir: string;
let project: string;
let client: Client;
let readOnly: Client;

async function connect(args: string[]): Promise<Client> {
  const c = new Client({ name: 'gavel-test', version: '0' });
  await c.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', ...args],
      cwd: project,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        XDG_CONFIG_HOME: join(dir, 'cfg'),
        XDG_STATE_HOME: join(dir, 'state'),
        GAVEL_LOG_DIR: join(dir, 'logs'),
      },
      stderr: 'pipe',
    }),
  );
  return c;
}

function answer(result: unknown): { json: Record<string, unknown>; isError: boolean } {
  const r = result as { content: { type: string; text: string }[]; isError?: boolean };
  return {
    json: JSON.parse(r.content[0]?.text ?? 'null') as Record<string, unknown>,
    isError: r.isError === true,
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gavel-mcp-'));
  project = join(dir, 'project');
  mkdirSync(join(project, '.claude', 'skills', 'notes'), { recursive: true });
  execFileSync('git', ['init', '-q', project]);
  writeFileSync(
    join(project, '.claude', 'skills', 'notes', 'SKILL.md'),
    '---\nname: notes\ndescription: keeps notes\n---\nWrite notes to notes.md.\n',
  );
  client = await connect([]);
  readOnly = await connect(['--read-only']);
});

afterAll(async () => {
  await client?.close();
  await readOnly?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('gavel mcp', () => {
  it('lists check, ask and judge; --read-only leaves judge out', async () => {
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['ask', 'check', 'judge']);
    expect((await readOnly.listTools()).tools.map((t) => t.name).sort()).toEqual(['ask', 'check']);
  });

  it.each([
    ['allows a known safe command', 'ls', 'allow'],
    ['denies what the floor never grants', 'rm -rf /', 'deny'],
  ])('check %s and records it', async (_name, command, verdict) => {
    const r = answer(
      await client.callTool({ name: 'check', arguments: { tool: 'shell', input: { command } } }),
    );
    expect(r.json.verdict).toBe(verdict);
    const last =
      readFileSync(join(dir, 'logs', 'decisions.ndjson'), 'utf8')
        .trim()
        .split('\n')
        .at(-1) ?? '';
    expect(JSON.parse(last)).toMatchObject({ kind: 'mcp', verdict });
  });

  it('rejects a check whose input does not fit the schema', async () => {
    const r = (await client.callTool({ name: 'check', arguments: { tool: 'teleport', input: {} } })) as {
      isError?: boolean;
    };
    expect(r.isError).toBe(true);
  });

  it('answers ask from rules only: a question no rule settles is not allowed', async () => {
    const r = answer(await client.callTool({ name: 'ask', arguments: { kind: 'no-such-kind', facts: {} } }));
    expect(r.json.exit_code).toBe(11);
    expect(r.json.result).toMatchObject({ verdict: 'escalate' });
  });

  it('judges a project statically and prices a model review without sending anything', async () => {
    const r = answer(await client.callTool({ name: 'judge', arguments: { root: project } }));
    expect(r.isError).toBe(false);
    expect((r.json.result as { units: unknown[] }).units.length).toBeGreaterThan(0);
    const est = answer(
      await client.callTool({ name: 'judge', arguments: { root: project, estimate: true } }),
    );
    expect(est.isError).toBe(false);
    expect(est.json.exit_code).toBe(0);
  });

  it('judges exactly as `gavel judge --format json` does with the same flags (one request builder, one renderer)', async () => {
    const r = answer(
      await client.callTool({ name: 'judge', arguments: { root: project, categories: ['security'] } }),
    );
    let cli = '';
    let code = 0;
    try {
      cli = execFileSync(process.execPath, [BIN, 'judge', '--format', 'json', '--categories', 'security'], {
        cwd: project,
        env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_CONFIG_HOME: join(dir, 'cfg') },
        encoding: 'utf8',
      });
    } catch (error) {
      const e = error as { status: number; stdout: string };
      code = e.status;
      cli = e.stdout;
    }
    const strip = (j: Record<string, unknown>) => ({
      ...j,
      run: { ...(j.run as object), startedAt: 0 },
    });
    expect(r.json.exit_code).toBe(code);
    expect(strip(r.json.result as Record<string, unknown>)).toEqual(strip(JSON.parse(cli)));
  });

  it('answers a judge call with a bad option as a usage error, naming the option', async () => {
    const r = answer(
      await client.callTool({ name: 'judge', arguments: { root: project, fail_on: ['sometimes'] } }),
    );
    expect(r.isError).toBe(true);
    expect(r.json.exit_code).toBe(2);
    expect(String(r.json.error)).toContain('sometimes');
  });

  it('refuses a model review the user config has not agreed to', async () => {
    const r = answer(await client.callTool({ name: 'judge', arguments: { root: project, allow_llm: true } }));
    expect(r.isError).toBe(true);
    expect(String(r.json.error)).toContain('allow_llm = true');
  });
});
