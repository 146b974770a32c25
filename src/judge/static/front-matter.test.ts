import { describe, expect, it } from 'vitest';
import type { Unit } from '../types';
import { fileView } from './file-view';
import { frontMatterFindings } from './front-matter';

const agent = (fm: string): { unit: Unit; text: string } => {
  const text = `---\n${fm}\n---\n\nReviews code.\n`;
  return {
    text,
    unit: { path: '.claude/agents/a.md', kind: 'agent', primary: '.claude/agents/a.md', files: [] },
  };
};

/** Front matter whose aliases expand far past the parser's bound (a "billion laughs" shape). */
function aliasBomb(extra: string): string {
  const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 12; i++)
    lines.push(
      `a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  return ['name: a', 'description: Reviews code for the team when asked.', extra, ...lines].join('\n');
}

describe('front matter the parser cannot read whole', () => {
  it.each([
    ['permissionMode: bypassPermissions', 'S12'],
    ['tools: "*"', 'S08'],
  ])('still reports `%s` past an alias bomb, and the unit is incomplete (parser limit)', (line, code) => {
    const { unit, text } = agent(aliasBomb(line));
    const r = frontMatterFindings(unit, fileView(unit.primary, text));
    expect(r.parserLimit).toBe(true);
    expect(r.drafts.map((d) => d.code)).toContain(code);
  });

  it('reads front matter with a few aliases as usual, no parser limit', () => {
    const { unit, text } = agent(
      'name: a\ndescription: &d Reviews code for the team when asked.\nx: *d\npermissionMode: bypassPermissions',
    );
    const r = frontMatterFindings(unit, fileView(unit.primary, text));
    expect(r.parserLimit).toBe(false);
    expect(r.drafts.filter((d) => d.code === 'S12')).toHaveLength(1);
  });

  it('reports bypassPermissions in front matter with a syntax error, without calling it a parser limit', () => {
    const { unit, text } = agent('name: a\ndescription: [unclosed\npermissionMode: bypassPermissions');
    const r = frontMatterFindings(unit, fileView(unit.primary, text));
    expect(r.parserLimit).toBe(false);
    expect(r.drafts.map((d) => d.code).sort()).toEqual(['Q01', 'S12']);
  });
});
