import { describe, expect, it } from 'vitest';
import { memoryFs } from '../discover/judge-fs';
import { bundledJudgeData } from '../rules/bundled-rules';
import type { Unit, UnitKind } from '../types';
import { judgeStatic } from './judge-static';
import { runStatic } from './run-static';

const data = bundledJudgeData();
const env = { paths: data.paths, cwd: '/p', home: '/home/u', workspaceRoots: ['/p'], tempDirs: ['/tmp'] };

async function mcp(path: string, text: string, kind: UnitKind = 'mcp'): Promise<string[]> {
  const unit: Unit = { path, kind, primary: path, files: [{ path, bytes: text.length, text }] };
  const r = await runStatic({ unit, ...data, exists: () => true, shellEnv: env });
  return r.findings
    .filter((f) => f.code === 'S11' || f.code === 'S12')
    .map((f) => `${f.rule} ${f.severity}`)
    .sort();
}

const npxLatest = { command: 'npx', args: ['-y', '@playwright/mcp@latest'] };

describe('MCP servers in every shape', () => {
  it.each([
    ['wrapped in mcpServers', '.mcp.json', { mcpServers: { pw: npxLatest } }],
    ['flat, servers at the top level', 'plugins/x/.mcp.json', { pw: npxLatest }],
    ['VS Code servers', '.vscode/mcp.json', { servers: { pw: npxLatest } }],
    [
      'inline in a plugin manifest',
      'plugins/x/.claude-plugin/plugin.json',
      { name: 'x', mcpServers: { pw: npxLatest } },
    ],
    [
      'inline in a marketplace entry',
      '.claude-plugin/marketplace.json',
      { plugins: [{ name: 'x', mcpServers: { pw: npxLatest } }] },
    ],
  ])('flags an unpinned package %s', async (_n, path, doc) => {
    expect(await mcp(path, JSON.stringify(doc, null, 2))).toEqual(['mcp:unpinned medium']);
  });

  it('flags servers under [mcp_servers.x] in Codex TOML, and approvals turned off', async () => {
    const toml = [
      'approval_policy = "never"',
      'sandbox_mode = "danger-full-access"',
      '',
      '[mcp_servers.serena]',
      'command = "uvx"',
      'args = ["--from", "git+https://github.com/oraios/serena", "serena", "start-mcp-server"]',
      '',
      '[mcp_servers.fs]',
      'command = "npx"',
      'args = ["-y", "@modelcontextprotocol/server-filesystem@2025.1.1", "/"]',
    ].join('\n');
    expect(await mcp('.codex/config.toml', toml)).toEqual([
      'mcp:broad-root high',
      'mcp:git-head medium',
      'settings:bypass-permissions high',
    ]);
  });

  it.each([
    [
      'a remote git HEAD',
      { command: 'uvx', args: ['--from', 'git+https://github.com/o/r', 'r'] },
      'mcp:git-head medium',
    ],
    [
      'a filesystem server on the home folder',
      { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem@1.0.0', '~'] },
      'mcp:broad-root high',
    ],
    [
      'an image with no tag',
      { command: 'docker', args: ['run', '-i', '--rm', 'mcp/fetch'] },
      'mcp:unpinned-image medium',
    ],
  ])('flags %s', async (_n, server, want) => {
    expect(await mcp('.mcp.json', JSON.stringify({ mcpServers: { s: server } }, null, 2))).toEqual([want]);
  });

  it.each([
    ['a pinned package', { command: 'npx', args: ['-y', '@playwright/mcp@0.0.41'] }],
    [
      'a git source pinned to a commit',
      { command: 'uvx', args: ['--from', 'git+https://github.com/o/r@0123abcd', 'r'] },
    ],
    ['a pinned image', { command: 'docker', args: ['run', '-i', 'hashicorp/terraform-mcp-server:0.4.0'] }],
    [
      'a filesystem server on a project folder',
      { command: 'npx', args: ['@modelcontextprotocol/server-filesystem@1.0.0', './docs'] },
    ],
    ['an HTTPS server', { type: 'http', url: 'https://mcp.linear.app/mcp' }],
  ])('stays quiet on %s', async (_n, server) => {
    expect(await mcp('.mcp.json', JSON.stringify({ s: server }, null, 2))).toEqual([]);
  });

  it('does not read plugin metadata as flat servers', async () => {
    const doc = { name: 'x', author: { name: 'a', url: 'https://x.dev' }, interface: { type: 'cli' } };
    expect(await mcp('.mcp.json', JSON.stringify(doc))).toEqual([]);
  });
});

describe('enableAllProjectMcpServers at the severity its context gives it', () => {
  const settings = '{\n  "enableAllProjectMcpServers": true\n}\n';
  const servers = JSON.stringify({
    mcpServers: { pw: { command: 'npx', args: ['-y', '@playwright/mcp@0.0.41'] } },
  });
  const root = '/p';

  /** The S12 finding of `.claude/settings.json` judged in a project holding `files` (project-relative). */
  async function allMcp(files: Record<string, string>, settingsPath = '.claude/settings.json') {
    const fs = memoryFs(
      Object.fromEntries(
        Object.entries({ ...files, [settingsPath]: settings }).map(([p, t]) => [`${root}/${p}`, t]),
      ),
    );
    const unit: Unit = {
      path: settingsPath,
      kind: 'settings',
      primary: settingsPath,
      files: [{ path: settingsPath, bytes: settings.length, text: settings }],
    };
    const [r] = await judgeStatic([unit], { fs, root, home: '/home/u', data });
    const f = r?.findings.find((x) => x.rule === 'settings:all-mcp');
    return f ? `${f.severity}: ${f.message}` : 'none';
  }

  it('is high in a project whose .mcp.json declares servers: they start on clone without a prompt', async () => {
    expect(await allMcp({ '.mcp.json': servers })).toMatch(
      /^high: the 1 MCP server\(s\) this project declares/,
    );
  });

  it('is high for servers in the flat .mcp.json shape too', async () => {
    expect(
      await allMcp({ '.mcp.json': JSON.stringify({ pw: { type: 'http', url: 'https://x.dev/mcp' } }) }),
    ).toMatch(/^high: /);
  });

  it('is high in a user-level file: a dotfiles repository that mirrors a home folder', async () => {
    expect(await allMcp({ '.zshrc': 'export EDITOR=vi\n' })).toMatch(/^high: a user-level setting/);
  });

  it('is high when the project .mcp.json does not parse (unknown is taken at its worst)', async () => {
    expect(await allMcp({ '.mcp.json': '{ not json' })).toMatch(/^high: /);
  });

  it('is a medium lead in a project that declares no MCP server: a latent widening, and says so', async () => {
    expect(await allMcp({ 'README.md': '# x\n' })).toMatch(
      /^medium: .*declares none yet, so this is a latent widening/,
    );
    expect(await allMcp({ '.mcp.json': '{"mcpServers": {}}' })).toMatch(/^medium: /);
  });

  it('reads the .mcp.json beside a nested project, not the root one', async () => {
    expect(await allMcp({ '.mcp.json': servers }, 'sub/.claude/settings.json')).toMatch(/^medium: /);
    expect(await allMcp({ 'sub/.mcp.json': servers }, 'sub/.claude/settings.local.json')).toMatch(/^high: /);
  });

  it('is high in a bare static run: every file said to exist, none read', async () => {
    expect(await mcp('.claude/settings.json', settings, 'settings')).toEqual(['settings:all-mcp high']);
  });
});
