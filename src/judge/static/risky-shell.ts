/**
 * Risky shell execution (S05 and neighbours): each extracted shell snippet is handed to the injected
 * shell analyzer, and the categories it reports become judge findings. The mapping from action-review
 * categories to judge codes is data below; no shell is parsed here, so shapes are never written twice.
 * An analyzer that throws is a gap (the snippet is reported as not analysed), never a pass.
 */

import type { Category, ShellAnalysis, ShellEnv } from '../../shell';
import type { Severity } from '../types';
import type { ShellSnippet } from './shell-snippets';

export type ShellAnalyzer = (command: string, env: ShellEnv) => Promise<ShellAnalysis>;

export interface ShellFindingDraft {
  snippet: ShellSnippet;
  code: string;
  severity: Severity;
  rule: string;
  message: string;
}

/** Judge code and severity for an action-review category; `undefined` when the category is no finding here. */
export function codeForCategory(category: Category): { code: string; severity: Severity } | undefined {
  switch (category) {
    case 'credential_exfiltration':
      return { code: 'S07', severity: 'critical' };
    case 'remote_code_execution':
      return { code: 'S05', severity: 'critical' };
    case 'secret_material_read':
      return { code: 'S06', severity: 'high' };
    case 'outbound_network_to_unstated_host':
      return { code: 'S07', severity: 'medium' };
    case 'package_install_from_unstated_source':
      return { code: 'S10', severity: 'medium' };
    case 'disable_security_control':
    case 'agent_self_modification':
      return { code: 'S12', severity: 'high' };
    case 'destructive_root_delete':
    case 'block_device_write':
      return { code: 'S13', severity: 'critical' };
    case 'recursive_delete_outside_workspace':
    case 'history_rewrite_on_shared_ref':
    case 'privilege_escalation':
    case 'persistence':
      return { code: 'S13', severity: 'high' };
    // Removing a container, an image or a cloud resource the script made is its job; a reviewer checks which.
    case 'remote_resource_delete':
      return { code: 'S13', severity: 'medium' };
    case 'force_push':
    case 'local_work_loss':
    case 'system_shutdown':
      return { code: 'S13', severity: 'medium' };
    default: {
      const never: never = category;
      return never;
    }
  }
}

/**
 * Categories that stay at full severity when the command is only written in Markdown (a fence or an inline
 * span): text telling the agent to run fetched code or ship secrets is the threat itself. Everything else
 * written in documentation (a git tutorial's `reset --hard`, a warning not to `rm -rf /`) is context, and
 * is reported low; in scripts, hooks and MCP commands, which run, every category keeps its severity.
 */
const THREAT_IN_DOCS: readonly Category[] = ['remote_code_execution', 'credential_exfiltration'];

export async function analyzeSnippets(
  snippets: readonly ShellSnippet[],
  analyzer: ShellAnalyzer,
  env: ShellEnv,
  hostAllowed: (host: string) => boolean = () => false,
): Promise<{ drafts: ShellFindingDraft[]; failed: ShellSnippet[] }> {
  const drafts: ShellFindingDraft[] = [];
  const failed: ShellSnippet[] = [];
  for (const snippet of snippets) {
    let analysis: ShellAnalysis;
    try {
      analysis = await analyzer(snippet.command, env);
    } catch {
      failed.push(snippet);
      continue;
    }
    const seen = new Set<string>();
    const inDocs = snippet.source === 'fence' || snippet.source === 'inline';
    for (const hit of analysis.hits) {
      const mapped = codeForCategory(hit.category);
      if (!mapped || seen.has(hit.category)) continue;
      // Action review does not know the judge's host allowlist: a host on it is no unstated host.
      if (hit.category === 'outbound_network_to_unstated_host') {
        const hosts = analysis.segments[hit.segment]?.hosts ?? [];
        if (hosts.length > 0 && hosts.every((h) => h.local || hostAllowed(h.host))) continue;
      }
      seen.add(hit.category);
      const capped = inDocs && !THREAT_IN_DOCS.includes(hit.category);
      drafts.push({
        snippet,
        code: snippet.source === 'hook' && mapped.code === 'S05' ? 'S12' : mapped.code,
        severity: capped ? 'low' : mapped.severity,
        rule: `shell:${hit.category}`,
        message: hit.reason,
      });
    }
    if (analysis.sensitiveToNetwork && !seen.has('credential_exfiltration')) {
      drafts.push({
        snippet,
        code: 'S07',
        severity: 'critical',
        rule: 'shell:sensitive-to-network',
        message: 'sensitive data flows into a network command',
      });
    }
  }
  return { drafts, failed };
}
