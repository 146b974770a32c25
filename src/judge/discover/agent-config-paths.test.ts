import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import shared from '../../../rules/agent-config-paths.json' with { type: 'json' };
import { harnessKind, skillRoot } from './harness-paths';

// The one list of agent-configuration paths (rules/agent-config-paths.json) that route classifies as
// agent-config: judge's discovery must agree with it both ways, so a file judge reviews is never a risk-0
// file to route, and the list never claims a kind judge does not give.
const entries = shared.paths as { glob: string; kind: string | null; examples: string[] }[];
const inList = picomatch(
  entries.map((e) => e.glob),
  { dot: true, nocase: true },
);
const judgeSees = (path: string) => harnessKind(path) !== undefined || skillRoot(path) !== undefined;

describe('rules/agent-config-paths.json and judge discovery agree', () => {
  it.each(entries.flatMap((e) => e.examples.map((x) => [x, e.kind] as const)))(
    'the example `%s` gets the kind the list states (%s)',
    (example, kind) => {
      if (kind === null) return expect(inList(example)).toBe(true);
      if (kind === 'skill') return expect(skillRoot(example)).toBeDefined();
      expect(harnessKind(example)).toBe(kind);
    },
  );

  it.each([
    'CLAUDE.md',
    'deep/dir/CLAUDE.local.md',
    'GEMINI.md',
    'AGENTS.override.md',
    '.cursorrules',
    '.agents/skills/lint/SKILL.md',
    '.agents/skills/lint/scripts/run.sh',
    '.codex/skills/x/SKILL.md',
    '.claude/skills/deploy/SKILL.md',
    '.claude/agents/a.md',
    '.claude/commands/c.md',
    '.claude/rules/r.md',
    '.claude/hooks/pre.sh',
    '.claude/settings.json',
    '.claude/settings.local.json',
    '.gemini/settings.json',
    '.github/copilot-instructions.md',
    '.github/instructions/ts.instructions.md',
    '.github/prompts/p.prompt.md',
    '.github/agents/a.md',
    '.cursor/rules/r.mdc',
    '.cursor/mcp.json',
    '.vscode/mcp.json',
    '.mcp.json',
    '.windsurfrules',
    'gemini-extension.json',
    '.github/skills/release/SKILL.md',
    '.github/chatmodes/plan.chatmode.md',
    '.opencode/skills/x/SKILL.md',
    '.cursor/skills/x/run.sh',
    '.gemini/skills/x/SKILL.md',
    '.cursor/hooks.json',
  ])('`%s`, which judge reviews, is in the list', (path) => {
    expect(judgeSees(path)).toBe(true);
    expect(inList(path)).toBe(true);
  });
});
