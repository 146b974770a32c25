/**
 * Settings and MCP configs (JSON): parseable (Q10), permissions disabled or every tool allowed (S12, S08),
 * every project MCP server enabled (S12), and the MCP servers they declare in any shape (mcp-servers.ts);
 * it also yields the hook and MCP commands for shell analysis. Pure.
 */

import { isRecord } from '../../core';
import type { FindingDraft } from '../findings/make-finding';
import type { FileView } from './file-view';
import { mcpServerFindings, serverMaps } from './mcp-servers';
import { lineOf, type ShellSnippet } from './shell-snippets';

export interface JsonConfigResult {
  drafts: FindingDraft[];
  snippets: ShellSnippet[];
}

function hookCommands(hooks: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (isRecord(v)) {
      if (typeof v.command === 'string') out.push(v.command);
      for (const [k, child] of Object.entries(v)) if (k !== 'command') visit(child);
    }
  };
  visit(hooks);
  return out;
}

export function jsonConfigFindings(view: FileView, kind: 'settings' | 'mcp' | 'other'): JsonConfigResult {
  const out: JsonConfigResult = { drafts: [], snippets: [] };
  let doc: unknown;
  try {
    doc = JSON.parse(view.text);
  } catch {
    if (kind !== 'other')
      out.drafts.push({
        code: 'Q10',
        path: view.path,
        startLine: 1,
        quote: null,
        absence: true,
        message: 'the file does not parse as JSON, so the harness ignores or rejects it',
        rule: 'json:invalid',
      });
    return out;
  }
  if (!isRecord(doc)) {
    if (kind !== 'other')
      out.drafts.push({
        code: 'Q10',
        path: view.path,
        startLine: 1,
        quote: null,
        absence: true,
        message: 'the file is not a JSON object',
        rule: 'json:shape',
      });
    return out;
  }
  const q = (n: number) => (view.lines[n - 1] ?? '').trim();
  const perms = isRecord(doc.permissions) ? doc.permissions : undefined;
  const bypass =
    perms?.defaultMode === 'bypassPermissions' ||
    doc.dangerouslySkipPermissions === true ||
    doc.skipDangerousModePermissionPrompt === true;
  if (bypass) {
    const n =
      lineOf(view.lines, 'ypassPermissions') !== 1
        ? lineOf(view.lines, 'ypassPermissions')
        : lineOf(view.lines, 'angerous');
    out.drafts.push({
      code: 'S12',
      path: view.path,
      startLine: n,
      quote: q(n),
      message: 'settings turn off permission prompts for every tool',
      rule: 'settings:bypass-permissions',
    });
  }
  const sandbox = isRecord(doc.sandbox) ? doc.sandbox : undefined;
  if (sandbox && sandbox.enabled === false) {
    const n = lineOf(view.lines, '"sandbox"');
    out.drafts.push({
      code: 'S12',
      path: view.path,
      startLine: n,
      quote: q(n),
      message: 'settings turn the sandbox off',
      rule: 'settings:sandbox-off',
      severity: 'medium',
    });
  }
  if (doc.enableAllProjectMcpServers === true) {
    const n = lineOf(view.lines, 'enableAllProjectMcpServers');
    out.drafts.push({
      code: 'S12',
      path: view.path,
      startLine: n,
      quote: q(n),
      message:
        'every MCP server a repository declares is enabled without review: cloning a repository runs its servers',
      rule: 'settings:all-mcp',
      severity: 'high',
    });
  }
  const allow = Array.isArray(perms?.allow) ? perms.allow.map(String) : [];
  for (const grant of allow.filter((g) => /^(\*|Bash|Bash\(\*\)|Bash\(:\*\)|Bash\(\*:\*\))$/.test(g))) {
    const n = lineOf(view.lines, `"${grant}"`);
    out.drafts.push({
      code: 'S08',
      path: view.path,
      startLine: n,
      quote: q(n),
      message: `\`${grant}\` allows every command without a prompt`,
      rule: 'grant:broad',
    });
  }
  for (const command of hookCommands(doc.hooks)) {
    const n = lineOf(view.lines, JSON.stringify(command).slice(1, 30));
    out.snippets.push({ path: view.path, startLine: n, endLine: n, command, source: 'hook' });
  }
  const nameLine = (name: string) => lineOf(view.lines, `"${name}"`);
  for (const servers of serverMaps(doc, kind === 'mcp' && /(^|\/)\.?mcp\.json$/.test(view.path)))
    mcpServerFindings(view, servers, nameLine, out);
  return out;
}
