import { describe, expect, it } from 'vitest';
import { bundledJudgeData } from '../rules/bundled-rules';
import type { Unit, UnitKind } from '../types';
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

  it('rates enableAllProjectMcpServers high: cloning a repository runs its servers', async () => {
    expect(await mcp('.claude/settings.json', '{"enableAllProjectMcpServers": true}', 'settings')).toEqual([
      'settings:all-mcp high',
    ]);
  });
});
