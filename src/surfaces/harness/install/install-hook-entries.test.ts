import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type EntryHookSpec, installEntries, mergeEntries, runsGavelHook } from './install-hook-entries';

const flat: EntryHookSpec = {
  harness: 'cursor',
  events: ['beforeShellExecution', 'preToolUse'],
  base: { version: 1 },
  entry: (command) => ({ command, failClosed: true }),
};
const grouped: EntryHookSpec = {
  harness: 'gemini',
  events: ['BeforeTool'],
  entry: (command) => ({ matcher: '.*', hooks: [{ type: 'command', command }] }),
};

describe('runsGavelHook', () => {
  it.each([
    ["'/opt/gavel/bin/gavel' hook cursor || exit 2", 'cursor', true],
    ['gavel hook cursor || exit 2', 'cursor', true],
    ["'/x/bin/gavel' hook gemini || { s=$?; exit 2; }", 'gemini', true],
    ['gavel hook cursor', 'gemini', false],
    ['gavel hook cursor-extra', 'cursor', false],
    ['notgavel hook cursor', 'cursor', false],
    ['./audit.sh', 'cursor', false],
    [42, 'cursor', false],
  ])('%s (%s): %s', (command, harness, want) => {
    expect(runsGavelHook(command, harness as string)).toBe(want);
  });
});

describe('mergeEntries', () => {
  it("replaces gavel's entry from another installation, keeps every other entry and key", () => {
    const settings = {
      version: 1,
      other: true,
      hooks: {
        beforeShellExecution: [
          { command: './audit.sh' },
          { command: "'/old/bin/gavel' hook cursor || exit 2" },
        ],
        stop: [{ command: './done.sh' }],
      },
    };
    expect(mergeEntries(settings, 'gavel hook cursor || exit 2', flat)).toEqual({
      version: 1,
      other: true,
      hooks: {
        beforeShellExecution: [
          { command: './audit.sh' },
          { command: 'gavel hook cursor || exit 2', failClosed: true },
        ],
        stop: [{ command: './done.sh' }],
        preToolUse: [{ command: 'gavel hook cursor || exit 2', failClosed: true }],
      },
    });
  });

  it('in matcher groups, drops only gavel hooks, and a group left empty', () => {
    const settings = {
      hooks: {
        BeforeTool: [
          { matcher: 'write_file', hooks: [{ command: 'lint' }, { command: 'gavel hook gemini' }] },
          { matcher: '.*', hooks: [{ command: "'/old/bin/gavel' hook gemini || exit 2" }] },
        ],
      },
    };
    expect(mergeEntries(settings, 'NEW gavel hook gemini', grouped).hooks).toEqual({
      BeforeTool: [
        { matcher: 'write_file', hooks: [{ command: 'lint' }] },
        { matcher: '.*', hooks: [{ type: 'command', command: 'NEW gavel hook gemini' }] },
      ],
    });
  });

  it("keeps another harness's gavel entry", () => {
    const settings = { hooks: { preToolUse: [{ bash: 'gavel hook copilot || exit 2' }] } };
    expect(mergeEntries(settings, 'gavel hook cursor || exit 2', flat).hooks).toMatchObject({
      preToolUse: [{ bash: 'gavel hook copilot || exit 2' }, { command: 'gavel hook cursor || exit 2' }],
    });
  });
});

describe('installEntries', () => {
  const file = (text?: string) => {
    const f = join(mkdtempSync(join(tmpdir(), 'gavel-entries-')), 'hooks.json');
    if (text !== undefined) writeFileSync(f, text);
    return f;
  };

  it.each([
    ['not JSON', '{', 'is not valid JSON (line 1, column 2); left untouched'],
    ['a list', '[]', 'is not a JSON object; left untouched'],
    ['hooks that are not an object', '{"hooks": []}', '`hooks` is not an object; left untouched'],
    [
      'an event that is not a list',
      '{"hooks": {"preToolUse": {}}}',
      '`hooks.preToolUse` is not a list; left untouched',
    ],
  ])('leaves a file that is %s untouched', (_name, text, problem) => {
    const f = file(text);
    expect(installEntries(f, 'gavel hook cursor || exit 2', flat)).toEqual({
      ok: false,
      file: f,
      problem,
      malformed: true,
    });
    expect(readFileSync(f, 'utf8')).toBe(text);
  });

  it('reads an empty file as {} and gives it the base keys', () => {
    const f = file('  \n');
    expect(installEntries(f, 'gavel hook cursor || exit 2', flat)).toMatchObject({ ok: true, changed: true });
    expect(JSON.parse(readFileSync(f, 'utf8')).version).toBe(1);
  });

  it('creates a missing file without a backup, and a second run changes nothing', () => {
    const f = file();
    expect(installEntries(f, 'gavel hook cursor || exit 2', flat)).toEqual({
      ok: true,
      file: f,
      changed: true,
    });
    expect(installEntries(f, 'gavel hook cursor || exit 2', flat)).toEqual({
      ok: true,
      file: f,
      changed: false,
    });
  });
});
