/**
 * Governance attachment, resolved the way Claude Code resolves it: for every ancestor directory D of a
 * unit's files, the rules below D/.claude/rules/ (matches-file, matches-referenced-path, unconditional,
 * and for a rule unit overlapping-scope), then the instruction files of every ancestor, root first and
 * nearest last, with their @imports to depth five. A rule never attaches to itself; the unit's own files
 * are excluded. Pure over the project file list and `read` it is handed. Also yields G03 (a rule scope
 * that matches nothing) and G07 (broken imports of an instruction unit).
 */

import { tokensOfBytes } from '../../model';
import type { FindingDraft } from '../findings/make-finding';
import { fileView } from '../static/file-view';
import { readFrontMatter } from '../static/front-matter';
import type { Attachment, Unit } from '../types';
import { hasBinding } from './binding-wording';
import { globMatcher, type PathMatcher, ruleGlobs } from './glob-matcher';
import { followImports } from './instruction-imports';

export interface AttachInput {
  unit: Unit;
  /** Every file of the project, project-relative. */
  projectFiles: readonly string[];
  /** Rule files by the directory that holds their `.claude/rules/`; built once per run by `indexRules`. */
  rulesByAnchor?: ReadonlyMap<string, readonly string[]>;
  /** Text of a project file; undefined when missing or unreadable. */
  read: (projectRel: string) => string | undefined;
  attachRules: boolean;
  attachInstructions: boolean;
}

export interface AttachResult {
  attached: Attachment[];
  drafts: FindingDraft[];
}

const INSTRUCTION_FILES = ['CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md', '.claude/CLAUDE.md'];
/** An unconditional rule longer than this is sent as an index of its headings. */
export const RULE_INDEX_TOKENS = 6000;

const under = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);

function ancestorsOf(paths: readonly string[]): string[] {
  const dirs = new Set<string>(['']);
  for (const p of paths) {
    const parts = p.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  return [...dirs].sort((a, b) =>
    a === '' ? -1 : b === '' ? 1 : a.split('/').length - b.split('/').length || (a < b ? -1 : 1),
  );
}

/** The directory that holds the `.claude/rules/` a rule file sits in. */
export function ruleAnchor(rulePath: string): string {
  const i = rulePath.lastIndexOf('.claude/rules/');
  return i <= 0 ? '' : rulePath.slice(0, i - 1);
}

function scopeOf(path: string, text: string): { globs?: string[]; matchers?: PathMatcher[]; anchor: string } {
  const anchor = ruleAnchor(path);
  const globs = ruleGlobs(readFrontMatter(fileView(path, text)).data);
  return globs ? { globs, matchers: globs.map((g) => globMatcher(anchor, g)), anchor } : { anchor };
}

/** Rule files (`D/.claude/rules/**.md`) grouped by D, sorted. */
export function indexRules(projectFiles: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of projectFiles) {
    if (!/(^|\/)\.claude\/rules\/.+\.md$/i.test(p)) continue;
    const anchor = ruleAnchor(p);
    const list = out.get(anchor) ?? [];
    list.push(p);
    out.set(anchor, list);
  }
  for (const list of out.values()) list.sort();
  return out;
}

/** Paths a unit mentions (links, code spans, script paths), project-relative candidates. */
function referencedPaths(unit: Unit): string[] {
  const out = new Set<string>();
  const unitDir = unit.kind === 'skill' ? unit.path : unit.path.split('/').slice(0, -1).join('/');
  for (const f of unit.files) {
    for (const m of f.text?.matchAll(
      /(?:^|[\s`'"([])((?:\.\/)?[\w.-]+(?:\/[\w.-]+)+|[\w-]+\.[a-z]{1,5})(?=[\s`'")\]:,]|$)/gm,
    ) ?? []) {
      const ref = (m[1] ?? '').replace(/^\.\//, '');
      if (/^https?:|^\d/.test(ref)) continue;
      out.add(ref);
      if (unitDir !== '') out.add(`${unitDir}/${ref}`);
    }
  }
  return [...out];
}

export function attachConventions(input: AttachInput): AttachResult {
  const { unit, projectFiles, read } = input;
  const own = new Set(unit.files.map((f) => f.path));
  own.add(unit.path);
  const attached: Attachment[] = [];
  const drafts: FindingDraft[] = [];
  const ancestors = ancestorsOf(unit.files.map((f) => f.path).concat(unit.primary));
  const add = (path: string, reason: Attachment['reason'], via?: string) => {
    if (own.has(path) || attached.some((a) => a.path === path)) return;
    const text = read(path) ?? '';
    const bytes = Buffer.byteLength(text);
    const sentAs = reason === 'unconditional' && tokensOfBytes(bytes) > RULE_INDEX_TOKENS ? 'index' : 'full';
    attached.push({ path, reason, ...(via ? { via } : {}), binding: hasBinding(text), bytes, sentAs });
  };
  if (input.attachRules) {
    let refs: string[] | undefined;
    const unitPaths = [...own];
    const rulesByAnchor = input.rulesByAnchor ?? indexRules(projectFiles);
    for (const dir of ancestors) {
      for (const rule of rulesByAnchor.get(dir) ?? []) {
        if (own.has(rule)) continue;
        const scope = scopeOf(rule, read(rule) ?? '');
        if (!scope.matchers) {
          add(rule, 'unconditional');
          continue;
        }
        const byFile = scope.globs?.find((_, i) => unitPaths.some((p) => scope.matchers?.[i]?.(p)));
        if (byFile) {
          add(rule, 'matches-file', byFile);
          continue;
        }
        refs ??= referencedPaths(unit);
        const mentioned = refs;
        const byRef = scope.globs?.find((_, i) => mentioned.some((p) => scope.matchers?.[i]?.(p)));
        if (byRef) add(rule, 'matches-referenced-path', byRef);
      }
    }
    if (unit.kind === 'rule') {
      const mine = scopeOf(unit.path, read(unit.path) ?? unit.files[0]?.text ?? '');
      const inMine = (p: string) =>
        mine.matchers
          ? mine.matchers.some((m) => m(p))
          : p.startsWith(mine.anchor === '' ? '' : `${mine.anchor}/`);
      if (mine.globs && !projectFiles.some((p) => inMine(p))) {
        drafts.push({
          code: 'G03',
          path: unit.path,
          startLine: 1,
          quote: null,
          absence: true,
          message: `no file in the project matches \`paths:\` ${mine.globs.map((g) => `\`${g}\``).join(', ')}`,
          rule: 'rule:scope-empty',
        });
      }
      for (const other of projectFiles
        .filter((p) => /\.claude\/rules\/.+\.md$/i.test(p) && !own.has(p))
        .sort()) {
        const theirs = scopeOf(other, read(other) ?? '');
        const inTheirs = (p: string) =>
          theirs.matchers
            ? theirs.matchers.some((m) => m(p))
            : p.startsWith(theirs.anchor === '' ? '' : `${theirs.anchor}/`);
        if (projectFiles.some((p) => inMine(p) && inTheirs(p))) add(other, 'overlapping-scope');
      }
    }
  }
  if (input.attachInstructions) {
    const chain: string[] = [];
    for (const dir of ancestors) for (const name of INSTRUCTION_FILES) chain.push(under(dir, name));
    for (const path of chain) {
      if (own.has(path)) continue;
      const text = read(path);
      if (text === undefined) continue;
      add(path, 'ancestor-instructions');
      for (const imp of followImports({ path, text }, read).files) add(imp.path, 'imported', imp.importedBy);
    }
    if (unit.kind === 'instructions') {
      const text = unit.files[0]?.text ?? '';
      const followed = followImports({ path: unit.path, text }, read);
      for (const imp of followed.files) add(imp.path, 'imported', imp.importedBy);
      for (const p of followed.problems) {
        const lines = (p.path === unit.path ? text : (read(p.path) ?? '')).split('\n');
        const why =
          p.reason === 'missing'
            ? 'does not exist'
            : p.reason === 'too-deep'
              ? 'is nested deeper than five imports'
              : 'lies outside the project';
        drafts.push({
          code: 'G07',
          path: p.path,
          startLine: p.line,
          quote: (lines[p.line - 1] ?? '').trim(),
          message: `the import \`@${p.target}\` ${why}`,
          rule: `import:${p.reason}`,
        });
      }
    }
  }
  return { attached, drafts };
}
