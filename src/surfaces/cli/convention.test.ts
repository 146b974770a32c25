// The one CLI convention (docs/cli.md), held for every registered command: a command added tomorrow is
// walked too. Real commands through the real dispatcher (main) and registry.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../core';
import type { CommandSpec } from './command';
import { COMMANDS } from './commands';
import { completionScript } from './commands/completion-command';
import { applyConvention, isStructured, withConvention } from './convention';
import { projectSandbox, runMain } from './fake-context.testkit';
import { parseCommandArgs } from './main';

const specs: [string, CommandSpec][] = await Promise.all(
  COMMANDS.map(async (c) => [c.name, await c.load()] as [string, CommandSpec]),
);

/** A placeholder for each required positional, so flags are what is tested. */
const required = (spec: CommandSpec): string[] =>
  (spec.positionals ?? []).filter((p) => !p.optional).map(() => 'x');

function sandboxEnv() {
  const { project, home } = projectSandbox('gavel-convention-');
  return {
    project,
    home,
    env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.state') },
  };
}

describe('every command keeps the convention', () => {
  it('walks every registered command', () => {
    expect(specs.map(([n]) => n)).toEqual(COMMANDS.map((c) => c.name));
    expect(specs.length).toBeGreaterThanOrEqual(13);
  });

  it.each(specs)(
    '%s: its exit codes include 2 (usage), and 1 unless its stdout is a protocol',
    (_n, spec) => {
      expect(spec.exits).toContain(EXIT.usage);
      if (!spec.protocolStdout) expect(spec.exits).toContain(EXIT.internal);
    },
  );

  it.each(specs)('%s: help wraps to a 60-column terminal', async (name) => {
    const { project, env } = sandboxEnv();
    const got = await runMain([name, '--help'], { cwd: project, env, columns: 60 });
    expect(got.code).toBe(EXIT.ok);
    const lines = got.out.split('\n');
    const examples = lines.indexOf('Examples:');
    // After the usage line, up to the examples (which are meant to be copied whole): prose paragraphs and
    // option rows are wrapped; a preformatted line (indented, not an option) is kept as written.
    const body = lines.slice(1, examples >= 0 ? examples : undefined);
    const tooLong = body.filter(
      (l) => l.length > 60 && (/^\S/.test(l) || /^ {2}-/.test(l)) && /\S \S/.test(l.trim()),
    );
    expect(tooLong).toEqual([]);
    expect(body.some((l) => l.length > 0)).toBe(true);
  });

  it.each(specs.filter(([, s]) => isStructured(s)))(
    '%s: --json and --format json mean the same; --format takes text',
    (_n, spec) => {
      const conv = withConvention(spec);
      const args = (...flags: string[]) =>
        applyConvention(spec, parseCommandArgs(conv, [...flags, ...required(spec)]));
      expect(args('--json').values).toEqual(args('--format', 'json').values);
      const t = args('--format', 'text');
      expect(t.values.json === true || t.values.format === 'json').toBe(false);
    },
  );

  it.each(specs.filter(([, s]) => isStructured(s) && !s.options.format))(
    '%s: a --format that is neither text nor json is a usage error',
    async (name, spec) => {
      const { project, env } = sandboxEnv();
      const got = await runMain([name, '--format', 'yaml', ...required(spec)], { cwd: project, env });
      expect(got.code).toBe(EXIT.usage);
      expect(got.err).toContain('`--format` is text or json, not `yaml`');
    },
  );

  it.each(specs.filter(([, s]) => !s.protocolStdout))('%s: takes --quiet and -q', (_n, spec) => {
    const conv = withConvention(spec);
    expect(parseCommandArgs(conv, ['--quiet', ...required(spec)]).values.quiet).toBe(true);
    expect(parseCommandArgs(conv, ['-q', ...required(spec)]).values.quiet).toBe(true);
  });

  it('hook takes no --quiet: its stdout is the harness protocol', async () => {
    const { project, env } = sandboxEnv();
    const got = await runMain(['hook', 'claude-code', '--quiet'], { cwd: project, env });
    expect(got.code).toBe(EXIT.usage);
  });
});

describe('the convention, run', () => {
  it.each([
    ['config', ['config']],
    ['demo', ['demo']],
    ['doctor', ['doctor']],
  ])('%s --quiet prints nothing on stdout and keeps its exit code', async (_n, argv) => {
    const { project, env } = sandboxEnv();
    const loud = await runMain(argv, { cwd: project, env });
    const quiet = await runMain([...argv, '--quiet'], { cwd: project, env });
    expect(loud.out.length).toBeGreaterThan(0);
    expect(quiet.out).toBe('');
    expect(quiet.code).toBe(loud.code);
  });

  it.each([
    ['config', ['config']],
    ['demo', ['demo']],
    ['doctor', ['doctor']],
    ['model', ['model']],
    ['log', ['log']],
  ])('%s --format json prints JSON whose keys gavel names are camelCase', async (_n, argv) => {
    const { project, env } = sandboxEnv();
    const got = await runMain([...argv, '--format', 'json'], { cwd: project, env });
    const value: unknown = JSON.parse(got.out);
    const keys = new Set<string>();
    const walk = (v: unknown, depth: number): void => {
      if (Array.isArray(v)) for (const x of v) walk(x, depth);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          keys.add(k);
          // `config` holds the config as written (TOML keys are snake_case by design): its top level only.
          if (argv[0] !== 'config') walk(x, depth + 1);
        }
    };
    walk(value, 0);
    expect([...keys].filter((k) => !/^[a-z][a-zA-Z0-9]*$/.test(k))).toEqual([]);
  });

  it('a mistyped command gets a suggestion', async () => {
    const got = await runMain(['chekc']);
    expect(got.err).toBe('gavel: unknown command `chekc` (did you mean `check`?) (see `gavel --help`)\n');
  });

  it('no colour off a terminal: demo and log print no escape sequence with colour off', async () => {
    const { project, env } = sandboxEnv();
    for (const argv of [['demo'], ['log'], ['doctor']]) {
      const got = await runMain(argv, { cwd: project, env, color: false });
      expect(got.out).not.toContain('\u001b[');
    }
  });
});

describe('gavel completion', () => {
  it.each([['bash'], ['zsh'], ['fish']])('%s: names every command', async (shell) => {
    const got = await runMain(['completion', shell]);
    expect(got.code).toBe(EXIT.ok);
    for (const c of COMMANDS) expect(got.out).toContain(c.name);
  });

  it('an unknown shell is a usage error', async () => {
    const got = await runMain(['completion', 'tcsh']);
    expect([got.code, got.err]).toEqual([
      EXIT.usage,
      'gavel completion: unknown shell `tcsh` (bash, zsh, fish) (see `gavel completion --help`)\n',
    ]);
  });

  it.each([
    ['the command at the first word', 'gavel ch', 1, 'check'],
    ['the flags of a command', 'gavel route --for', 2, '--format'],
    ['the convention flags too', 'gavel doctor --qu', 2, '--quiet'],
  ])('bash completes %s in a real bash', async (_name, line, cword, want) => {
    const got = await runMain(['completion', 'bash']);
    const { home } = sandboxEnv();
    const file = join(home, 'gavel.bash');
    mkdirSync(home, { recursive: true });
    writeFileSync(file, got.out);
    const words = line.split(' ');
    const script = `source '${file}'; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${cword}; _gavel; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const run = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n')).toContain(want);
  });

  it('zsh and fish scripts list each command flag for flag', () => {
    const ws = [{ name: 'check', summary: "it's: a test", flags: ['--json', '--quiet'] }];
    expect(completionScript('fish', ws)).toContain(
      "complete -c gavel -n '__fish_seen_subcommand_from check' -l 'quiet'",
    );
    expect(completionScript('fish', ws)).toContain("-d 'it'\\''s: a test'");
    expect(completionScript('zsh', ws)).toContain("'check:it'\\''s\\: a test'");
  });
});
