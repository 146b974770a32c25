import { describe, expect, it } from 'vitest';
import { readRule } from '../testdata/fixtures';
import {
  classifyPath,
  isPersistencePoint,
  isSelfModification,
  type PathEnv,
  resolvePath,
} from './classify-path';
import { parsePathTable } from './path-table';

const parsed = parsePathTable(readRule('check-paths.json'));
if (!parsed.ok) throw new Error(parsed.problem);
const table = parsed.value;
const env: PathEnv = {
  cwd: '/w/sub',
  home: '/h',
  workspaceRoots: ['/w'],
  tempDirs: ['/var/folders/tmp'],
  sensitive: ['vault.txt'],
};

describe('resolvePath', () => {
  it.each([
    ['a.ts', '/w/sub/a.ts'],
    ['../b', '/w/b'],
    ['~', '/h'],
    ['~/.ssh/id_rsa', '/h/.ssh/id_rsa'],
    ['$HOME/x', '/h/x'],
    [`\${HOME}/x`, '/h/x'],
    ['/etc//hosts', '/etc/hosts'],
  ])('%s -> %s', (raw, want) => {
    expect(resolvePath(raw, env.cwd, env.home)).toBe(want);
  });
});

describe('classifyPath', () => {
  it.each([
    ['/w/src/a.ts', 'workspace'],
    ['/w/.env', 'sensitive'],
    ['/w/.env.production', 'sensitive'],
    ['/w/.env.example', 'workspace'],
    ['/w/config/vault.txt', 'sensitive'],
    ['/h/.ssh/config', 'sensitive'],
    ['/h/.ssh/id_ed25519.pub', 'home'],
    ['/h/notes.md', 'home'],
    ['/tmp/x', 'temp'],
    ['/var/folders/tmp/y', 'temp'],
    ['/dev/null', 'temp'],
    ['/dev/sda', 'system'],
    ['/etc/hosts', 'system'],
    ['/etc/shadow', 'sensitive'],
    ['/', 'system'],
    ['/srvx/data', 'outside'],
    ['/mnt/data', 'outside'],
  ])('%s is %s', (abs, want) => {
    expect(classifyPath(abs, env, table)).toBe(want);
  });

  it.each([
    ['/w/.claude/settings.json', true, false],
    ['/w/.claude/settings.local.json', true, false],
    ['/w/.claude/notes.md', false, false],
    ['/w/gavel.toml', true, false],
    ['/w/.gavel/arbiter-rules.json', true, false],
    ['/h/.codex/config.toml', true, false],
    ['/h/.config/gavel/config.toml', true, false],
    ['/h/.bashrc', false, true],
    ['/h/.ssh/authorized_keys', false, true],
    ['/etc/cron.d/job', false, true],
    ['/w/.git/hooks/pre-commit', false, true],
    ['/w/.husky/pre-push', false, true],
    ['/w/.github/workflows/ci.yml', false, false],
    ['/w/src/a.ts', false, false],
  ])('%s: self-modification %s, persistence %s', (abs, self, persistence) => {
    expect(isSelfModification(abs, env, table)).toBe(self);
    expect(isPersistencePoint(abs, env, table)).toBe(persistence);
  });
});
