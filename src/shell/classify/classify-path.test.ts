import { describe, expect, it } from 'vitest';
import { isUnder } from '../../core';
import { isAgentConfig, isPersistence } from '../detect/path-effects';
import { PATHS } from '../testdata/shell-env';
import { DYN, protectQuoted } from '../walk/markers';
import {
  classOf,
  isSensitiveEntry,
  makePathScope,
  matchesSet,
  nameMatcher,
  normalize,
  type PatternSet,
  resolvePath,
  scopeFor,
} from './classify-path';

const scope = makePathScope({
  paths: PATHS,
  cwd: '/home/u/proj/src',
  home: '/home/u',
  workspaceRoots: ['/home/u/proj'],
  tempDirs: ['/var/folders/t'],
});

describe('isSensitiveEntry answers as classOf does, a folder at a time', () => {
  const WITH_USERS = makePathScope({
    paths: PATHS,
    cwd: '/home/u/proj',
    home: '/home/u',
    workspaceRoots: ['/home/u/proj'],
    tempDirs: ['/tmp'],
    sensitivePaths: ['private/', '~/vault'],
  });
  const files = [
    '.env',
    '.env.example',
    'README.md',
    'id_rsa',
    'config',
    'credentials',
    'x.pem',
    'A.KEY',
    'app.ts',
  ];
  const folders = [
    '/home/u/proj',
    '/home/u/proj/src',
    '/home/u/proj/.aws',
    '/home/u/.aws',
    '/home/u/.ssh/keys',
    '/home/u/.kube',
    '/home/u/proj/.secrets/deep',
    '/home/u/proj/private/x',
    '/home/u/VAULT/a',
    '/home/u/vault/a',
    '/home/u/proj/.git',
    '/home/u/.docker',
    '/etc',
    '/proc/self/root/home/u/.ssh',
    '/tmp/.gnupg',
  ];
  it.each(folders.flatMap((f) => files.map((n) => `${f}/${n}`)))('%s', (path) => {
    for (const sc of [scope, WITH_USERS])
      expect(isSensitiveEntry(path, sc)).toBe(classOf(path, sc) === 'sensitive');
  });

  it('finds secrets by the folder above them as by their name', () => {
    expect(isSensitiveEntry('/home/u/.ssh/keys/app.ts', scope)).toBe(true);
    expect(isSensitiveEntry('/home/u/proj/src/app.ts', scope)).toBe(false);
    expect(isSensitiveEntry('/home/u/proj/src/.env', scope)).toBe(true);
  });
});

describe('resolvePath', () => {
  it.each<[string, string, string | undefined, string]>([
    ['relative to cwd', 'lib/x.ts', '/home/u/proj/src/lib/x.ts', 'workspace'],
    ['parent inside the workspace', '../README.md', '/home/u/proj/README.md', 'workspace'],
    ['climbing out to home', '../../notes', '/home/u/notes', 'home'],
    ['tilde', '~/x', '/home/u/x', 'home'],
    ['another user', '~bob/x', '/home/bob/x', 'outside'],
    ["root's home wherever HOME is", '~root', '/root', 'system'],
    ['the working folder', '~+/lib', '/home/u/proj/src/lib', 'workspace'],
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
    // A browser's profiles and the key that decrypts them are secret; its native-messaging manifests are not.
    [
      'a browser profile',
      '~/Library/Application Support/Google/Chrome/Profile 2/Cookies',
      '/home/u/Library/Application Support/Google/Chrome/Profile 2/Cookies',
      'sensitive',
    ],
    [
      "the browser's local state",
      '~/.config/google-chrome/Local State',
      '/home/u/.config/google-chrome/Local State',
      'sensitive',
    ],
    [
      'a native-messaging manifest',
      '~/Library/Application Support/Google/Chrome/NativeMessagingHosts/x.json',
      '/home/u/Library/Application Support/Google/Chrome/NativeMessagingHosts/x.json',
      'home',
    ],
  ])('%s', (_name, word, resolved, cls) => {
    const r = resolvePath(word, scope);
    expect([r.resolved, r.class]).toEqual([resolved, cls]);
  });

  it('leaves the previous working folder (~-) unresolved', () => {
    expect(resolvePath('~-', scope).resolved).toBeUndefined();
    expect(resolvePath('~-/x', scope).resolved).toBeUndefined();
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
    // A template of a named environment's dotenv file (round 31: `.env.release.example`).
    ['/w/.env.release.example', 'workspace'],
    ['/w/.env.production.sample', 'workspace'],
    ['/w/.env.example.local', 'sensitive'],
    ['/w/.env.release', 'sensitive'],
    ['/w/env/prod.env', 'sensitive'],
    ['/w/docker/app.env', 'sensitive'],
    ['/w/env/example.env', 'workspace'],
    ['/w/env/app.sample.env', 'workspace'],
    ['/w/environment.yml', 'workspace'],
    ['/w/config/vault.txt', 'sensitive'],
    ['/w/.secrets/token', 'sensitive'],
    ['/h/.ssh/config', 'sensitive'],
    ['/h/.ssh/id_ed25519.pub', 'home'],
    ['/h/notes.md', 'home'],
    ['/tmp/x', 'temp'],
    ['/var/folders/tmp/y', 'temp'],
    ['/dev/null', 'temp'],
    ['/dev/sda', 'sensitive'],
    ['/dev/tty0', 'system'],
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
    ['/w/.github/workflows/ci.yml', false, true],
    ['/w/docs/workflows.md', false, false],
    ['/w/src/a.ts', false, false],
  ])('%s: self-modification %s, persistence %s', (abs, self, persistence) => {
    expect(isAgentConfig(abs, w)).toBe(self);
    expect(isPersistence(abs, w)).toBe(persistence);
  });
});

describe('the bundled table, by class', () => {
  const w = makePathScope({
    paths: PATHS,
    cwd: '/w/sub',
    home: '/h',
    workspaceRoots: ['/w'],
    tempDirs: [],
  });
  it.each([
    ['another process environment', '/proc/1234/environ', 'sensitive'],
    ['a thread environment', '/proc/thread-self/environ', 'sensitive'],
    ['a task environment', '/proc/self/task/7/environ', 'sensitive'],
    ['process memory', '/proc/self/mem', 'sensitive'],
    ['a key through the process root link', '/proc/self/root/h/.ssh/id_rsa', 'sensitive'],
    ['a dotenv through the cwd link', '/proc/self/cwd/../.env', 'sensitive'],
    ['a workspace file through the cwd link is at least system', '/proc/self/cwd/a.ts', 'system'],
    ['Claude Code credentials', '/h/.claude/.credentials.json', 'sensitive'],
    ['Codex credentials', '/h/.codex/auth.json', 'sensitive'],
    ['pi credentials', '/h/.pi/agent/auth.json', 'sensitive'],
    ['a MySQL client config', '/h/.my.cnf', 'sensitive'],
    ['a Maven settings file', '/h/.m2/settings.xml', 'sensitive'],
    ['Gradle properties', '/h/.gradle/gradle.properties', 'sensitive'],
    ['a project npmrc', '/w/.npmrc', 'sensitive'],
    ['an s3cmd config', '/h/.s3cfg', 'sensitive'],
    ['an rclone config', '/h/.config/rclone/rclone.conf', 'sensitive'],
    ['a terraform CLI config', '/h/.terraformrc', 'sensitive'],
    ['terraform variables', '/w/infra/prod.tfvars', 'sensitive'],
    ['a terraform state backup', '/w/infra/terraform.tfstate.backup', 'sensitive'],
    ['wrangler local secrets', '/w/.dev.vars', 'sensitive'],
    // Round 27 blind: project-local credential files of data and mobile tools.
    ['DVC remote credentials', '/w/data/.dvc/config.local', 'sensitive'],
    ['an App Store Connect or APNs key', '/w/app/ios/AuthKey_8Q3XZ9PLM2.p8', 'sensitive'],
    ['an Xcode secrets configuration', '/w/app/ios/Runner/Configs/Secrets.xcconfig', 'sensitive'],
    ['a Firebase Android configuration', '/w/app/android/app/google-services.json', 'sensitive'],
    ['a Firebase iOS configuration', '/w/app/ios/Runner/GoogleService-Info.plist', 'sensitive'],
    // Review: one per build flavour.
    ['a Firebase iOS configuration of a flavour', '/w/ios/Runner/GoogleService-Info-Dev.plist', 'sensitive'],
    ['a Firebase Android configuration of a flavour', '/w/android/app/google-services-dev.json', 'sensitive'],
    ['an Xcode secrets configuration of a flavour', '/w/ios/Configs/Secrets.Release.xcconfig', 'sensitive'],
    ["DVC's shared configuration is not a secret", '/w/data/.dvc/config', 'workspace'],
    // Review 30a: system credential stores by class, dotenv variants, network secrets.
    ['the shadow backup', '/etc/shadow-', 'sensitive'],
    ['the group shadow backup', '/etc/gshadow-', 'sensitive'],
    ['old passwords', '/etc/security/opasswd', 'sensitive'],
    ['any ssh host key', '/etc/ssh/ssh_host_dsa_key', 'sensitive'],
    ['a kubelet configuration with its client key', '/etc/kubernetes/kubelet.conf', 'sensitive'],
    ["the distribution's MySQL maintenance account", '/etc/mysql/debian.cnf', 'sensitive'],
    ['a saved network connection', '/etc/NetworkManager/system-connections/home.nmconnection', 'sensitive'],
    [
      'a container configuration with its environment',
      '/var/lib/docker/containers/ab12/config.v2.json',
      'sensitive',
    ],
    ['PPP secrets', '/etc/ppp/chap-secrets', 'sensitive'],
    ['an editor backup of a dotenv', '/w/c/.env~', 'sensitive'],
    ['a dotenv named with a dash', '/w/c/.env-prod', 'sensitive'],
    ['a dotenv named with an underscore', '/w/c/.env_local', 'sensitive'],
    ['a dash-named template is not a secret', '/w/c/.env-example', 'workspace'],
    ['a wpa_supplicant configuration anywhere', '/w/c/wpa_supplicant.conf', 'sensitive'],
    ['an htpasswd without its dot', '/w/c/htpasswd', 'sensitive'],
    ['a debug Xcode configuration is not a secret', '/w/app/ios/Flutter/Debug.xcconfig', 'workspace'],
    ['a direnv file', '/w/.envrc', 'sensitive'],
    ['a PuTTY key', '/w/deploy/server.ppk', 'sensitive'],
    ['a file in a secrets folder', '/w/.secrets/token', 'sensitive'],
    ['a key folder inside a project', '/w/deploy/.ssh/config', 'sensitive'],
    ['a virtualenv folder named .env is not a secret', '/w/.env/bin/activate', 'workspace'],
    ['a type declaration named .env.d.ts is not a secret', '/w/src/.env.d.ts', 'workspace'],
    ['a terraform variables example is not a secret', '/w/infra/prod.tfvars.example', 'workspace'],
    ['an i18n auth file is not a secret', '/w/locales/en/auth.json', 'workspace'],
    ['a dotenv template for a secret manager (.tpl) is not a secret', '/w/.env.tpl', 'workspace'],
    ['a configure-time dotenv input (.in) is not a secret', '/w/.env.in', 'workspace'],
    ['any sample of a secret-named file is not a secret', '/w/deploy/credentials.json.sample', 'workspace'],
    ['a local dotenv override is a secret', '/w/.env.local', 'sensitive'],
    ['a template-named file in a key folder is still a secret', '/h/.ssh/id_rsa.sample', 'sensitive'],
    ['a template-named file in a secrets folder is still a secret', '/w/.secrets/token.tpl', 'sensitive'],
    ['a secrets file in any format', '/w/config/secrets.json', 'sensitive'],
    ['an app framework secrets file', '/w/.streamlit/secrets.toml', 'sensitive'],
    [
      'an OAuth client secret as downloaded',
      '/w/client_secret_42.apps.googleusercontent.com.json',
      'sensitive',
    ],
    ['a vault password file', '/w/.vault_pass', 'sensitive'],
    ['a bare kubeconfig', '/w/deploy/kubeconfig', 'sensitive'],
    ['a CLI auth token file', '/w/.sentryclirc', 'sensitive'],
    ['a functions app local settings file', '/w/api/local.settings.json', 'sensitive'],
    ['a cluster admin config', '/etc/kubernetes/admin.conf', 'sensitive'],
    ['a raw disk', '/dev/nvme0n1', 'sensitive'],
    ['a source file named after secrets is not one', '/w/src/secrets.ts', 'workspace'],
    ['an Android signing settings file', '/w/android/key.properties', 'sensitive'],
    ['a template suffix does not clear a key folder', '/h/.ssh/id_ed25519', 'sensitive'],
  ])('%s', (_name, abs, want) => {
    expect(classOf(abs, w)).toBe(want);
  });

  it.each([
    ['a submodule hook', '/w/.git/modules/lib/hooks/pre-commit'],
    ['a nested submodule config', '/w/.git/modules/a/modules/b/config'],
    ['a nested repository hook', '/w/vendor/x/.git/hooks/post-checkout'],
    ['an editor task that runs on folder open', '/w/.vscode/tasks.json'],
    ['a git hook manager config (runs on the next commit)', '/w/lefthook.yml'],
    ['a staged-files runner config', '/w/lint-staged.config.mjs'],
    ['a pre-commit config', '/w/.pre-commit-config.yaml'],
    ['a tool manager config that runs hooks on cd', '/w/mise.toml'],
    ['a CI workflow (runs with the project secrets on push)', '/w/.github/workflows/ci.yml'],
    ['a program the package runner finds first by name', '/w/node_modules/.bin/vitest'],
    ['a program the virtualenv runner finds first by name', '/w/.venv/bin/pytest'],
    ['aliases a login shell reads', '/h/.bash_aliases'],
    ["an editor's start-up file (runs commands)", '/h/.vimrc'],
    ["an editor's plugin folder", '/h/.config/nvim/lua/plugin.lua'],
    ["IPython's start-up scripts", '/h/.ipython/profile_default/startup/00.py'],
    ["tmux's configuration (run-shell)", '/h/.tmux.conf'],
    ['the accounts table', '/etc/passwd'],
    ['a login module stack', '/etc/pam.d/sshd'],
    ["the SSH server's configuration", '/etc/ssh/sshd_config'],
    [
      'a dev container in a sub-folder (initializeCommand runs on the host)',
      '/w/.devcontainer/py/devcontainer.json',
    ],
    ['a dev container at the top', '/w/.devcontainer.json'],
    ['an editor workspace file (tasks and settings)', '/w/proj.code-workspace'],
    ['a Gitea or Forgejo workflow', '/w/.forgejo/workflows/ci.yml'],
    ['another CI service', '/w/.woodpecker.yml'],
    ['a cloud build spec', '/w/buildspec.yml'],
    ['a local direnv file', '/w/.envrc.local'],
    ['an editor language server command', '/w/.helix/languages.toml'],
    ['IDE file watchers', '/w/.idea/watcherTasks.xml'],
    ['a dev environment with a start hook', '/w/devbox.json'],
    [
      'compiled bytecode Python loads before the source (review 21 C2)',
      '/w/tests/__pycache__/helpers.cpython-311.pyc',
    ],
    ['an extension module that shadows a Python module', '/w/tests/helpers.cpython-311-x86_64-linux-gnu.so'],
  ])('%s is persistence', (_name, abs) => {
    expect(isPersistence(abs, w)).toBe(true);
  });

  it.each([
    ['a local Claude memory file', '/w/CLAUDE.local.md'],
    ['a Codex instructions override', '/w/sub/AGENTS.override.md'],
    ['an agent instructions file in the singular form some agents read', '/w/AGENT.md'],
    ['Copilot instructions', '/w/.github/copilot-instructions.md'],
  ])('%s is agent configuration', (_name, abs) => {
    expect(isAgentConfig(abs, w)).toBe(true);
  });

  it('a user-stated sensitive name still covers a folder of that name', () => {
    const u = makePathScope({
      paths: PATHS,
      cwd: '/w',
      home: '/h',
      workspaceRoots: ['/w'],
      tempDirs: [],
      sensitivePaths: ['vault'],
    });
    expect(classOf('/w/vault/db.txt', u)).toBe('sensitive');
    expect(classOf('/w/vaults/db.txt', u)).toBe('workspace');
  });
});

describe('normalize', () => {
  /** The reading the shortcut skips: split on `/`, drop empty and `.` components, climb on `..`. */
  const reference = (path: string): string => {
    const out: string[] = [];
    for (const part of path.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') out.pop();
      else out.push(part);
    }
    return `/${out.join('/')}`;
  };
  it('gives what the component-by-component reading gives, on generated paths', () => {
    const parts = ['', '.', '..', 'a', '.b', '..c', 'd.', '...', '\u0000', ' '];
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const paths = ['/', '', '.', '..', '//', '/.', '/..', 'a', 'a/', '/a/', '/a//b', '/a/./b', '/a/../b'];
    for (let i = 0; i < 4000; i++) {
      const n = next() % 6;
      const lead = next() % 3 === 0 ? '' : '/';
      paths.push(lead + Array.from({ length: n }, () => parts[next() % parts.length]).join('/'));
    }
    for (const p of paths) expect([p, normalize(p)]).toEqual([p, reference(p)]);
  });
});

describe('nameMatcher', () => {
  const names = [
    '',
    '.env',
    '.ENV',
    '.env.local',
    '.Env.Example',
    'id_rsa',
    'ID_RSA',
    'x.pem',
    '.pem',
    'x.PEM.bak',
    'service-account.json',
    'service-account-prod.JSON',
    'a.tfvars.json',
    'a.d.ts',
    'key.pub',
    '\u212Aey.pem',
    '\u0130d_rsa',
    'caf\u00e9.key',
    'a*b',
    'a[b]',
  ];
  it.each([
    ['the sensitive names, folding case', PATHS.sensitive, 'i'],
    ['the exceptions, folding case', PATHS.sensitive_exceptions, 'i'],
    ['the sensitive names, exact case', PATHS.sensitive, ''],
    ['globs of every shape', ['*.k\u00e9y', 'a?c', 'x[yz]', '**.tar', 'a*b', 'caf\u00e9.key', 'lit'], 'i'],
  ])('answers as its alternation: %s', (_name, globs, flags) => {
    const bare = (globs as readonly string[]).filter((g) => !g.includes('/'));
    const m = nameMatcher(bare, flags as string);
    for (const name of names) expect([name, m.test(name)]).toEqual([name, m.regex().test(name)]);
  });
});

describe('matchesSet, by prefix lookup', () => {
  /** The reading the lookup replaced: each prefix tested with isUnder, each non-empty component with the names. */
  const reference = (path: string, set: PatternSet): boolean =>
    set.prefixes.some((p) => isUnder(path, p)) ||
    // A set compiled to fold case also matches its prefixes in any case.
    (set.lowerPrefixes !== undefined &&
      set.prefixes.some((p) => isUnder(path.toLowerCase(), p.toLowerCase()))) ||
    set.paths.regex().test(path) ||
    (set.files.any && set.files.regex().test(path.slice(path.lastIndexOf('/') + 1))) ||
    (set.names.any && path.split('/').some((part) => part !== '' && set.names.regex().test(part)));

  it('agrees with a prefix-by-prefix reading on every prefix, its neighbours and generated paths', () => {
    const sets = [scope.sensitive, scope.selfModification, scope.persistence];
    const parts = [
      '',
      '.',
      '..',
      'a',
      '.ssh',
      'id_rsa',
      '.env',
      '.git',
      'hooks',
      'home',
      'u',
      'proj',
      'etc',
      'x.pem',
      'X.PEM',
      '.ENV.local',
      'Service-Account-1.JSON',
      'a.tfstate.1',
      '\u212Aey.key',
      'caf\u00e9.pem',
      '.Git',
    ];
    const paths = new Set<string>(['/', '', 'a/b', '//', '/home/u/', '/home/u//.ssh']);
    for (const set of sets)
      for (const p of set.prefixes)
        for (const extra of ['', '/', '/x', 'x', '-old', '/.ssh/id_rsa']) {
          paths.add(`${p}${extra}`);
          paths.add(p.slice(0, -1));
        }
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let i = 0; i < 3000; i++) {
      const n = 1 + (next() % 6);
      const base = next() % 3 === 0 ? '/home/u' : '';
      paths.add(`${base}/${Array.from({ length: n }, () => parts[next() % parts.length]).join('/')}`);
    }
    for (const set of sets)
      for (const path of paths) expect([path, matchesSet(path, set)]).toEqual([path, reference(path, set)]);
  });
});

describe('whole-path patterns, each tried only where its literal is', () => {
  // Patterns with a folder sequence or a globbed prefix, in the case-insensitive secret set and the exact-case
  // persistence set; the paths mix cases, a letter that lower-cases to ASCII (the Kelvin sign) and near misses.
  const wide = makePathScope({
    paths: PATHS,
    cwd: '/w/p',
    home: '/home/u',
    workspaceRoots: ['/w/p'],
    tempDirs: ['/tmp'],
    sensitivePaths: [
      'deploy/keys/*.json',
      '/opt/*/secrets',
      'a/**/b/c.txt',
      'caf\u00e9/x',
      'Build/Signing/*.key',
    ],
  });
  const paths = [
    '/w/p/deploy/keys/prod.json',
    '/w/p/DEPLOY/Keys/prod.JSON',
    '/w/p/deploy/keys/sub/prod.json',
    '/w/p/deploy/kēys/prod.json',
    '/w/p/deploy/\u212Aeys/prod.json',
    '/opt/app/secrets',
    '/OPT/app/SECRETS/x',
    '/opt/secrets',
    '/w/p/a/b/c.txt',
    '/w/p/a/x/y/b/C.TXT',
    '/w/p/ab/c.txt',
    '/w/p/CAF\u00c9/x',
    '/w/p/caf\u00e9/x',
    '/w/p/build/signing/release.key',
    '/w/p/BUILD/SIGNING/release.KEY',
    '/home/u/.config/autostart/x.desktop',
    '/home/u/.CONFIG/autostart/x.desktop',
    '/home/u/.config/systemd/user/x.service',
  ];
  it.each(paths)('%s: as the alternation answers', (path) => {
    for (const set of [wide.sensitive, wide.persistence, wide.selfModification])
      expect(set.paths.test(path)).toBe(set.paths.regex().test(path));
  });

  it('matches folder sequences in any case where the set ignores case, and not a near miss', () => {
    expect(wide.sensitive.paths.test('/w/p/DEPLOY/Keys/prod.JSON')).toBe(true);
    expect(wide.sensitive.paths.test('/w/p/a/x/y/b/C.TXT')).toBe(true);
    expect(wide.sensitive.paths.test('/w/p/build/signing/release.key')).toBe(true);
    expect(wide.sensitive.paths.test('/w/p/ab/c.txt')).toBe(false);
    expect(wide.sensitive.paths.test('/opt/secrets')).toBe(false);
  });
});

// A server builds a new environment object per request: the scope is found by content (ADR 0090), never shared
// by two environments that differ in any field, and never changed by a caller changing its arrays later.
describe("scopeFor, by the environment's content", () => {
  const envOf = (over: Partial<Parameters<typeof scopeFor>[0]> = {}) => ({
    paths: PATHS,
    cwd: '/srv/a/src',
    home: '/home/s',
    workspaceRoots: ['/srv/a'],
    tempDirs: ['/tmp'],
    ...over,
  });

  it('a new object with the same content gets the same scope', () => {
    expect(scopeFor(envOf())).toBe(scopeFor(envOf()));
  });

  it.each<[string, Partial<Parameters<typeof scopeFor>[0]>]>([
    ['another working folder', { cwd: '/srv/a' }],
    ['another home', { home: '/home/t' }],
    ['another workspace root', { workspaceRoots: ['/srv/b'] }],
    ['one more workspace root', { workspaceRoots: ['/srv/a', '/srv/b'] }],
    ['another temp folder', { tempDirs: ['/var/tmp'] }],
    ['a sensitive path added', { sensitivePaths: ['/srv/a/secrets'] }],
    ['a path of gavel itself', { selfPaths: ['/opt/gavel'] }],
    ['a symlink resolver', { realpath: (p: string) => p }],
  ])('%s: another scope', (_name, over) => {
    expect(scopeFor(envOf(over))).not.toBe(scopeFor(envOf()));
  });

  it('the workspace a scope was built for is what it keeps, whatever the caller changes later', () => {
    const roots = ['/srv/c'];
    const first = scopeFor(envOf({ workspaceRoots: roots }));
    roots[0] = '/srv/d';
    const second = scopeFor(envOf({ workspaceRoots: roots }));
    expect(second).not.toBe(first);
    expect(classOf('/srv/d/x', second)).toBe('workspace');
    expect(classOf('/srv/d/x', first)).not.toBe('workspace');
  });
});
