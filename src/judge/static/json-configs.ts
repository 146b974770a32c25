/**
 * Settings and MCP configs (JSON): parseable (Q10), permissions disabled or every tool allowed (S12, S08),
 * MCP servers that run unpinned packages, talk plain HTTP or hold inline credentials (S11); it also
 * yields the hook and MCP commands for shell analysis. Pure.
 */

import type { FindingDraft } from '../findings/make-finding';
import type { FileView } from './file-view';
import { lineOf, type ShellSnippet } from './shell-snippets';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const RUNNERS = new Set(['npx', 'bunx', 'uvx', 'pnpx']);
const PINNED = /@\d+(\.\d+){0,2}([-+][\w.]+)?$|==\d|@sha256:/;

export interface JsonConfigResult {
  drafts: FindingDraft[];
  snippets: ShellSnippet[];
}

function hookCommands(hooks: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (isObj(v)) {
      if (typeof v.command === 'string') out.push(v.command);
      for (const [k, child] of Object.entries(v)) if (k !== 'command') visit(child);
    }
  };
  visit(hooks);
  return out;
}

function mcpFindings(view: FileView, servers: Json, out: JsonConfigResult): void {
  for (const [name, raw] of Object.entries(servers)) {
    if (!isObj(raw)) continue;
    const line = lineOf(view.lines, `"${name}"`);
    const q = (n: number) => (view.lines[n - 1] ?? '').trim();
    const command = typeof raw.command === 'string' ? raw.command : undefined;
    const args = Array.isArray(raw.args) ? raw.args.map(String) : [];
    if (command) {
      const full = [command, ...args].join(' ');
      out.snippets.push({ path: view.path, startLine: line, endLine: line, command: full, source: 'mcp' });
      const runner = command.split('/').pop() ?? command;
      if (RUNNERS.has(runner)) {
        const pkg = args.find((a) => !a.startsWith('-'));
        if (pkg && !PINNED.test(pkg)) {
          const n = lineOf(view.lines, pkg);
          out.drafts.push({
            code: 'S11',
            path: view.path,
            startLine: n,
            quote: q(n),
            message: `MCP server \`${name}\` runs \`${pkg}\` without a pinned version`,
            rule: 'mcp:unpinned',
            severity: 'medium',
          });
        }
      }
    }
    const url =
      typeof raw.url === 'string' ? raw.url : typeof raw.serverUrl === 'string' ? raw.serverUrl : undefined;
    if (url && /^http:\/\//i.test(url) && !/^http:\/\/(localhost|127\.|\[::1\])/i.test(url)) {
      const n = lineOf(view.lines, url);
      out.drafts.push({
        code: 'S11',
        path: view.path,
        startLine: n,
        quote: q(n),
        message: `MCP server \`${name}\` talks plain HTTP to a remote host`,
        rule: 'mcp:plain-http',
      });
    }
    for (const field of ['env', 'headers']) {
      const bag = raw[field];
      if (!isObj(bag)) continue;
      for (const [key, value] of Object.entries(bag)) {
        if (typeof value !== 'string' || value.length < 8) continue;
        if (/\$\{?[A-Z_]|\{\{|<|your|example|xxx/i.test(value)) continue;
        if (!/(key|token|secret|password|auth|credential)/i.test(key)) continue;
        const n = lineOf(view.lines, `"${key}"`);
        out.drafts.push({
          code: 'S11',
          path: view.path,
          startLine: n,
          quote: null,
          idText: `mcp-inline:${name}:${key}`,
          message: `MCP server \`${name}\` holds an inline value for \`${key}\`; reference an environment variable instead`,
          rule: 'mcp:inline-credential',
        });
      }
    }
  }
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
  if (!isObj(doc)) {
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
  const perms = isObj(doc.permissions) ? doc.permissions : undefined;
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
  const sandbox = isObj(doc.sandbox) ? doc.sandbox : undefined;
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
      message: 'every MCP server a repository declares is enabled without review',
      rule: 'settings:all-mcp',
      severity: 'medium',
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
  if (isObj(doc.mcpServers)) mcpFindings(view, doc.mcpServers, out);
  if (isObj(doc.servers)) mcpFindings(view, doc.servers, out);
  return out;
}
