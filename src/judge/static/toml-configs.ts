/**
 * Codex's TOML config (`.codex/config.toml`): parseable (Q10), approvals and the sandbox turned off (S12),
 * and the MCP servers under `[mcp_servers.NAME]` checked as every other MCP shape (mcp-servers.ts). Pure.
 */

import { parse } from 'smol-toml';
import type { FindingDraft } from '../findings/make-finding';
import type { FileView } from './file-view';
import { type McpResult, mcpServerFindings, serverMaps } from './mcp-servers';

export function tomlConfigFindings(view: FileView): McpResult {
  const out: McpResult = { drafts: [], snippets: [] };
  let doc: Record<string, unknown>;
  try {
    doc = parse(view.text) as Record<string, unknown>;
  } catch {
    out.drafts.push({
      code: 'Q10',
      path: view.path,
      startLine: 1,
      quote: null,
      absence: true,
      message: 'the file does not parse as TOML, so the harness ignores or rejects it',
      rule: 'toml:invalid',
    });
    return out;
  }
  const lineWith = (re: RegExp) => {
    const i = view.lines.findIndex((l) => re.test(l));
    return i < 0 ? 1 : i + 1;
  };
  const q = (n: number) => (view.lines[n - 1] ?? '').trim();
  const never = doc.approval_policy === 'never';
  const fullAccess = doc.sandbox_mode === 'danger-full-access';
  if (never || fullAccess) {
    const n = lineWith(never ? /^\s*approval_policy\s*=/ : /^\s*sandbox_mode\s*=/);
    const draft: FindingDraft = {
      code: 'S12',
      path: view.path,
      startLine: n,
      quote: q(n),
      message:
        never && fullAccess
          ? 'the agent runs every command without asking and outside the sandbox'
          : never
            ? 'the agent runs every command without asking'
            : 'the agent runs outside the sandbox',
      rule: 'settings:bypass-permissions',
      severity: never && fullAccess ? 'high' : 'medium',
    };
    out.drafts.push(draft);
  }
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const nameLine = (name: string) =>
    lineWith(
      new RegExp(`^\\s*\\[\\s*mcp_servers\\.("?)${esc(name)}\\1\\s*\\]|^\\s*("?)${esc(name)}\\2\\s*=\\s*\\{`),
    );
  for (const servers of serverMaps(doc, false)) mcpServerFindings(view, servers, nameLine, out);
  return out;
}
