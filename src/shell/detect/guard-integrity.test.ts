// Guarding the guard: commands that leave an agent running with gavel or its harness's own checks off are
// agent_self_modification; a nested agent started with its configuration folder moved is
// disable_security_control. Benign twins (ordinary chmod, git rm, a harness run plainly) stay quiet.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../core';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ShellAnalysis } from '../types';

const analyze = (command: string) => analyzeShellSync(command, shellEnv());
const categories = (a: ShellAnalysis) => [...new Set(a.hits.map((h) => h.category))].sort();

beforeAll(async () => {
  await loadShellParser();
});

describe('agent_self_modification', () => {
  it.each<[string, string]>([
    ['claude with permissions skipped', 'claude --dangerously-skip-permissions -p "fix it"'],
    ['claude in bypass mode', 'claude --permission-mode bypassPermissions'],
    ['claude in bypass mode, = form', 'claude --permission-mode=bypassPermissions -p x'],
    ['claude through npx', 'npx @anthropic-ai/claude-code --dangerously-skip-permissions'],
    ['codex bypassing approvals and sandbox', 'codex --dangerously-bypass-approvals-and-sandbox exec x'],
    ['codex --yolo', 'codex --yolo exec x'],
    ['codex with full access', 'codex exec -s danger-full-access x'],
    ['codex approval never by config', 'codex exec -c approval_policy=never x'],
    ['gemini -y', 'gemini -y -p x'],
    ['pi without its extensions (gavel is one)', 'pi --no-extensions -p x'],
    ['opencode without its plugins', 'opencode --pure run x'],
    ['gemini with no extensions', 'gemini -e none -p x'],
    ['claude mcp add', 'claude mcp add srv -- npx srv'],
    ['claude mcp add-json', 'claude mcp add-json srv \'{"command":"x"}\''],
    ['codex mcp add', 'codex mcp add srv -- srv'],
    ['chmod -x on the gavel launcher', 'chmod -x node_modules/.bin/gavel'],
    ['chmod 000 on node', 'chmod 000 ~/.nvm/versions/node/v20/bin/node'],
    ['chmod -R -w on .gavel', 'chmod -R -w .gavel'],
    ['setfacl on claude settings', 'setfacl -m u:me:--- .claude/settings.json'],
    ['chattr on gavel.toml', 'chattr +i gavel.toml'],
    ['mv of node', 'mv /usr/local/bin/node /usr/local/bin/node.bak'],
    ['ln -sf over the gavel launcher', 'ln -sf /bin/true ~/.local/bin/gavel'],
    ['git rm of .claude', 'git rm -r --cached .claude'],
    ['git mv of .codex', 'git mv .codex old'],
    ['git rm of .gavel', 'git -C . rm -rf .gavel'],
    ['git stash of .claude', 'git stash push -- .claude'],
    ['git checkout of claude settings from HEAD', 'git checkout HEAD -- .claude/settings.json'],
    ['git restore of gavel.toml', 'git restore --source=HEAD gavel.toml'],
    ['git clean of .codex', 'git clean -fd .codex'],
  ])('%s', (_n, command) => {
    expect(categories(analyze(command))).toContain<Category>('agent_self_modification');
  });
});

describe('a nested agent without gavel: disable_security_control', () => {
  it.each<[string, string]>([
    ['GAVEL_* through env', 'env GAVEL_CHECK_MODE=off claude -p x'],
    ['HOME moved', 'HOME=/tmp/empty claude -p x'],
    ['CODEX_HOME moved', 'CODEX_HOME=/tmp/c codex exec x'],
    ['CLAUDE_CONFIG_DIR through env', 'env CLAUDE_CONFIG_DIR=/tmp/c claude'],
    ['XDG_CONFIG_HOME exported earlier', 'export XDG_CONFIG_HOME=/tmp/x; pi'],
    ['HOME exported earlier', 'export HOME=/tmp/h && codex exec x'],
  ])('%s', (_n, command) => {
    expect(categories(analyze(command))).toContain<Category>('disable_security_control');
  });
});

describe('benign twins stay quiet', () => {
  it.each<[string, string]>([
    ['claude -p', 'claude -p "fix the tests"'],
    ['claude in plan mode', 'claude --permission-mode plan'],
    ['claude mcp list', 'claude mcp list'],
    ['chmod +x a script', 'chmod +x scripts/build.sh'],
    ['chmod a folder', 'chmod 755 scripts'],
    ['git rm of a source file', 'git rm src/old.ts'],
    ['git stash of everything', 'git stash push -m wip'],
    ['git checkout of a branch', 'git checkout -b feat/x'],
    ['git restore of a source file', 'git restore src/app.ts'],
    ['HOME moved for another program', 'HOME=/tmp/x ls'],
    ['a force flag of another program', 'git push --force-with-lease=x origin feat'],
  ])('%s', (_n, command) => {
    const a = analyze(command);
    expect(
      categories(a).filter((c) => c === 'agent_self_modification' || c === 'disable_security_control'),
    ).toEqual([]);
  });
});
