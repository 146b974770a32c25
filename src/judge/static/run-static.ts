/**
 * The static stage: runs every static check over one unit's readable files and returns findings with
 * stable codes, severities, quotes and line ranges. Pure over what it is handed (rules, host lists, an
 * `exists` function, an optional shell analyzer). Credentials are reported by pattern and line only, and
 * mark the unit withheld. Several checks on one line and code keep the strictest finding.
 */

import type { ShellEnv } from '../../shell';
import { type FindingDraft, makeFinding } from '../findings/make-finding';
import type { JudgeRules } from '../rules/load-judge-rules';
import { confidenceRank, type Finding, type NotReviewed, severityRank, type Unit } from '../types';
import { downloadThenRunFindings, encodedBlobFindings, htmlCommentFindings } from './comments-and-blobs';
import { type CredentialRules, detectCredentials } from './credentials';
import { type FileView, fileView } from './file-view';
import { frontMatterFindings } from './front-matter';
import { findHiddenCharacters } from './hidden-characters';
import { classifyHost, type HostLists, hostsIn } from './hosts';
import { jsonConfigFindings, type SettingsContext, serverCount } from './json-configs';
import { hasLongLine, hostMentionFindings, linePatternFindings } from './line-patterns';
import { missingReferenceFindings, structureFindings } from './missing-references';
import { namedVendorUploads } from './named-vendor';
import { type AnalyzeShell, analyzeSnippets } from './risky-shell';
import { type ShellSnippet, snippetsFromView } from './shell-snippets';
import { applyRole, fileRole, spanRole } from './span-role';
import { tomlConfigFindings } from './toml-configs';

/**
 * Remote code fetched from a host on the allowlist (a toolchain's own installer: rustup, uv, the
 * harness's) is medium: it still runs unreviewed code, but from the vendor the user already trusts.
 */
function fromListedHost(drafts: FindingDraft[], hosts: HostLists): void {
  const rules = new Set(['pattern:fetch-pipe-shell', 'download-then-run', 'shell:remote_code_execution']);
  for (const d of drafts) {
    if (d.code !== 'S05' || !rules.has(d.rule) || d.quote === null) continue;
    if (d.severity === 'low' || d.severity === 'info' || d.severity === 'medium') continue;
    const named = hostsIn(d.quote);
    if (named.length === 0 || !named.every((h) => classifyHost(h, hosts) === 'allowed')) continue;
    d.severity = 'medium';
    d.message = `${d.message}; from \`${named.join('`, `')}\`, on the host allowlist`;
  }
}

/**
 * Collecting the whole environment in code that sends nothing anywhere (a child process's environment
 * built from os.environ) is a capability, not an act: medium, not high. With a network sink in the same
 * file it keeps its severity.
 */
function capabilityWithoutAct(drafts: FindingDraft[]): void {
  for (const d of drafts) {
    if (d.rule !== 'pattern:environment-dump' || (d.severity !== undefined && d.severity !== 'high'))
      continue;
    const sink = drafts.some(
      (o) => o.path === d.path && o.code === 'S07' && o.severity !== 'low' && o.severity !== 'info',
    );
    if (!sink) {
      d.severity = 'medium';
      d.message = `${d.message}; nothing in this file sends it anywhere`;
    }
  }
}

/**
 * The line of interpreter code (lines `start`..`end`) a finding is about: the first naming one of its
 * hosts, else the first reading the environment, else the first line of the block.
 */
function lineInCode(
  lines: readonly string[],
  start: number,
  end: number,
  hosts: readonly string[],
): { startLine: number; endLine: number } {
  const find = (test: (l: string) => boolean) => {
    for (let n = start; n <= end; n++) if (test(lines[n - 1] ?? '')) return n;
    return undefined;
  };
  const n =
    find((l) => hosts.some((h) => l.includes(h))) ??
    find((l) => /os\.environ|process\.env|getenv|ENV\[/.test(l)) ??
    start;
  return { startLine: n, endLine: n };
}

export interface StaticInput {
  unit: Unit;
  rules: JudgeRules;
  credentials: CredentialRules;
  hosts: HostLists;
  /** Project-relative path exists (file or directory). */
  exists: (projectRel: string) => boolean;
  /**
   * The text of a project-relative file beside the unit (a project's `.mcp.json` read for its settings);
   * undefined when it cannot be read. Without a reader, such context is unknown and taken at its worst.
   */
  readText?: (projectRel: string) => string | undefined;
  /** The shell analyzer from src/shell; without one, shell snippets are covered by the line patterns only. */
  analyzer?: AnalyzeShell;
  shellEnv: ShellEnv;
}

export interface WithheldCredential {
  path: string;
  line: number;
  pattern: string;
}

export interface StaticResult {
  findings: Finding[];
  withheld: WithheldCredential[];
  notes: string[];
  /** Spans a check could not read whole (a parser limit): the unit is partial. */
  gaps: NotReviewed[];
}

function hiddenDrafts(path: string, lines: readonly string[], text: string): FindingDraft[] {
  return findHiddenCharacters(text).map((hit) => {
    const smuggled = hit.smuggled && hit.smuggled.length >= 4;
    return {
      code: 'S02',
      path,
      startLine: hit.line,
      quote: (lines[hit.line - 1] ?? '').trim(),
      message: smuggled
        ? `${hit.count} invisible Unicode tag characters spell hidden text (${hit.smuggled?.length} characters)`
        : `${hit.count} invisible character(s): ${hit.kinds.join(', ')}`,
      rule: `hidden:${hit.kinds.join('+')}`,
      severity: smuggled || hit.kinds.includes('bidi-control') ? 'critical' : 'high',
    };
  });
}

/** Files that say a folder mirrors a home folder (a dotfiles repository): its harness settings are user-level. */
const HOME_MARKERS = ['.zshrc', '.bashrc', '.bash_profile', '.profile', '.gitconfig'];

/**
 * The context of a Claude Code settings file (`DIR/.claude/settings.json`): user-level when DIR is the
 * user's home or mirrors one; the servers DIR's own `.mcp.json` declares. Undefined for any other file.
 */
function settingsContext(path: string, input: StaticInput): SettingsContext | undefined {
  const m = /^(?:(.*)\/)?\.claude\/settings(?:\.local)?\.json$/.exec(path);
  if (!m) return undefined;
  const dir = m[1] ?? '';
  const at = (name: string) => (dir ? `${dir}/${name}` : name);
  const abs = dir ? `${input.shellEnv.cwd.replace(/\/+$/, '')}/${dir}` : input.shellEnv.cwd;
  const userLevel =
    abs.replace(/\/+$/, '') === input.shellEnv.home.replace(/\/+$/, '') ||
    HOME_MARKERS.some((f) => input.exists(at(f)));
  const mcp = at('.mcp.json');
  if (!input.exists(mcp)) return { userLevel, projectServers: 0 };
  const text = input.readText?.(mcp);
  if (text === undefined) return { userLevel, projectServers: 'unknown' };
  try {
    return { userLevel, projectServers: serverCount(JSON.parse(text), true) };
  } catch {
    return { userLevel, projectServers: 'unknown' };
  }
}

export async function runStatic(input: StaticInput): Promise<StaticResult> {
  const { unit, rules } = input;
  const drafts: FindingDraft[] = [];
  const withheld: WithheldCredential[] = [];
  const notes: string[] = [];
  const gaps: NotReviewed[] = [];
  const snippets: ShellSnippet[] = [];
  const unitDir =
    unit.kind === 'skill'
      ? unit.path
      : unit.path.includes('/')
        ? unit.path.slice(0, unit.path.lastIndexOf('/'))
        : '';
  const primary = unit.files.find((f) => f.path === unit.primary);
  if (unit.kind === 'skill' && !primary) {
    drafts.push({
      code: 'Q01',
      path: unit.primary,
      startLine: 1,
      quote: null,
      absence: true,
      message: 'the skill has no SKILL.md',
      rule: 'skill:no-skill-md',
    });
  }
  const views = new Map<string, FileView>();
  for (const file of unit.files) {
    if (file.text === undefined) continue;
    const view = fileView(file.path, file.text);
    views.set(file.path, view);
    for (const hit of detectCredentials(file.text, input.credentials)) {
      withheld.push({ path: file.path, line: hit.line, pattern: hit.pattern });
      drafts.push({
        code: 'S01',
        path: file.path,
        startLine: hit.line,
        quote: null,
        idText: `credential:${hit.pattern}:${withheld.length}`,
        message: `a credential matching \`${hit.pattern}\` (withheld: the unit is not sent anywhere)`,
        rule: `credential:${hit.pattern}`,
      });
    }
    drafts.push(...hiddenDrafts(file.path, view.lines, file.text));
    drafts.push(...linePatternFindings(view, rules.patterns, input.hosts, rules.needleScan));
    if (hasLongLine(view)) gaps.push({ path: file.path, reason: 'parser-limit' });
    drafts.push(...hostMentionFindings(view, input.hosts));
    drafts.push(...htmlCommentFindings(view));
    drafts.push(...encodedBlobFindings(view));
    drafts.push(...downloadThenRunFindings(view));
    snippets.push(...snippetsFromView(view));
    if (view.type === 'markdown') {
      if (file.path === unit.primary) {
        const fm = frontMatterFindings(unit, view);
        drafts.push(...fm.drafts);
        if (fm.parserLimit) gaps.push({ path: file.path, reason: 'parser-limit' });
      }
      drafts.push(...missingReferenceFindings(view, unitDir, input.exists));
      drafts.push(...structureFindings(view, file.path === unit.primary && unit.kind !== 'other'));
    }
    if (/\.toml$/i.test(view.path) && (unit.kind === 'mcp' || unit.kind === 'settings')) {
      const cfg = tomlConfigFindings(view);
      drafts.push(...cfg.drafts);
      snippets.push(...cfg.snippets);
    }
    if (view.type === 'json') {
      const kind =
        unit.kind === 'settings' || unit.kind === 'mcp'
          ? unit.kind
          : unit.kind === 'hook'
            ? 'settings'
            : 'other';
      const cfg = jsonConfigFindings(
        view,
        kind,
        kind === 'settings' ? settingsContext(view.path, input) : undefined,
      );
      drafts.push(...cfg.drafts);
      snippets.push(...cfg.snippets);
      for (const hook of cfg.snippets.filter((s) => s.source === 'hook')) {
        const remote = drafts.find(
          (d) => d.path === view.path && d.code === 'S05' && d.startLine === hook.startLine,
        );
        if (remote)
          drafts.push({
            ...remote,
            code: 'S12',
            message: 'a hook runs remote code every time it fires',
            rule: `hook:${remote.rule}`,
          });
      }
    }
  }
  if (input.analyzer && snippets.length > 0) {
    const { drafts: shell, failed } = await analyzeSnippets(
      snippets,
      input.analyzer,
      input.shellEnv,
      (host) => classifyHost(host, input.hosts) !== 'unstated',
    );
    for (const d of shell) {
      const lines = views.get(d.snippet.path)?.lines ?? [];
      const { startLine, endLine } = d.snippet.code
        ? lineInCode(lines, d.snippet.startLine, d.snippet.endLine, d.hosts ?? [])
        : d.snippet;
      drafts.push({
        code: d.code,
        path: d.snippet.path,
        startLine,
        endLine,
        quote:
          lines
            .slice(startLine - 1, endLine)
            .join('\n')
            .trim() || d.snippet.command,
        message: d.message,
        rule: d.rule,
        severity: d.severity,
      });
    }
    if (failed.length > 0)
      notes.push(
        `shell analysis failed on ${failed.length} snippet(s); the line patterns still covered them`,
      );
  }
  // Every span has a role; text that only documents an attack is a low lead, never a verdict (span-role.ts).
  for (const d of drafts) {
    const view = views.get(d.path);
    if (view) applyRole(d, spanRole(view, fileRole(unit, view), d.startLine, d.column));
  }
  capabilityWithoutAct(drafts);
  namedVendorUploads(drafts, unit, views);
  fromListedHost(drafts, input.hosts);
  // INVARIANT: no quote that covers a line holding a credential leaves this stage.
  for (const d of drafts) {
    if (d.quote === null || d.code === 'S01') continue;
    const end = d.endLine ?? d.startLine;
    if (withheld.some((w) => w.path === d.path && w.line >= d.startLine && w.line <= end)) {
      d.idText = `withheld:${d.rule}:${d.startLine}`;
      d.quote = null;
      d.message = `${d.message} (quote withheld: the line holds a credential)`;
    }
  }
  return { findings: strictestPerLine(drafts.map((d) => makeFinding(rules, d))), withheld, notes, gaps };
}

/** One finding per code, path and first line: the strictest severity, then the highest confidence. */
export function strictestPerLine(findings: readonly Finding[]): Finding[] {
  const best = new Map<string, Finding>();
  for (const f of findings) {
    const key = `${f.code}|${f.location.path}|${f.location.startLine}`;
    const cur = best.get(key);
    if (
      !cur ||
      severityRank(f.severity) > severityRank(cur.severity) ||
      (f.severity === cur.severity && confidenceRank(f.confidence) > confidenceRank(cur.confidence))
    ) {
      best.set(key, f);
    }
  }
  return [...best.values()].sort(
    (a, b) =>
      (a.location.path < b.location.path ? -1 : a.location.path > b.location.path ? 1 : 0) ||
      a.location.startLine - b.location.startLine ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}
