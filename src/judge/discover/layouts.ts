/**
 * Where units live in real repositories, beyond single files: skill folders (a folder holding SKILL.md at
 * any depth, every folder under `.claude/skills/` and its siblings), plugins (a folder with
 * `.claude-plugin/plugin.json`, or one a marketplace manifest names: its `skills/`, `agents/`, `commands/`,
 * `hooks/`, `.mcp.json` and the custom paths its manifest declares) and the single files harness-paths.ts
 * knows. Each unit carries why it was found, for `judge --list`. Pure over a file list and a reader of
 * manifests; a manifest that does not parse only adds nothing (its folder conventions still apply).
 */

import { isRecord } from '../../core';
import type { UnitKind } from '../types';
import { harnessKind, isSkillDir, SKILL_PARENTS, skillRoot } from './harness-paths';
import { joinRelative } from './join-relative';

export interface Candidate {
  /** Project-relative path: the file, or the folder of a skill or a plugin's hooks. */
  rel: string;
  kind: UnitKind;
  /** Why discovery counts it as a unit (written by gavel, shown by `--list`). */
  why: string;
  /** For a folder unit: the file it is named after (`SKILL.md`, `hooks.json`). */
  primary?: string;
}

type Json = Record<string, unknown>;

const PLUGIN_MANIFEST = /(^|\/)\.(claude|codex|cursor)-plugin\/plugin\.json$/;
const MARKETPLACE = /(^|\/)(\.claude-plugin|\.agents\/plugins)\/marketplace\.json$/;

function dirOf(rel: string): string {
  const i = rel.lastIndexOf('/');
  return i < 0 ? '' : rel.slice(0, i);
}

/** `base` joined with a manifest's relative path (`./skills/x`); undefined when it leaves the project. */
export function resolveRel(base: string, ref: string): string | undefined {
  if (ref.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(ref)) return undefined;
  return joinRelative(base === '' ? [] : base.split('/'), ref);
}

const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [];

interface Plugin {
  root: string;
  why: string;
  skills: string[];
  agents: string[];
  commands: string[];
  hooks: string[];
  mcp: string[];
  inlineMcp?: string;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function pluginsOf(files: readonly string[], readText: (rel: string) => string | undefined): Plugin[] {
  const byRoot = new Map<string, Plugin>();
  const plugin = (root: string, why: string): Plugin => {
    let p = byRoot.get(root);
    if (!p) {
      p = { root, why, skills: [], agents: [], commands: [], hooks: [], mcp: [] };
      byRoot.set(root, p);
    }
    return p;
  };
  const customPaths = (p: Plugin, doc: Json) => {
    const add = (list: string[], v: unknown) => {
      for (const s of strings(v)) {
        const r = resolveRel(p.root, s);
        if (r !== undefined) list.push(r);
      }
    };
    add(p.skills, doc.skills);
    add(p.agents, doc.agents);
    add(p.commands, doc.commands);
    if (typeof doc.hooks === 'string') add(p.hooks, doc.hooks);
    if (typeof doc.mcpServers === 'string') add(p.mcp, doc.mcpServers);
  };
  for (const f of files) {
    if (!PLUGIN_MANIFEST.test(f)) continue;
    const root = dirOf(dirOf(f));
    const p = plugin(root, `plugin manifest \`${f}\``);
    const doc = parseJson(readText(f));
    if (!isRecord(doc)) continue;
    customPaths(p, doc);
    if (isRecord(doc.mcpServers) || isRecord(doc.hooks)) p.inlineMcp = f;
  }
  for (const f of files) {
    if (!MARKETPLACE.test(f)) continue;
    const doc = parseJson(readText(f));
    if (!isRecord(doc) || !Array.isArray(doc.plugins)) continue;
    const base = f.endsWith('.agents/plugins/marketplace.json') ? dirOf(dirOf(dirOf(f))) : dirOf(dirOf(f));
    const meta = isRecord(doc.metadata) ? doc.metadata : {};
    const pluginRoot = typeof meta.pluginRoot === 'string' ? resolveRel(base, meta.pluginRoot) : base;
    for (const entry of doc.plugins) {
      if (!isRecord(entry)) continue;
      const src = entry.source;
      const path =
        typeof src === 'string' ? src : isRecord(src) && typeof src.path === 'string' ? src.path : undefined;
      if (path === undefined || pluginRoot === undefined) continue;
      const root = resolveRel(path.startsWith('./') || path.startsWith('../') ? base : pluginRoot, path);
      if (root === undefined) continue;
      const p = plugin(root, `named by \`${f}\``);
      customPaths(p, entry);
      if (isRecord(entry.mcpServers) || isRecord(entry.hooks)) p.inlineMcp = p.inlineMcp ?? f;
    }
  }
  return [...byRoot.values()];
}

/** Every unit found in `files` (project-relative paths of regular files), in path order. */
export function layoutCandidates(
  files: readonly string[],
  readText: (rel: string) => string | undefined,
): Candidate[] {
  const fileSet = new Set(files);
  const skills = new Map<string, Candidate>();
  const addSkill = (rel: string, why: string) => {
    if (rel !== '' && !skills.has(rel))
      skills.set(rel, { rel, kind: 'skill', why, primary: `${rel}/SKILL.md` });
  };
  for (const f of files) {
    if (f === 'SKILL.md' || f.endsWith('/SKILL.md')) addSkill(dirOf(f), 'holds SKILL.md');
    const conv = skillRoot(f);
    if (conv) addSkill(conv, `a folder under \`${SKILL_PARENTS.find((s) => conv.includes(`${s}/`))}\``);
  }
  const plugins = pluginsOf(files, readText);
  const singles = new Map<string, Candidate>();
  const addSingle = (c: Candidate) => {
    if (!singles.has(c.rel)) singles.set(c.rel, c);
  };
  for (const p of plugins) {
    const prefix = p.root === '' ? '' : `${p.root}/`;
    // `skills/` and a manifest's `skills` entries: a folder that holds SKILL.md is a skill, any other
    // folder holds skills (each sub-folder is one).
    const skillDirs = [`${prefix}skills`, ...p.skills];
    for (const sd of skillDirs) {
      if (fileSet.has(`${sd}/SKILL.md`)) {
        addSkill(sd, `a skill named by ${p.why}`);
        continue;
      }
      for (const f of files) {
        const rest = f.startsWith(`${sd}/`) ? f.slice(sd.length + 1) : '';
        if (rest.includes('/'))
          addSkill(`${sd}/${rest.split('/')[0]}`, `a skill of the plugin at \`${p.root || '.'}\``);
      }
    }
    const mdUnder = (dirs: string[], kind: UnitKind, area: string) => {
      for (const d of dirs) {
        if (fileSet.has(d)) addSingle({ rel: d, kind, why: `${area} named by ${p.why}` });
        for (const f of files)
          if (f.startsWith(`${d}/`) && /\.md$/.test(f))
            addSingle({ rel: f, kind, why: `${area} of the plugin at \`${p.root || '.'}\` (${p.why})` });
      }
    };
    mdUnder([`${prefix}agents`, ...p.agents], 'agent', 'an agent');
    mdUnder([`${prefix}commands`, ...p.commands], 'command', 'a command');
    for (const h of [`${prefix}hooks/hooks.json`, ...p.hooks]) {
      if (!fileSet.has(h)) continue;
      const dir = dirOf(h);
      if (dir === `${prefix}hooks`) {
        addSingle({
          rel: dir,
          kind: 'hook',
          why: `the hooks of the plugin at \`${p.root || '.'}\``,
          primary: h,
        });
      } else addSingle({ rel: h, kind: 'hook', why: `hooks named by ${p.why}` });
    }
    for (const m of p.mcp)
      if (fileSet.has(m)) addSingle({ rel: m, kind: 'mcp', why: `MCP servers named by ${p.why}` });
    if (p.inlineMcp)
      addSingle({ rel: p.inlineMcp, kind: 'mcp', why: 'declares MCP servers or hooks inline' });
  }
  for (const f of files) {
    const kind = harnessKind(f);
    if (kind) addSingle({ rel: f, kind, why: 'a file the harness reads by name' });
  }
  // A file inside a skill folder is part of the skill, never a unit of its own (a skill's own agents/).
  const skillRoots = [...skills.keys()];
  const owned = (rel: string) => skillRoots.some((s) => rel.startsWith(`${s}/`));
  const hookDirs = [...singles.values()].filter((c) => c.kind === 'hook' && c.primary).map((c) => c.rel);
  const out = [
    ...skills.values(),
    ...[...singles.values()].filter(
      (c) => !owned(c.rel) && !hookDirs.some((d) => c.rel !== d && c.rel.startsWith(`${d}/`)),
    ),
  ];
  return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

/** The skill folders nested inside `skill` (read as their own units, left out of the outer one). */
export function nestedSkills(skill: string, all: readonly Candidate[]): string[] {
  return all.filter((c) => c.kind === 'skill' && c.rel.startsWith(`${skill}/`)).map((c) => c.rel);
}

/** True when a path could be a unit: what a symlink or special file in its place hides. */
export function looksLikeUnit(rel: string): boolean {
  const name = rel.split('/').pop() ?? '';
  return (
    name === 'SKILL.md' ||
    isSkillDir(rel) ||
    skillRoot(rel) !== undefined ||
    harnessKind(rel) !== undefined ||
    PLUGIN_MANIFEST.test(rel) ||
    MARKETPLACE.test(rel) ||
    name === 'hooks.json' ||
    /(^|\/)(skills|agents|commands|hooks|\.claude|\.agents|\.codex|\.gemini|\.cursor|\.github)$/.test(rel)
  );
}
