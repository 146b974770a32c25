import { describe, expect, it } from 'vitest';
import { matchPermissionRule, parsePermissionRule, type RuleTarget } from '../rules/permission-rule';
import { candidateRules } from './candidate-rules';
import type { SourcedRule } from './compiled-policy';

const rule = (text: string, decision: SourcedRule['decision'] = 'allow'): SourcedRule => {
  const parsed = parsePermissionRule(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return { rule: parsed.rule, decision, source: 'config' };
};

const RULES: readonly SourcedRule[] = [
  rule('TodoWrite'),
  rule('Bash'),
  rule('Bash(git status)'),
  rule('Bash(npm test:*)', 'review'),
  rule('Bash(rm *)', 'deny'),
  rule('Read'),
  rule('Read(./.env)', 'deny'),
  rule('Edit(src/**)'),
  rule('Write(//tmp/**)'),
  rule('WebFetch'),
  rule('WebFetch(domain:example.com)'),
  rule('mcp__files'),
  rule('mcp__files__read_file', 'deny'),
  rule('Shell'),
  rule('Glob'),
];
const roots = { projectRoot: '/w', home: '/home/u' };

const TARGETS: readonly [string, RuleTarget][] = [
  ['a shell command', { kind: 'shell', toolName: 'Bash', text: 'git status', wrappedText: 'git status' }],
  [
    'a shell command of a harness naming its tool `Shell`',
    { kind: 'shell', toolName: 'Shell', text: 'rm x', wrappedText: 'rm x' },
  ],
  ['a read', { kind: 'read', toolName: 'Read', path: '/w/.env' }],
  ['a read by another tool', { kind: 'read', toolName: 'Glob', path: '/w/src/a.ts' }],
  ['a write', { kind: 'write', toolName: 'Edit', path: '/w/src/a.ts' }],
  ['a write to temp', { kind: 'write', toolName: 'Write', path: '/tmp/x' }],
  ['a fetch', { kind: 'web_fetch', toolName: 'WebFetch', host: 'example.com' }],
  ['an MCP call', { kind: 'mcp', toolName: 'mcp__files__read_file', server: 'files', tool: 'read_file' }],
  ['another tool', { kind: 'other', toolName: 'TodoWrite' }],
  ['an unknown tool', { kind: 'other', toolName: 'Frobnicate' }],
];

// ADR 0090: the policy tests only the rules that can match a target's kind and tool; what matches, and in which
// order (the first deny, the first allow decide), must be what testing every rule gives.
describe('candidateRules', () => {
  it.each(TARGETS)('%s: the same matches in the same order as every rule', (_name, target) => {
    const all = RULES.filter((r) => matchPermissionRule(r.rule, target, roots));
    const some = candidateRules(RULES, target).filter((r) => matchPermissionRule(r.rule, target, roots));
    expect(some).toEqual(all);
  });

  it('a shell command is not tested against bare rules of other tools', () => {
    const target: RuleTarget = { kind: 'shell', toolName: 'Bash', text: 'ls', wrappedText: 'ls' };
    const texts = candidateRules(RULES, target).map((r) => r.rule.text);
    expect(texts).toEqual(['Bash', 'Bash(git status)', 'Bash(npm test:*)', 'Bash(rm *)']);
  });

  it('a deny rule for the shell stays a candidate of a shell command under any tool name (dangerous twin)', () => {
    const target: RuleTarget = { kind: 'shell', toolName: 'exec_command', text: 'rm x', wrappedText: 'rm x' };
    const matched = candidateRules(RULES, target).filter((r) => matchPermissionRule(r.rule, target, roots));
    expect(matched.map((r) => r.rule.text)).toContain('Bash(rm *)');
    expect(matched.find((r) => r.decision === 'deny')?.rule.text).toBe('Bash(rm *)');
  });
});
