/**
 * Settings and MCP configs (JSON): parseable (Q10), permissions disabled or every tool allowed (S12, S08),
 * every project MCP server enabled (S12, at the severity its context gives it: see `allMcpSeverity`), and the
 * MCP servers they declare in any shape (mcp-servers.ts); it also yields the hook and MCP commands for shell
 * analysis. Pure over the context it is handed.
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

/** Servers a parsed MCP config (or settings document) declares, in any shape. */
export function serverCount(doc: unknown, flat: boolean): number {
  if (!isRecord(doc)) return 0;
  return serverMaps(doc, flat).reduce((n, m) => n + Object.values(m).filter(isRecord).length, 0);
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

/**
 * Where a settings file sits, for the keys whose weight depends on it. `userLevel`: the file applies to every
 * project (the user's own harness folder, or a dotfiles repository that mirrors a home folder).
 * `projectServers`: how many MCP servers the project beside the file declares in its own MCP config
 * (`.mcp.json`), or `unknown` when that cannot be told (no reader, a file that does not read or parse).
 */
export interface SettingsContext {
  userLevel: boolean;
  projectServers: number | 'unknown';
}

/**
 * `enableAllProjectMcpServers` as a reviewer weighs it: in a user-level file every repository's servers
 * start without a prompt (high); in a project whose own MCP config declares servers, they start on clone
 * (high); in a project that declares none, it enables nothing yet: a latent widening (a medium lead). An
 * unknown context is taken at its worst (fail closed).
 */
export function allMcpSeverity(ctx: SettingsContext | undefined): {
  severity: 'high' | 'medium';
  message: string;
} {
  if (ctx?.userLevel)
    return {
      severity: 'high',
      message:
        'a user-level setting enables every MCP server any repository declares without review: cloning a repository runs its servers',
    };
  if (ctx && ctx.projectServers === 0)
    return {
      severity: 'medium',
      message:
        'every MCP server this project declares would start without a prompt; it declares none yet, so this is a latent widening: a server added to `.mcp.json` later starts unreviewed',
    };
  return {
    severity: 'high',
    message:
      typeof ctx?.projectServers === 'number'
        ? `the ${ctx.projectServers} MCP server(s) this project declares start without a prompt: cloning the repository runs them`
        : 'every MCP server a repository declares is enabled without review: cloning a repository runs its servers',
  };
}

export function jsonConfigFindings(
  view: FileView,
  kind: 'settings' | 'mcp' | 'other',
  settings?: SettingsContext,
): JsonConfigResult {
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
      rule: 'settings:all-mcp',
      ...allMcpSeverity(
        settings && {
          ...settings,
          projectServers:
            settings.projectServers === 'unknown'
              ? 'unknown'
              : settings.projectServers + serverCount(doc, false),
        },
      ),
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
