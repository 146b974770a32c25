import { describe, expect, it } from 'vitest';
import type { Unit } from '../types';
import { attachConventions } from './attach-conventions';
import { globMatcher } from './glob-matcher';
import { followImports } from './instruction-imports';

const files: Record<string, string> = {
  'CLAUDE.md': '# Root\n\nNEVER push to main.\n',
  'AGENTS.md': '# Agents\n\nKeep it tidy.\n',
  '.claude/rules/ts.md': '---\npaths: ["src/**/*.ts"]\n---\nTypes MUST be explicit.\n',
  '.claude/rules/top.md': '---\npaths: ["*.md"]\n---\nHeadings are sentence case.\n',
  '.claude/rules/always.md': '# Always\n\nYou should prefer short lines.\n',
  '.claude/rules/refs.md': '---\npaths: ["db/{schema,seed}.sql"]\n---\nMigrations are required.\n',
  '.claude/rules/py.md': '---\npaths: ["**/*.py"]\n---\nUse type hints.\n',
  'src/a.ts': 'x',
  'db/schema.sql': 'x',
  'pkg/CLAUDE.md': '# Pkg\n\nSee @notes/one.md\n',
  'pkg/notes/one.md': 'one @two.md',
  'pkg/notes/two.md': 'two',
  'pkg/.claude/rules/pkg.md': '---\npaths: ["lib/*.js"]\n---\nNo default exports.\n',
  'pkg/lib/x.js': 'x',
  'pkg/.claude/skills/s/SKILL.md':
    '---\nname: s\ndescription: d\n---\nEdit `pkg/lib/x.js` and `db/schema.sql`.\n',
};
const projectFiles = Object.keys(files);
const read = (p: string) => files[p];
const unitOf = (path: string, kind: Unit['kind'], paths = [path]): Unit => ({
  path,
  kind,
  primary: paths[0] ?? path,
  files: paths.map((p) => ({ path: p, bytes: (files[p] ?? '').length, text: files[p] ?? '' })),
});
const attach = (unit: Unit, opts: Partial<{ attachRules: boolean; attachInstructions: boolean }> = {}) =>
  attachConventions({ unit, projectFiles, read, attachRules: true, attachInstructions: true, ...opts });

describe('globMatcher', () => {
  it.each([
    ['*.md anchored at the root matches only there', '', '*.md', 'README.md', true],
    ['*.md does not match a nested file', '', '*.md', 'docs/a.md', false],
    ['** crosses directories', '', 'src/**/*.ts', 'src/a/b/c.ts', true],
    ['? is one character', '', 'v?.txt', 'v1.txt', true],
    ['[abc] is a class', '', 'f[ab].js', 'fc.js', false],
    ['{a,b} is a choice', '', 'db/{schema,seed}.sql', 'db/seed.sql', true],
    ['anchored at a nested directory', 'pkg', 'lib/*.js', 'pkg/lib/x.js', true],
    ['a nested anchor does not match the root', 'pkg', 'lib/*.js', 'lib/x.js', false],
    ['negation is not supported', '', '!src/**', 'lib/x.js', false],
  ])('%s', (_n, anchor, glob, path, want) => {
    expect(globMatcher(anchor, glob)(path)).toBe(want);
  });
});

describe('attachConventions', () => {
  it('attaches matching, unconditional and referenced rules, then instruction files root first', () => {
    const r = attach(unitOf('pkg/.claude/skills/s', 'skill', ['pkg/.claude/skills/s/SKILL.md']));
    expect(r.attached.map((a) => [a.path, a.reason, a.via ?? '', a.binding])).toEqual([
      ['.claude/rules/always.md', 'unconditional', '', false],
      ['.claude/rules/refs.md', 'matches-referenced-path', 'db/{schema,seed}.sql', true],
      ['pkg/.claude/rules/pkg.md', 'matches-referenced-path', 'lib/*.js', false],
      ['CLAUDE.md', 'ancestor-instructions', '', true],
      ['AGENTS.md', 'ancestor-instructions', '', false],
      ['pkg/CLAUDE.md', 'ancestor-instructions', '', false],
      ['pkg/notes/one.md', 'imported', 'pkg/CLAUDE.md', false],
      ['pkg/notes/two.md', 'imported', 'pkg/notes/one.md', false],
    ]);
  });

  it('attaches a rule by the unit file it matches (matches-file)', () => {
    const r = attach(unitOf('CLAUDE.md', 'instructions'), { attachInstructions: false });
    expect(r.attached.map((a) => [a.path, a.reason, a.via ?? ''])).toEqual([
      ['.claude/rules/always.md', 'unconditional', ''],
      ['.claude/rules/top.md', 'matches-file', '*.md'],
    ]);
  });

  it('gives a rule the rules whose scope overlaps its own, never itself', () => {
    const withDocs: Record<string, string> = {
      ...files,
      '.claude/rules/docs.md': '---\npaths: ["{CLAUDE,AGENTS}.md"]\n---\nWrap at 100.\n',
    };
    const r = attachConventions({
      unit: unitOf('.claude/rules/top.md', 'rule'),
      projectFiles: Object.keys(withDocs),
      read: (p) => withDocs[p],
      attachRules: true,
      attachInstructions: false,
    });
    expect(r.attached.map((a) => [a.path, a.reason])).toEqual([
      ['.claude/rules/always.md', 'unconditional'],
      ['.claude/rules/docs.md', 'overlapping-scope'],
    ]);
  });

  it('reports a rule whose scope matches no file (G03)', () => {
    const r = attach(unitOf('.claude/rules/py.md', 'rule'));
    expect(r.drafts.map((d) => [d.code, d.message])).toEqual([
      ['G03', 'no file in the project matches `paths:` `**/*.py`'],
    ]);
  });

  it('turns attachment off on request', () => {
    const r = attach(unitOf('pkg/.claude/skills/s', 'skill', ['pkg/.claude/skills/s/SKILL.md']), {
      attachRules: false,
      attachInstructions: false,
    });
    expect(r.attached).toEqual([]);
  });

  it('sends an unconditional rule over 6,000 tokens as an index', () => {
    const big: Record<string, string> = {
      ...files,
      '.claude/rules/huge.md': `# Huge\n${'word '.repeat(4000)}`,
    };
    const r = attachConventions({
      unit: unitOf('CLAUDE.md', 'instructions'),
      projectFiles: Object.keys(big),
      read: (p) => big[p],
      attachRules: true,
      attachInstructions: false,
    });
    expect(r.attached.find((a) => a.path === '.claude/rules/huge.md')?.sentAs).toBe('index');
  });
});

describe('followImports', () => {
  it('follows @imports to depth five and reports the sixth, missing and escaping ones', () => {
    const chain: Record<string, string> = {
      'd1.md': '@d2.md',
      'd2.md': '@d3.md',
      'd3.md': '@d4.md',
      'd4.md': '@d5.md',
      'd5.md': '@d6.md',
      'd6.md': 'end',
    };
    const r = followImports(
      { path: 'CLAUDE.md', text: 'See @d1.md and @gone.md and @../up.md.\n`@not-an-import.md`\n' },
      (p) => chain[p],
    );
    expect(r.files.map((f) => [f.path, f.depth])).toEqual([
      ['d1.md', 1],
      ['d2.md', 2],
      ['d3.md', 3],
      ['d4.md', 4],
      ['d5.md', 5],
    ]);
    expect(r.problems.map((p) => [p.path, p.target, p.reason])).toEqual([
      ['d5.md', 'd6.md', 'too-deep'],
      ['CLAUDE.md', 'gone.md', 'missing'],
      ['CLAUDE.md', '../up.md', 'outside-project'],
    ]);
  });
});
