import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, EXIT_HELP, IoError, UsageError } from '../../core';
import type { CommandContext, CommandEntry, CommandSpec, ParsedArgs } from './command';
import { fakeContext } from './fake-context.testkit';
import { main, parseCommandArgs } from './main';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;

/** A version no real build has, so a test sees that the context's version is the one printed. */
const TEST_VERSION = '9.8.7-test';

/** What each test command's run() saw, keyed by command name. */
const seen = new Map<string, { ctx: CommandContext; args: ParsedArgs }>();
const loads = new Map<string, number>();

function command(
  spec: Omit<CommandSpec, 'usage' | 'exits' | 'options'> & Partial<CommandSpec>,
): CommandEntry {
  const full: CommandSpec = { usage: `gavel ${spec.name} [options]`, exits: [0, 1, 2], options: {}, ...spec };
  return {
    name: spec.name,
    summary: spec.summary,
    load: async () => {
      loads.set(spec.name, (loads.get(spec.name) ?? 0) + 1);
      return full;
    },
  };
}

const secret = 'sk-ant-do-not-print-me';

// A registry for the framework alone, so the tests do not depend on which commands exist.
const REGISTRY: readonly CommandEntry[] = [
  command({
    name: 'boom',
    summary: 'throws a plain error',
    run: async () => {
      throw new Error(`failed reading /home/user/.env: ${secret}`);
    },
  }),
  command({
    name: 'echo',
    summary: 'prints its words',
    options: {
      upper: { type: 'boolean', short: 'u', description: 'shout' },
      times: { type: 'string', short: 'n', valueName: 'N', description: 'repeat N times' },
      tag: { type: 'string', multiple: true, description: 'add a tag' },
    },
    positionals: [{ name: 'words', description: 'what to print', multiple: true, optional: true }],
    run: async (ctx, args) => {
      seen.set('echo', { ctx, args });
      const text = args.positionals.join(' ');
      ctx.stdout.write(`${args.values.upper ? text.toUpperCase() : text}\n`);
      return EXIT.ok;
    },
  }),
  command({
    name: 'exit-with',
    summary: 'ends with the code it is given',
    positionals: [{ name: 'code', description: 'the exit code' }],
    run: async (_ctx, args) => Number(args.positionals[0]),
  }),
  command({
    name: 'io-fail',
    summary: 'throws an IoError',
    run: async () => {
      throw new IoError('io', 'cannot write `.gavel/logs/x.ndjson`');
    },
  }),
  command({
    name: 'misuse',
    summary: 'throws a UsageError',
    run: async () => {
      throw new UsageError('`--since` must be a duration such as `2h`');
    },
  }),
  command({
    name: 'many',
    summary: 'takes one or more files',
    positionals: [{ name: 'files', description: 'the files', multiple: true }],
    run: async (ctx, args) => {
      ctx.stdout.write(`${args.positionals.length}\n`);
      return EXIT.ok;
    },
  }),
  command({
    name: 'two',
    summary: 'takes exactly two arguments',
    positionals: [
      { name: 'first', description: 'one' },
      { name: 'second', description: 'two' },
    ],
    run: async (ctx, args) => {
      ctx.stdout.write(`${args.positionals.join('+')}\n`);
      return EXIT.ok;
    },
  }),
];

async function run(argv: string[], env: Record<string, string> = {}) {
  const fake = fakeContext({ env, version: TEST_VERSION });
  const code = await main(argv, fake.ctx, REGISTRY);
  return { code, out: fake.out(), err: fake.err() };
}

/** One line on stderr: text, then exactly one newline at the end. */
function expectOneLine(text: string): void {
  expect(text).toMatch(/^[^\n]+\n$/);
}

function hasControl(text: string): boolean {
  return [...text].some((c) => c < ' ' || (c >= '\u007f' && c <= '\u009f'));
}

describe('main: top level', () => {
  it.each([['--help'], ['-h'], ['help']])('%s prints the help on stdout and exits 0', async (flag) => {
    const { code, out, err } = await run([flag]);
    expect(code).toBe(EXIT.ok);
    expect(err).toBe('');
    expect(out).toContain('gavel 9.8.7-test');
    for (const entry of REGISTRY) expect(out).toMatch(new RegExp(`^  ${entry.name} +${entry.summary}$`, 'm'));
    for (const [exit, text] of EXIT_HELP) expect(out).toContain(`${String(exit).padStart(2)}  ${text}`);
  });

  it('lists commands without loading their code', async () => {
    loads.clear();
    await run(['--help']);
    expect(loads.size).toBe(0);
  });

  it('with no arguments prints the help on stdout and exits 2', async () => {
    const { code, out, err } = await run([]);
    expect(code).toBe(EXIT.usage);
    expect(err).toBe('');
    expect(out).toBe((await run(['--help'])).out);
  });

  it.each([['--version'], ['-V']])('%s prints the version alone', async (flag) => {
    expect(await run([flag])).toEqual({ code: EXIT.ok, out: '9.8.7-test\n', err: '' });
  });

  it.each([
    ['an unknown option', ['--frobnicate'], 'gavel: unknown option `--frobnicate` (see `gavel --help`)\n'],
    ['an unknown short option', ['-x'], 'gavel: unknown option `-x` (see `gavel --help`)\n'],
    ['an unknown command', ['frobnicate'], 'gavel: unknown command `frobnicate` (see `gavel --help`)\n'],
    ['help for an unknown command', ['help', 'nope'], 'gavel: unknown command `nope` (see `gavel --help`)\n'],
    [
      'a command name in the wrong case',
      ['ECHO'],
      'gavel: unknown command `ECHO` (did you mean `echo`?) (see `gavel --help`)\n',
    ],
    [
      'a mistyped command',
      ['ehco'],
      'gavel: unknown command `ehco` (did you mean `echo`?) (see `gavel --help`)\n',
    ],
  ])('%s: one line on stderr, nothing on stdout, exit 2', async (_name, argv, want) => {
    const { code, out, err } = await run(argv);
    expect(code).toBe(EXIT.usage);
    expect(out).toBe('');
    expect(err).toBe(want);
    expectOneLine(err);
  });

  it.each([
    ['a newline', 'evil\nline two'],
    ['a terminal escape', 'evil\u001b[2Jcleared'],
    ['a carriage return', 'evil\rover'],
  ])('keeps the error on one visible line when the argument holds %s', async (_name, arg) => {
    for (const argv of [[arg], [`--${arg}`], ['help', arg], ['echo', `--${arg}`]]) {
      const { code, err } = await run(argv);
      expect(code).toBe(EXIT.usage);
      expectOneLine(err);
      expect(hasControl(err.slice(0, -1)), JSON.stringify(err)).toBe(false);
    }
  });
  it('shows a control character as a visible escape', async () => {
    expect((await run(['evil\nline'])).err).toBe(
      'gavel: unknown command `evil\\u000aline` (see `gavel --help`)\n',
    );
  });
});

describe('main: a command', () => {
  it('runs with its parsed flags and positionals and the context it was given', async () => {
    const fake = fakeContext({ version: TEST_VERSION });
    const code = await main(
      ['echo', '-u', '--times', '3', '--tag', 'a', '--tag', 'b', 'hi', 'there'],
      fake.ctx,
      REGISTRY,
    );
    expect(code).toBe(EXIT.ok);
    expect(fake.out()).toBe('HI THERE\n');
    const call = seen.get('echo');
    expect(call?.ctx).toBe(fake.ctx);
    expect(call?.args.positionals).toEqual(['hi', 'there']);
    expect(call?.args.values).toMatchObject({ upper: true, times: '3', tag: ['a', 'b'] });
  });

  it.each([
    ['an optional list may be empty', ['echo'], '\n'],
    ['a required list takes one', ['many', 'a'], '1\n'],
    ['a required list takes many', ['many', 'a', 'b', 'c'], '3\n'],
  ])('%s', async (_name, argv, want) => {
    expect(await run(argv)).toEqual({ code: EXIT.ok, out: want, err: '' });
  });

  it('passes arguments after `--` as positionals even when they look like flags', async () => {
    const { code, out } = await run(['echo', '--', '--upper', '-x']);
    expect(code).toBe(EXIT.ok);
    expect(out).toBe('--upper -x\n');
  });

  it.each([
    ['0', 0],
    ['10', 10],
    ['11', 11],
    ['12', 12],
  ])('returns the exit code the command returns (%s)', async (arg, want) => {
    expect((await run(['exit-with', arg])).code).toBe(want);
  });

  it.each(
    [
      ['help', 'echo'],
      ['echo', '--help'],
      ['echo', '-h'],
      ['two', '--help'],
    ].map((argv) => [argv.join(' '), argv]),
  )('`gavel %s` prints the command help and exits 0', async (_name, argv) => {
    const name = argv[0] === 'help' ? argv[1] : argv[0];
    const { code, out, err } = await run(argv);
    expect(code).toBe(EXIT.ok);
    expect(err).toBe('');
    expect(out).toMatch(new RegExp(`^Usage: gavel ${name} \\[options\\]\n`));
    expect(out).toContain('-h, --help');
    expect(out).toContain('Exit codes:');
  });

  it('a command’s --help does not run it', async () => {
    seen.clear();
    await run(['echo', '--help', 'words']);
    expect(seen.has('echo')).toBe(false);
  });

  it.each([
    [
      'an unknown long flag',
      ['echo', '--nope'],
      'gavel echo: unknown option `--nope` (see `gavel echo --help`)\n',
    ],
    ['an unknown short flag', ['echo', '-z'], 'gavel echo: unknown option `-z` (see `gavel echo --help`)\n'],
    [
      'a string flag without its value',
      ['echo', '--times'],
      'gavel echo: option `-n, --times <value>` argument missing (see `gavel echo --help`)\n',
    ],
    [
      'a boolean flag given a value',
      ['echo', '--upper=yes'],
      'gavel echo: option `-u, --upper` does not take an argument (see `gavel echo --help`)\n',
    ],
    [
      'a string flag followed by another flag',
      ['echo', '--times', '--upper'],
      'gavel echo: option `--times` argument is ambiguous (see `gavel echo --help`)\n',
    ],
    [
      'a required list left empty',
      ['many'],
      'gavel many: missing argument files (see `gavel many --help`)\n',
    ],
    ['a missing argument', ['two', 'a'], 'gavel two: missing argument second (see `gavel two --help`)\n'],
    ['no arguments at all', ['two'], 'gavel two: missing argument first (see `gavel two --help`)\n'],
    [
      'an extra argument',
      ['two', 'a', 'b', 'c'],
      'gavel two: unexpected argument `c` (see `gavel two --help`)\n',
    ],
    [
      'a UsageError thrown by the command',
      ['misuse'],
      'gavel misuse: `--since` must be a duration such as `2h` (see `gavel misuse --help`)\n',
    ],
  ])('%s: exit 2 with one line on stderr', async (_name, argv, want) => {
    seen.clear();
    const { code, out, err } = await run(argv);
    expect(code).toBe(EXIT.usage);
    expect(out).toBe('');
    expect(err).toBe(want);
    expectOneLine(err);
  });

  it('a flag error stops the command from running', async () => {
    seen.clear();
    await run(['echo', '--nope', 'x']);
    expect(seen.has('echo')).toBe(false);
  });
});

describe('main: a command that fails', () => {
  it('a plain Error ends with exit 1, "internal error" and nothing from the error', async () => {
    const { code, out, err } = await run(['boom']);
    expect(code).toBe(EXIT.internal);
    expect(out).toBe('');
    expect(err).toBe('gavel boom: internal error\n');
  });

  it.each([['0'], ['true'], ['']])('GAVEL_DEBUG=%j shows no stack', async (value) => {
    const { err } = await run(['boom'], { GAVEL_DEBUG: value });
    expect(err).toBe('gavel boom: internal error\n');
  });

  it('GAVEL_DEBUG=1 adds the stack after the one line', async () => {
    const { code, err } = await run(['boom'], { GAVEL_DEBUG: '1' });
    expect(code).toBe(EXIT.internal);
    const [first, ...rest] = err.split('\n');
    expect(first).toBe('gavel boom: internal error');
    expect(rest.join('\n')).toMatch(/^Error: failed reading .*\n\s+at /);
  });

  it('a GavelError ends with exit 1 and its own message, which the code wrote', async () => {
    const { code, err } = await run(['io-fail']);
    expect(code).toBe(EXIT.internal);
    expect(err).toBe('gavel io-fail: cannot write `.gavel/logs/x.ndjson`\n');
  });

  it('a command whose code cannot load rejects, for the entry to end with exit 1', async () => {
    const broken: CommandEntry = {
      name: 'broken',
      summary: 'cannot load',
      load: () => Promise.reject(new Error('missing module')),
    };
    await expect(main(['broken'], fakeContext({ version: TEST_VERSION }).ctx, [broken])).rejects.toThrow(
      'missing module',
    );
  });
});

// The built executable, spawned for real: the same framework behind bin/gavel and the bundle.
describe('bin/gavel', () => {
  const bin = join(ROOT, 'bin', 'gavel');
  const bundle = join(ROOT, 'dist', 'gavel.mjs');
  const node = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, args, {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...env },
      timeout: 30_000,
    });

  beforeAll(() => {
    // `npm test` builds first; a lone `vitest run` of this file builds if nothing is there.
    if (!existsSync(bundle)) {
      const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, encoding: 'utf8' });
      if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
    }
  });

  it.each([
    ['bin/gavel', () => bin],
    ['dist/gavel.mjs', () => bundle],
  ])('%s --version prints package.json’s version', (_name, path) => {
    const result = node([path(), '--version']);
    expect(result.status).toBe(EXIT.ok);
    expect(result.stdout).toBe(`${VERSION}\n`);
    expect(result.stderr).toBe('');
  });

  it('--help exits 0 and prints the exit-code table', () => {
    const result = node([bin, '--help']);
    expect(result.status).toBe(EXIT.ok);
    expect(result.stdout).toContain(`gavel ${VERSION}:`);
    for (const [exit, text] of EXIT_HELP)
      expect(result.stdout).toContain(`${String(exit).padStart(2)}  ${text}`);
  });

  it('no arguments: help on stdout, exit 2', () => {
    const result = node([bin]);
    expect(result.status).toBe(EXIT.usage);
    expect(result.stdout).toContain('Usage: gavel <command> [options]');
    expect(result.stderr).toBe('');
  });

  it.each([
    ['an unknown option', '--frobnicate', 'gavel: unknown option `--frobnicate` (see `gavel --help`)\n'],
    [
      'an unknown command',
      'frobnicate-xyz',
      'gavel: unknown command `frobnicate-xyz` (see `gavel --help`)\n',
    ],
  ])('%s: exactly one line on stderr and exit 2', (_name, arg, want) => {
    const result = node([bin, arg]);
    expect(result.status).toBe(EXIT.usage);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(want);
  });

  // bin/gavel copied to <tmp>/bin/gavel, so it looks for <tmp>/dist/gavel.mjs.
  describe.each([
    [
      'without a bundle',
      undefined,
      'gavel: not built: run `npm run build` (or `npm ci`) in the gavel checkout\n',
    ],
    [
      'with a bundle that throws as it loads',
      "throw new Error('broken bundle');\n",
      'gavel: the bundle failed to load: run `npm run build` again\n',
    ],
  ])('%s', (_name, bundleText, message) => {
    let dir = '';
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'gavel-bin-'));
      mkdirSync(join(dir, 'bin'));
      copyFileSync(bin, join(dir, 'bin', 'gavel'));
      if (bundleText !== undefined) {
        mkdirSync(join(dir, 'dist'));
        writeFileSync(join(dir, 'dist', 'gavel.mjs'), bundleText);
      }
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it.each([
      ['a hook call fails closed with 2 (blocks the tool call)', ['hook', 'claude'], 2],
      ['anything else exits 1', ['--version'], 1],
    ])('%s', (_case, args, want) => {
      const result = node([join(dir, 'bin', 'gavel'), ...args]);
      expect(result.status).toBe(want);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(message);
    });
  });
});

describe('parseCommandArgs', () => {
  const spec: CommandSpec = {
    name: 'hook',
    summary: 's',
    usage: 'gavel hook <harness>',
    exits: [0],
    options: { json: { type: 'boolean', description: 'j' } },
    positionals: [{ name: 'harness', description: 'h' }],
    run: async () => 0,
  };

  // Arguments with no option among them skip node:util's parser: the result must be the one it gives.
  it.each([['claude-code'], ['a b'], ['π']])('a plain argument %j: as parseArgs says', (arg) => {
    const got = parseCommandArgs(spec, [arg]);
    const want = parseArgs({
      args: [arg],
      options: { help: { type: 'boolean', short: 'h' }, json: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    });
    expect(got.positionals).toEqual(want.positionals);
    expect({ ...got.values }).toEqual({ ...want.values });
    expect(Object.getPrototypeOf(got.values)).toBe(Object.getPrototypeOf(want.values));
  });

  it.each([
    ['none', [], 'missing argument harness'],
    ['one too many', ['claude-code', 'x'], 'unexpected argument `x`'],
  ])('plain arguments, %s: the same usage error as before', (_name, args, message) => {
    expect(() => parseCommandArgs(spec, args)).toThrow(new UsageError(message));
  });

  it('options still go through parseArgs', () => {
    expect(parseCommandArgs(spec, ['--json', 'codex']).values.json).toBe(true);
    expect(() => parseCommandArgs(spec, ['--nope', 'codex'])).toThrow();
  });
});
