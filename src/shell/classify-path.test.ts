import { describe, expect, it } from 'vitest';
import { classOf, makePathScope, resolvePath } from './classify-path';
import { isAgentConfig, isPersistence } from './detect/path-effects';
import { DYN, protectQuoted } from './markers';
import { PATHS } from './testdata/shell-env';

const scope = makePathScope({
  paths: PATHS,
  cwd: '/home/u/proj/src',
  home: '/home/u',
  workspaceRoots: ['/home/u/proj'],
  tempDirs: ['/var/folders/t'],
});

describe('resolvePath', () => {
  it.each<[string, string, string | undefined, string]>([
    ['relative to cwd', 'lib/x.ts', '/home/u/proj/src/lib/x.ts', 'workspace'],
    ['parent inside the workspace', '../README.md', '/home/u/proj/README.md', 'workspace'],
    ['climbing out to home', '../../notes', '/home/u/notes', 'home'],
    ['tilde', '~/x', '/home/u/x', 'home'],
    ['another user', '~bob/x', '/home/bob/x', 'outside'],
    ['temp from the environment', '/var/folders/t/a', '/var/folders/t/a', 'temp'],
    ['default temp', '/tmp/a', '/tmp/a', 'temp'],
    ['temp escape', '/tmp/../etc/passwd', '/etc/passwd', 'system'],
    ['root', '/', '/', 'system'],
    ['ssh key', '~/.ssh/id_rsa', '/home/u/.ssh/id_rsa', 'sensitive'],
    ['public half', '~/.ssh/id_rsa.pub', '/home/u/.ssh/id_rsa.pub', 'home'],
    ['dotenv in the workspace', '../.env', '/home/u/proj/.env', 'sensitive'],
    ['dotenv template', '../.env.example', '/home/u/proj/.env.example', 'workspace'],
    ['pem anywhere', '/srv/certs/site.pem', '/srv/certs/site.pem', 'sensitive'],
    ['shadow', '/etc/shadow', '/etc/shadow', 'sensitive'],
    [
      'keychain',
      '~/Library/Keychains/login.keychain-db',
      '/home/u/Library/Keychains/login.keychain-db',
      'sensitive',
    ],
    ['outside everything', '/data/x', '/data/x', 'outside'],
  ])('%s', (_name, word, resolved, cls) => {
    const r = resolvePath(word, scope);
    expect([r.resolved, r.class]).toEqual([resolved, cls]);
  });

  it('keeps the folder before a glob and says it is a glob', () => {
    expect(resolvePath('/tmp/*', scope)).toEqual({ resolved: '/tmp', class: 'temp', glob: true });
  });

  it('treats a quoted star as a file name', () => {
    expect(resolvePath(protectQuoted('/tmp/*'), scope)).toEqual({
      resolved: '/tmp/*',
      class: 'temp',
      glob: false,
    });
  });

  it('keeps a resolved folder before dynamic text', () => {
    expect(resolvePath(`/tmp/${DYN}`, scope)).toMatchObject({ resolved: '/tmp', class: 'temp' });
  });

  it('gives up when dynamic text may climb out', () => {
    expect(resolvePath(`/tmp/${DYN}/../..`, scope)).toEqual({ class: 'outside', glob: false });
    expect(resolvePath(`${DYN}/x`, scope).resolved).toBeUndefined();
  });

  it('never makes home or root a workspace', () => {
    const wide = makePathScope({
      paths: PATHS,
      cwd: '/home/u',
      home: '/home/u',
      workspaceRoots: ['/', '/home/u', '/home'],
      tempDirs: [],
    });
    expect(wide.workspaceRoots).toEqual([]);
    expect(resolvePath('x', wide).class).toBe('home');
  });

  it('adds sensitive paths from policy', () => {
    const s = makePathScope({
      paths: PATHS,
      cwd: '/w',
      home: '/h',
      workspaceRoots: ['/w'],
      tempDirs: [],
      sensitivePaths: ['deploy-keys.txt'],
    });
    expect(resolvePath('deploy-keys.txt', s).class).toBe('sensitive');
  });
});

describe('classOf, on the bundled path table', () => {
  const w = makePathScope({
    paths: PATHS,
    cwd: '/w/sub',
    home: '/h',
    workspaceRoots: ['/w'],
    tempDirs: ['/var/folders/tmp'],
    sensitivePaths: ['vault.txt'],
  });
  it.each([
    ['/w/src/a.ts', 'workspace'],
    ['/w/.env', 'sensitive'],
    ['/w/.env.production', 'sensitive'],
    ['/w/.env.example', 'workspace'],
    ['/w/config/vault.txt', 'sensitive'],
    ['/w/.secrets/token', 'sensitive'],
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
    expect(classOf(abs, w)).toBe(want);
  });

  it('a project under a temp folder is workspace, the deeper root wins', () => {
    const t = makePathScope({
      paths: PATHS,
      cwd: '/tmp/p',
      home: '/h',
      workspaceRoots: ['/tmp/p'],
      tempDirs: [],
    });
    expect(classOf('/tmp/p/src', t)).toBe('workspace');
    expect(classOf('/tmp/other', t)).toBe('temp');
  });

  it('a home under a temp folder is home, a temp folder under home is temp', () => {
    const t = makePathScope({
      paths: PATHS,
      cwd: '/tmp/s/p',
      home: '/tmp/s/home',
      workspaceRoots: ['/tmp/s/p'],
      tempDirs: ['/tmp/s/home/tmp'],
    });
    expect(classOf('/tmp/s/home/projects', t)).toBe('home');
    expect(classOf('/tmp/s/home/tmp/x', t)).toBe('temp');
    expect(classOf('/tmp/s/other', t)).toBe('temp');
  });

  it.each([
    ['/w/.claude/settings.json', true, false],
    ['/w/.claude/commands/x.md', true, false],
    ['/w/sub/CLAUDE.md', true, false],
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
    expect(isAgentConfig(abs, w)).toBe(self);
    expect(isPersistence(abs, w)).toBe(persistence);
  });
});
