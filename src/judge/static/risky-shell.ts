/**
 * Risky shell execution (S05 and neighbours): each extracted shell snippet is handed to the injected
 * shell analyzer, and the categories it reports become judge findings. The mapping from action-review
 * categories to judge codes is data below; no shell is parsed here, so shapes are never written twice.
 * An analyzer that throws is a gap (the snippet is reported as not analysed), never a pass.
 */

import {
  type AnalyzeShell,
  type Category,
  makePathScope,
  type PathRef,
  type PathScope,
  resolvePath,
  type ShellAnalysis,
  type ShellEnv,
} from '../../shell';
import { type Severity, severityRank } from '../types';
import { secretFlow } from './secret-flow';
import type { ShellSnippet } from './shell-snippets';
import { worldWritable } from './world-writable';

export type { AnalyzeShell };

export interface ShellFindingDraft {
  snippet: ShellSnippet;
  code: string;
  severity: Severity;
  rule: string;
  message: string;
  /** Hosts of the segment the hit is about: where in a code block the finding points. */
  hosts?: string[];
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
 * Categories that stay at full severity when the command is only mentioned in inline code of prose: text
 * telling the agent to run fetched code or ship secrets is the threat itself. Everything else mentioned
 * inline (a git tutorial's `reset --hard`, a warning not to `rm -rf /`) is context, and is reported low.
 */
const THREAT_IN_DOCS: readonly Category[] = ['remote_code_execution', 'credential_exfiltration'];

/**
 * Categories that a shell block of an instruction file (which the agent is meant to run) reports as a
 * low lead: steps of ordinary work a reviewer weighs in context (`sudo apt-get install`, `git push
 * --force` on a feature branch, deleting the cache folder a tool made). In scripts, hooks and MCP
 * commands, which run unattended, they keep their severity.
 */
const WORKFLOW_IN_BLOCKS: readonly Category[] = [
  'privilege_escalation',
  'agent_self_modification',
  'package_install_from_unstated_source',
  'outbound_network_to_unstated_host',
  'recursive_delete_outside_workspace',
  'history_rewrite_on_shared_ref',
  'remote_resource_delete',
  'force_push',
  'local_work_loss',
  'system_shutdown',
];

/** Categories interpreter code in a block is reported under; the rest of what it does is a low lead. */
const CODE_CATEGORIES: readonly Category[] = [
  'credential_exfiltration',
  'remote_code_execution',
  'destructive_root_delete',
  'block_device_write',
];

/**
 * A hit of a block that only touches the project or a temp folder (`rm -rf /tmp/x-$USER/`, `openssl
 * -keyout data/ca.key`, `printenv TOKEN`), or deletes a folder named by a variable (`rm -rf "$TMPDIR"`,
 * a test's cleanup): secret material that stays on this machine, a delete of scratch. Only secrets
 * outside the project (`~/.ssh`, `~/.aws`) and literal deletes outside temp (`/`, `~`) keep their
 * severity; a script, which runs unattended, keeps it always.
 */
function staysLocal(analysis: ShellAnalysis, segment: number, category: Category, env: ShellEnv): boolean {
  const paths = analysis.segments[segment]?.paths ?? [];
  const roots = [...env.workspaceRoots, ...env.tempDirs].map((r) => r.replace(/\/+$/, ''));
  const inside = (p: string | undefined) =>
    p !== undefined && roots.some((r) => p.startsWith(`${r}/`) && p.length > r.length + 1);
  if (category === 'secret_material_read') {
    const scope = makePathScope(env);
    return paths.every((p) => !namesSecret(p, scope) || inside(p.resolved ?? p.raw));
  }
  if (category === 'destructive_root_delete')
    return (
      paths.length > 0 &&
      paths.every(
        (p) => p.class === 'temp' || inside(p.resolved) || /^\/tmp\/[^/$]/.test(p.raw) || p.raw.includes('$'),
      )
    );
  return false;
}

/** How action review shows a word it cannot know before the command runs (Segment.argv, PathRef.raw). */
const RUN_TIME = '$\u2026';

/**
 * A sensitive path that names a secret by its literal text: with its run-time parts as a plain name (and its
 * glob characters too) it is still sensitive. `~/.ssh/$KEY` and `.env.$STAGE` do; `vite@$V`, `+$N`,
 * `/CN=$D` and `TFE_TOKEN=$T`, which action review takes as reads that *may* expand to a secret, do not.
 */
function namesSecret(p: PathRef, scope: PathScope): boolean {
  if (p.class !== 'sensitive') return false;
  if (!p.raw.includes(RUN_TIME) && !p.glob) return true;
  const literal = p.raw.replaceAll(RUN_TIME, 'x').replace(/[*?[\]]/g, 'x');
  return resolvePath(literal, scope).class === 'sensitive';
}

/**
 * A secret read that only run-time text could make: action review treats a word that may expand to a
 * secret as a read of one (a person decides), but a reviewer of a script reads `tail -n +"$N" "$F"`,
 * `pnpm add vite@$V` or `git diff "$a..$b"` as no secret read at all. True when no path of the segment
 * names a secret (namesSecret), and a hit without a sensitive path has run-time text among its words.
 */
function onlyRunTimeText(analysis: ShellAnalysis, segment: number, env: ShellEnv): boolean {
  const seg = analysis.segments[segment];
  if (!seg) return false;
  const scope = makePathScope(env);
  if (seg.paths.some((p) => namesSecret(p, scope))) return false;
  return seg.paths.some((p) => p.class === 'sensitive') || seg.argv.some((w) => w.includes(RUN_TIME));
}

/**
 * The severity of a secret read made only by run-time text: a low lead when the folder it starts in is the
 * project, a temp folder or none; a medium one elsewhere (home, /proc): a reviewer looks at what the value is.
 */
function runTimeSeverity(analysis: ShellAnalysis, segment: number, env: ShellEnv): Severity {
  const scope = makePathScope(env);
  const outside = (analysis.segments[segment]?.paths ?? []).some((p) => {
    if (p.class !== 'sensitive' || p.resolved === undefined) return false;
    const c = resolvePath(p.resolved, scope).class;
    return c !== 'workspace' && c !== 'temp';
  });
  return outside ? 'medium' : 'low';
}

/** Does any segment read a path of the sensitive class (a key file, `.env`)? */
function readsSensitive(analysis: ShellAnalysis): boolean {
  return analysis.segments.some((s) => s.paths.some((p) => p.class === 'sensitive'));
}

/** The severity of a finding from `snippet`: a `threat` keeps it inline, a `workflow` step is low in a block. */
function severityFor(
  snippet: ShellSnippet,
  severity: Severity,
  kind: { threat?: boolean; workflow?: boolean },
): Severity {
  if (snippet.source === 'inline' && !kind.threat) return 'low';
  if (snippet.source === 'fence' && kind.workflow) return 'low';
  return severity;
}

export async function analyzeSnippets(
  snippets: readonly ShellSnippet[],
  analyzer: AnalyzeShell,
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
    const hostsOf = (segment: number) => (analysis.segments[segment]?.hosts ?? []).map((h) => h.host);
    for (const hit of analysis.hits) {
      const mapped = codeForCategory(hit.category);
      if (!mapped || seen.has(hit.category)) continue;
      // Action review does not know the judge's host allowlist: a host on it is no unstated host.
      if (hit.category === 'outbound_network_to_unstated_host') {
        const hosts = analysis.segments[hit.segment]?.hosts ?? [];
        if (hosts.length > 0 && hosts.every((h) => h.local || hostAllowed(h.host))) continue;
      }
      seen.add(hit.category);
      const local =
        snippet.source === 'fence' &&
        (snippet.code
          ? !CODE_CATEGORIES.includes(hit.category)
          : staysLocal(analysis, hit.segment, hit.category, env));
      let severity = severityFor(snippet, mapped.severity, {
        threat: THREAT_IN_DOCS.includes(hit.category),
        workflow: local || WORKFLOW_IN_BLOCKS.includes(hit.category),
      });
      let message = hit.reason;
      if (hit.category === 'secret_material_read' && onlyRunTimeText(analysis, hit.segment, env)) {
        const cap = runTimeSeverity(analysis, hit.segment, env);
        if (severityRank(severity) > severityRank(cap)) severity = cap;
        message = `${message}; only a value known at run time could name a secret, nothing in the command does`;
      }
      // A secret-named variable presented as credentials to an API (an `Authorization` header, `-u user:$TOKEN`)
      // with no secret file read is how that API is used: the secret-flow rating (medium) stands, not exfiltration's.
      if (hit.category === 'credential_exfiltration' && !readsSensitive(analysis)) {
        const presented = secretFlow(snippet.command, analysis, hostAllowed);
        if (presented?.severity === 'medium' && severityRank(severity) > severityRank('medium')) {
          severity = 'medium';
          message = presented.message;
        }
      }
      drafts.push({
        snippet,
        code: snippet.source === 'hook' && mapped.code === 'S05' ? 'S12' : mapped.code,
        severity,
        rule: `shell:${hit.category}`,
        message,
        hosts: hostsOf(hit.segment),
      });
    }
    if (analysis.sensitiveToNetwork && !seen.has('credential_exfiltration')) {
      seen.add('credential_exfiltration');
      drafts.push({
        snippet,
        code: 'S07',
        severity: 'critical',
        rule: 'shell:sensitive-to-network',
        message: 'sensitive data flows into a network command',
      });
    }
    const secret = seen.has('credential_exfiltration')
      ? undefined
      : secretFlow(snippet.command, analysis, hostAllowed);
    if (secret)
      drafts.push({
        snippet,
        code: 'S07',
        severity: severityFor(snippet, secret.severity, { threat: true }),
        rule: 'shell:secret-variable-to-network',
        message: secret.message,
      });
    const writable = worldWritable(analysis);
    if (writable)
      drafts.push({
        snippet,
        code: 'S13',
        severity: severityFor(snippet, writable.severity, {}),
        rule: 'shell:world-writable',
        message: writable.message,
      });
  }
  return { drafts, failed };
}
