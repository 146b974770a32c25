// Words xargs appends from its input may read as options (ADR 0088): split on blanks, a listed name with a blank
// or a leading `-` becomes an option of the command run (`rg --pre=sh`, `tree -o file`). A catalogue entry takes
// such a word as a known-safe operand only after a literal `--`, for NUL-terminated names under literal roots,
// or for a program every option of which only shapes its output or what it reads (`options_inert_programs`).
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../core';
import { analyzeShell } from '../shell';
import { checkWithTrace } from './pipeline';
import { policyWith, request } from './testdata/fixtures';

const deps = { analyzeShell, policy: policyWith(), clock: fixedClock('2026-12-03T00:00:00Z') };
const run = (command: string) => checkWithTrace(request({ kind: 'shell', command }), deps);

describe('run-time words that cannot be options, or a program whose options are all inert', () => {
  it.each([
    'rg -l foo | xargs rg bar --',
    'rg -l --null foo src | xargs -0 rg bar',
    'find src -print0 | xargs -0 wc -l',
    'find src -name "*.py" | xargs wc -l',
    'git ls-files | xargs cat',
    'grep -rl TODO src | xargs grep -n FIXME',
    'echo a.txt | xargs -I{} cat {}',
    'ls | xargs -I{} cat src/{}',
    // echo, basename and dirname only print what they are given.
    'cat files.txt | xargs -n1 echo',
    'git ls-files | xargs basename',
  ])('allows %s', async (command) => {
    expect((await run(command)).decision.verdict).toBe('allow');
  });
});

describe('a run-time word standing where an option is read', () => {
  it.each([
    // rg --pre runs a program on each file; tree -o writes a file; sort --compress-program runs one.
    'rg -l foo | xargs rg bar',
    'git ls-files | xargs rg foo',
    'ls | xargs tree',
    'find src | xargs tree',
    'cat list.txt | xargs sort',
    // The replacement token alone is the whole line: it may start with `-`.
    'git ls-files | xargs -I{} rg foo {}',
    'ls | xargs -I{} tree {}',
    // A literal `--` after the computed word does not end the options before it.
    'ls | xargs -I{} rg foo {} --',
  ])('does not allow %s', async (command) => {
    expect((await run(command)).decision.verdict).not.toBe('allow');
  });
});
