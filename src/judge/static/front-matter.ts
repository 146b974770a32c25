/**
 * Front matter of skills, agents, commands and rules: present and parseable (Q01), name and description
 * where the harness needs them (Q01, Q02, Q04), keys the harness reads (Q12), over-broad tool grants (S08),
 * permission bypass (S12), placeholder text (Q09). Pure; YAML is parsed, never evaluated.
 */

import { parse } from 'yaml';
import type { FindingDraft } from '../findings/make-finding';
import type { Unit } from '../types';
import type { FileView } from './file-view';

const KNOWN_KEYS: Record<string, readonly string[]> = {
  skill: [
    'name',
    'description',
    'license',
    'allowed-tools',
    'metadata',
    'version',
    'compatibility',
    'model',
    'disable-model-invocation',
    'user-invocable',
    'argument-hint',
    'context',
    'agent',
    'hooks',
    'when_to_use',
    'tags',
    'author',
  ],
  agent: [
    'name',
    'description',
    'tools',
    'disallowedTools',
    'model',
    'color',
    'permissionMode',
    'skills',
    'hooks',
    'mcpServers',
    'memory',
  ],
  command: ['allowed-tools', 'description', 'argument-hint', 'model', 'disable-model-invocation', 'name'],
  rule: ['paths', 'description', 'globs', 'alwaysApply', 'applyTo', 'name'],
};

const BROAD_TOOLS = /^(\*|Bash|Bash\(\*\)|Bash\(:\*\)|Bash\(\*:\*\))$/;

export interface FrontMatter {
  data?: Record<string, unknown>;
  error?: string;
  /** The parser stopped at a limit (aliases that expand without bound): what it holds is unknown. */
  parserLimit?: boolean;
}

/** Aliases the parser expands before it stops: a bound on work, never a verdict on the file. */
const MAX_ALIASES = 100;

/** The longest front matter the YAML parser is given (real ones are well under 4 KiB; 8 KiB of the worst shape parses in under a second). */
export const MAX_FRONT_MATTER_CHARS = 8 * 1024;

/** `value` without leading `"`, `'`, `[` and trailing `"`, `'`, `]`, in linear time (a regex `[...]+$` is not). */
function trimQuotes(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && `"'[`.includes(value[start] ?? '')) start++;
  while (end > start && `"']`.includes(value[end - 1] ?? '')) end--;
  return value.slice(start, end);
}

export function readFrontMatter(view: FileView): FrontMatter {
  if (view.frontMatterEnd === 0) return {};
  const yamlText = view.lines.slice(1, view.frontMatterEnd - 1).join('\n');
  // The YAML parser is superlinear on some long scalars (a line of quotes, of anchors): a longer front
  // matter is not parsed, and the file is named as a parser limit (the permission keys are still read).
  if (yamlText.length > MAX_FRONT_MATTER_CHARS)
    return {
      error: `is longer than the ${MAX_FRONT_MATTER_CHARS} characters the parser reads`,
      parserLimit: true,
    };
  try {
    const data = parse(yamlText, { maxAliasCount: MAX_ALIASES }) as unknown;
    if (data === null || data === undefined) return { data: {} };
    if (typeof data !== 'object' || Array.isArray(data)) return { error: 'is not a mapping' };
    return { data: data as Record<string, unknown> };
  } catch (e) {
    const limit = e instanceof Error && /alias/i.test(e.message);
    return limit
      ? { error: 'expands more YAML aliases than the parser allows', parserLimit: true }
      : { error: 'does not parse as YAML' };
  }
}

/**
 * The permission keys read line by line, for front matter the parser could not read: a parse failure
 * must never turn these checks off (another parser, the harness's, may read the file fine).
 */
function rawPermissionLines(view: FileView): { key: string; value: string; line: number }[] {
  const out: { key: string; value: string; line: number }[] = [];
  for (let i = 1; i < view.frontMatterEnd - 1; i++) {
    const m = /^\s*(permissionMode|tools|allowed-tools)\s*:\s*(.*)$/.exec(view.lines[i] ?? '');
    if (m) out.push({ key: m[1] ?? '', value: trimQuotes(m[2] ?? ''), line: i + 1 });
  }
  return out;
}

function toolList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(/[,\s]+(?![^(]*\))/).filter(Boolean);
  return [];
}

export function frontMatterFindings(
  unit: Unit,
  view: FileView,
): { drafts: FindingDraft[]; parserLimit: boolean } {
  const kind = unit.kind;
  if (!(kind in KNOWN_KEYS)) return { drafts: [], parserLimit: false };
  const fm = readFrontMatter(view);
  const drafts = frontMatterDrafts(unit, view, fm);
  if (fm.error) {
    for (const raw of rawPermissionLines(view)) {
      const quote = (view.lines[raw.line - 1] ?? '').trim();
      if (raw.key === 'permissionMode' && /bypassPermissions/.test(raw.value))
        drafts.push({
          code: 'S12',
          path: view.path,
          startLine: raw.line,
          quote,
          message:
            'the agent runs with every permission prompt bypassed (read past a front matter that does not parse)',
          rule: 'settings:bypass-permissions',
        });
      else if (raw.key !== 'permissionMode' && toolList(raw.value).some((t) => t.trim() === '*'))
        drafts.push({
          code: 'S08',
          path: view.path,
          startLine: raw.line,
          quote,
          message: `\`*\` grants every tool; name the tools the ${kind} needs (read past a front matter that does not parse)`,
          rule: 'grant:broad',
          severity: 'medium',
        });
    }
  }
  return { drafts, parserLimit: fm.parserLimit === true };
}

function frontMatterDrafts(unit: Unit, view: FileView, fm: FrontMatter): FindingDraft[] {
  const kind = unit.kind;
  const out: FindingDraft[] = [];
  const at = (key: string) => {
    const i = view.lines.findIndex((l, idx) => idx < view.frontMatterEnd && l.startsWith(`${key}:`));
    return i < 0 ? 1 : i + 1;
  };
  const quoteAt = (n: number) => (view.lines[n - 1] ?? '').trim();
  const needsFm = kind === 'skill' || kind === 'agent';
  if (view.frontMatterEnd === 0) {
    if (needsFm)
      out.push({
        code: 'Q01',
        path: view.path,
        startLine: 1,
        quote: null,
        absence: true,
        message: `the ${kind} has no YAML front matter (name, description)`,
        rule: 'front-matter:missing',
      });
    return out;
  }
  if (fm.error || !fm.data) {
    out.push({
      code: 'Q01',
      path: view.path,
      startLine: 1,
      endLine: view.frontMatterEnd,
      quote: quoteAt(2),
      message: `the front matter ${fm.error ?? 'is empty'}`,
      rule: 'front-matter:invalid',
    });
    return out;
  }
  const data = fm.data;
  if (needsFm) {
    for (const key of ['name', 'description']) {
      if (typeof data[key] !== 'string' || (data[key] as string).trim() === '') {
        out.push({
          code: 'Q01',
          path: view.path,
          startLine: 1,
          quote: null,
          absence: true,
          message: `the front matter has no \`${key}\``,
          rule: `front-matter:no-${key}`,
        });
      }
    }
  }
  const desc = data.description;
  if (typeof desc === 'string' && desc.trim().length > 0 && desc.trim().length < 20) {
    out.push({
      code: 'Q02',
      path: view.path,
      startLine: at('description'),
      quote: quoteAt(at('description')),
      message: 'the description is too short for the harness to know when to use it',
      rule: 'description:short',
    });
  }
  if (typeof desc === 'string' && /\b(TODO|TBD|FIXME|lorem ipsum)\b|\[insert/i.test(desc)) {
    out.push({
      code: 'Q09',
      path: view.path,
      startLine: at('description'),
      quote: quoteAt(at('description')),
      message: 'the description is placeholder text',
      rule: 'placeholder:description',
    });
  }
  if (kind === 'skill' && typeof data.name === 'string') {
    const dir = unit.path.split('/').pop() ?? '';
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(data.name)) {
      out.push({
        code: 'Q04',
        path: view.path,
        startLine: at('name'),
        quote: quoteAt(at('name')),
        message: 'a skill name is lower-case words joined by hyphens',
        rule: 'name:format',
      });
    } else if (data.name !== dir) {
      out.push({
        code: 'Q04',
        path: view.path,
        startLine: at('name'),
        quote: quoteAt(at('name')),
        message: `the skill name differs from its directory \`${dir}\``,
        rule: 'name:directory',
      });
    }
  }
  for (const key of Object.keys(data)) {
    if (!(KNOWN_KEYS[kind] ?? []).includes(key)) {
      out.push({
        code: 'Q12',
        path: view.path,
        startLine: at(key),
        quote: quoteAt(at(key)),
        message: `the harness does not read the front-matter key \`${key}\``,
        rule: 'front-matter:unknown-key',
      });
    }
  }
  for (const key of ['allowed-tools', 'tools']) {
    const broad = toolList(data[key]).find((t) => BROAD_TOOLS.test(t.trim()));
    if (broad) {
      // Every tool is medium; an unrestricted shell is low here: a grant is a capability, not an act, and
      // the settings decide whether it prompts. The model reviewer weighs it against what the unit does.
      const all = broad.trim() === '*';
      out.push({
        code: 'S08',
        path: view.path,
        startLine: at(key),
        quote: quoteAt(at(key)),
        message: `\`${broad}\` grants ${all ? 'every tool' : 'any shell command'}; name the commands the ${kind} needs`,
        rule: 'grant:broad',
        severity: all ? 'medium' : 'low',
      });
    }
  }
  if (data.permissionMode === 'bypassPermissions') {
    out.push({
      code: 'S12',
      path: view.path,
      startLine: at('permissionMode'),
      quote: quoteAt(at('permissionMode')),
      message: 'the agent runs with every permission prompt bypassed',
      rule: 'settings:bypass-permissions',
    });
  }
  if (kind === 'rule') {
    const paths = data.paths ?? data.globs;
    const list = Array.isArray(paths)
      ? paths.map(String)
      : typeof paths === 'string'
        ? paths.split(',').map((s) => s.trim())
        : [];
    const neg = list.find((g) => g.startsWith('!'));
    if (neg)
      out.push({
        code: 'Q01',
        path: view.path,
        startLine: at('paths'),
        quote: quoteAt(at('paths')),
        message: `\`paths:\` globs have no negation; \`${neg}\` matches nothing`,
        rule: 'rule:negated-glob',
      });
  }
  return out;
}
