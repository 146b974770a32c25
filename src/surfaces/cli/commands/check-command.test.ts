import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../core';
import { fakeContext, projectSandbox } from '../fake-context.testkit';
import { main } from '../main';

const examples = fileURLToPath(new URL('../../../../examples/', import.meta.url));

function ctxFor(stdin = '', env: Record<string, string> = {}) {
  const { project, home } = projectSandbox('gavel-cmd-');
  const fake = fakeContext({
    cwd: project,
    env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...env },
    stdin,
  });
  return { ...fake, project, home };
}

describe('gavel check', () => {
  it.each([
    ['read-dotenv.json', EXIT.escalate, 'escalate', 'category:secret_material_read'],
    ['edit-source.json', EXIT.ok, 'allow', 'in-scope'],
    ['write-claude-settings.json', EXIT.escalate, 'escalate', 'category:agent_self_modification'],
    ['write-shell-rc.json', EXIT.escalate, 'escalate', 'category:persistence'],
    ['fetch-unstated-host.json', EXIT.escalate, 'escalate', 'category:outbound_network_to_unstated_host'],
    ['mcp-unknown-tool.json', EXIT.escalate, 'escalate', 'no-rule'],
    ['claude-code-todo.json', EXIT.ok, 'allow', 'TodoWrite'],
    ['claude-code-bash.json', EXIT.escalate, 'escalate', undefined],
  ])('examples/%s', async (file, exit, verdict, ruleId) => {
    const t = ctxFor();
    expect(await main(['check', '--json', '--file', join(examples, file)], t.ctx)).toBe(exit);
    const d = JSON.parse(t.out());
    expect(d.verdict).toBe(verdict);
    if (ruleId) expect(d.ruleId).toBe(ruleId);
    expect(Array.isArray(d.suggestions)).toBe(true);
  });

  it('reads the request from stdin and prints text', async () => {
    const t = ctxFor(JSON.stringify({ tool: 'read', input: { path: '.env' } }));
    expect(await main(['check'], t.ctx)).toBe(EXIT.escalate);
    expect(t.out()).toContain('to allow it: add "Read(/');
  });

  it.each([
    ['not JSON', '{', 'not valid JSON'],
    ['an unknown tool', JSON.stringify({ tool: 'teleport', input: {} }), '`tool`'],
    ['an unknown field', JSON.stringify({ tool: 'read', input: { path: 'x' }, sudo: true }), 'sudo'],
    ['a missing path', JSON.stringify({ tool: 'read', input: {} }), '`input.path`'],
  ])('rejects %s with exit 2 and one line', async (_name, stdin, message) => {
    const t = ctxFor(stdin);
    expect(await main(['check'], t.ctx)).toBe(EXIT.usage);
    expect(t.err()).toContain(message);
    expect(t.err().trim().split('\n')).toHaveLength(1);
  });

  it('an invalid config denies with config-invalid and exit 3', async () => {
    const t = ctxFor(JSON.stringify({ tool: 'read', input: { path: 'a' } }));
    writeFileSync(join(t.project, 'gavel.toml'), '[check]\nfloor_extra = ["Not A Category"]\n');
    expect(await main(['check', '--json'], t.ctx)).toBe(EXIT.configInvalid);
    expect(JSON.parse(t.out())).toMatchObject({ verdict: 'deny', basis: 'config-invalid' });
  });
});

describe('gavel explain', () => {
  it('prints the trace and the decision', async () => {
    const t = ctxFor();
    expect(await main(['explain', 'ls -la'], t.ctx)).toBe(EXIT.ok);
    expect(t.out()).toContain('[1] ls -la');
    expect(t.out()).not.toContain('uncertain');
    expect(t.out()).toContain('decision:');
  });

  it('traces a compound command to the segment the floor denies', async () => {
    const t = ctxFor();
    expect(await main(['explain', 'git log --oneline; rm -rf ~'], t.ctx)).toBe(EXIT.deny);
    expect(t.out()).toContain('[2] rm -rf ~');
    expect(t.out()).toContain('floor: destructive_root_delete decides (sealed)');
  });

  it('flags a command it cannot model as uncertain', async () => {
    const t = ctxFor();
    expect(await main(['explain', '"$TOOL" --flag'], t.ctx)).toBe(EXIT.escalate);
    expect(t.out()).toContain('dynamic-command');
  });

  it.each([
    [
      'a plain command',
      'git status && npm test',
      'fast path (pure JS; the tree tree-sitter-bash builds)',
      'fast-path',
    ],
    ['a command substitution', 'echo "$(git rev-parse HEAD)"', 'tree-sitter-bash', 'tree-sitter'],
  ])('names the parser that read %s', async (_name, command, text, json) => {
    const t = ctxFor();
    await main(['explain', command], t.ctx);
    expect(t.out().split('\n').slice(0, 2)).toEqual([`command: ${command}`, `parser: ${text}`]);
    const j = ctxFor();
    await main(['explain', '--json', command], j.ctx);
    expect(JSON.parse(j.out()).parser).toBe(json);
  });
});

describe('gavel init and doctor', () => {
  it('installs for claude-code once, and doctor reports it', async () => {
    const t = ctxFor();
    expect(await main(['init', 'claude-code'], t.ctx)).toBe(EXIT.ok);
    expect(t.out()).toContain('installed:');
    const settings = JSON.parse(readFileSync(join(t.home, '.claude', 'settings.json'), 'utf8'));
    expect(settings.hooks.PreToolUse[0].hooks[0].command).toMatch(
      /bin\/gavel' hook claude-code \|\| exit 2$/,
    );
    expect(await main(['init', 'claude-code'], t.ctx)).toBe(EXIT.ok);
    expect(t.out()).toContain('already installed:');
    expect(await main(['doctor', '--json'], t.ctx)).toBe(EXIT.ok);
    const report = JSON.parse(t.out().slice(t.out().indexOf('{')));
    expect(
      report.hooks.find(
        (h: { harness: string; scope: string }) => h.harness === 'claude-code' && h.scope === 'user',
      ).installed,
    ).toBe(true);
    expect(report.enforced.floor).toContain('credential_exfiltration');
  });

  it('doctor says nothing is enforced when the config is invalid', async () => {
    const t = ctxFor();
    writeFileSync(join(t.project, 'gavel.toml'), '[check]\nmode = 3\n');
    expect(await main(['doctor'], t.ctx)).toBe(EXIT.configInvalid);
    expect(t.out()).toContain('NOT ENFORCING');
  });

  it('rejects an unknown harness', async () => {
    const t = ctxFor();
    expect(await main(['init', 'notepad'], t.ctx)).toBe(EXIT.usage);
  });
});

describe('gavel check says what to give it', () => {
  it('nothing on stdin (a terminal reads as empty): says what to pipe, exit 2', async () => {
    const t = ctxFor('');
    expect(await main(['check'], t.ctx)).toBe(EXIT.usage);
    expect(t.err()).toMatch(/^gavel check: no request on stdin: pipe one JSON tool call, e\.g\. `echo /);
    expect(t.err()).not.toContain('not valid JSON');
  });

  it.each([
    ['file_path', 'read', 'path'],
    ['filePath', 'edit', 'path'],
    ['cmd', 'shell', 'command'],
  ])('a harness spelling `%s` in a %s input is named beside the problem', async (key, tool, field) => {
    const t = ctxFor(JSON.stringify({ tool, input: { [key]: 'x' } }));
    expect(await main(['check'], t.ctx)).toBe(EXIT.usage);
    expect(t.err()).toContain(
      `\`input.${field}\` must be a non-empty string (the request has \`input.${key}\`: gavel's own shape calls it \`input.${field}\`)`,
    );
  });

  it('no hint when the input has no known spelling', async () => {
    const t = ctxFor(JSON.stringify({ tool: 'read', input: { where: 'x' } }));
    expect(await main(['check'], t.ctx)).toBe(EXIT.usage);
    expect(t.err()).not.toContain('the request has');
  });

  it('--help lists the input fields of every tool and the `file_path` -> `path` hint', async () => {
    const t = ctxFor();
    expect(await main(['check', '--help'], t.ctx)).toBe(EXIT.ok);
    for (const line of [
      'shell      {"command"',
      'read       {"path"',
      'web_fetch  {"url"',
      'mcp        {"server"',
    ])
      expect(t.out()).toContain(line);
    expect(t.out()).toContain('`file_path`');
  });
});
