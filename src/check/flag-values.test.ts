// A flag of the safe catalogue given a value (`--flag=value`): a flag whose presence keeps the command safe
// (`flags_kept_only_true`: `--dry-run`, `--ignore-scripts`, `--frozen-lockfile`, an entry's `required_values`) is
// known only as `=true`, since `=false` may mean its opposite; any other flag keeps its `=value` spellings (review 29:
// `--watchAll=false`, `--porcelain=v2`). Each allow beside the twin that stays not allowed.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../core';
import { analyzeShell } from '../shell';
import { checkWithTrace } from './pipeline';
import { policyWith, request } from './testdata/fixtures';

const deps = { analyzeShell, policy: policyWith(), clock: fixedClock('2026-12-06T00:00:00Z') };
const run = async (command: string) =>
  (await checkWithTrace(request({ kind: 'shell', command }), deps)).decision.verdict;

describe('a flag that keeps a command safe is not known with another value', () => {
  it.each([
    'npm publish --dry-run=false',
    'npm publish --dry-run=0',
    'npm publish --dry-run false',
    'npm publish --dry-run ./sub',
    'pnpm install --frozen-lockfile=false',
    'npx prettier --check=false .',
  ])('not allowed: %s', async (command) => {
    expect(await run(command)).not.toBe('allow');
  });

  it.each([
    'npm publish --dry-run',
    'npm publish --dry-run=true',
    'pnpm install --frozen-lockfile',
    'npx prettier --check .',
  ])('allowed: %s', async (command) => {
    expect(await run(command)).toBe('allow');
  });
});

describe('other flags keep their =value spellings (review 29)', () => {
  it.each([
    'git status --porcelain=v2 --branch',
    'npx jest --ci --watchAll=false',
    'npx vitest run --watch=false',
    'git checkout --recurse-submodules=checkout main',
    'deno run --allow-read=./data main.ts',
  ])('allowed: %s', async (command) => {
    expect(await run(command)).toBe('allow');
  });
});
