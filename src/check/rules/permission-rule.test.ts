import { describe, expect, it } from 'vitest';
import { matchPermissionRule, parsePermissionRule, type RuleTarget } from './permission-rule';

const roots = { projectRoot: '/w', home: '/h' };
const shell = (text: string, wrappers = ''): RuleTarget => ({
  kind: 'shell',
  toolName: 'Bash',
  text,
  wrappedText: wrappers ? `${wrappers} ${text}` : text,
});
const read = (path: string): RuleTarget => ({ kind: 'read', toolName: 'Read', path });
const write = (path: string): RuleTarget => ({ kind: 'write', toolName: 'Write', path });

const match = (text: string, target: RuleTarget) => {
  const parsed = parsePermissionRule(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return matchPermissionRule(parsed.rule, target, roots);
};

describe('parsePermissionRule', () => {
  it.each([
    ['Bash()', 'empty specifier'],
    ['Bash(:*)', 'empty prefix'],
    ['WebFetch(example.com)', 'domain:'],
    ['Foo(bar)', 'takes no specifier'],
    ['bash(ls)', 'is not'],
  ])('rejects `%s`', (text, problem) => {
    const parsed = parsePermissionRule(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toContain(problem);
  });
});

describe('matchPermissionRule', () => {
  it.each<[string, RuleTarget, boolean]>([
    ['Bash(npm test:*)', shell('npm test'), true],
    ['Bash(npm test:*)', shell('npm test -- --watch'), true],
    ['Bash(npm test:*)', shell('npm testify'), false],
    ['Bash(npm run build)', shell('npm run build'), true],
    ['Bash(npm run build)', shell('npm run build --prod'), false],
    ['Bash(git * main)', shell('git push origin main'), true],
    ['Bash(git * main)', shell('git push origin feature'), false],
    ['Bash(make)', shell('make', 'sudo'), true],
    ['Bash', shell('anything at all'), true],
    ['Read(./.env)', read('/w/.env'), true],
    ['Read(./.env)', read('/w/sub/.env'), false],
    ['Read(.env)', read('/w/sub/.env'), true],
    ['Read(~/.zshrc)', read('/h/.zshrc'), true],
    ['Read(//etc/hosts)', read('/etc/hosts'), true],
    ['Read(/docs/**)', read('/w/docs/a/b.md'), true],
    ['Read(src/**)', read('/w/src/x.ts'), true],
    ['Read(src/**)', write('/w/src/x.ts'), false],
    ['Edit(src/**)', write('/w/src/x.ts'), true],
    ['Edit(src)', write('/w/src/x.ts'), true],
    ['WebFetch(domain:example.com)', { kind: 'web_fetch', toolName: 'WebFetch', host: 'example.com' }, true],
    [
      'WebFetch(domain:example.com)',
      { kind: 'web_fetch', toolName: 'WebFetch', host: 'evil-example.com' },
      false,
    ],
    [
      'WebFetch(domain:*.example.com)',
      { kind: 'web_fetch', toolName: 'WebFetch', host: 'a.example.com' },
      true,
    ],
    ['mcp__github', { kind: 'mcp', toolName: 'mcp__github__x', server: 'github', tool: 'x' }, true],
    ['mcp__github__list', { kind: 'mcp', toolName: 'mcp__github__x', server: 'github', tool: 'x' }, false],
    ['mcp__github__*', { kind: 'mcp', toolName: 'mcp__github__x', server: 'github', tool: 'x' }, true],
    ['TodoWrite', { kind: 'other', toolName: 'TodoWrite' }, true],
    ['Grep', read('/w/x'), false],
  ])('%s matches %j: %s', (text, target, want) => {
    expect(match(text, target)).toBe(want);
  });
});
