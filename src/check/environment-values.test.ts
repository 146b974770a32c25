// A variable the catalogue knows by its value (`inert_values`, issue 11): Mix's environment only as one of the three
// whose configuration files gavel reads (dev, test, prod; a6 of the BEAM review: `MIX_ENV=staging` evaluated a
// `config/staging.exs` nothing read, `MIX_ENV=../../x` a file outside the workspace), and mix's `--dot-formatter`,
// which names a file of Elixir code it evaluates, not known at all.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../core';
import { analyzeShell } from '../shell';
import { checkWithTrace } from './pipeline';
import { policyWith, request } from './testdata/fixtures';

const deps = { analyzeShell, policy: policyWith(), clock: fixedClock('2026-12-07T00:00:00Z') };
const run = async (command: string) =>
  (await checkWithTrace(request({ kind: 'shell', command }), deps)).decision.verdict;

describe("Mix's environment", () => {
  it.each(['MIX_ENV=test mix test', 'MIX_ENV=dev mix compile', 'MIX_ENV=prod mix compile'])(
    'allowed: %s',
    async (command) => {
      expect(await run(command)).toBe('allow');
    },
  );
  it.each([
    'MIX_ENV=staging mix test',
    'MIX_ENV=../../outside mix compile',
    'MIX_ENV=$ENV mix test',
    'mix format --dot-formatter /tmp/x/fmt.exs lib/a.ex',
  ])('not allowed: %s', async (command) => {
    expect(await run(command)).not.toBe('allow');
  });
});
