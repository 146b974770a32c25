import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, EXIT_HELP } from '../../core';
import type { CommandEntry, CommandSpec } from './command';
import { renderCommandHelp, renderMainHelp } from './help';

const GOLDEN = join(import.meta.dirname, 'testdata', 'help');

/** Compares with a golden file; `UPDATE_GOLDEN=1` rewrites it instead. */
function expectGolden(name: string, actual: string): void {
  const file = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
  }
  if (!existsSync(file)) throw new Error(`no golden file ${file}: run with UPDATE_GOLDEN=1`);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

const entry = (name: string, summary: string): CommandEntry => ({
  name,
  summary,
  load: () => Promise.reject(new Error('help must not load a command')),
});

const noop = async () => EXIT.ok;

const logSpec: CommandSpec = {
  name: 'log',
  summary: 'show recent decisions from the audit log',
  usage: 'gavel log [options] [file]',
  description: 'Reads .gavel/logs/ and prints one decision a line, newest last.\n\n',
  options: {
    lines: {
      type: 'string',
      short: 'n',
      valueName: 'N',
      description: 'show the last N decisions (default 20)',
    },
    json: { type: 'boolean', description: 'print NDJSON' },
    since: { type: 'string', description: 'only decisions after this time' },
  },
  positionals: [{ name: 'file', description: 'a log file instead of the project’s', optional: true }],
  exits: [EXIT.usage, EXIT.ok, EXIT.configInvalid],
  examples: ['gavel log -n 5', 'gavel log --json | jq .verdict'],
  run: noop,
};

const bareSpec: CommandSpec = {
  name: 'bare',
  summary: 'a command with nothing but help',
  usage: 'gavel bare',
  options: {},
  exits: [EXIT.ok],
  run: noop,
};

describe('renderMainHelp', () => {
  const entries = [
    entry('check', 'review one tool call'),
    entry('log', 'show recent decisions'),
    entry('ask', 'x'),
  ];

  it('matches the golden text', () => {
    expectGolden('main.txt', renderMainHelp(entries, '1.2.3'));
  });

  it('lists every command with its summary, names padded to the longest', () => {
    const text = renderMainHelp(entries, '1.2.3');
    expect(text).toContain('\n  check  review one tool call\n  log    show recent decisions\n  ask    x\n');
  });

  it('prints every exit code with its meaning, codes right-aligned', () => {
    const text = renderMainHelp(entries, '1.2.3');
    for (const [code, meaning] of EXIT_HELP)
      expect(text).toContain(`\n  ${String(code).padStart(2)}  ${meaning}\n`);
    expect(text).toContain('\n   0  ');
    expect(text).toContain('\n  10  ');
  });

  it('names the version', () => {
    expect(renderMainHelp(entries, '4.5.6-rc.1').split('\n')[0]).toMatch(/^gavel 4\.5\.6-rc\.1: /);
  });

  it('still renders with no command registered', () => {
    const text = renderMainHelp([], '0.0.0');
    expect(text).toContain('Commands:\n\nOptions:');
    expect(text).toContain('Exit codes:');
  });

  it('ends with exactly one newline', () => {
    expect(renderMainHelp(entries, '1')).toMatch(/[^\n]\n$/);
  });
});

describe('renderCommandHelp', () => {
  it('matches the golden text for a full command', () => {
    expectGolden('log.txt', renderCommandHelp(logSpec));
  });

  it('matches the golden text for a bare command', () => {
    expectGolden('bare.txt', renderCommandHelp(bareSpec));
  });

  it.each([
    ['a short flag with a named value', '  -n, --lines N      show the last N decisions (default 20)'],
    ['a long-only boolean', '      --json         print NDJSON'],
    ['a string flag without a value name shows VALUE', '      --since VALUE  only decisions after this time'],
    ['the help flag every command has', '  -h, --help         show this help'],
    ['the argument', '  file  a log file instead of the project’s'],
  ])('shows %s', (_name, line) => {
    expect(renderCommandHelp(logSpec).split('\n')).toContain(line);
  });

  it('lists only the exit codes the command declares, in ascending order', () => {
    const text = renderCommandHelp(logSpec);
    const codes = text
      .split('Exit codes:\n')[1]
      ?.split('\n\n')[0]
      ?.split('\n')
      .map((line) => Number(line.trim().split(/\s+/)[0]));
    expect(codes).toEqual([EXIT.ok, EXIT.usage, EXIT.configInvalid]);
  });

  it('leaves out Arguments and Examples when there are none', () => {
    const text = renderCommandHelp(bareSpec);
    expect(text).not.toContain('Arguments:');
    expect(text).not.toContain('Examples:');
    expect(text).toContain('Options:\n  -h, --help  show this help\n');
  });

  it('trims trailing blank lines of the description', () => {
    expect(renderCommandHelp(logSpec)).toContain('newest last.\n\nArguments:');
  });
});
